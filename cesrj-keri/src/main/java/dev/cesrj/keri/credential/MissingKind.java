package dev.cesrj.keri.credential;

/**
 * What kind of thing a credential waits for that the messages given so far do not hold (see
 * {@link Missing}).
 */
public enum MissingKind {
  /** The KEL of the credential's issuer: no event of it is in the stream. */
  ISSUER_KEL,
  /**
   * The KEL of the delegator named by the {@code di} of an escrowed delegated inception
   * ({@code dip}) of an issuer, or of a delegator up that line: keripy escrows the {@code dip}
   * as partially delegated ({@code pdes}, keripy {@code src/keri/core/eventing.py} {@code
   * Kever.validateDelegation}) until the delegator's KEL holds the delegating seal.
   */
  DELEGATOR_KEL,
  /**
   * The event of an accepted KEL that anchors a TEL event (its seal is not in the KEL yet:
   * keripy {@code src/keri/vdr/eventing.py} {@code Tevery.escrowAEEvent}, {@code taes}).
   */
  ANCHORING_EVENT,
  /** The registry's inception {@code vcp} (keripy escrows the credential in {@code mre}). */
  REGISTRY,
  /** The credential's issuance {@code iss} or {@code bis} (keripy {@code mre}). */
  ISSUANCE,
  /** A schema, the credential's or an edge's (keripy {@code mse}). */
  SCHEMA,
  /** The far node of an edge: a credential not accepted yet (keripy {@code mce}). */
  CREDENTIAL
}
