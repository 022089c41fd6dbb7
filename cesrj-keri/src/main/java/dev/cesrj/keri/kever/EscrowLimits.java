package dev.cesrj.keri.kever;

/**
 * Bounds on what a {@link KelVerifier} holds in escrow, in messages and in heap bytes, in all,
 * per prefix and per source (what the caller says a message came from: {@link
 * KelVerifier#accept(dev.cesrj.stream.Message, String)}).
 *
 * <p>A message that would pass a bound evicts, among the messages that bound counts, those of the
 * lowest {@link EscrowStanding} first (receipts of events not accepted, then events out of order,
 * then events with a verified controller signature), oldest first, never one of higher standing
 * than itself; for the total, from the source holding the most first. If that cannot make room
 * the message is turned away. Neither is final in spirit: an evicted message's verdict becomes
 * {@link Status#REJECTED} with {@link Reason#ESCROW_EVICTED} (reported by the next {@link
 * KelVerifier#retryEscrows()}), a turned-away one's is {@link Reason#ESCROW_FULL}, and either is
 * processed afresh when it is sent again (nothing remembers it). keripy has no count bound on its
 * escrows (it drops escrowed messages only on timeout); these bounds keep a verifier's memory
 * bounded whatever it is sent.
 *
 * <p>Bytes are heap bytes retained, estimated by {@link #retained(long)}: an escrowed message is
 * kept decoded (its typed event, signatures and attachments), which retains about {@value
 * #RETAINED_PER_BYTE} times its length plus {@value #RETAINED_PER_MESSAGE} bytes (measured on
 * JDK 17 with compressed pointers by a heap histogram after GC of 10,000 escrowed messages: JSON
 * receipts and events retain 14 to 17 bytes per byte, the CBOR forms of the same up to 30, as
 * their bodies are smaller for the same decoded fields); the receipt couples kept for events not
 * accepted count the same way on their qb64 length.
 *
 * @param maxMessages the most messages held in all escrows together
 * @param maxBytes the most heap bytes retained by all escrows together ({@link #retained(long)})
 * @param maxMessagesPerPrefix the most messages held for one prefix (an event's, or the prefix of
 *     the event a receipt receipts)
 * @param maxBytesPerPrefix the most heap bytes held for one prefix
 * @param maxMessagesPerSource the most messages held from one source
 * @param maxBytesPerSource the most heap bytes held from one source
 */
public record EscrowLimits(int maxMessages, long maxBytes, int maxMessagesPerPrefix,
    long maxBytesPerPrefix, int maxMessagesPerSource, long maxBytesPerSource) {

  /** Estimated heap bytes an escrowed message retains per byte of its length. */
  public static final int RETAINED_PER_BYTE = 32;
  /** Estimated heap bytes a kept receipt couple retains per qb64 character. */
  public static final int RETAINED_PER_COUPLE_CHAR = 8;
  /** Estimated heap bytes an escrowed message retains beside its decoded forms. */
  public static final int RETAINED_PER_MESSAGE = 1_024;

  /**
   * 65,536 messages and 512 MiB retained in all; per prefix 16,384 messages and 128 MiB (a KEL of
   * 10,002 events of about 250 bytes sent last event first fits); per source as in all (a caller
   * with many sources sets a share).
   */
  public static final EscrowLimits DEFAULT =
      new EscrowLimits(65_536, 512L << 20, 16_384, 128L << 20, 65_536, 512L << 20);

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
   * {@return the heap bytes an escrowed message of {@code length} bytes is counted as retaining}
   *
   * @param length the message's length (body and attachments, as framed), or a couple's qb64
   *     length
   */
  public static long retained(long length) {
    return length * RETAINED_PER_BYTE + RETAINED_PER_MESSAGE;
  }
}
