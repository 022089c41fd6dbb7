package dev.cesrj.cli;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Removes the annotation of {@link AnnotationRenderer}'s output and gives back the stream's bytes,
 * as keripy's {@code denot} (keri.core.annotating) does: for each line, drop everything from the
 * first {@code #}, strip surrounding white space, and join what remains with nothing between. A
 * remainder that starts with {@value #HEX_MARK} is hex-encoded bytes (cesrj's addition for bytes
 * that cannot stand on a text line).
 */
final class Denot {
  /** Marks a line whose content is lowercase hex: {@value}. */
  static final String HEX_MARK = "!";

  private Denot() {}

  /**
   * The bytes {@code annotated} stands for.
   *
   * @throws IllegalArgumentException if a hex line holds an odd number of digits or a non-hex
   *     character (naming the line)
   */
  static byte[] denot(String annotated) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String[] lines = annotated.split("\r?\n|\r", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n];
      int hash = line.indexOf('#');
      String front = (hash < 0 ? line : line.substring(0, hash)).strip();
      if (front.startsWith(HEX_MARK)) {
        hex(front.substring(HEX_MARK.length()), n + 1, out);
      } else {
        out.writeBytes(front.getBytes(StandardCharsets.UTF_8));
      }
    }
    return out.toByteArray();
  }

  private static void hex(String digits, int line, ByteArrayOutputStream out) {
    if (digits.length() % 2 != 0) {
      throw new IllegalArgumentException("line " + line + ": odd number of hex digits");
    }
    for (int i = 0; i < digits.length(); i += 2) {
      int hi = Character.digit(digits.charAt(i), 16);
      int lo = Character.digit(digits.charAt(i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException("line " + line + ": not hex: " + digits.substring(i, i + 2));
      }
      out.write(hi << 4 | lo);
    }
  }
}
