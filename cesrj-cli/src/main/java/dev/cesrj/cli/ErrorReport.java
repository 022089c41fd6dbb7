package dev.cesrj.cli;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.EnclosingGroup;
import dev.cesrj.ErrorKind;
import java.io.PrintStream;

/**
 * Prints the typed error that stopped an inspection: its type, stream offset and message, the
 * groups enclosing it ({@code inside: AttachmentGroup (-V) at 0 > ...}) if any, then a
 * hex and ASCII dump of the bytes around the offset ({@value #CONTEXT} before and after, 16 per
 * row), the failing byte marked. Input that is not CESR at all (its first byte starts nothing CESR
 * may start with) gets a plain sentence that says so first, with the byte met and what a CESR
 * stream starts with, then the typed error. Input that reads as annotated CESR ({@link
 * Denot#looksAnnotated}) gets a hint to run {@code denot} first.
 */
final class ErrorReport {
  /** Bytes shown on each side of the failing offset. */
  static final int CONTEXT = 32;

  private ErrorReport() {}

  /**
   * True if the input is not CESR at all: framing stopped at stream offset 0, on a {@link
   * ErrorKind#COLD_START} (CESR specification, "Cold start stream parsing problem") or on a first
   * byte that starts nothing a CESR stream may start with ({@link #mayStartCesr}). A lower-case
   * letter, say, has the cold-start tritet of a JSON body and fails as a body without a version
   * string ("16 more bytes needed"), not at the cold start.
   */
  static boolean notCesr(Failure f, byte[] input) {
    if (input.length == 0 || f.offset() != 0) {
      return false;
    }
    return f.error().kind() == ErrorKind.COLD_START || !mayStartCesr(input[0] & 0xFF);
  }

  /**
   * True if byte {@code b} may start a CESR stream: a message body ({@code '{'} of JSON, a CBOR map
   * 0xa0 to 0xbf, a MessagePack map 0x80 to 0x8f, 0xde or 0xdf) or a count code ({@code '-'} in
   * text, a byte 0xf8 to 0xfb in binary: first sextet 62). The cold-start tritets (keripy {@code
   * sniff}) are wider: they read any byte 0x60 to 0x7f as the start of JSON, 0x80 to 0xdf of CBOR
   * or MessagePack, 0xe0 to 0xff of binary.
   */
  static boolean mayStartCesr(int b) {
    return b == '-' || b == '{' || (b >= 0xa0 && b <= 0xbf) || (b >= 0x80 && b <= 0x8f)
        || b == 0xde || b == 0xdf || (b >= 0xf8 && b <= 0xfb);
  }

  /**
   * The plain sentence printed before the typed error of input that is not CESR at all, when that
   * error is the cold start of a text byte: its message says in plain words which byte was met and
   * what a CESR stream starts with (cesrj-core's {@code MessageFramer.coldStart}), so that is not
   * said twice.
   */
  static final String NOT_CESR = "error: this input is not a CESR stream; in detail:";

  /**
   * The plain sentence printed before the typed error of input that is not CESR at all: {@link
   * #NOT_CESR} after a text byte's cold start, else the byte met at offset 0 and what a CESR stream
   * starts with, since the typed error may speak of what the byte was taken for (a body "16 more
   * bytes needed" short of a version string, a qb2 counter's sextet).
   */
  static String notCesrLine(Failure f, byte[] input) {
    int b = input[0] & 0xFF;
    if (f.error().kind() == ErrorKind.COLD_START && b >= 0x20 && b < 0x60) {
      return NOT_CESR;
    }
    String shown = b >= 0x20 && b < 0x7F ? " ('" + (char) b + "')" : "";
    return "error: this input is not a CESR stream: at offset 0 it has byte "
        + String.format("0x%02x", b) + shown + " where a CESR stream has a message body (JSON '{', a"
        + " CBOR or MessagePack map) or a count code ('-' in text, a byte 0xf8 to 0xfb in binary);"
        + " in detail:";
  }

  static void print(Failure f, byte[] input, CesrOptions options, PrintStream err) {
    CesrException e = f.error();
    boolean annotated = Denot.looksAnnotated(input, options);
    if (notCesr(f, input) && !annotated) {
      err.println(notCesrLine(f, input));
    }
    // the message starts "at offset N" (N counted from the parser's offset base)
    err.println("error: " + e.getClass().getSimpleName() + ": " + Printable.of(e.getMessage())
        + (f.offset() != e.offset() ? " (stream offset " + f.offset() + ")" : ""));
    if (!e.path().isEmpty()) {
      long shift = f.offset() - e.offset();
      StringBuilder inside = new StringBuilder("inside:");
      for (EnclosingGroup g : e.path()) {
        inside.append(inside.length() > 7 ? " >" : "").append(' ').append(g.code().name())
            .append(" (").append(g.code().code()).append(") at ").append(g.offset() + shift);
      }
      err.println(inside);
    }
    if (annotated) {
      err.println("hint: this looks like annotated CESR (the output of inspect --annotate);"
          + " turn it back into the stream with `cesrj denot FILE` first");
    }
    long from = Math.max(0, (f.offset() - CONTEXT) & ~15L);
    long to = Math.min(input.length, f.offset() + CONTEXT);
    if (from >= to) {
      err.println("  (offset " + f.offset() + " is at the end of the " + input.length
          + "-byte input)");
      return;
    }
    err.println("bytes " + from + ".." + to + " of " + input.length + " ('>' marks offset "
        + f.offset() + "):");
    for (long row = from; row < to; row += 16) {
      StringBuilder hex = new StringBuilder();
      StringBuilder text = new StringBuilder();
      for (long i = row; i < row + 16; i++) {
        if (i >= to) {
          hex.append("   ");
          continue;
        }
        int b = input[(int) i] & 0xFF;
        hex.append(i == f.offset() ? '>' : ' ')
            .append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xF, 16));
        text.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
      }
      err.printf("%10d %s  |%s|%n", row, hex, text);
    }
  }
}
