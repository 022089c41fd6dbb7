/**
 * The scanners and framers that the public packages are built on; not API: module {@code
 * dev.cesrj} exports it to module {@code dev.cesrj.netty} only. {@code Source} reads a buffer in either domain, {@code TextScan} scans one
 * primitive, {@code GroupFramer} and {@code NativeBodyFramer} frame groups and CESR-native
 * bodies, {@code GroupTape} holds the items {@code GroupFramer} recorded while it framed a group
 * (the cursor's tokens and the group views are read from it, so the grammar is walked once),
 * {@code Fit} is the one "need more" result of every framing layer (an item whole with its end,
 * or cut by the end of the bytes at hand with the bytes it lacks; {@code Fit.THROWING} throws the
 * cut instead, where no more bytes can come), {@code B64} and {@code Transcode}
 * are the Base64url rules, and {@code GroupViews} is what the views of one input share: the view
 * classes above take it in their {@code framed} factories, which the framing layers call (the
 * layering goes down: nothing here names a view type, installs one or loads one by name).
 *
 * <p>Buffers: nothing here owns a buffer; callers pass theirs and keep them.
 *
 * <p>Dependencies: {@code dev.cesrj} and {@code dev.cesrj.code} only: the view packages ({@code
 * primitive}, {@code group}) lie above this one, so nothing here names their types.
 */
package dev.cesrj.internal;
