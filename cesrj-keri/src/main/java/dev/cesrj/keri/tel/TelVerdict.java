package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.kever.Status;
import java.math.BigInteger;
import java.util.Optional;

/**
 * The verdict on one TEL message.
 *
 * @param index the message's position among the messages given to the {@link Tevery} (0-based)
 * @param offset the message's byte offset in its stream
 * @param ilk the event's ilk, or empty if the message is not a readable TEL event
 * @param prefix {@code i}: the registry or the credential's SAID, or empty
 * @param sn {@code s}, or empty
 * @param said {@code d}, or empty
 * @param registry the registry the event belongs to, or empty
 * @param status accepted, escrowed or rejected
 * @param escrow the escrow holding it, when {@link Status#ESCROWED}
 * @param reason why it was escrowed or rejected ({@link TelReason#NONE} when accepted)
 * @param detail a human-readable detail
 * @param anchor the issuer's KEL event whose seal anchors it, when accepted
 */
public record TelVerdict(int index, long offset, Optional<Ilk> ilk, Optional<String> prefix,
    Optional<BigInteger> sn, Optional<String> said, Optional<String> registry, Status status,
    Optional<TelEscrow> escrow, TelReason reason, String detail, Optional<TelAnchor> anchor) {
}
