package dev.cesrj.keri.kever;

/** Why a message was escrowed or rejected (keripy {@code eventing.py} error kinds). */
public enum Reason {
  /** Accepted: no reason. */
  NONE,
  /** The body does not decode or breaks a field rule (keripy {@code Serder}). */
  BODY_ERROR,
  /** A SAID ({@code d}, or {@code i} for a self-addressing prefix) is not the body's digest. */
  SAID_MISMATCH,
  /** Not a key event or receipt (key-state validation ignores it). */
  NOT_A_KEY_EVENT,
  /** The prior event is not accepted yet ({@code OutOfOrderError}). */
  OUT_OF_ORDER,
  /** {@code p} is not the SAID of the accepted prior event, or {@code s} is not valid here. */
  INVALID_SEQUENCE,
  /** No controller signature is attached ({@code Missing attached signature(s)}). */
  MISSING_SIGNATURES,
  /** No attached controller signature verifies ({@code No verified signatures}). */
  NO_VERIFIED_SIGNATURES,
  /**
   * The event's {@code kt} needs more keys than its {@code k} lists, so no signatures can satisfy
   * it (keripy {@code Kever.incept}, {@code Kever.rotate}: {@code Invalid sith ... for keys}), or
   * its {@code nt} needs more next keys than its {@code n} lists (keripy {@code eventing.py}
   * {@code state}: {@code Invalid nsith ... for keys}).
   */
  INVALID_THRESHOLD,
  /**
   * An event after the inception of a non-transferable prefix, or after a rotation to no next
   * keys (keripy {@code Kever.update}: {@code is nontransferable or abandoned state}).
   */
  NOT_TRANSFERABLE,
  /** Verified signatures do not satisfy {@code kt} ({@code Failure satisfying sith}). */
  SIGNING_THRESHOLD_UNMET,
  /**
   * The new keys' digests do not satisfy the prior {@code nt} over the prior {@code n} ({@code
   * Failure satisfying prior nsith}).
   */
  PRIOR_NEXT_UNMET,
  /**
   * Verified witness signatures and receipts below {@code bt} ({@code Failure satisfying toad}).
   */
  WITNESS_THRESHOLD_UNMET,
  /**
   * Witness list rules broken: duplicates, cuts not in the list, adds already in it, {@code bt} out
   * of range.
   */
  INVALID_WITNESSES,
  /** The delegator's anchoring seal is not found ({@code MissingDelegationError}). */
  MISSING_DELEGATION,
  /** An interaction for an establishment-only ({@code EO}) prefix. */
  ESTABLISHMENT_ONLY,
  /** A delegated event whose delegator's inception has the do-not-delegate trait ({@code DND}). */
  DO_NOT_DELEGATE,
  /**
   * A second, different event at an accepted sequence number: first seen wins (keripy likely
   * duplicitous).
   */
  DUPLICITOUS,
  /** The same event again at an accepted sequence number: nothing new. */
  DUPLICATE,
  /** A receipt that cannot be verified and is not escrowed ({@code UnverifiedReceiptError}). */
  UNVERIFIED_RECEIPT,
  /**
   * A key keripy cannot build a verifier from, so that it raises and rejects the whole event (not an
   * escrow): an ECDSA controller key in {@code k} that is no point of its curve and that a signature
   * points at, a witness in {@code b} (or added by {@code ba}) that is no verification key, or
   * that is no point of its curve and a witness signature points at (keripy {@code
   * src/keri/core/eventing.py} {@code verifySigs} and {@code Kever.valSigsWigsDel}, {@code
   * coring.py} {@code Verfer}: "Invalid public bytes for the given curve", "Unsupported code =
   * ... for verifier").
   */
  INVALID_KEY,
  /**
   * Turned away: the escrow it needed is full of messages of higher standing than it, or it alone
   * passes a bound ({@link EscrowLimits}). Not final in spirit: the message was not judged, and is
   * processed afresh if it is sent again.
   */
  ESCROW_FULL,
  /**
   * Held in an escrow longer than its caller allows ({@link KelVerifier#expire(long)}): keripy
   * drops an escrowed event once its escrow timeout passes ({@code Kevery.processEscrowOutOfOrders}
   * and the other escrow loops, {@code TimeoutOOE} and the like).
   */
  ESCROW_EXPIRED,
  /**
   * Held in an escrow, then evicted for room for another message ({@link EscrowLimits}: lowest
   * standing first, then oldest). Not final in spirit: the message was not judged, and is
   * processed afresh if it is sent again; {@link KelVerifier#retryEscrows()} reports the change.
   */
  ESCROW_EVICTED
}
