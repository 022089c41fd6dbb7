package dev.cesrj.keri.credential;

/**
 * Why a credential message is not accepted: the rules of keripy {@code src/keri/vdr/verifying.py}
 * {@code Verifier.processCredential} beyond the ACDC itself, and the stricter ones cesrj adds.
 */
public enum CredentialReason {
  /** Accepted. */
  NONE,
  /** Not a readable ACDC body (keripy's parser raises {@code ValidationError}). */
  BODY_ERROR,
  /**
   * The ACDC's own check failed: SAIDs, schema, edges ({@link
   * dev.cesrj.keri.acdc.AcdcVerifier}); the {@link dev.cesrj.keri.acdc.AcdcFailure} says which.
   */
  ACDC,
  /** The registry {@code ri} has no accepted {@code vcp} yet (keripy escrows in {@code mre}). */
  REGISTRY_UNKNOWN,
  /** The credential has no accepted issuance yet (keripy escrows in {@code mre}). */
  ISSUANCE_UNKNOWN,
  /** The credential's {@code ri} is not the registry of its issuance (cesrj; keripy reads the
   * issuance through {@code ri}, so never sees another). */
  REGISTRY_MISMATCH,
  /**
   * The ACDC's issuer {@code i} is not the registry's issuer {@code ii} (cesrj; keripy does not
   * check: mutant {@code acdc-issuer-not-registry-issuer}).
   */
  ISSUER_NOT_REGISTRY_ISSUER,
  /**
   * The ACDC's SealSourceTriples attachment names another KEL event than the one anchoring its
   * issuance (cesrj; keripy stores the triple unchecked).
   */
  ANCHOR_MISMATCH,
  /**
   * A credential it chains to through its edges, directly or further, is revoked (keripy {@code
   * RevokedChainError}, for the direct far node).
   */
  REVOKED_CHAIN,
  /** The credential escrow is full. */
  ESCROW_FULL
}
