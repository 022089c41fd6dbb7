package dev.cesrj.keri.kever;

/**
 * Bounds on what a {@link KelVerifier} holds in escrow; a message that would exceed them is
 * {@link Status#REJECTED} with {@link Reason#ESCROW_FULL}, never dropped silently.
 *
 * @param maxMessages the most messages held in all escrows together
 * @param maxBytes the most bytes held in all escrows together: each escrowed message's length
 *     (body and attachments, as framed), plus the qb64 characters of the non-transferable
 *     receipt couples kept for events not accepted yet (each couple once); the signatures pooled
 *     per event ({@link SignaturePool}) are those of escrowed messages, counted in their length
 */
public record EscrowLimits(int maxMessages, long maxBytes) {
  /** 10,000 messages and 16 MiB. */
  public static final EscrowLimits DEFAULT = new EscrowLimits(10_000, 16L << 20);

  /**
   * Checks the bounds.
   *
   * @param maxMessages see the record description
   * @param maxBytes see the record description
   * @throws IllegalArgumentException if either is negative
   */
  public EscrowLimits {
    if (maxMessages < 0 || maxBytes < 0) {
      throw new IllegalArgumentException("escrow limits must not be negative");
    }
  }
}
