package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import java.util.Optional;

/**
 * An ACDC body (keripy {@code serdering.py} {@code SerderACDC} and its {@code Fields}): a
 * credential ({@code v d u i ri s a A e r} in version 1, {@code rd} for {@code ri} in version 2;
 * {@code u}, {@code ri}/{@code rd}, {@code a}/{@code A}, {@code e}, {@code r} optional, {@code a}
 * and {@code A} never both) or, in version 2, one of the typed section and registry messages.
 * Its fields, typed as the body gives them, are in {@link #fields()}.
 *
 * @param body the body
 * @param ilk the message type ({@link Ilk#NONE} without {@code t})
 * @param said {@code d}
 * @param issuer {@code i}, the issuer's prefix, where the ilk has one
 */
public record AcdcMessage(Body body, Ilk ilk, String said, Optional<String> issuer)
    implements KeriEvent {}
