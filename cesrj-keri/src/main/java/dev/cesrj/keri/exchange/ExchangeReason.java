package dev.cesrj.keri.exchange;

/**
 * Why an {@code exn} was escrowed or rejected (keripy {@code src/keri/peer/exchanging.py}
 * {@code Exchanger.processEvent}; the IPEX rules of {@code src/keri/acdc/ipexing.py}
 * {@code IpexHandler.verify}).
 */
public enum ExchangeReason {
  /** Accepted. */
  NONE,
  /** The message does not frame or its body does not read (keripy's parser drops it). */
  BODY_ERROR,
  /** The body is no {@code exn}: give it to {@code KelVerifier} or another verifier. */
  NOT_AN_EXCHANGE,
  /** {@code d} is not the body's digest (keripy's {@code Serder} refuses it). */
  SAID_MISMATCH,
  /**
   * No TransIdxSigGroups ({@code -F}/{@code -X}) and no non-transferable couples ({@code -C}/
   * {@code -M}): escrowed, as keripy does ("no cigs or sigs"); another copy's signatures complete
   * it.
   */
  MISSING_SIGNATURES,
  /** A signature group's prefix, or a couple's key, is not the sender {@code i}: rejected. */
  SIGNER_NOT_SENDER,
  /**
   * The sender's KEL is not accepted up to the establishment event its group names: escrowed
   * (keripy {@code escrowPSEvent}, which also asks for the sender's KEL).
   */
  SENDER_NOT_ACCEPTED,
  /**
   * The group names an event of the sender's trunk that is not the establishment event it says
   * (another SAID at that sn, or an interaction event): rejected (keripy {@code
   * Baser.resolveVerifiers}: "Bad proof sig group").
   */
  ESTABLISHMENT_MISMATCH,
  /**
   * The verified signatures do not satisfy {@code kt} of the named establishment event: escrowed
   * (keripy {@code escrowPSEvent}); other copies' signatures count with them.
   */
  SIGNING_THRESHOLD_UNMET,
  /** A couple's signature does not verify: rejected. */
  INVALID_SIGNATURE,
  /**
   * A couple's key is transferable: a transferable sender signs with a group naming its
   * establishment event. keripy accepts such a couple when the key is {@code i}; cesrj, by the
   * protocol, rejects it.
   */
  TRANSFERABLE_COUPLE,
  /**
   * An IPEX message ({@code r} {@code /ipex/...}) against IPEX's chain rules: an unknown verb, an
   * apply with a prior, an agree, admit or spurn without one, a prior not accepted here, a prior
   * of the wrong verb, or a prior already answered (keripy {@code IpexHandler.verify}, which drops
   * it: rejected, not escrowed).
   */
  IPEX_CHAIN,
  /** Evicted from the full escrow for a newer message, or expired: not judged. */
  ESCROW_EVICTED
}
