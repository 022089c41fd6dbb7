package dev.cesrj.http.watcher;

import dev.cesrj.keri.credential.MessageVerdict;
import dev.cesrj.keri.kever.Escrow;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.keri.reply.ReplyVerdict;

/**
 * The outcome of one message's intake by a {@link Watcher}: a framing error, or the verdict of
 * the verifier that judged it (the KEL verifier's, the revery's for a reply, the credential
 * verifier's for a TEL event or ACDC), and whether it was a mailbox query. Filled in by the
 * watcher under its lock; never shared.
 */
final class Intake {
  /** What did not frame, with its offset and what was expected; null if it framed. */
  String error;
  Verdict verdict;
  ReplyVerdict reply;
  MessageVerdict credential;
  /** Whether a verifier judged it (a key event, receipt, reply, TEL event or ACDC). */
  boolean verified;
  boolean mailboxQuery;

  /**
   * {@return the {@code Keri-Verdict} header's text ({@link Watcher#VERDICT_HEADER}): {@code
   * accepted}, {@code escrowed <escrow>} (keripy's escrow name), {@code rejected <reason>}, or
   * {@code not-kept}}
   */
  String verdictText() {
    if (!verified) {
      return "not-kept";
    }
    if (credential != null) {
      MessageVerdict c = credential;
      return switch (c.status()) {
        case ACCEPTED -> "accepted";
        case ESCROWED -> "escrowed " + c.escrow().orElse("");
        case REJECTED -> "rejected " + c.reason();
      };
    }
    if (reply != null) {
      ReplyVerdict r = reply;
      return switch (r.status()) {
        case ACCEPTED -> "accepted";
        case ESCROWED -> "escrowed " + r.reason();
        case REJECTED -> "rejected " + r.reason();
      };
    }
    Verdict v = verdict;
    return switch (v.status()) {
      case ACCEPTED -> "accepted";
      case ESCROWED -> "escrowed " + v.escrow().map(Escrow::keripyName).orElse("");
      case REJECTED -> "rejected " + v.reason();
    };
  }
}
