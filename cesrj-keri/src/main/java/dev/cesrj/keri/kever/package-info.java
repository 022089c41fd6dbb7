/**
 * KERI key-state validation: {@link dev.cesrj.keri.kever.KelVerifier} applies keripy's
 * {@code Kever}/{@code Kevery} rules (keripy {@code src/keri/core/eventing.py}) to framed messages
 * one by one and keeps the key state ({@link dev.cesrj.keri.kever.KeyState}) per prefix, with
 * keripy's escrows (out-of-order, partially signed, partially witnessed, partially delegated,
 * unverified receipts), bounded by {@link dev.cesrj.keri.kever.EscrowLimits}.
 *
 * <p>Depends on {@code dev.cesrj.keri} and its sub-packages {@code event}, {@code body},
 * {@code crypto}, and on the exported cesrj packages ({@code dev.cesrj}, {@code code},
 * {@code primitive}, {@code group}, {@code stream}), and on cesrj-core's {@code dev.cesrj.parallel}
 * (exported to this module only) for the workers that check a batch's signatures; nothing in {@code dev.cesrj.keri} depends on
 * it. No global mutable state; a {@link dev.cesrj.keri.kever.KelVerifier} is mutable and not
 * thread-safe, every other type is immutable.
 */
package dev.cesrj.keri.kever;
