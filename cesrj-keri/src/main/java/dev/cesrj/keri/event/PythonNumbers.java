package dev.cesrj.keri.event;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's readings of a number's text, as keripy relies on them (keripy reads {@code s},
 * {@code bt}, {@code kt} and {@code nt} with Python's {@code int(x, 16)}, and a weight with
 * {@code float}, {@code int} and {@code fractions.Fraction}: keripy {@code src/keri/core/coring.py}
 * {@code Number.__init__}, {@code Tholder._processSith}, {@code Tholder.weight}). The forms are those
 * of Python 3.14 (keripy's {@code python_requires}): surrounding whitespace ({@code str.isspace}),
 * a sign, single underscores between digits, any Unicode decimal digit for 0 to 9, and for
 * {@code int(x, 16)} an optional {@code 0x} or {@code 0X} prefix. Stateless.
 */
final class PythonNumbers {
  /** The longest text read as a number: bounds the work of a hostile body. */
  static final int MAX_LENGTH = 1024;

  private static final Pattern HEX = Pattern.compile("[+-]?(?:0[xX]_?)?[0-9a-fA-F]+(?:_[0-9a-fA-F]+)*");
  private static final Pattern DEC = Pattern.compile("[+-]?[0-9]+(?:_[0-9]+)*");
  private static final String DIGITS = "[0-9]+(?:_[0-9]+)*";
  private static final Pattern FLOAT = Pattern.compile(
      "[+-]?(?:(?:" + DIGITS + "(?:\\.(?:" + DIGITS + ")?)?|\\.(?:" + DIGITS + "))(?:[eE][+-]?"
          + DIGITS + ")?|(?i:inf|infinity|nan))");
  /** Python's {@code fractions._RATIONAL_FORMAT} (Python 3.12 to 3.14), whitespace made spaces. */
  private static final Pattern RATIONAL = Pattern.compile(
      " *([-+]?)(?=[0-9]|\\.[0-9])([0-9]*|[0-9]+(?:_[0-9]+)*)(?:(?: */ *([0-9]+(?:_[0-9]+)*))?"
          + "|(?:\\.([0-9]*|[0-9]+(?:_[0-9]+)*))?(?:[eE]([-+]?[0-9]+(?:_[0-9]+)*))?) *",
      Pattern.CASE_INSENSITIVE);

  private PythonNumbers() {}

  /**
   * Python's {@code int(s, radix)}.
   *
   * @param s the text
   * @param radix 10 or 16
   * @return the integer, or empty where Python raises ValueError
   */
  static Optional<BigInteger> integer(String s, int radix) {
    if (s.length() > MAX_LENGTH) {
      return Optional.empty();
    }
    String t = ascii(s, false).trim();
    if (!(radix == 16 ? HEX : DEC).matcher(t).matches()) {
      return Optional.empty();
    }
    boolean negative = t.startsWith("-");
    t = t.replace("_", "");
    if (t.startsWith("+") || t.startsWith("-")) {
      t = t.substring(1);
    }
    if (radix == 16 && (t.startsWith("0x") || t.startsWith("0X"))) {
      t = t.substring(2);
    }
    BigInteger n = new BigInteger(t, radix);
    return Optional.of(negative ? n.negate() : n);
  }

  /**
   * Python's {@code float(s)}.
   *
   * @param s the text
   * @return the double (infinite or NaN where Python's is), or empty where Python raises
   */
  static Optional<Double> floatValue(String s) {
    if (s.length() > MAX_LENGTH) {
      return Optional.empty();
    }
    String t = ascii(s, false).trim();
    if (!FLOAT.matcher(t).matches()) {
      return Optional.empty();
    }
    String u = t.replace("_", "").toLowerCase(java.util.Locale.ROOT);
    String abs = u.startsWith("-") || u.startsWith("+") ? u.substring(1) : u;
    double sign = u.startsWith("-") ? -1 : 1;
    if (abs.equals("inf") || abs.equals("infinity")) {
      return Optional.of(sign * Double.POSITIVE_INFINITY);
    }
    if (abs.equals("nan")) {
      return Optional.of(Double.NaN);
    }
    return Optional.of(Double.parseDouble(u));
  }

  /**
   * Python's {@code fractions.Fraction(s)} of a text, exactly.
   *
   * @param s the text
   * @return numerator and denominator (denominator positive, not reduced), or empty where Python
   *     raises (no match, or a zero denominator)
   */
  static Optional<BigInteger[]> rational(String s) {
    if (s.length() > MAX_LENGTH) {
      return Optional.empty();
    }
    Matcher m = RATIONAL.matcher(ascii(s, true));
    if (!m.matches()) {
      return Optional.empty();
    }
    String num = m.group(2).replace("_", "");
    BigInteger n = num.isEmpty() ? BigInteger.ZERO : new BigInteger(num);
    BigInteger d = BigInteger.ONE;
    if (m.group(3) != null) {
      d = new BigInteger(m.group(3).replace("_", ""));
      if (d.signum() == 0) {
        return Optional.empty(); // ZeroDivisionError
      }
    } else {
      String dec = m.group(4) == null ? "" : m.group(4).replace("_", "");
      BigDecimal v = new BigDecimal((num.isEmpty() ? "0" : num) + (dec.isEmpty() ? "" : "." + dec));
      if (m.group(5) != null) {
        int exp = Integer.parseInt(m.group(5).replace("_", "").replace("+", ""));
        if (Math.abs(exp) > MAX_LENGTH) {
          return Optional.empty(); // not Python's limit: a bound on the work of a hostile body
        }
        v = v.scaleByPowerOfTen(exp);
      }
      if (v.scale() > 0) {
        n = v.unscaledValue();
        d = BigInteger.TEN.pow(v.scale());
      } else {
        n = v.toBigIntegerExact();
      }
    }
    return Optional.of(new BigInteger[] {m.group(1).equals("-") ? n.negate() : n, d});
  }

  /**
   * The text as Python's number parsers see it: each Unicode decimal digit as its ASCII digit; each
   * whitespace character as a space; any other non-ASCII character as {@code ?} (which no number
   * grammar takes). {@code int} and {@code float} take only {@code " \t\n\x0b\f\r"} as ASCII
   * whitespace (CPython's {@code _PyUnicode_TransformDecimalAndSpaceToASCII}, then
   * {@code Py_ISSPACE}), and non-ASCII whitespace; {@code Fraction}'s regular expression takes
   * every {@code str.isspace} character ({@code \s}), so also U+001C to U+001F.
   *
   * @param regexSpace true for {@code Fraction}'s whitespace, false for {@code int}'s and
   *     {@code float}'s
   */
  static String ascii(String s, boolean regexSpace) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      if (isSpace(c) && (regexSpace || c >= 128 || c <= 0x20 && c != 0x1C && c != 0x1D
          && c != 0x1E && c != 0x1F)) {
        sb.append(' ');
      } else if (c < 128) {
        sb.append(c < 0x20 ? '?' : (char) c);
      } else if (Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER) {
        sb.append((char) ('0' + Character.digit(c, 10)));
      } else {
        sb.append('?');
      }
    }
    return sb.toString();
  }

  /** Python's {@code str.isspace} for one code point. */
  static boolean isSpace(int c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0
        || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029
        || c == 0x202F || c == 0x205F || c == 0x3000;
  }
}
