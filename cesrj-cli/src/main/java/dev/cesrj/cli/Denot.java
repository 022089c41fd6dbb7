package dev.cesrj.cli;

import dev.cesrj.CesrOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
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

  /**
   * True if {@code input} reads as annotated CESR: it has a {@code #} comment, {@link #denot}
   * takes it, and what that gives back inspects without error with {@code options} (so that a
   * shell script or other text starting with {@code #} or {@code !} is not taken for it).
   */
  static boolean looksAnnotated(byte[] input, CesrOptions options) {
    boolean comment = false;
    for (byte b : input) {
      if (b == '#') {
        comment = true;
        break;
      }
    }
    if (!comment) {
      return false;
    }
    byte[] stream;
    try {
      stream = denot(new String(input, StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      return false;
    }
    if (stream.length == 0) {
      return false;
    }
    try (PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream())) {
      return Inspection.run(stream, options, 0, new TreeRenderer(nowhere, stream.length)) == null;
    } catch (IOException | RuntimeException e) {
      return false; // only a hint: never an error of its own
    }
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
