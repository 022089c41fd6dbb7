package dev.cesrj.keri.tel;

/**
 * Why a TEL message was escrowed or rejected (sources: keripy {@code src/keri/vdr/eventing.py}
 * unless said otherwise).
 */
public enum TelReason {
  /** Accepted. */
  NONE,
  /**
   * The message does not frame to a readable TEL body, or a field has the wrong type (keripy's
   * {@code SerderKERI} raises while parsing; its parser then drops the rest of the stream, cesrj
   * only this message).
   */
  BODY_ERROR,
  /** {@code d} (and a {@code vcp}'s {@code i}) is not the body's digest (keripy {@code Serder._verify}). */
  SAID_MISMATCH,
  /** The message is not a TEL event: the caller routes it elsewhere (keripy {@code Parser.msgParsator}). */
  NOT_A_TEL_EVENT,
  /**
   * {@code s} is not 0 for {@code vcp iss bis}, or is 0 for the others (keripy {@code
   * Tevery.processEvent} and {@code Tever.update}: {@code Number.validate(inceptive)}); or a
   * credential event after its revocation (cesrj: a credential's TEL is {@code iss} at 0 and
   * {@code rev} at 1; keripy accepts a second revocation).
   */
  INVALID_SEQUENCE,
  /**
   * The same event is already accepted (keripy {@code Tevery.processEvent} raises {@code
   * LikelyDuplicitousError} for it too).
   */
  DUPLICATE,
  /**
   * Another event is accepted at this sequence number, or a second {@code vcp} for a registry
   * (keripy {@code Tevery.processEvent}: {@code LikelyDuplicitousError}).
   */
  DUPLICITOUS,
  /**
   * Escrowed: the registry is not incepted, or the prior event not accepted (keripy {@code
   * Tevery.processEvent}: {@code OutOfOrderError}, {@code escrowOOEvent}).
   */
  OUT_OF_ORDER,
  /**
   * Escrowed: the issuer's KEL event the SealSourceCouples attachment names is not accepted, or
   * holds no event seal {@code i s d} of this event (keripy {@code Tever.verifyAnchor}, {@code
   * MissingAnchorError}, {@code escrowALEvent}). keripy drops an event whose named KEL event holds
   * a seal without {@code i} ({@code KeyError}) and finds no seal in an event with more than one:
   * cesrj escrows the first and searches every seal of the second.
   */
  MISSING_ANCHOR,
  /**
   * Escrowed: fewer verified backer signatures than the threshold (keripy {@code
   * Tever.valAnchorBigs}: {@code MissingWitnessSignatureError}, {@code escrowPWEvent}).
   */
  BACKER_THRESHOLD_UNMET,
  /**
   * Backers with duplicates, a threshold out of range, or cuts and adds that do not fit the
   * current backers (keripy {@code Tever.incept}, {@code Tever.rotate}).
   */
  INVALID_BACKERS,
  /**
   * A {@code vrt}, {@code bis} or {@code brv} in a registry configured {@code NB} (keripy {@code
   * Tever.update}, {@code issue}, {@code revoke}).
   */
  BACKERS_NOT_ALLOWED,
  /** An {@code iss} or {@code rev} in a registry with backers (keripy {@code Tever.issue}, {@code revoke}). */
  BACKERS_REQUIRED,
  /**
   * {@code p} is not the SAID of the prior event of the registry ({@code vrt}, keripy {@code
   * Tever.rotate}) or of the credential ({@code rev brv}, keripy {@code Tever.revoke}).
   */
  PRIOR_MISMATCH,
  /**
   * A revocation in another registry than its credential's issuance (cesrj: keripy keys a
   * credential's TEL by its SAID alone and lets any registry's issuer revoke it).
   */
  REGISTRY_MISMATCH,
  /**
   * A {@code bis} or {@code brv} whose {@code ra.d} names no accepted event of its registry
   * (keripy {@code Tever.getBackerState}: {@code ValidationError}, "have to escrow this
   * somewhere"), or whose {@code ra.s} is not that event's sequence number (cesrj: keripy reads
   * {@code ra.d} only).
   */
  UNKNOWN_REGISTRY_EVENT,
  /**
   * A {@code bis} whose {@code ii} is not its registry's issuer (cesrj: keripy's {@code
   * Tever.issue} does not read {@code ii}; the registry's issuer anchors the event whatever it
   * says).
   */
  ISSUER_MISMATCH,
  /** Escrowed longer than the caller allows ({@link Tevery#expire(long)}). */
  ESCROW_EXPIRED,
  /** The escrows hold their bound of messages or bytes ({@link dev.cesrj.keri.kever.EscrowLimits}). */
  ESCROW_FULL
}
