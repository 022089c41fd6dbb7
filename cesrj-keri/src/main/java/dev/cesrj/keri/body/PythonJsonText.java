package dev.cesrj.keri.body;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The text forms of keripy's JSON serialization ({@code src/keri/core/coring.py} {@code dumps}:
 * Python's {@code json.dumps(sad, separators=(",", ":"), ensure_ascii=False)}), in one place: how
 * a string's characters are escaped, and how a number is written. {@link CanonicalJson} checks a
 * body against them; {@code dev.cesrj.keri.acdc} writes schemas and ACDC 2.0 compact forms with
 * them. Stateless.
 */
public final class PythonJsonText {
  private PythonJsonText() {}

  /**
   * {@return the escape {@code json.dumps} writes for {@code c} in a string, or null if it writes
   * {@code c} as it is}: {@code \"} and {@code \\}, {@code \n \r \t \b \f}, the other
   * control characters below U+0020 as {@code \}{@code u00xx} (lowercase hex); nothing else, not
   * {@code /} and not non-ASCII (written raw, as UTF-8, with {@code ensure_ascii=False}).
   *
   * @param c a UTF-16 code unit
   */
  public static String escape(char c) {
    switch (c) {
      case '"':
        return "\\\"";
      case '\\':
        return "\\\\";
      case '\n':
        return "\\n";
      case '\r':
        return "\\r";
      case '\t':
        return "\\t";
      case '\b':
        return "\\b";
      case '\f':
        return "\\f";
      default:
        return c < 0x20 ? String.format("\\u%04x", (int) c) : null;
    }
  }

  /**
   * {@return the number as Python's {@code json.dumps} writes what {@code json.loads} made of
   * {@code literal}: an integer as {@code str(int)}, anything else as {@code repr(float)}}
   *
   * @param literal a JSON number literal
   * @throws NumberFormatException if it is none
   */
  public static String number(String literal) {
    if (literal.indexOf('.') < 0 && literal.indexOf('e') < 0 && literal.indexOf('E') < 0) {
      return new BigInteger(literal).toString();
    }
    return repr(Double.parseDouble(literal));
  }

  /**
   * {@return Python's {@code repr(float)} of {@code d}} (and json's {@code NaN}, {@code Infinity},
   * {@code -Infinity}): the shortest decimal digits that read back as {@code d} (exact on every
   * JDK: found by rounding the exact binary value, not by {@code Double.toString}), positional
   * when the decimal exponent is from -4 to 15, else {@code d.ddde+XX}.
   *
   * @param d any double
   */
  public static String repr(double d) {
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
