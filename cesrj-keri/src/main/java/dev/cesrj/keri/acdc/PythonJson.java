package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.PythonJsonText;
import dev.cesrj.keri.body.Value;
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
 * integers in decimal, other numbers as Python's {@code repr} of a float (the text rules are
 * {@link PythonJsonText}'s). Used for what keripy
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
      sb.append(PythonJsonText.repr(n.doubleValue()));
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
          .orElseGet(() -> PythonJsonText.repr(Double.parseDouble(n.literal()))));
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
      String escaped = PythonJsonText.escape(c);
      sb.append(escaped != null ? escaped : String.valueOf(c));
    }
    sb.append('"');
  }
}
