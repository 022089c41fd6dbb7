package dev.cesrj.keri.body;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Checks that a JSON body is byte for byte what keripy writes for the field map it holds: keripy's
 * {@code Serder} loads a body, re-serializes the map and refuses the body if the bytes differ
 * ({@code src/keri/core/serdering.py} {@code Serder._verify}, "Invalid round trip", reported as
 * "Invalid raw for Serder"; {@code Serder.dumps}: Python's
 * {@code json.dumps(sad, separators=(",", ":"), ensure_ascii=False).encode()}). So one logical
 * event cannot take many SAIDs. What that writes:
 *
 * <ul>
 *   <li>no whitespace between tokens; {@code {"l":v,...}} and {@code [a,b]};
 *   <li>texts in quotes with <code>&#92;"</code>, <code>&#92;&#92;</code>, <code>&#92;n</code>,
 *       <code>&#92;r</code>, <code>&#92;t</code>, <code>&#92;b</code>, <code>&#92;f</code>, other
 *       characters below U+0020 as <code>&#92;u00XX</code> (lowercase hex);
 *       everything else raw as UTF-8 ({@code /}, DEL and non-ASCII unescaped); a text holding a lone
 *       surrogate cannot be encoded, so keripy refuses the body;
 *   <li>integers as Python's {@code str(int)} (so {@code -0} is not one); fractions and exponents as
 *       Python's {@code repr(float)} (shortest round trip, {@code 1.0}, {@code 1e+16},
 *       {@code 1.5e-05});
 *   <li>{@code true}, {@code false}, {@code null}; each label once (Python's {@code dict} keeps the
 *       last of repeated labels at the place of the first, so a body repeating one never writes
 *       itself again: the readers refuse repeated labels outright).
 * </ul>
 *
 * <p>The check writes nothing: it walks the decoded map once and compares each byte keripy would
 * write with the body's, stopping at the first difference. One instance checks one body.
 */
final class CanonicalJson {
  private final byte[] body;
  private int pos;

  private CanonicalJson(byte[] body) {
    this.body = body;
  }

  /**
   * Checks {@code body} against keripy's serialization of {@code fields}.
   *
   * @throws KeriBodyException ({@code MALFORMED_BODY}) at the first byte that differs
   */
  static void check(byte[] body, FieldMap fields) {
    CanonicalJson c = new CanonicalJson(body);
    c.map(fields);
    if (c.pos != body.length) {
      throw BodyErrors.nonCanonical(c.pos, "JSON", "the end of the body", "more bytes");
    }
  }

  private void map(FieldMap m) {
    put('{');
    boolean first = true;
    for (String l : m.labels()) {
      if (!first) {
        put(',');
      }
      first = false;
      text(l);
      put(':');
      value(m.get(l).orElseThrow());
    }
    put('}');
  }

  private void value(Value v) {
    if (v instanceof Value.Text t) {
      text(t.value());
    } else if (v instanceof Value.Number n) {
      ascii(python(n.literal()));
    } else if (v instanceof Value.Bool b) {
      ascii(b.value() ? "true" : "false");
    } else if (v instanceof Value.Null) {
      ascii("null");
    } else if (v instanceof Value.ListValue l) {
      put('[');
      for (int i = 0; i < l.items().size(); i++) {
        if (i > 0) {
          put(',');
        }
        value(l.items().get(i));
      }
      put(']');
    } else {
      map(((Value.MapValue) v).fields());
    }
  }

  private void text(String s) {
    put('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> ascii("\\\"");
        case '\\' -> ascii("\\\\");
        case '\n' -> ascii("\\n");
        case '\r' -> ascii("\\r");
        case '\t' -> ascii("\\t");
        case '\b' -> ascii("\\b");
        case '\f' -> ascii("\\f");
        default -> {
          if (c < 0x20) {
            ascii(String.format("\\u%04x", (int) c));
          } else if (c < 0x80) {
            put(c);
          } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            utf8(Character.toCodePoint(c, s.charAt(++i)));
          } else if (Character.isSurrogate(c)) {
            throw BodyErrors.nonCanonical(pos, "JSON", "a text keripy can encode as UTF-8",
                "a lone surrogate \\u" + Integer.toHexString(c));
          } else {
            utf8(c);
          }
        }
      }
    }
    put('"');
  }

  private void utf8(int cp) {
    if (cp < 0x800) {
      put(0xC0 | (cp >> 6));
    } else if (cp < 0x10000) {
      put(0xE0 | (cp >> 12));
      put(0x80 | ((cp >> 6) & 0x3F));
    } else {
      put(0xF0 | (cp >> 18));
      put(0x80 | ((cp >> 12) & 0x3F));
      put(0x80 | ((cp >> 6) & 0x3F));
    }
    put(0x80 | (cp & 0x3F));
  }

  private void ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      put(s.charAt(i));
    }
  }

  private void put(int b) {
    if (pos >= body.length || (body[pos] & 0xFF) != (b & 0xFF)) {
      throw BodyErrors.nonCanonical(pos, "JSON", "'" + (char) b + "'",
          pos >= body.length ? "the end of the body" : "'" + (char) (body[pos] & 0xFF) + "'");
    }
    pos++;
  }

  /**
   * {@return the number as Python's {@code json.dumps} writes what {@code json.loads} made of
   * {@code literal}: an integer as {@code str(int)}, anything else as {@code repr(float)}}
   */
  static String python(String literal) {
    if (literal.indexOf('.') < 0 && literal.indexOf('e') < 0 && literal.indexOf('E') < 0) {
      return new BigInteger(literal).toString();
    }
    return repr(Double.parseDouble(literal));
  }

  /** Python's {@code repr(float)} (and json's {@code NaN}, {@code Infinity}). */
  static String repr(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    String sign = (Double.doubleToRawLongBits(d) < 0) ? "-" : "";
    double a = Math.abs(d);
    if (a == 0) {
      return sign + "0.0";
    }
    BigDecimal exact = new BigDecimal(a);
    BigDecimal shortest = exact;
    for (int p = 1; p <= 17; p++) {
      BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
      if (r.doubleValue() == a) {
        shortest = r;
        break;
      }
    }
    String digits = shortest.unscaledValue().toString();
    int strip = digits.length();
    while (strip > 1 && digits.charAt(strip - 1) == '0') {
      strip--;
    }
    // value = 0.digits * 10^decpt
    int decpt = digits.length() - shortest.scale();
    digits = digits.substring(0, strip);
    StringBuilder sb = new StringBuilder(sign);
    if (decpt <= -4 || decpt > 16) {
      sb.append(digits.charAt(0));
      if (digits.length() > 1) {
        sb.append('.').append(digits, 1, digits.length());
      }
      int e = decpt - 1;
      sb.append('e').append(e < 0 ? '-' : '+');
      String es = Integer.toString(Math.abs(e));
      sb.append(es.length() < 2 ? "0" + es : es);
    } else if (decpt <= 0) {
      sb.append("0.").append("0".repeat(-decpt)).append(digits);
    } else if (decpt >= digits.length()) {
      sb.append(digits).append("0".repeat(decpt - digits.length())).append(".0");
    } else {
      sb.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
    }
    return sb.toString();
  }
}
