package dev.cesrj.keri.reply;

/**
 * Why a {@code rpy} was escrowed or rejected (keripy {@code src/keri/core/routing.py} {@code
 * Revery.processReply}, {@code acceptReply}, {@code processEscrowReply}; {@code
 * src/keri/core/eventing.py} {@code Kevery.processReplyEndRole}, {@code processReplyLocScheme};
 * {@code src/keri/core/parsing.py} for a reply without signatures).
 */
public enum ReplyReason {
  /** Accepted. */
  NONE,
  /** The message does not frame or its body does not read (keripy's parser drops it). */
  BODY_ERROR,
  /** The body is no {@code rpy}: give it to {@code KelVerifier} or another verifier. */
  NOT_A_REPLY,
  /** {@code d} is not the body's digest (keripy: "Invalid said for reply msg"). */
  SAID_MISMATCH,
  /**
   * No non-transferable couples and no transferable signature groups (keripy's parser:
   * "Missing attached endorser signature(s)"): rejected.
   */
  MISSING_SIGNATURES,
  /** {@code r} is no route handled here ({@link ReplyRoute}): rejected. */
  UNSUPPORTED_ROUTE,
  /** {@code a} lacks a field the route needs, or has it in the wrong type: rejected. */
  MISSING_FIELD,
  /** {@code cid} or {@code eid} is not a qb64 prefix (keripy's {@code Prefixer}): rejected. */
  INVALID_PREFIX,
  /** {@code role} is not one of keripy's {@code Roles} ({@link Revery#ROLES}): rejected. */
  INVALID_ROLE,
  /** {@code scheme} is not one of keripy's {@code Schemes} ({@link Revery#SCHEMES}): rejected. */
  INVALID_SCHEME,
  /** {@code url} names a scheme other than {@code scheme}: rejected. */
  URL_SCHEME_MISMATCH,
  /** {@code dt} is no ISO-8601 date-time with an offset (keripy's {@code Dater}): rejected. */
  INVALID_DATETIME,
  /**
   * No signature by the authorizing AID ({@code cid} of an end role, {@code eid} of a location)
   * verified, and none waits: rejected (keripy raises {@code UnverifiedReplyError}; the detail
   * says what each signature lacked: not by the AID, a transferable key in a couple, a signature
   * that does not verify).
   */
  UNVERIFIED,
  /**
   * The reply is not later than the one stored for the same record (Best Available Data
   * Acceptance: a later {@code dt}, or for a transferable signer a later establishment event):
   * rejected (keripy "skipped stale update", then {@code UnverifiedReplyError}).
   */
  STALE,
  /**
   * A transferable signer's KEL is not accepted up to the establishment event its group names:
   * escrowed (keripy {@code escrowReply}, with a query cue for the signer's key state).
   */
  SIGNER_NOT_ACCEPTED,
  /**
   * The signer's accepted event at the group's sequence number is not the establishment event the
   * group names, or has no keys (keripy: "Bad trans indexed sig group"): rejected.
   */
  ESTABLISHMENT_MISMATCH,
  /** None of a transferable group's signatures verified (keripy {@code validateSigs}): rejected. */
  NO_VERIFIED_SIGNATURES,
  /** The verified signatures do not satisfy the signer's {@code kt}: escrowed. */
  SIGNING_THRESHOLD_UNMET,
  /**
   * Escrowed longer than keripy's {@code Revery.TimeoutRPE} (one hour, counted from the reply's
   * {@code dt}) when retried: rejected.
   */
  ESCROW_STALE,
  /** Evicted from the full escrow for a newer message, or expired: not judged. */
  ESCROW_EVICTED
}
