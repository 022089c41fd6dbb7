package dev.cesrj.keri.credential;

/**
 * The escrows a credential waits in, with keripy's names (keripy {@code src/keri/vdr/verifying.py}
 * {@code Verifier.escrowMRE}, {@code escrowMCE}, {@code escrowMSE}).
 */
public enum CredentialEscrow {
  /** Its registry or its {@code iss} is not accepted yet ({@code MissingRegistryError}). */
  MISSING_REGISTRY("mre"),
  /** An edge's far node is not known or does not fit yet ({@code MissingChainError}). */
  MISSING_CHAIN("mce"),
  /** Its schema, or an edge's schema, is not known yet ({@code MissingSchemaError}). */
  MISSING_SCHEMA("mse");

  private final String keripyName;

  CredentialEscrow(String keripyName) {
    this.keripyName = keripyName;
  }

  /** {@return keripy's name of this escrow} */
  public String keripyName() {
    return keripyName;
  }
}
