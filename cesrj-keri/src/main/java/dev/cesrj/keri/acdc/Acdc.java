package dev.cesrj.keri.acdc;

import dev.cesrj.ErrorKind;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.BodyErrors;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.body.Span;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.stream.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An ACDC credential, typed (ACDC spec, "ACDC Fields"; keripy {@code src/keri/core/serdering.py}
 * {@code SerderACDC} and its field table for {@code ACDC10}: {@code v d u i ri s a A e r}, with
 * {@code rd} for {@code ri} in version 2). Read once from its body: the sections keep their spans
 * in the body's bytes, so their SAIDs are checked without serializing anything again ({@link
 * AcdcSaids}).
 *
 * @param body the body (its bytes are what the issuer signs and the SAIDs digest)
 * @param ilk {@link Ilk#NONE} for a version 1 credential without {@code t}, else its ilk
 * @param said {@code d}: the credential's SAID
 * @param uuid {@code u}: the salty nonce, if written
 * @param issuer {@code i}: the issuer's AID
 * @param registry {@code ri} (version 1) or {@code rd} (version 2): the registry's SAID, if written
 * @param schema {@code s}: the schema's SAID, or the schema itself
 * @param attributes {@code a}: the attribute section, if written
 * @param edges {@code e}: the edge section, if written
 * @param rules {@code r}: the rule section, if written
 * @param edgeBlocks the edges of an expanded {@code e}, in body order (none when compact)
 * @param issuee {@code a.i}: the issuee's AID, when {@code a} is expanded and names one; for an
 *     aggregate {@code A}, its second element's {@code i} (keripy {@code SerderACDC.iseaid}; the
 *     aggregate's own SAID is not checked here)
 * @param issued {@code a.dt}: the issuance date-time as written, when {@code a} is expanded
 */
public record Acdc(Body body, Ilk ilk, String said, Optional<String> uuid, String issuer,
    Optional<String> registry, Section schema, Optional<Section> attributes,
    Optional<Section> edges, Optional<Section> rules, List<Edge> edgeBlocks,
    Optional<String> issuee, Optional<String> issued) {

  /**
   * Creates the record.
   *
   * @param body see the record description
   * @param ilk see the record description
   * @param said see the record description
   * @param uuid see the record description
   * @param issuer see the record description
   * @param registry see the record description
   * @param schema see the record description
   * @param attributes see the record description
   * @param edges see the record description
   * @param rules see the record description
   * @param edgeBlocks see the record description
   * @param issuee see the record description
   * @param issued see the record description
   * @throws NullPointerException if an argument is null
   */
  public Acdc {
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(ilk, "ilk");
    Objects.requireNonNull(said, "said");
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(issuer, "issuer");
    Objects.requireNonNull(registry, "registry");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(attributes, "attributes");
    Objects.requireNonNull(edges, "edges");
    Objects.requireNonNull(rules, "rules");
    edgeBlocks = List.copyOf(edgeBlocks);
    Objects.requireNonNull(issuee, "issuee");
    Objects.requireNonNull(issued, "issued");
  }

  /**
   * Reads the credential in a framed message (its body is decoded and copied now).
   *
   * @param m a message whose buffer is still valid
   * @return the credential
   * @throws KeriBodyException if the body does not decode, is not an ACDC credential, or a field
   *     breaks the rules of {@link #of(AcdcMessage)}
   */
  public static Acdc of(Message m) {
    KeriEvent e = KeriEvents.of(m);
    if (!(e instanceof AcdcMessage)) {
      throw BodyErrors.syntax(0, "v", "an ACDC body",
          "a " + e.getClass().getSimpleName());
    }
    return of((AcdcMessage) e);
  }

  /**
   * Types a credential. Field presence and order are checked already ({@link KeriEvents}); here:
   * {@code i}, {@code u}, {@code ri}/{@code rd} are texts; {@code s}, {@code a}, {@code e},
   * {@code r} are a text (compact) or a map (expanded), an expanded {@code s} has {@code $id};
   * each block of an expanded {@code e} other than {@code d} and {@code o} is a map: with
   * {@code n} an edge (a text {@code n}, optional texts {@code s} and {@code d}, and {@code o} a
   * text or a list of texts), without it an edge group whose blocks follow the same rule ({@code d}, {@code u}, {@code o}
   * of the section or a group are no blocks).
   *
   * @param m a typed ACDC message of ilk {@link Ilk#NONE}, {@code acm}, {@code ace} or {@code act}
   * @return the credential
   * @throws KeriBodyException ({@link ErrorKind#MALFORMED_FIELD}, offset in the body, label as a
   *     path such as {@code e.qvi.n}) if a field breaks those rules or the ilk is no credential
   */
  public static Acdc of(AcdcMessage m) {
    Body body = m.body();
    FieldMap f = body.fields();
    Ilk ilk = m.ilk();
    if (ilk != Ilk.NONE && ilk != Ilk.ACM && ilk != Ilk.ACE && ilk != Ilk.ACT) {
      throw bad(f, "t", "", "a credential (no t, acm, ace or act)", "ilk " + ilk.code());
    }
    String issuer = text(f, "i", "");
    Optional<String> uuid = optText(f, "u", "");
    String reg = body.version().major() >= 2 ? "rd" : "ri";
    Optional<String> registry = optText(f, reg, "");
    Section schema = section(f, "s", "$id")
        .orElseThrow(() -> bad(f, "s", "", "a schema SAID or schema", "missing"));
    Optional<Section> attributes = section(f, "a", "d");
    Optional<Section> edges = section(f, "e", "d");
    Optional<Section> rules = section(f, "r", "d");
    List<Edge> blocks = new ArrayList<>();
    if (edges.isPresent() && edges.get() instanceof Section.Expanded) {
      edges(((Section.Expanded) edges.get()).fields(), List.of(), blocks);
    }
    Optional<String> issuee = Optional.empty();
    Optional<String> issued = Optional.empty();
    if (attributes.isPresent() && attributes.get() instanceof Section.Expanded) {
      FieldMap a = ((Section.Expanded) attributes.get()).fields();
      issuee = optText(a, "i", "a.");
      issued = optText(a, "dt", "a.");
    } else if (f.get("A").orElse(null) instanceof Value.ListValue) {
      // an aggregate's issuee is its second element's i (keripy SerderACDC.iseaid)
      List<Value> agg = ((Value.ListValue) f.get("A").get()).items();
      if (agg.size() >= 2 && agg.get(1) instanceof Value.MapValue) {
        issuee = ((Value.MapValue) agg.get(1)).fields().text("i");
      }
    }
    return new Acdc(body, ilk, m.said(), uuid, issuer, registry, schema, attributes, edges, rules,
        blocks, issuee, issued);
  }

  /**
   * The edges of an edge section or group, depth first: a block with {@code n} is an edge, a block
   * without is an edge group whose blocks are read in turn (its {@code d}, {@code u} and {@code o}
   * are not blocks). Nesting is bounded by the body's.
   */
  private static void edges(FieldMap e, List<String> group, List<Edge> out) {
    String prefix = "e." + (group.isEmpty() ? "" : String.join(".", group) + ".");
    for (String label : e.labels()) {
      if (label.equals("d") || label.equals("o") || label.equals("u")) {
        continue;
      }
      Value v = e.get(label).orElseThrow();
      if (!(v instanceof Value.MapValue)) {
        throw bad(e, label, prefix, "an edge block (a map)", "a " + v.typeName());
      }
      FieldMap b = ((Value.MapValue) v).fields();
      if (b.has("n")) {
        out.add(edge(e, label, group, b));
      } else {
        List<String> inner = new ArrayList<>(group);
        inner.add(label);
        edges(b, inner, out);
      }
    }
  }

  private static Edge edge(FieldMap e, String label, List<String> group, FieldMap b) {
    String full = group.isEmpty() ? label : String.join(".", group) + "." + label;
    String path = "e." + full + ".";
    String node = text(b, "n", path);
    Optional<String> schema = optText(b, "s", path);
    Optional<String> said = optText(b, "d", path).filter(t -> !t.isEmpty());
    List<EdgeOperator> ops = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    if (b.has("o")) {
      Value o = b.get("o").orElseThrow();
      List<Value> tokens = o instanceof Value.ListValue ? ((Value.ListValue) o).items() : List.of(o);
      for (Value t : tokens) {
        if (!(t instanceof Value.Text)) {
          throw bad(b, "o", path, "an operator text or a list of them", "a " + t.typeName());
        }
        String name = ((Value.Text) t).value();
        Optional<EdgeOperator> op = EdgeOperator.of(name);
        if (op.isPresent()) {
          ops.add(op.get());
        } else {
          unknown.add(name);
        }
      }
    }
    return new Edge(full, group, node, schema, said, ops, unknown, b, e.span(label).orElseThrow());
  }

  private static Optional<Section> section(FieldMap f, String label, String saidLabel) {
    Optional<Value> v = f.get(label);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    if (v.get() instanceof Value.Text) {
      return Optional.of(new Section.Compact(((Value.Text) v.get()).value()));
    }
    if (v.get() instanceof Value.MapValue) {
      FieldMap m = ((Value.MapValue) v.get()).fields();
      if (saidLabel.equals("$id") && m.text("$id").isEmpty()) {
        throw bad(f, label, "", "a schema with a text $id", "no $id");
      }
      return Optional.of(new Section.Expanded(m, f.span(label).orElseThrow(), saidLabel));
    }
    throw bad(f, label, "", "a SAID text or a map", "a " + v.get().typeName());
  }

  private static String text(FieldMap f, String label, String path) {
    return optText(f, label, path)
        .orElseThrow(() -> bad(f, label, path, "a text", "missing"));
  }

  private static Optional<String> optText(FieldMap f, String label, String path) {
    Optional<Value> v = f.get(label);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    if (!(v.get() instanceof Value.Text)) {
      throw bad(f, label, path, "a text", "a " + v.get().typeName());
    }
    return Optional.of(((Value.Text) v.get()).value());
  }

  static KeriBodyException bad(FieldMap f, String label, String path, String expected,
      String detail) {
    return BodyErrors.field(f.span(label).map(Span::offset).orElse(0), path + label, expected, detail);
  }
}
