package dev.cesrj.keri.body;

import dev.cesrj.CesrException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the fields of a CESR-native body (CESR 2.0 FixBodyGroup {@code -F} or MapBodyGroup
 * {@code -G}) into the field map keripy's {@code Serder._loads} makes of it (keripy
 * {@code src/keri/core/serdering.py}).
 *
 * <p>A FixBodyGroup writes its fields without labels, in the order of keripy's
 * {@code Serder.Fields} for version 2 of its protocol and its ilk ({@link #ORDER}); the first
 * field is the Verser, the second the ilk (a Tag3; an ACDC without ilk has none). A MapBodyGroup's
 * fields are label, value pairs. Values: the Verser as the body's version string; a tag as its
 * text; a number (the codes of {@link Slot#NUMBER}) as lowercase hex without leading zeros
 * (keripy {@code Number.numh}); a StrB64 value as its Base64 text ({@code -} read as {@code /} for
 * a route {@code r}/{@code rr}); a Bytes or Label value as its raw bytes in UTF-8; a DateTime as
 * its ISO-8601 text (keripy {@code Dater.dts}); a threshold {@code kt}/{@code nt} as keripy's
 * {@code Tholder.sith} (hex text, or a list of weights, or a list of clauses); any other primitive
 * as its qb64; a GenericListGroup as a list; a GenericMapGroup as a map; a seal group as one map
 * per seal, labelled as keripy's seal types ({@code SealDigest d}, {@code SealRoot rd},
 * {@code SealSource s d}, {@code SealEvent i s d}, {@code SealLast i}, {@code SealBack bi d},
 * {@code SealKind t d}). Spans are of the primitive's qb64 in the body text.
 *
 * <p>Canonical form (keripy's {@code Serder._verify} refuses a body that {@code Serder._dumps}
 * does not write again): a primitive or counter has one text for its code and value (cesrj-core
 * refuses non-zero pad bits and lead bytes), and labels and field order are checked against
 * keripy's field rules; what a code choice could still vary is checked here: {@code s},
 * {@code bt} and numeric {@code kt}/{@code nt} must use the Number code keripy picks for the value,
 * and each weight of a weighted threshold must be written as keripy's {@code Tholder} writes it.
 * Not checked (no keripy-made body differs there): a Big counter or Big StrB64 code where the small
 * one would hold the content.
 */
final class NativeBodyReader {
  /** An ilk's field labels, and which of them are optional (keripy {@code FieldDom.opts}). */
  private record Order(List<String> labels, List<String> optional) {}

  /** keripy serdering.py {@code Fields}, version 2.0, by protocol and ilk ("" for none). */
  private static final Map<String, Order> ORDER = new HashMap<>();

  /** Field labels of the seal groups, by the group's base name (keripy {@code SClanDom}). */
  private static final Map<String, List<String>> SEALS =
      Map.of(
          "DigestSealSingles", List.of("d"),
          "MerkleRootSealSingles", List.of("rd"),
          "SealSourceCouples", List.of("s", "d"),
          "SealSourceTriples", List.of("i", "s", "d"),
          "SealSourceLastSingles", List.of("i"),
          "BackerRegistrarSealCouples", List.of("bi", "d"),
          "TypedDigestSealCouples", List.of("t", "d"));

  static {
    keri("icp", "v t d i s kt k nt n bt b c a");
    keri("rot", "v t d i s p kt k nt n bt br ba c a");
    keri("ixn", "v t d i s p a");
    keri("dip", "v t d i s kt k nt n bt b c a di");
    keri("drt", "v t d i s p kt k nt n bt br ba c a");
    keri("rct", "v t d i s");
    keri("qry", "v t d i dt r rr q");
    keri("rpy", "v t d i dt r a");
    keri("pro", "v t d i dt r rr q");
    keri("bar", "v t d i dt r a");
    keri("xip", "v t d u i ri dt r q a");
    keri("exn", "v t d i ri x p dt r q a");
    acdc("", "v d u i rd s a A e r", "u rd a A e r");
    acdc("acm", "v t d u i rd s a A e r", "t u rd a A e r");
    acdc("ace", "v t d u i ri s a A e r", "u ri a A e r");
    acdc("act", "v t d u i rd s a e r", "");
    acdc("acg", "v t d u i rd s A e r", "");
    acdc("sch", "v t d s", "");
    acdc("att", "v t d a", "");
    acdc("agg", "v t d A", "");
    acdc("edg", "v t d e", "");
    acdc("rul", "v t d r", "");
    acdc("rip", "v t d u i n dt", "");
    acdc("bup", "v t d rd n p dt b", "");
    acdc("upd", "v t d rd n p dt td ts", "");
  }

  private final long origin;
  private final String version;

  private NativeBodyReader(long origin, String version) {
    this.origin = origin;
    this.version = version;
  }

  private static void keri(String ilk, String labels) {
    ORDER.put("KERI/" + ilk, new Order(List.of(labels.split(" ")), List.of()));
  }

  private static void acdc(String ilk, String labels, String optional) {
    ORDER.put("ACDC/" + ilk, new Order(List.of(labels.split(" ")),
        optional.isEmpty() ? List.of() : List.of(optional.split(" "))));
  }

  /**
   * The fields of native body group {@code body}, whose version string is {@code version}.
   *
   * @throws KeriBodyException if a field does not decode or the body has more fields than its
   *     ilk
   */
  static FieldMap read(Group body, String version) {
    NativeBodyReader r = new NativeBodyReader(body.offset(), version);
    try {
      return body.code().isMapBody() ? r.map(body.elements(), 1, true) : r.fix(body.elements());
    } catch (KeriBodyException e) {
      throw e;
    } catch (CesrException e) {
      throw BodyErrors.syntax(Math.max(0, e.offset() - body.offset()), "a CESR-native field",
          e.getMessage());
    }
  }

  private FieldMap fix(List<Element> fields) {
    List<String> labels = labels(fields);
    if (fields.size() > labels.size()) {
      Element extra = fields.get(labels.size());
      throw BodyErrors.field(at(extra), null, labels.size() + " fields for this ilk",
          fields.size() + " fields in a FixBodyGroup");
    }
    FieldMap.Builder m = new FieldMap.Builder();
    for (int i = 0; i < fields.size(); i++) {
      String label = labels.get(i);
      Element e = fields.get(i);
      m.put(label, i == 0 ? new Value.Text(version) : value(e, label, 1), span(e));
    }
    return m.build();
  }

  private FieldMap map(List<Element> fields, int depth, boolean top) {
    if (fields.size() % 2 != 0) {
      throw BodyErrors.syntax(at(fields.get(fields.size() - 1)), "label, value pairs",
          "a map with a label and no value");
    }
    FieldMap.Builder m = new FieldMap.Builder();
    for (int i = 0; i < fields.size(); i += 2) {
      Element l = fields.get(i);
      if (!(l instanceof Matter)) {
        throw BodyErrors.syntax(at(l), "a label primitive", "a group where a label must be");
      }
      String label = text((Matter) l, "");
      Element e = fields.get(i + 1);
      Value v = top && i == 0 ? new Value.Text(version) : value(e, label, depth);
      if (!m.put(label, v, span(e))) {
        throw BodyErrors.syntax(at(l), label, "each label once", "label given twice");
      }
    }
    return m.build();
  }

  private Value value(Element e, String label, int depth) {
    if (depth > Body.MAX_DEPTH) {
      throw BodyErrors.tooDeep(at(e));
    }
    if (e instanceof Matter) {
      Matter m = (Matter) e;
      if ((label.equals("kt") || label.equals("nt")) && m.code().name().startsWith("StrB64")) {
        return weights(text(m, label), at(e), label);
      }
      if (depth == 1 && NUMBERS.contains(label) && Slot.NUMBER.accepts(m.code())) {
        shortestNumber(m, at(e), label);
      }
      return new Value.Text(text(m, label));
    }
    if (!(e instanceof Group)) {
      throw BodyErrors.syntax(at(e), label, "a primitive or a group", "a " + e.getClass().getSimpleName());
    }
    Group g = (Group) e;
    if (g.code().isSeal()) {
      List<Value> seals = new ArrayList<>();
      seals(g, seals);
      return new Value.ListValue(seals);
    }
    switch (g.code().baseName()) {
      case "GenericMapGroup":
        return new Value.MapValue(map(g.elements(), depth + 1, false));
      case "GenericListGroup":
        List<Value> items = new ArrayList<>();
        for (Element item : g.elements()) {
          if (item instanceof Group && ((Group) item).code().isSeal()) {
            seals((Group) item, items); // keripy's list of seals: each seal group's seals in turn
          } else {
            items.add(value(item, "", depth + 1));
          }
        }
        return new Value.ListValue(items);
      default:
        throw BodyErrors.syntax(at(e), label, "a GenericListGroup, GenericMapGroup or seal group",
            "a " + g.name());
    }
  }

  /** Adds one map per seal of seal group {@code g}. */
  private void seals(Group g, List<Value> out) {
    List<String> labels = SEALS.get(g.code().baseName());
    List<Matter> parts = new ArrayList<>();
    for (Element e : g.elements()) {
      flatten(e, parts);
    }
    if (labels == null || parts.size() % labels.size() != 0) {
      throw BodyErrors.syntax(at(g), "a seal group keripy reads", "a " + g.name());
    }
    for (int i = 0; i < parts.size(); i += labels.size()) {
      FieldMap.Builder seal = new FieldMap.Builder();
      for (int j = 0; j < labels.size(); j++) {
        Matter m = parts.get(i + j);
        seal.put(labels.get(j), new Value.Text(text(m, labels.get(j))), span(m));
      }
      out.add(new Value.MapValue(seal.build()));
    }
  }

  private void flatten(Element e, List<Matter> out) {
    if (e instanceof Matter) {
      out.add((Matter) e);
    } else if (e instanceof Tuple) {
      for (Element p : ((Tuple) e).parts()) {
        flatten(p, out);
      }
    } else {
      throw BodyErrors.syntax(at(e), "primitives in a seal", "a group inside a seal");
    }
  }

  /** The top-level fields keripy's {@code Serder._dumps} writes as {@code Number(numh=v)}. */
  private static final java.util.Set<String> NUMBERS = java.util.Set.of("s", "bt", "kt", "nt");

  /**
   * A number field must have the code keripy's {@code Number(num=...)} picks for its value (keripy
   * {@code src/keri/core/coring.py} {@code Number.__init__}: Short up to 2 bytes, then Tall 5, Big
   * 8, Large 11, Great 14, Vast 17; never Long or Salt_128), since {@code Serder._dumps} writes
   * {@code s}, {@code bt}, {@code kt} and {@code nt} so and {@code Serder._verify} refuses a body
   * that does not write itself again.
   */
  private static void shortestNumber(Matter m, long at, String label) {
    int bytes = (new BigInteger(1, m.raw()).bitLength() + 7) / 8;
    MatterCode want = bytes <= 2 ? MatterCode.Short : bytes <= 5 ? MatterCode.Tall
        : bytes <= 8 ? MatterCode.Big : bytes <= 11 ? MatterCode.Large
        : bytes <= 14 ? MatterCode.Great : MatterCode.Vast;
    if (m.code() != want) {
      throw BodyErrors.nonCanonical(at, "CESR-native",
          "field '" + label + "' as a " + want.name() + " number",
          "field '" + label + "': a " + m.code().name() + " number of " + bytes + " bytes");
    }
  }

  /**
   * A weight of a native weighted threshold must be written as keripy's {@code Tholder} writes it
   * ({@code coring.py} {@code Tholder._processWeighted}: {@code 0}, {@code 1} or
   * {@code NsD} in lowest terms with {@code 0 < N < D}), since {@code Serder._dumps} re-derives the
   * threshold's text from the weights.
   */
  private static void normalWeight(String w, long at, String label) {
    boolean ok;
    if (w.equals("0") || w.equals("1")) {
      ok = true;
    } else if (w.matches("[1-9][0-9]{0,63}s[1-9][0-9]{0,63}")) {
      BigInteger n = new BigInteger(w.substring(0, w.indexOf('s')));
      BigInteger d = new BigInteger(w.substring(w.indexOf('s') + 1));
      ok = n.compareTo(d) < 0 && n.gcd(d).equals(BigInteger.ONE);
    } else {
      ok = false;
    }
    if (!ok) {
      throw BodyErrors.nonCanonical(at, "CESR-native",
          "field '" + label + "': weights 0, 1 or NsD in lowest terms", "weight '" + w + "'");
    }
  }

  /**
   * keripy {@code Tholder._processLimen}: a weighted threshold's Base64 text (clauses joined by
   * {@code a}, weights by {@code c}, {@code s} for the fraction's slash, {@code k}/{@code v} for a
   * nested weight and its weights) as the sith keripy's Serder gives (one clause: a list of
   * weights; several: a list of lists).
   */
  private static Value weights(String bext, long at, String label) {
    List<Value> clauses = new ArrayList<>();
    for (String clause : bext.split("a", -1)) {
      List<Value> ws = new ArrayList<>();
      for (String w : clause.split("c", -1)) {
        int k = w.indexOf('k');
        if (k < 0) {
          normalWeight(w, at, label);
          ws.add(new Value.Text(w.replace('s', '/')));
        } else {
          List<Value> nested = new ArrayList<>();
          for (String v : w.substring(k + 1).split("v", -1)) {
            normalWeight(v, at, label);
            nested.add(new Value.Text(v.replace('s', '/')));
          }
          normalWeight(w.substring(0, k), at, label);
          FieldMap.Builder one = new FieldMap.Builder();
          one.put(w.substring(0, k).replace('s', '/'), new Value.ListValue(nested),
              new Span((int) at, 0));
          ws.add(new Value.MapValue(one.build()));
        }
      }
      clauses.add(new Value.ListValue(ws));
    }
    return clauses.size() == 1 ? clauses.get(0) : new Value.ListValue(clauses);
  }

  /** The labels of a FixBodyGroup's fields, by its protocol and ilk. */
  private static List<String> labels(List<Element> fields) {
    if (fields.isEmpty() || !(fields.get(0) instanceof Matter)) {
      throw BodyErrors.syntax(0, "a Verser first", "a FixBodyGroup without a Verser");
    }
    String verser = ((Matter) fields.get(0)).soft();
    String proto = verser.length() >= 4 ? verser.substring(0, 4) : verser;
    String ilk = fields.size() > 1 && fields.get(1) instanceof Matter
        && ((Matter) fields.get(1)).code() == MatterCode.Tag3
        ? ((Matter) fields.get(1)).soft() : "";
    Order order = ORDER.get(proto + "/" + ilk);
    if (order == null) {
      throw BodyErrors.field(fields.size() > 1 ? fields.get(1).offset() : 0, "t",
          "an ilk keripy writes as a FixBodyGroup", "no field order for " + proto + " " + ilk);
    }
    if (fields.size() >= order.labels().size() || order.optional().isEmpty()) {
      return order.labels();
    }
    // optional fields left out: those before the first optional one are named
    int firstOptional = order.labels().size();
    for (int i = 0; i < order.labels().size(); i++) {
      if (order.optional().contains(order.labels().get(i))) {
        firstOptional = i;
        break;
      }
    }
    return order.labels().subList(0, firstOptional);
  }

  private long at(Element e) {
    return Math.max(0, e.offset() - origin);
  }

  private Span span(Element e) {
    return new Span((int) at(e), e.length());
  }

  /**
   * The text value of {@code m} as keripy's Serder gives it, for the field {@code label}; shared
   * with the inspect tool's field display.
   *
   * @param m a primitive of a native body
   * @param label its field's label ({@code ""} for a label or a list item)
   * @return its text
   */
  static String text(Matter m, String label) {
    MatterCode c = m.code();
    String name = c.name();
    if (name.startsWith("Tag")) {
      return m.soft();
    }
    if (Slot.NUMBER.accepts(c)) {
      return new BigInteger(1, m.raw()).toString(16);
    }
    if (c == MatterCode.DateTime) {
      String qb64 = m.qb64Text();
      return qb64.substring(c.hs()).replace('c', ':').replace('d', '.').replace('p', '+');
    }
    if (name.startsWith("StrB64_")) {
      String qb64 = m.qb64Text();
      String value = qb64.substring(c.cs());
      int ls = c.ls();
      int strip = ls == 0 ? (value.startsWith("A") ? 1 : 0) : (ls + 1) % 4;
      value = value.substring(Math.min(strip, value.length()));
      return label.equals("r") || label.equals("rr") ? value.replace('-', '/') : value;
    }
    if (name.startsWith("Bytes_") || name.startsWith("Label")) {
      return new String(m.raw(), StandardCharsets.UTF_8); // raw() has no lead bytes
    }
    return m.qb64Text();
  }
}
