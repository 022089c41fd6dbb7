package dev.cesrj.keri.acdc;

/**
 * Why a credential is not {@link AcdcStatus#VERIFIED}, each with the status keripy gives it (the
 * one place where a failed rule meets its outcome).
 */
public enum AcdcReason {
  /** A SAID field is no digest or is not written plainly (keripy: {@code ValidationError}). */
  SAID_MALFORMED(AcdcStatus.REJECTED),
  /** A SAID is not the digest of what it names (keripy {@code SerderACDC._verify}: {@code ValidationError}). */
  SAID_MISMATCH(AcdcStatus.REJECTED),
  /** The schema SAID {@code s} names no known schema (keripy {@code MissingSchemaError}, escrow {@code mse}). */
  SCHEMA_UNKNOWN(AcdcStatus.MISSING_SCHEMA),
  /** The resolver gave a schema whose SAID is not the one asked for (not trusted: refused). */
  SCHEMA_MISMATCH(AcdcStatus.REJECTED),
  /** The credential does not validate against its schema (keripy {@code FailedSchemaValidationError}). */
  SCHEMA_INVALID(AcdcStatus.REJECTED),
  /** The edge section is compact: no edge can be checked (keripy: "invalid type for edges", {@code ValidationError}). */
  EDGES_UNDISCLOSED(AcdcStatus.REJECTED),
  /**
   * An edge inside an edge group (a block without {@code n}): keripy's verifier reads {@code n}
   * of every block of {@code e} and fails on a group ({@code KeyError}); the group operators
   * ({@code AND}, {@code OR}) are not built here either.
   */
  EDGE_GROUP_UNSUPPORTED(AcdcStatus.REJECTED),
  /** An edge's far node {@code n} is not known (keripy {@code verifyChain} returns None: {@code MissingChainError}). */
  EDGE_NODE_UNKNOWN(AcdcStatus.MISSING_CHAIN),
  /** The credential given for {@code n} has another SAID (not trusted: refused). */
  EDGE_NODE_MISMATCH(AcdcStatus.REJECTED),
  /** The operator's rule fails: I2I (near issuer is not the far issuee) or E1E (issuees differ) (keripy {@code MissingChainError}). */
  EDGE_OPERATOR_VIOLATED(AcdcStatus.MISSING_CHAIN),
  /** NOT or DI2I, which keripy does not implement and refuses ({@code ValidationError}); so does cesrj. */
  EDGE_OPERATOR_UNSUPPORTED(AcdcStatus.REJECTED),
  /** An edge's schema {@code s}, other than the far node's, is not known (keripy {@code MissingSchemaError}). */
  EDGE_SCHEMA_UNKNOWN(AcdcStatus.MISSING_SCHEMA),
  /** The far node does not validate against the edge's schema {@code s} (keripy {@code MissingChainError}). */
  EDGE_SCHEMA_UNSATISFIED(AcdcStatus.MISSING_CHAIN);

  private final AcdcStatus status;

  AcdcReason(AcdcStatus status) {
    this.status = status;
  }

  /** {@return the status a credential failing this rule gets} */
  public AcdcStatus status() {
    return status;
  }
}
