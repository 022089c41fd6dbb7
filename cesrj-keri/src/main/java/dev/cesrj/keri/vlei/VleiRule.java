package dev.cesrj.keri.vlei;

/**
 * The rules of the vLEI chain policy, each with its source: the vLEI schemas' edge sections
 * (WebOfTrust/vLEI f514b94 {@code schema/acdc}) and the vLEI Ecosystem Governance Framework's
 * credential frameworks. A {@link VleiVerdict} names the first that fails.
 */
public enum VleiRule {
  /** None failed. */
  NONE(false),
  /** The credential's schema is none of the six vLEI schemas ({@link VleiSchema}). */
  NOT_A_VLEI_CREDENTIAL(false),
  /**
   * The credential verifier did not accept it (keripy {@code src/keri/vdr/verifying.py} {@code
   * Verifier.processCredential}: SAIDs, registry, issuance, schema, edges); rejected makes the
   * verdict {@link VleiStatus#INVALID}, escrowed {@link VleiStatus#INCOMPLETE}.
   */
  NOT_ACCEPTED(false),
  /** Its TEL's last event is its revocation (keripy {@code vcState}: {@code rev} or {@code brv}). */
  REVOKED(false),
  /**
   * A QVI credential's issuer is not GLEIF External: its KEL is not a delegated one ({@code dip})
   * whose delegator {@code di} is the root of trust (vLEI EGF, Qualified vLEI Issuer vLEI
   * Credential Framework: GLEIF issues it from its External AID, delegated by GLEIF Root).
   */
  ISSUER_NOT_DELEGATED_BY_ROOT(false),
  /**
   * The edge the framework requires is absent: {@code qvi} (LE), {@code le} (OOR AUTH, ECR AUTH),
   * {@code auth} (OOR), {@code auth} or {@code le} (ECR); the schemas' {@code e} sections.
   */
  EDGE_MISSING(false),
  /**
   * The edge's {@code s}, or its far node's schema, is not the vLEI schema the framework names
   * for that edge (the schemas' {@code e.<label>.s} {@code const}).
   */
  EDGE_SCHEMA(true),
  /**
   * The edge's operator is not the one the framework requires: {@code I2I} on the {@code auth}
   * edges of OOR and ECR (their schemas' {@code o} {@code const}), the default {@code I2I} on the
   * others (ACDC spec, "Edge Operators": a far node with an issuee).
   */
  EDGE_OPERATOR(true),
  /**
   * I2I fails: the credential's issuer is not its far node's issuee (ACDC spec, "I2I"; keripy
   * {@code Verifier.verifyChain}).
   */
  EDGE_ISSUER(true),
  /**
   * An LEI differs along the chain: an OOR AUTH's or ECR AUTH's {@code LEI} from its Legal
   * Entity credential's, an OOR's or ECR's from its authorization's or Legal Entity's (vLEI EGF:
   * the role and its authorization are for the Legal Entity the LE credential names).
   */
  LEI_MISMATCH(true),
  /**
   * An OOR's or ECR's issuee {@code a.i} is not the {@code AID} its authorization names (the
   * authorization schemas: "AID of the intended recipient").
   */
  ISSUEE_NOT_AUTHORIZED(true),
  /**
   * An OOR's or ECR's {@code personLegalName}, {@code officialRole} or {@code
   * engagementContextRole} differs from its authorization's (the authorization schemas:
   * "Requested recipient name", "Requested role").
   */
  ROLE_MISMATCH(true),
  /** The far node of an edge is not among the credentials verified (see {@link VleiVerdict#missing()}). */
  FAR_NODE_UNKNOWN(true);

  private final boolean onEdge;

  VleiRule(boolean onEdge) {
    this.onEdge = onEdge;
  }

  /**
   * {@return true for the rules of an edge (the last of {@link VleiVerdict#edges()} is the edge
   * that fails); false for the rules of a credential itself}
   */
  public boolean onEdge() {
    return onEdge;
  }
}
