/**
 * The typed views of message bodies: {@link dev.cesrj.keri.event.KeriEvent} and its kinds
 * ({@link dev.cesrj.keri.event.InceptionEvent}, {@link dev.cesrj.keri.event.RotationEvent},
 * {@link dev.cesrj.keri.event.InteractionEvent}, {@link dev.cesrj.keri.event.ReceiptEvent},
 * {@link dev.cesrj.keri.event.RoutedMessage}, {@link dev.cesrj.keri.event.TelEvent},
 * {@link dev.cesrj.keri.event.AcdcMessage}), the {@link dev.cesrj.keri.event.Ilk}s and signing
 * thresholds ({@link dev.cesrj.keri.event.Threshold}). Built by {@code dev.cesrj.keri.KeriEvents}.
 *
 * <p>Depends on {@code dev.cesrj.keri.body}, {@code dev.cesrj.keri.crypto} and the exported cesrj
 * packages. Every type is an immutable record or enum, thread-safe.
 */
package dev.cesrj.keri.event;
