package dev.cesrj.keri.vlei;

/** A vLEI credential's standing under the {@link VleiPolicy}. */
public enum VleiStatus {
  /** Accepted, not revoked, and every rule holds up its chain to the root of trust. */
  VALID,
  /** A rule fails: the credential or one up its chain breaks the framework, or is revoked. */
  INVALID,
  /**
   * Nothing fails yet but something is missing (a KEL, a TEL, a credential up the chain): the
   * {@link VleiVerdict#missing()} list says what.
   */
  INCOMPLETE
}
