package dev.cesrj.cli;

/**
 * Makes text from the input safe to print: every character that is not printable ASCII
 * ({@code 0x20}..{@code 0x7E}) is escaped, so that no control character (a line break that would
 * end an annotation comment, an escape sequence that would retitle or clear a terminal) and no
 * non-ASCII character reaches the output. Escapes: {@code \\} for a backslash, {@code \n},
 * {@code \r}, {@code \t}, {@code \xNN} for another character below {@code 0x100}, and
 * <code>&#92;u{N}</code> (N the code point in hex) above it.
 */
final class Printable {
  private Printable() {}

  /** {@code text} with every character outside printable ASCII escaped; {@code null} as "null". */
  static String of(String text) {
    if (text == null) {
      return "null";
    }
    StringBuilder sb = null;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      int n = Character.charCount(c);
      if (c >= 0x20 && c < 0x7F && c != '\\') {
        if (sb != null) {
          sb.append((char) c);
        }
      } else {
        if (sb == null) {
          sb = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        escape(c, sb);
      }
      i += n;
    }
    return sb == null ? text : sb.toString();
  }

  private static void escape(int c, StringBuilder sb) {
    switch (c) {
      case '\\':
        sb.append("\\\\");
        break;
      case '\n':
        sb.append("\\n");
        break;
      case '\r':
        sb.append("\\r");
        break;
      case '\t':
        sb.append("\\t");
        break;
      default:
        if (c < 0x100) {
          sb.append("\\x").append(Character.forDigit(c >> 4, 16))
              .append(Character.forDigit(c & 0xF, 16));
        } else {
          sb.append("\\u{").append(Integer.toHexString(c)).append('}');
        }
    }
  }
}
