package dev.cesrj.keri.reply;

import dev.cesrj.keri.kever.Status;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one message given to a {@link Revery}.
 *
 * @param index the message's position among the messages given to the revery (0-based)
 * @param offset the message's byte offset in its stream, as {@code KelVerifier}'s verdicts count
 *     it ({@link dev.cesrj.keri.kever.StreamOffsets})
 * @param reply the reply's SAID, route and date-time; present unless {@code reason} is {@link
 *     ReplyReason#BODY_ERROR} or {@link ReplyReason#NOT_A_REPLY}
 * @param status accepted (stored); escrowed (keripy's reply escrow {@code rpes}, retried by
 *     {@link Revery#retryEscrows()}); or rejected
 * @param reason why it was escrowed or rejected ({@link ReplyReason#NONE} iff accepted)
 * @param detail a human-readable detail
 */
public record ReplyVerdict(int index, long offset, Optional<Reply> reply, Status status,
    ReplyReason reason, String detail) {
  /**
   * Checks that the reason fits the status.
   *
   * @param index see the record description
   * @param offset see the record description
   * @param reply see the record description
   * @param status see the record description
   * @param reason see the record description
   * @param detail see the record description
   * @throws IllegalArgumentException if {@code reason} is {@link ReplyReason#NONE} and the status
   *     is not accepted, or the other way round
   */
  public ReplyVerdict {
    Objects.requireNonNull(reply, "reply");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(detail, "detail");
    if ((status == Status.ACCEPTED) != (reason == ReplyReason.NONE)) {
      throw new IllegalArgumentException(status + " with " + reason);
    }
  }

  /** keripy's name of the escrow an escrowed {@code rpy} waits in ({@code basing.py}). */
  public static final String ESCROW_KERIPY_NAME = "rpes";

  /**
   * What identifies a reply.
   *
   * @param said {@code d}
   * @param route {@code r}, as written
   * @param datetime {@code dt}, as written
   */
  public record Reply(String said, String route, String datetime) {
  }
}
