package dev.cesrj.keri.kever;

import dev.cesrj.keri.KeriEvents;
import dev.cesrj.stream.Message;

/**
 * Bounds on what a {@link KelVerifier} holds in escrow, in messages and in heap bytes, in all,
 * per prefix and per source (what the caller says a message came from: {@link
 * KelVerifier#accept(Message, String)}).
 *
 * <p>A message that would pass a bound evicts, among the messages that bound counts, those of the
 * lowest {@link EscrowStanding} first (receipts of events not accepted, then events out of order
 * and inceptions, then events with a controller signature verified against an accepted log),
 * oldest first, never one of higher standing than itself; for a prefix's bound, from the source
 * holding the most of that prefix first; for the total, from the source holding the most first,
 * which gives up its oldest whatever their standing if it holds more than the newcomer's source
 * will (a fair share: anyone can sign events of its own prefixes). If that cannot make room
 * the message is turned away. Neither is final in spirit: an evicted message's verdict becomes
 * {@link Status#REJECTED} with {@link Reason#ESCROW_EVICTED} (reported by the next {@link
 * KelVerifier#retryEscrows()}), a turned-away one's is {@link Reason#ESCROW_FULL}, and either is
 * processed afresh when it is sent again (nothing remembers it). keripy has no count bound on its
 * escrows (it drops escrowed messages only on timeout); these bounds keep a verifier's memory
 * bounded whatever it is sent.
 *
 * <p>Bytes are heap bytes retained, estimated by {@link #retained(Message)}: an escrowed message
 * is kept decoded (its typed event, signatures and attachments) for its retries, which retains
 * about 9 to 12 times its length for ordinary events and receipts (JSON 11.6, CBOR 8.9,
 * MessagePack 8.6, junk JSON receipts 11.8, measured by heap used after GC with 10,000 escrowed)
 * and up to 35 times for a JSON body of many tiny values (CBOR, one byte a value, twice that), so
 * the estimate ({@code RetainedSize}) counts 12 bytes per byte plus 96 per decoded body value plus
 * 1 KiB per message, above each of these (keripy {@code src/keri/db/basing.py} keeps its
 * escrows in LMDB, on disk; cesrj keeps them on the heap and so counts the heap). The receipt
 * couples kept for events not accepted count {@value #RETAINED_PER_COUPLE_CHAR} bytes per qb64
 * character.
 *
 * @param maxMessages the most messages held in all escrows together
 * @param maxBytes the most heap bytes retained by all escrows together ({@link #retained(Message)});
 *     the signatures pooled per event ({@link SignaturePool}) are those of escrowed messages,
 *     counted with them
 * @param maxMessagesPerPrefix the most messages held for one prefix (an event's, or the prefix of
 *     the event a receipt receipts)
 * @param maxBytesPerPrefix the most heap bytes held for one prefix
 * @param maxMessagesPerSource the most messages held from one source
 * @param maxBytesPerSource the most heap bytes held from one source
 */
public record EscrowLimits(int maxMessages, long maxBytes, int maxMessagesPerPrefix,
    long maxBytesPerPrefix, int maxMessagesPerSource, long maxBytesPerSource) {

  /** Estimated heap bytes a kept receipt couple retains per qb64 character. */
  public static final int RETAINED_PER_COUPLE_CHAR = 8;

  /**
   * 65,536 messages and 256 MiB counted in all; per prefix 16,384 messages and 64 MiB (a KEL of
   * 10,002 interactions of about 300 bytes, counted about 5.4 KB each, sent last event first
   * fits: keripy, with no count bound, accepts it); per source as in all (a caller with many
   * sources sets a share, so that one source cannot fill the escrows alone).
   */
  public static final EscrowLimits DEFAULT =
      new EscrowLimits(65_536, 256L << 20, 16_384, 64L << 20, 65_536, 256L << 20);

  /**
   * Checks the bounds.
   *
   * @param maxMessages see the record description
   * @param maxBytes see the record description
   * @param maxMessagesPerPrefix see the record description
   * @param maxBytesPerPrefix see the record description
   * @param maxMessagesPerSource see the record description
   * @param maxBytesPerSource see the record description
   * @throws IllegalArgumentException if one is negative
   */
  public EscrowLimits {
    if (maxMessages < 0 || maxBytes < 0 || maxMessagesPerPrefix < 0 || maxBytesPerPrefix < 0
        || maxMessagesPerSource < 0 || maxBytesPerSource < 0) {
      throw new IllegalArgumentException("escrow limits must not be negative");
    }
  }

  /**
   * Bounds in all only: each prefix and each source may take all of them.
   *
   * @param maxMessages the most messages held in all escrows together
   * @param maxBytes the most heap bytes retained by all escrows together
   * @throws IllegalArgumentException if either is negative
   */
  public EscrowLimits(int maxMessages, long maxBytes) {
    this(maxMessages, maxBytes, maxMessages, maxBytes, maxMessages, maxBytes);
  }

  /**
   * {@return the heap bytes a kept receipt couple of {@code qb64Length} characters (key and
   * signature) is counted as retaining: {@value #RETAINED_PER_COUPLE_CHAR} per character}
   *
   * @param qb64Length the couple's key and signature qb64 length
   */
  public static long retainedCouple(long qb64Length) {
    return qb64Length * RETAINED_PER_COUPLE_CHAR;
  }

  /**
   * {@return the heap bytes an escrowed message is counted as retaining: 12 per byte of its
   * length, 96 per value of its decoded body, 1,024 besides}
   *
   * @param m a framed message (its buffer valid for this call)
   * @throws dev.cesrj.CesrException if its body does not decode (such a message is never
   *     escrowed)
   */
  public static long retained(Message m) {
    return RetainedSize.of(KeriEvents.of(m), m.length());
  }
}
