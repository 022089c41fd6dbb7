package dev.cesrj.http.watcher;

import dev.cesrj.keri.kever.EscrowLimits;
import java.util.Objects;

/**
 * What a {@link Watcher} holds in memory for messages that wait: the {@link EscrowLimits} of its
 * KEL verifier, and the bound on the replies ({@code rpy}) it holds without keeping them.
 *
 * <p>A reply is <em>kept</em> (stored, replayed, served) only when its {@link
 * dev.cesrj.keri.reply.Revery} accepted it and its authorizing AID is one the watcher serves: an
 * AID whose KEL it holds, or a witness of such a KEL (what {@code GET /oobi/{aid}/witness}
 * serves the locations of). Any other reply it verified (accepted for an AID it does not serve,
 * or waiting in the revery's escrow for its signer's KEL) is <em>held</em>: in memory only, never
 * stored, at most {@link #maxHeldReplies} of them and {@link #maxHeldReplyBytes} bytes, the oldest
 * evicted first, as keripy's reply escrow drops replies on timeout ({@code Revery.TimeoutRPE},
 * keripy {@code src/keri/core/routing.py}). A held reply is kept once its AID becomes served
 * (the KEL naming it as a witness comes); an evicted one is forgotten, and processed afresh if
 * sent again. Without this bound anyone with a fresh non-transferable key could make the watcher
 * keep and store any number of self-signed {@code /loc/scheme} replies.
 *
 * @param escrow the KEL verifier's escrow bounds
 * @param maxHeldReplies the most replies held without being kept, at least 0; also the revery's
 *     escrow bound
 * @param maxHeldReplyBytes the most bytes (message and attachments) of the replies held, at least
 *     0
 */
public record WatcherLimits(EscrowLimits escrow, int maxHeldReplies, long maxHeldReplyBytes) {
  /** {@value}: the default {@link #maxHeldReplies} (keripy's reply escrow has no count bound). */
  public static final int DEFAULT_MAX_HELD_REPLIES = 1024;

  /** 4 MiB: the default {@link #maxHeldReplyBytes} (a witness's reply is about 0.4 KB). */
  public static final long DEFAULT_MAX_HELD_REPLY_BYTES = 4L << 20;

  /** {@link EscrowLimits#DEFAULT} and the default reply bounds. */
  public static final WatcherLimits DEFAULT = new WatcherLimits(EscrowLimits.DEFAULT,
      DEFAULT_MAX_HELD_REPLIES, DEFAULT_MAX_HELD_REPLY_BYTES);

  /**
   * Checks the bounds.
   *
   * @param escrow see the record description
   * @param maxHeldReplies see the record description
   * @param maxHeldReplyBytes see the record description
   * @throws IllegalArgumentException if a bound is negative
   * @throws NullPointerException if {@code escrow} is null
   */
  public WatcherLimits {
    Objects.requireNonNull(escrow, "escrow");
    if (maxHeldReplies < 0 || maxHeldReplyBytes < 0) {
      throw new IllegalArgumentException("reply bounds must not be negative: " + maxHeldReplies
          + ", " + maxHeldReplyBytes);
    }
  }

  /**
   * {@return these limits with the KEL verifier's escrow bounds {@code escrow}}
   *
   * @param escrow the KEL verifier's escrow bounds
   */
  public WatcherLimits withEscrow(EscrowLimits escrow) {
    return new WatcherLimits(escrow, maxHeldReplies, maxHeldReplyBytes);
  }

  /**
   * {@return these limits with the reply bounds {@code maxHeldReplies} and {@code
   * maxHeldReplyBytes}}
   *
   * @param maxHeldReplies the most replies held without being kept
   * @param maxHeldReplyBytes the most bytes of the replies held
   */
  public WatcherLimits withHeldReplies(int maxHeldReplies, long maxHeldReplyBytes) {
    return new WatcherLimits(escrow, maxHeldReplies, maxHeldReplyBytes);
  }
}
