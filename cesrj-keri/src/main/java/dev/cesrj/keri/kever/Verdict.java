package dev.cesrj.keri.kever;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one message.
 *
 * <p>Which fields are present: {@code index}, {@code offset}, {@code status}, {@code reason} and
 * {@code detail} always; {@code ilk} unless the body did not read ({@link Reason#BODY_ERROR});
 * {@code event} iff the message is a key event or a receipt; {@code escrow} iff the status is
 * {@link Status#ESCROWED}; {@code reason} is {@link Reason#NONE} iff the status is {@link
 * Status#ACCEPTED}. The constructor enforces the last two; {@link #outcome()} gives status,
 * escrow and reason as one sealed type.
 *
 * <p>Offsets: a message's offset is that of its first byte in the stream given to the verifier
 * (for the push parser's results, from the first byte ever fed), after a genus-version code that
 * leads it: such a code ({@code -_AAA...}) is the stream's, not the message's, as keripy's parser
 * reads it, so the offset is that of the body (or of the body group or envelope) that follows
 * ({@link StreamOffsets}). {@code inspect --verify --json} writes the same offsets.
 *
 * @param index the message's position among the messages given to the verifier (0-based)
 * @param offset the message's byte offset in its stream ({@link StreamOffsets})
 * @param ilk the body's ilk ({@code t}), unless the body did not read
 * @param event the key event's (for a receipt the receipted event's) prefix, sequence number and
 *     SAID, iff the message is a key event or a receipt
 * @param status accepted, escrowed or rejected
 * @param escrow the escrow holding it, iff {@link Status#ESCROWED}
 * @param reason why it was escrowed or rejected ({@link Reason#NONE} iff accepted)
 * @param detail a human-readable detail (empty text when there is none)
 */
public record Verdict(int index, long offset, Optional<String> ilk, Optional<EventId> event,
    Status status, Optional<Escrow> escrow, Reason reason, String detail) {
  /**
   * Checks that the escrow and reason fit the status.
   *
   * @param index see the record description
   * @param offset see the record description
   * @param ilk see the record description
   * @param event see the record description
   * @param status see the record description
   * @param escrow see the record description
   * @param reason see the record description
   * @param detail see the record description
   * @throws IllegalArgumentException if an escrow is given and the status is not escrowed, or
   *     none and it is; or the reason is {@link Reason#NONE} and the status is not accepted, or
   *     the other way round
   */
  public Verdict {
    Objects.requireNonNull(ilk, "ilk");
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(detail, "detail");
    Outcome.of(status, escrow, reason);
  }

  /** {@return the status with the escrow and reason it carries, as one sealed type} */
  public Outcome outcome() {
    return Outcome.of(status, escrow, reason);
  }

  /** {@return the event's prefix ({@link #event()}), if the message is a key event or receipt} */
  public Optional<String> prefix() {
    return event.map(EventId::prefix);
  }

  /** {@return the event's sequence number, if the message is a key event or receipt} */
  public Optional<BigInteger> sn() {
    return event.map(EventId::sn);
  }

  /** {@return the event's SAID, if the message is a key event or receipt} */
  public Optional<String> said() {
    return event.map(EventId::said);
  }
}
