package dev.cesrj.keri.kever;

import java.math.BigInteger;
import java.util.Optional;

/**
 * The verdict on one message.
 *
 * @param index the message's position among the messages given to the verifier (0-based)
 * @param offset the message's byte offset in its stream
 * @param ilk the body's ilk ({@code t}), or empty
 * @param prefix the event's prefix ({@code i}; for a receipt the receipted event's), or empty
 * @param sn the event's sequence number, or empty
 * @param said the event's SAID ({@code d}; for a receipt the receipted event's), or empty
 * @param status accepted, escrowed or rejected
 * @param escrow the escrow holding it, when {@link Status#ESCROWED}
 * @param reason why it was escrowed or rejected ({@link Reason#NONE} when accepted)
 * @param detail a human-readable detail
 */
public record Verdict(int index, long offset, Optional<String> ilk, Optional<String> prefix,
    Optional<BigInteger> sn, Optional<String> said, Status status, Optional<Escrow> escrow,
    Reason reason, String detail) {
}
