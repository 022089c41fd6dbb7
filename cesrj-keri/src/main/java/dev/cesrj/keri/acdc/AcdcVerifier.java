package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Span;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Verifies a credential on its own (no TEL, no KEL), in the order of keripy {@code
 * src/keri/vdr/verifying.py} {@code Verifier.processCredential}, stopping at the first rule that
 * fails:
 *
 * <ol>
 *   <li>SAIDs ({@link AcdcSaids}): the credential's {@code d} (keripy {@code SerderACDC._verify})
 *       and every section's (stricter than keripy, which checks none of them);
 *   <li>schema: found by its SAID {@code s} ({@link SchemaResolver}; keripy {@code
 *       CacheResolver.resolve}: else missing schema), or the expanded schema itself; the
 *       credential validates against it ({@link AcdcSchema#validate}; keripy {@code
 *       Schemer.verify}: else {@code FailedSchemaValidationError});
 *   <li>edges: a compact {@code e} is refused (keripy: "invalid type for edges"), and so is an
 *       edge group (keripy reads {@code n} of every block); for each edge
 *       block, in body order (keripy {@code verifyChain}): the far node {@code n} is found
 *       ({@link CredentialResolver}, else missing chain) and has that SAID; NOT, and DI2I as the
 *       operator in force, are refused (keripy does not implement them); E1E: the two issuees
 *       are one; the delegative operator in force ({@link Edge#delegative}: the latest of I2I,
 *       NI2I, DI2I written, else I2I for a far node with an issuee and NI2I without): for I2I the
 *       far node has an issuee and it is this credential's issuer; then, when the edge's {@code
 *       s} is not the far node's schema, the far node validates against the schema {@code s}
 *       names (keripy: the edge schema is one the far node must satisfy, issue 1534).
 * </ol>
 *
 * <p>Each SAID, schema and edge check reads the credential as it was read once ({@link Acdc}):
 * a section's SAID digests a copy of the section's bytes, validation builds one JSON tree from
 * the fields. The far node's TEL state (revoked chain) and the registry are the TEL layer's.
 * Thread-safe if the resolvers are.
 */
public final class AcdcVerifier {
  private final SchemaResolver schemas;
  private final CredentialResolver credentials;

  /**
   * Creates a verifier.
   *
   * @param schemas where schemas are found by SAID
   * @param credentials where the far nodes of edges are found by SAID
   */
  public AcdcVerifier(SchemaResolver schemas, CredentialResolver credentials) {
    this.schemas = Objects.requireNonNull(schemas, "schemas");
    this.credentials = Objects.requireNonNull(credentials, "credentials");
  }

  /**
   * Verifies a credential.
   *
   * @param acdc a credential
   * @return the verdict: the SAID checks, the schema if found, the first failure if any
   * @throws dev.cesrj.UnsupportedException for an ACDC version 2 credential that is not JSON
   *     ({@link AcdcSaids})
   */
  public AcdcVerdict verify(Acdc acdc) {
    List<SaidCheck> saids;
    try {
      saids = AcdcSaids.check(acdc);
    } catch (KeriBodyException e) {
      return fail(acdc, List.of(), Optional.empty(), AcdcReason.SAID_MALFORMED,
          e.label().orElse(""), e.offset(), e.detail());
    }
    for (SaidCheck c : saids) {
      if (!c.ok()) {
        return fail(acdc, saids, Optional.empty(), AcdcReason.SAID_MISMATCH, c.path(), c.offset(),
            "written " + c.written() + ", computed " + c.computed().orElse(""));
      }
    }
    FieldMap top = acdc.body().fields();
    long sAt = offset(top, "s");
    AcdcSchema schema;
    if (acdc.schema() instanceof Section.Expanded) {
      Section.Expanded x = (Section.Expanded) acdc.schema();
      byte[] b = new byte[x.span().length()];
      acdc.body().buffer().position(x.span().offset()).get(b);
      try {
        schema = AcdcSchema.parse(b, schemas);
      } catch (KeriBodyException e) {
        return fail(acdc, saids, Optional.empty(), AcdcReason.SCHEMA_MISMATCH, "s", sAt,
            e.getMessage());
      }
    } else {
      String said = ((Section.Compact) acdc.schema()).value();
      Optional<AcdcSchema> found = schemas.resolve(said);
      if (found.isEmpty()) {
        return fail(acdc, saids, Optional.empty(), AcdcReason.SCHEMA_UNKNOWN, "s", sAt,
            "no schema " + said);
      }
      if (!found.get().said().equals(said)) {
        return fail(acdc, saids, Optional.empty(), AcdcReason.SCHEMA_MISMATCH, "s", sAt,
            "asked for " + said + ", given " + found.get().said());
      }
      schema = found.get();
    }
    Optional<AcdcSchema> has = Optional.of(schema);
    List<String> errors = schema.validate(acdc);
    if (!errors.isEmpty()) {
      return fail(acdc, saids, has, AcdcReason.SCHEMA_INVALID, "s", sAt,
          "not valid against schema " + schema.said() + ": " + String.join("; ", errors));
    }
    if (acdc.edges().isPresent() && acdc.edges().get() instanceof Section.Compact) {
      return fail(acdc, saids, has, AcdcReason.EDGES_UNDISCLOSED, "e", offset(top, "e"),
          "edges given as their SAID only");
    }
    for (Edge e : acdc.edgeBlocks()) {
      if (!e.group().isEmpty()) {
        return fail(acdc, saids, has, AcdcReason.EDGE_GROUP_UNSUPPORTED,
            "e." + String.join(".", e.group()), offset(top, "e"),
            "edge " + e.label() + " is in an edge group");
      }
    }
    for (Edge e : acdc.edgeBlocks()) {
      Optional<AcdcFailure> f = edge(acdc, e);
      if (f.isPresent()) {
        return new AcdcVerdict(acdc, saids, has, f);
      }
    }
    return new AcdcVerdict(acdc, saids, has, Optional.empty());
  }

  /** keripy {@code verifyChain} and the edge schema check of {@code processCredential}. */
  private Optional<AcdcFailure> edge(Acdc near, Edge e) {
    String path = "e." + e.label() + ".";
    long nAt = offset(e.fields(), "n");
    Optional<Acdc> found = credentials.resolve(e.node());
    if (found.isEmpty()) {
      return failure(AcdcReason.EDGE_NODE_UNKNOWN, path + "n", nAt, "no credential " + e.node());
    }
    Acdc far = found.get();
    if (!far.said().equals(e.node())) {
      return failure(AcdcReason.EDGE_NODE_MISMATCH, path + "n", nAt,
          "asked for " + e.node() + ", given " + far.said());
    }
    long oAt = offset(e.fields(), "o");
    if (e.operators().contains(EdgeOperator.NOT)) {
      return failure(AcdcReason.EDGE_OPERATOR_UNSUPPORTED, path + "o", oAt, "operator NOT");
    }
    Optional<EdgeOperator> op = e.delegative(far.issuee().isPresent());
    if (op.equals(Optional.of(EdgeOperator.DI2I))) {
      return failure(AcdcReason.EDGE_OPERATOR_UNSUPPORTED, path + "o", oAt, "operator DI2I");
    }
    if (e.operators().contains(EdgeOperator.E1E)
        && (near.issuee().isEmpty() || !near.issuee().equals(far.issuee()))) {
      return failure(AcdcReason.EDGE_OPERATOR_VIOLATED, path + "o", oAt,
          "E1E: issuee " + near.issuee().orElse("(none)") + ", far node's issuee "
              + far.issuee().orElse("(none)"));
    }
    if (op.equals(Optional.of(EdgeOperator.I2I))
        && (far.issuee().isEmpty() || !far.issuee().get().equals(near.issuer()))) {
      return failure(AcdcReason.EDGE_OPERATOR_VIOLATED, path + "o", oAt,
          "I2I: issuer " + near.issuer() + ", far node's issuee " + far.issuee().orElse("(none)"));
    }
    if (e.schema().isPresent() && !e.schema().equals(far.schema().said())) {
      String said = e.schema().get();
      long sAt = offset(e.fields(), "s");
      Optional<AcdcSchema> s = schemas.resolve(said).filter(x -> x.said().equals(said));
      if (s.isEmpty()) {
        return failure(AcdcReason.EDGE_SCHEMA_UNKNOWN, path + "s", sAt, "no schema " + said);
      }
      List<String> errors = s.get().validate(far);
      if (!errors.isEmpty()) {
        return failure(AcdcReason.EDGE_SCHEMA_UNSATISFIED, path + "s", sAt,
            "far node " + far.said() + " not valid against " + said + ": "
                + String.join("; ", errors));
      }
    }
    return Optional.empty();
  }

  private static Optional<AcdcFailure> failure(AcdcReason r, String path, long at, String detail) {
    return Optional.of(new AcdcFailure(r, path, at, detail));
  }

  private static AcdcVerdict fail(Acdc acdc, List<SaidCheck> saids, Optional<AcdcSchema> schema,
      AcdcReason r, String path, long at, String detail) {
    return new AcdcVerdict(acdc, saids, schema, Optional.of(new AcdcFailure(r, path, at, detail)));
  }

  private static long offset(FieldMap f, String label) {
    return f.span(label).map(Span::offset).orElse(0);
  }
}
