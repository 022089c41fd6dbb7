package dev.cesrj.cli;

import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The top-level text fields of a CESR-native body (CESR 2.0 FixBodyGroup {@code -F} or
 * MapBodyGroup {@code -G}), for {@link BodyFields}.
 *
 * <p>A FixBodyGroup writes its fields without labels, in the order of keripy's {@code
 * Serder.Fields} for version 2 of its protocol and its ilk (keripy {@code
 * src/keri/core/serdering.py}); the first field is the Verser (its protocol, e.g. {@code KERI}),
 * the second the ilk, a Tag3 (an ACDC without ilk has none). {@link #ORDER} is that table, one
 * row per ilk. Where a row has optional fields (ACDC) and the body has fewer fields than the row,
 * only the fields before the first optional one are named. A MapBodyGroup's fields are label,
 * value pairs: the labels name them.
 *
 * <p>Values: a tag (Tag1..Tag11, e.g. the ilk {@code Xicp}) as its text, a number (the codes of
 * {@link Slot#NUMBER}) as lowercase hex without leading zeros (keripy {@code Number.numh}), a
 * StrB64 value as its Base64 text ({@code -} read as {@code /} for the route {@code r}, as
 * keripy's Pather gives a path), a Bytes or Label value as its raw bytes in UTF-8, any other
 * primitive as its qb64; a group (a list or map) has no text value.
 */
final class NativeFields {
  /** An ilk's field labels, and which of them are optional (keripy {@code FieldDom.opts}). */
  private record Order(List<String> labels, List<String> optional) {}

  /** keripy serdering.py {@code Fields}, version 2.0, by protocol and ilk ("" for none). */
  private static final Map<String, Order> ORDER = new HashMap<>();

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

  private NativeFields() {}

  private static void keri(String ilk, String labels) {
    ORDER.put("KERI/" + ilk, new Order(List.of(labels.split(" ")), List.of()));
  }

  private static void acdc(String ilk, String labels, String optional) {
    ORDER.put("ACDC/" + ilk, new Order(List.of(labels.split(" ")),
        optional.isEmpty() ? List.of() : List.of(optional.split(" "))));
  }

  /**
   * The text fields of native body group {@code body} by label, or {@code null} if its fields
   * cannot be read (each field is decoded here; the framer checked only their sizes).
   */
  static Map<String, String> read(Group body) {
    try {
      List<Element> fields = body.elements();
      Map<String, String> out = new HashMap<>();
      if (body.code().isMapBody()) {
        for (int i = 0; i + 1 < fields.size(); i += 2) {
          String label = fields.get(i) instanceof Matter ? text((Matter) fields.get(i), "") : null;
          if (label != null && fields.get(i + 1) instanceof Matter) {
            out.putIfAbsent(label, text((Matter) fields.get(i + 1), label));
          }
        }
        return out;
      }
      List<String> labels = labels(fields);
      for (int i = 0; i < Math.min(labels.size(), fields.size()); i++) {
        if (fields.get(i) instanceof Matter) {
          out.put(labels.get(i), text((Matter) fields.get(i), labels.get(i)));
        }
      }
      return out;
    } catch (RuntimeException e) {
      return null; // a field that does not decode: the body is shown undecoded
    }
  }

  /** The labels of a FixBodyGroup's fields, by its protocol and ilk; as many as can be named. */
  private static List<String> labels(List<Element> fields) {
    if (fields.isEmpty() || !(fields.get(0) instanceof Matter)) {
      return List.of();
    }
    String verser = ((Matter) fields.get(0)).soft();
    String proto = verser.length() >= 4 ? verser.substring(0, 4) : verser;
    String ilk = fields.size() > 1 && fields.get(1) instanceof Matter
        && ((Matter) fields.get(1)).code() == MatterCode.Tag3
        ? ((Matter) fields.get(1)).soft() : "";
    Order order = ORDER.get(proto + "/" + ilk);
    if (order == null) {
      // an ilk keripy does not list: the fields every row starts with
      return ilk.isEmpty() ? List.of("v") : List.of("v", "t", "d");
    }
    if (fields.size() >= order.labels().size() || order.optional().isEmpty()) {
      return order.labels();
    }
    int firstOptional = order.labels().size();
    for (int i = 0; i < order.labels().size(); i++) {
      if (order.optional().contains(order.labels().get(i))) {
        firstOptional = i;
        break;
      }
    }
    return order.labels().subList(0, firstOptional);
  }

  /** The text value of {@code m} as keripy's Serder gives it, for the field {@code label}. */
  static String text(Matter m, String label) {
    MatterCode c = m.code();
    String name = c.name();
    if (name.startsWith("Tag")) {
      return m.soft();
    }
    if (Slot.NUMBER.accepts(c)) {
      return new BigInteger(1, m.raw()).toString(16);
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
