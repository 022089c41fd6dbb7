package dev.cesrj.keri.acdc;

/**
 * What a verifier does with a credential once its SAIDs, schema and edges are checked, in
 * keripy's terms ({@code src/keri/vdr/verifying.py} {@code Verifier.processCredential} and its
 * escrows). The registry and KEL checks of that method (missing registry escrow {@code mre},
 * revoked chain) are not part of this verdict.
 */
public enum AcdcStatus {
  /** Every check passed: keripy would go on to the TEL and save the credential. */
  VERIFIED,
  /** Refused for good (keripy raises {@code ValidationError} or {@code FailedSchemaValidationError}). */
  REJECTED,
  /** A schema is not known yet (keripy's missing schema escrow {@code mse}). */
  MISSING_SCHEMA,
  /** An edge's far node is not known or does not fit yet (keripy's missing chain escrow {@code mce}). */
  MISSING_CHAIN
}
