package dev.cesrj.keri.credential;

/**
 * A credential's standing at the end of a stream, as keripy's verdict names it: saved with its
 * TEL state {@code iss}/{@code bis} ({@code issued}) or {@code rev}/{@code brv} ({@code revoked}),
 * or not saved ({@code notAccepted}).
 */
public enum CredentialStatus {
  /** Accepted; its TEL's last event is its issuance. */
  ISSUED("issued"),
  /** Accepted; its TEL's last event is its revocation. */
  REVOKED("revoked"),
  /** Escrowed or rejected. */
  NOT_ACCEPTED("notAccepted");

  private final String keripyName;

  CredentialStatus(String keripyName) {
    this.keripyName = keripyName;
  }

  /** {@return the status as set A's {@code .verdict.json} writes it} */
  public String keripyName() {
    return keripyName;
  }
}
