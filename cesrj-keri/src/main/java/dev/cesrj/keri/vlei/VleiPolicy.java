package dev.cesrj.keri.vlei;

import dev.cesrj.keri.acdc.Acdc;
import dev.cesrj.keri.acdc.Edge;
import dev.cesrj.keri.acdc.EdgeOperator;
import dev.cesrj.keri.acdc.Section;
import dev.cesrj.keri.credential.CredentialStatus;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.Missing;
import dev.cesrj.keri.credential.MissingKind;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The vLEI chain policy: checks the credentials a {@link CredentialVerifier} verified against the
 * vLEI credential framework, from GLEIF's root of trust down. The rules ({@link VleiRule}), in
 * the order they are applied to a credential:
 *
 * <ol>
 *   <li>its schema is a vLEI schema ({@link VleiSchema}, by SAID);
 *   <li>the credential verifier accepted it (keripy {@code src/keri/vdr/verifying.py} {@code
 *       Verifier.processCredential}), else it is invalid (rejected) or incomplete (escrowed,
 *       with what it misses: {@link CredentialVerifier#missing(String)}); it is not revoked;
 *   <li>a QVI credential's issuer has an accepted KEL that is delegated ({@code dip}) by the root
 *       of trust: GLEIF External, whose delegator {@code di} is GLEIF Root;
 *   <li>every other credential has the edge its schema requires ({@code qvi} for LE, {@code le}
 *       for OOR AUTH and ECR AUTH, {@code auth} for OOR, {@code auth} or {@code le} for ECR), whose
 *       {@code s} and far node's schema are the vLEI schema named there, whose operator is I2I
 *       (written, on the {@code auth} edges; the default for a far node with an issuee, on the
 *       others), with the credential's issuer the far node's issuee;
 *   <li>the LEI, the authorized {@code AID} and the role fields agree with the far node's
 *       (OOR AUTH and ECR AUTH with their LE; OOR and ECR with their authorization or LE);
 *   <li>the far node's verdict is valid, recursively to the QVI credential: a far node revoked,
 *       invalid or incomplete makes this one so, with the edge path to it ({@link
 *       VleiVerdict#edges()}) and that far node's rule.
 * </ol>
 *
 * <p>A credential the verifier did not accept is invalid with its far node's rule and edge path
 * when a far node's verdict is invalid (it can never become valid: revoked up the chain, keripy's
 * {@code RevokedChainError} or a far node refused), else as the second rule says.
 *
 * <p>Revocation is judged when {@link #check} runs, not when the credential arrived: a
 * credential accepted before its chain's root was revoked is invalid ({@link VleiRule#REVOKED}
 * at the revoked credential) once the revocation is verified. Far nodes are looked up among the
 * verifier's credentials (the stream's and those its {@link
 * dev.cesrj.keri.credential.EventResolver} gave); one it does not hold is {@link
 * VleiRule#FAR_NODE_UNKNOWN}, incomplete.
 *
 * <p>Immutable and thread-safe; {@link #check} reads the verifier, which must not be fed
 * meanwhile.
 */
public final class VleiPolicy {
  private final String root;

  private VleiPolicy(String root) {
    this.root = root;
  }

  /**
   * A policy whose root of trust is the AID {@code gleifRoot}.
   *
   * @param gleifRoot GLEIF Root's AID (qb64)
   * @return the policy
   * @throws IllegalArgumentException if {@code gleifRoot} is empty
   */
  public static VleiPolicy of(String gleifRoot) {
    if (Objects.requireNonNull(gleifRoot, "gleifRoot").isEmpty()) {
      throw new IllegalArgumentException("empty root of trust");
    }
    return new VleiPolicy(gleifRoot);
  }

  /**
   * A policy whose root of trust is the one AID whose KEL the stream holds, verified (an OOBI
   * response: the KEL, with replies and receipts it may carry, as a witness serves it). Give the
   * same stream to the credential verifier (or its {@link
   * dev.cesrj.keri.credential.EventResolver}) so that GLEIF External's {@code dip} finds its
   * delegating seal there.
   *
   * @param rootKel the CESR stream of GLEIF Root's KEL
   * @return the policy
   * @throws IllegalArgumentException if the stream gives no accepted non-delegated KEL, or more
   *     than one (which is the root would be a guess)
   * @throws dev.cesrj.CesrException the stream's framing error
   */
  public static VleiPolicy fromRootKel(byte[] rootKel) {
    KelVerifier kel = new KelVerifier();
    kel.acceptAll(rootKel);
    List<String> roots = new ArrayList<>();
    for (KeyState s : kel.keyStates().values()) {
      if (s.delegator().isEmpty()) {
        roots.add(s.prefix());
      }
    }
    if (roots.size() != 1) {
      throw new IllegalArgumentException("a root of trust's KEL must give one accepted"
          + " non-delegated prefix, this gives " + roots);
    }
    return new VleiPolicy(roots.get(0));
  }

  /** {@return the root of trust: GLEIF Root's AID} */
  public String root() {
    return root;
  }

  /**
   * {@return the verdict on every credential of the verifier's stream, by SAID, in its order}
   *
   * @param verifier a verifier whose stream is given and {@link CredentialVerifier#finish()}ed
   */
  public Map<String, VleiVerdict> check(CredentialVerifier verifier) {
    Map<String, VleiVerdict> memo = new HashMap<>();
    Map<String, VleiVerdict> out = new LinkedHashMap<>();
    for (String said : verifier.credentials().keySet()) {
      out.put(said, check(verifier, said, memo, new ArrayList<>()));
    }
    return out;
  }

  /**
   * {@return the verdict on the credential {@code said}}
   *
   * @param verifier a verifier whose stream is given and {@link CredentialVerifier#finish()}ed
   * @param said a credential SAID (qb64)
   */
  public VleiVerdict check(CredentialVerifier verifier, String said) {
    return check(verifier, said, new HashMap<>(), new ArrayList<>());
  }

  private VleiVerdict check(CredentialVerifier v, String said, Map<String, VleiVerdict> memo,
      List<String> path) {
    VleiVerdict known = memo.get(said);
    if (known != null) {
      return known;
    }
    VleiVerdict got = decide(v, said, memo, path);
    memo.put(said, got);
    return got;
  }

  private VleiVerdict decide(CredentialVerifier v, String said, Map<String, VleiVerdict> memo,
      List<String> path) {
    Optional<CredentialVerdict> found = v.credential(said);
    if (found.isEmpty()) {
      return new VleiVerdict(said, Optional.empty(), VleiStatus.INCOMPLETE,
          VleiRule.FAR_NODE_UNKNOWN, List.of(), said,
          List.of(new Missing(MissingKind.CREDENTIAL, said, "")), "credential " + said
              + " is not among the verified credentials");
    }
    CredentialVerdict c = found.get();
    Acdc a = c.acdc();
    Optional<VleiSchema> schema = a.schema().said().flatMap(VleiSchema::of);
    Fail f = new Fail(said, schema);
    if (schema.isEmpty()) {
      return f.invalid(VleiRule.NOT_A_VLEI_CREDENTIAL,
          "schema " + a.schema().said().orElse("(none)") + " is no vLEI schema");
    }
    if (c.status() == CredentialStatus.NOT_ACCEPTED) {
      Optional<VleiVerdict> broken = brokenChain(v, a, f, memo, path);
      if (broken.isPresent()) {
        return broken.get();
      }
      String why = c.reason() + (c.detail().isEmpty() ? "" : ": " + c.detail());
      return c.escrow().isPresent()
          ? new VleiVerdict(said, schema, VleiStatus.INCOMPLETE, VleiRule.NOT_ACCEPTED,
              List.of(), said, c.missing(), "waiting in " + c.escrow().get().keripyName() + " ("
                  + why + ")" + (c.missing().isEmpty() ? "" : "; missing " + c.missing()))
          : f.invalid(VleiRule.NOT_ACCEPTED, "rejected: " + why);
    }
    if (c.status() == CredentialStatus.REVOKED) {
      return f.invalid(VleiRule.REVOKED, "credential " + said + " is revoked");
    }
    if (path.contains(said)) {
      return f.invalid(VleiRule.EDGE_MISSING, "the chain returns to " + said);
    }
    return switch (schema.get()) {
      case QVI -> qvi(v, a, f);
      case LE -> chained(v, a, f, memo, path, List.of(new EdgeRule("qvi", VleiSchema.QVI, false)));
      case OOR_AUTH, ECR_AUTH ->
          chained(v, a, f, memo, path, List.of(new EdgeRule("le", VleiSchema.LE, false)));
      case OOR -> chained(v, a, f, memo, path,
          List.of(new EdgeRule("auth", VleiSchema.OOR_AUTH, true)));
      case ECR -> chained(v, a, f, memo, path, List.of(
          new EdgeRule("auth", VleiSchema.ECR_AUTH, true), new EdgeRule("le", VleiSchema.LE, false)));
    };
  }

  /**
   * {@return the first far node of a credential the verifier did not accept whose verdict is
   * invalid (revoked, or breaking a rule), as this credential's verdict}: such a credential will
   * never be valid, whatever arrives (keripy leaves it in {@code mce} when the far node was not
   * saved, or rejects it with {@code RevokedChainError})
   */
  private Optional<VleiVerdict> brokenChain(CredentialVerifier v, Acdc a, Fail f,
      Map<String, VleiVerdict> memo, List<String> path) {
    if (path.contains(f.said())) {
      return Optional.empty();
    }
    List<String> deeper = new ArrayList<>(path);
    deeper.add(f.said());
    for (Edge e : a.edgeBlocks()) {
      if (!e.group().isEmpty() || v.credential(e.node()).isEmpty()) {
        continue;
      }
      VleiVerdict up = check(v, e.node(), memo, deeper);
      if (up.status() == VleiStatus.INVALID) {
        return Optional.of(via(f, e.label(), up));
      }
    }
    return Optional.empty();
  }

  /** {@return the verdict of a credential whose far node on edge {@code label} is {@code up}} */
  private static VleiVerdict via(Fail f, String label, VleiVerdict up) {
    List<String> edges = new ArrayList<>();
    edges.add(label);
    edges.addAll(up.edges());
    return new VleiVerdict(f.said(), f.schema(), up.status(), up.rule(), edges, up.at(),
        up.missing(), "edge " + label + ": " + up.detail());
  }

  /** A QVI credential: issued by GLEIF External, delegated by the root. */
  private VleiVerdict qvi(CredentialVerifier v, Acdc a, Fail f) {
    Optional<KeyState> issuer = v.keyStates().values().stream()
        .filter(s -> s.prefix().equals(a.issuer())).findFirst();
    Optional<String> delegator = issuer.flatMap(KeyState::delegator);
    if (delegator.isEmpty() || !delegator.get().equals(root)) {
      return f.invalid(VleiRule.ISSUER_NOT_DELEGATED_BY_ROOT, "issuer " + a.issuer()
          + (delegator.map(d -> "'s KEL is delegated by " + d).orElse("'s KEL is not delegated"))
          + ", not by the root of trust " + root);
    }
    return f.valid();
  }

  /** A credential whose schema requires one of {@code rules}' edges. */
  private VleiVerdict chained(CredentialVerifier v, Acdc a, Fail f,
      Map<String, VleiVerdict> memo, List<String> path, List<EdgeRule> rules) {
    for (EdgeRule r : rules) {
      Optional<Edge> e = a.edgeBlocks().stream()
          .filter(x -> x.group().isEmpty() && x.label().equals(r.label())).findFirst();
      if (e.isEmpty()) {
        continue;
      }
      return edge(v, a, f, memo, path, r, e.get());
    }
    return f.invalid(VleiRule.EDGE_MISSING, "no edge "
        + String.join(" or ", rules.stream().map(EdgeRule::label).toList()));
  }

  private VleiVerdict edge(CredentialVerifier v, Acdc a, Fail f, Map<String, VleiVerdict> memo,
      List<String> path, EdgeRule r, Edge e) {
    String label = r.label();
    if (!e.schema().filter(r.far().said()::equals).isPresent()) {
      return f.invalidAt(VleiRule.EDGE_SCHEMA, label, "edge " + label + " names schema "
          + e.schema().orElse("(none)") + ", the framework " + r.far().said());
    }
    if (r.i2iWritten() ? !e.operators().contains(EdgeOperator.I2I)
        : e.delegative(true).filter(EdgeOperator.I2I::equals).isEmpty()) {
      return f.invalidAt(VleiRule.EDGE_OPERATOR, label, "edge " + label + " has operators "
          + e.operators() + ", the framework I2I" + (r.i2iWritten() ? " written" : ""));
    }
    Optional<CredentialVerdict> far = v.credential(e.node());
    if (far.isEmpty()) {
      return new VleiVerdict(f.said(), f.schema(), VleiStatus.INCOMPLETE,
          VleiRule.FAR_NODE_UNKNOWN, List.of(label), f.said(),
          List.of(new Missing(MissingKind.CREDENTIAL, e.node(), label)),
          "far node " + e.node() + " of edge " + label + " is not among the verified credentials");
    }
    Acdc fa = far.get().acdc();
    if (!fa.schema().said().filter(r.far().said()::equals).isPresent()) {
      return f.invalidAt(VleiRule.EDGE_SCHEMA, label, "far node " + e.node() + " of edge "
          + label + " has schema " + fa.schema().said().orElse("(none)"));
    }
    if (!fa.issuee().filter(a.issuer()::equals).isPresent()) {
      return f.invalidAt(VleiRule.EDGE_ISSUER, label, "issuer " + a.issuer()
          + " is not the issuee " + fa.issuee().orElse("(none)") + " of far node " + e.node());
    }
    Optional<VleiVerdict> attrs = attributes(a, fa, f, label);
    if (attrs.isPresent()) {
      return attrs.get();
    }
    List<String> deeper = new ArrayList<>(path);
    deeper.add(f.said());
    VleiVerdict up = check(v, e.node(), memo, deeper);
    if (up.status() == VleiStatus.VALID) {
      return f.valid();
    }
    return via(f, label, up);
  }

  /** The attribute rules between a credential and its far node. */
  private static Optional<VleiVerdict> attributes(Acdc a, Acdc far, Fail f, String label) {
    if (far.schema().said().flatMap(VleiSchema::of).filter(s -> s == VleiSchema.QVI)
        .isPresent()) {
      return Optional.empty(); // a QVI's LEI is the QVI's own, not the Legal Entity's
    }
    if (!attr(a, "LEI").equals(attr(far, "LEI"))) {
      return Optional.of(f.invalidAt(VleiRule.LEI_MISMATCH, label, "LEI " + attr(a, "LEI")
          .orElse("(none)") + " but far node " + far.said() + " has " + attr(far, "LEI")
          .orElse("(none)")));
    }
    boolean authorized = far.schema().said().flatMap(VleiSchema::of)
        .filter(s -> s == VleiSchema.OOR_AUTH || s == VleiSchema.ECR_AUTH).isPresent();
    if (!authorized) {
      return Optional.empty();
    }
    if (!a.issuee().equals(attr(far, "AID"))) {
      return Optional.of(f.invalidAt(VleiRule.ISSUEE_NOT_AUTHORIZED, label, "issuee "
          + a.issuee().orElse("(none)") + " but authorization " + far.said() + " names AID "
          + attr(far, "AID").orElse("(none)")));
    }
    for (String field : List.of("personLegalName", "officialRole", "engagementContextRole")) {
      if (!attr(a, field).equals(attr(far, field))) {
        return Optional.of(f.invalidAt(VleiRule.ROLE_MISMATCH, label, field + " "
            + attr(a, field).orElse("(none)") + " but authorization " + far.said() + " has "
            + attr(far, field).orElse("(none)")));
      }
    }
    return Optional.empty();
  }

  /** {@return the attribute {@code name} of an expanded attribute section, if written as text} */
  private static Optional<String> attr(Acdc a, String name) {
    return a.attributes().flatMap(s -> s instanceof Section.Expanded x
        ? x.fields().text(name) : Optional.empty());
  }

  /** The edge a schema requires: its label, its far node's schema, and whether I2I is written. */
  private record EdgeRule(String label, VleiSchema far, boolean i2iWritten) {}

  /** Verdicts on one credential. */
  private record Fail(String said, Optional<VleiSchema> schema) {
    VleiVerdict valid() {
      return new VleiVerdict(said, schema, VleiStatus.VALID, VleiRule.NONE, List.of(), said,
          List.of(), "");
    }

    VleiVerdict invalid(VleiRule rule, String detail) {
      return new VleiVerdict(said, schema, VleiStatus.INVALID, rule, List.of(), said, List.of(),
          detail);
    }

    VleiVerdict invalidAt(VleiRule rule, String edge, String detail) {
      return new VleiVerdict(said, schema, VleiStatus.INVALID, rule, List.of(edge), said,
          List.of(), detail);
    }
  }
}
