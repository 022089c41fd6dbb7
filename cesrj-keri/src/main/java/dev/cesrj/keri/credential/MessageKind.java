package dev.cesrj.keri.credential;

/** What a message of a credential stream is, and so which verifier decides it. */
public enum MessageKind {
  /** A key event or receipt, or a message no other verifier reads: {@code KelVerifier}. */
  KEL,
  /** A TEL event (vcp, vrt, iss, rev, bis, brv): {@code Tevery}. */
  TEL,
  /** An ACDC body: the credential rules of {@link CredentialVerifier}. */
  CREDENTIAL,
  /** An {@code exn}: {@code Exchanger}. */
  EXCHANGE
}
