package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Serializes a JSON tree as keripy does ({@code src/keri/core/coring.py} {@code dumps}: Python's
 * {@code json.dumps(sad, separators=(",", ":"), ensure_ascii=False)}, UTF-8): no whitespace,
 * members in their order, non-ASCII characters as they are, {@code "} and {@code \} and the
 * control characters escaped ({@code \n \r \t \b \f}, the others {@code \}{@code u00xx}),
 * integers in decimal, other numbers as Python's {@code repr} of a float. Used for what keripy
 * serializes from a loaded document rather than from bytes: a schema file's {@code $id} (keripy
 * {@code JSONSchema.load}), and an ACDC version 2 credential's most compact form (keripy {@code
 * SerderACDC._compute}). Stateless.
 */
final class PythonJson {
  private PythonJson() {}

  /** {@return the UTF-8 bytes of {@code node} as keripy's {@code dumps} writes it} */
  static byte[] dumps(JsonNode node) {
    StringBuilder sb = new StringBuilder();
    write(node, sb);
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void write(JsonNode n, StringBuilder sb) {
    if (n.isObject()) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        if (!first) {
          sb.append(',');
        }
        first = false;
        string(e.getKey(), sb);
        sb.append(':');
        write(e.getValue(), sb);
      }
      sb.append('}');
    } else if (n.isArray()) {
      sb.append('[');
      for (int i = 0; i < n.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        write(n.get(i), sb);
      }
      sb.append(']');
    } else if (n.isString()) {
      string(n.stringValue(), sb);
    } else if (n.isIntegralNumber()) {
      sb.append(n.bigIntegerValue());
    } else if (n.isNumber()) {
      sb.append(floatRepr(n.doubleValue()));
    } else if (n.isBoolean()) {
      sb.append(n.booleanValue() ? "true" : "false");
    } else {
      sb.append("null");
    }
  }

  /**
   * {@return the UTF-8 bytes of a body's map as keripy's {@code dumps} writes it, each nested map
   * for which {@code compact} gives a text written as that text (keripy's most compact form), and
   * the field {@code dummy} of the top map, if any, written as {@code dummyText}}
   *
   * @param f the map
   * @param compact gives the SAID a nested map is compacted to, or null to write it out
   * @param dummy a top-level label to replace, or null
   * @param dummyText its replacement text
   */
  static byte[] dumps(FieldMap f, Function<FieldMap, String> compact, String dummy,
      String dummyText) {
    StringBuilder sb = new StringBuilder();
    map(f, compact, dummy, dummyText, sb);
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void map(FieldMap f, Function<FieldMap, String> compact, String dummy,
      String dummyText, StringBuilder sb) {
    sb.append('{');
    boolean first = true;
    for (String l : f.labels()) {
      if (!first) {
        sb.append(',');
      }
      first = false;
      string(l, sb);
      sb.append(':');
      if (l.equals(dummy)) {
        string(dummyText, sb);
      } else {
        value(f.get(l).orElseThrow(), compact, sb);
      }
    }
    sb.append('}');
  }

  private static void value(Value v, Function<FieldMap, String> compact, StringBuilder sb) {
    if (v instanceof Value.Text) {
      string(((Value.Text) v).value(), sb);
    } else if (v instanceof Value.Number) {
      Value.Number n = (Value.Number) v;
      sb.append(n.integer().map(BigInteger::toString)
          .orElseGet(() -> floatRepr(Double.parseDouble(n.literal()))));
    } else if (v instanceof Value.Bool) {
      sb.append(((Value.Bool) v).value() ? "true" : "false");
    } else if (v instanceof Value.ListValue) {
      sb.append('[');
      List<Value> items = ((Value.ListValue) v).items();
      for (int i = 0; i < items.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        value(items.get(i), compact, sb);
      }
      sb.append(']');
    } else if (v instanceof Value.MapValue) {
      FieldMap m = ((Value.MapValue) v).fields();
      String said = compact.apply(m);
      if (said != null) {
        string(said, sb);
      } else {
        map(m, compact, null, null, sb);
      }
    } else {
      sb.append("null");
    }
  }

  private static void string(String s, StringBuilder sb) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        case '\b': sb.append("\\b"); break;
        case '\f': sb.append("\\f"); break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    sb.append('"');
  }

  /**
   * Python's {@code repr} of a float (and {@code json.dumps}' {@code Infinity}, {@code NaN}): the
   * shortest digits that read back as the same double, positional when the decimal exponent is
   * from -4 to 15 (always with a fraction, {@code 1.0}), else {@code d.ddde+XX}. The digits are
   * Java's {@code Double.toString}'s, the shortest on JDK 19 and later (on JDK 17 a few doubles
   * get one digit more than Python's).
   */
  static String floatRepr(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    if (d == 0) {
      return (Double.doubleToRawLongBits(d) < 0 ? "-" : "") + "0.0";
    }
    BigDecimal b = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
    String digits = b.unscaledValue().toString();
    int exp = digits.length() - b.scale() - 1; // the exponent of the first digit
    StringBuilder sb = new StringBuilder(d < 0 ? "-" : "");
    if (exp >= -4 && exp < 16) {
      if (exp >= 0) {
        String intPart = digits.length() > exp + 1 ? digits.substring(0, exp + 1)
            : digits + "0".repeat(exp + 1 - digits.length());
        String frac = digits.length() > exp + 1 ? digits.substring(exp + 1) : "0";
        sb.append(intPart).append('.').append(frac);
      } else {
        sb.append("0.").append("0".repeat(-exp - 1)).append(digits);
      }
    } else {
      sb.append(digits.charAt(0));
      if (digits.length() > 1) {
        sb.append('.').append(digits, 1, digits.length());
      }
      sb.append('e').append(exp < 0 ? '-' : '+');
      int a = Math.abs(exp);
      sb.append(a < 10 ? "0" : "").append(a);
    }
    return sb.toString();
  }
}
