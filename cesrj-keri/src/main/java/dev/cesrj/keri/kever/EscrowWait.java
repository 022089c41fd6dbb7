package dev.cesrj.keri.kever;

import java.math.BigInteger;

/**
 * What an escrowed message waits for: a change that can alter its verdict. A {@link KelVerifier}
 * indexes its escrowed messages by these and, on a change, retries only the messages waiting for
 * it (keripy also retries its escrows by prefix and sequence number: {@code
 * Kevery.processEscrowOutOfOrders} and the other escrow loops of {@code src/keri/core/eventing.py}
 * read their escrows keyed by prefix and sn).
 *
 * @param on the kind of change
 * @param prefix the prefix the change is to (qb64)
 * @param at the sequence number (as hex, {@link On#EVENT_AT}) or the event SAID ({@link
 *     On#COUPLES_FOR}, {@link On#PARTIALLY_WITNESSED}); empty for {@link On#DELEGATOR}
 */
record EscrowWait(On on, String prefix, String at) {

  /** The kinds of change. */
  enum On {
    /** An event of {@code prefix} accepted at sequence number {@code at}. */
    EVENT_AT,
    /** Non-transferable receipt couples kept for the event {@code prefix}/{@code at}. */
    COUPLES_FOR,
    /** The event {@code prefix}/{@code at} entering the partially witnessed escrow. */
    PARTIALLY_WITNESSED,
    /** Any event of the delegator {@code prefix} accepted. */
    DELEGATOR
  }

  static EscrowWait eventAt(String prefix, BigInteger sn) {
    return new EscrowWait(On.EVENT_AT, prefix, sn.toString(16));
  }

  static EscrowWait couplesFor(String prefix, String said) {
    return new EscrowWait(On.COUPLES_FOR, prefix, said);
  }

  static EscrowWait partiallyWitnessed(String prefix, String said) {
    return new EscrowWait(On.PARTIALLY_WITNESSED, prefix, said);
  }

  static EscrowWait delegator(String prefix) {
    return new EscrowWait(On.DELEGATOR, prefix, "");
  }
}
