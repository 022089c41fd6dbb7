package dev.cesrj.cli;

import dev.cesrj.code.Domain;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Annotated CESR text in the style of keripy's {@code annot} (keri.core.annotating): one element
 * per line, indented two spaces per level, each followed by a {@code #} comment naming it; lines
 * that are only a comment head each message and tuple. {@link Denot} removes the annotation and
 * gives the input bytes back exactly.
 *
 * <p>Bytes that cannot stand on an annotation line as they are (a CBOR or MGPK body, a JSON body
 * with a {@code #}, a line break, a non-ASCII or control byte or surrounding spaces, every
 * counter and element read in the qb2 domain, and, after an error, the bytes not framed) are
 * written on one line as {@value Denot#HEX_MARK} followed by their lowercase hex, with the same
 * {@code #} comment as text; after an error, the bytes not framed are written whole, {@value
 * #UNFRAMED_PER_LINE} to a line (a file that is not CESR at all is short lines, not one line of
 * the whole file), so that {@link Denot} gives back every input byte even then. keripy's {@code
 * denot} knows no such lines
 * (its {@code annot} reads only CESR-native bodies); a stream of qb64 attachments and JSON bodies
 * annotates to plain text that its {@code denot} reads as ours does.
 */
final class AnnotationRenderer implements PartsRenderer {
  /** Bytes not framed (after an error) written per hex line. */
  static final int UNFRAMED_PER_LINE = 32;

  private final PrintStream out;
  private final byte[] input;
  /** Stream offset up to which the input has been written. */
  private long written;
  /** Offsets of the GenericGroup counters written ({@link Parts#shownBefore}). */
  private final Set<Long> genericGroups = new HashSet<>();

  AnnotationRenderer(PrintStream out, byte[] input) {
    this.out = out;
    this.input = input;
  }

  @Override
  public void end(long framedTo, Failure failure) {
    if (written < input.length) {
      String why = failure == null ? "not framed" : "not framed: " + failure.error().getMessage();
      for (long at = written; at < input.length; at += UNFRAMED_PER_LINE) {
        hex(0, at, Math.min(UNFRAMED_PER_LINE, input.length - at),
            at == written ? why : "not framed, continued");
      }
      written = input.length;
    }
  }

  /**
   * Writes the parts, and as hex any bytes between them that no part covers.
   *
   * @throws IllegalStateException if two parts cover the same bytes (the round trip would break)
   */
  @Override
  public void print(List<Part> parts) {
    int[] indents = Parts.indents(parts);
    boolean[] shown = Parts.shownBefore(parts, genericGroups);
    for (int i = 0; i < parts.size(); i++) {
      Part p = parts.get(i);
      if (shown[i]) {
        continue; // the counter of the GenericGroup around an earlier message
      }
      if (p.bytes() > 0 && p.offset() < written) {
        throw new IllegalStateException("overlapping parts at offset " + p.offset());
      }
      if (p.offset() > written) {
        // bytes no part covers (a genus-version code the message does not keep), before the
        // part, heading or not, that comes after them
        hex(indents[i], written, p.offset() - written, "not framed");
        written = p.offset();
      }
      line(indents[i], p);
      written = Math.max(written, p.offset() + p.bytes());
    }
  }

  private void line(int indent, Part p) {
    String pad = "  ".repeat(indent);
    if (p instanceof Part.Head || p instanceof Part.TupleHead) {
      out.println(pad + "# " + Printable.of(TreeRenderer.line(p)));
    } else if (p instanceof Part.Body) {
      Message m = ((Part.Body) p).message();
      String comment = m.version().kind() + " body " + m.version().text() + " ("
          + p.bytes() + " bytes)";
      if (literal(p.offset(), p.bytes())) {
        out.println(pad + text(p.offset(), p.bytes()) + " # " + Printable.of(comment));
      } else {
        hex(indent, p.offset(), p.bytes(), comment);
      }
    } else if (p instanceof Part.Counter) {
      Group g = ((Part.Counter) p).group();
      String comment = "Counter " + g.name() + " " + TreeRenderer.count(g);
      if (g.domain() == Domain.QB2 || !literal(p.offset(), p.bytes())) {
        hex(indent, p.offset(), p.bytes(), comment);
      } else {
        out.println(pad + text(p.offset(), p.bytes()) + " # " + Printable.of(comment));
      }
    } else if (p instanceof Part.Primitive) {
      Part.Primitive prim = (Part.Primitive) p;
      if (prim.element().domain() == Domain.QB2 || !literal(p.offset(), p.bytes())) {
        hex(indent, p.offset(), p.bytes(), comment(prim));
      } else {
        out.println(pad + text(p.offset(), p.bytes()) + " # " + Printable.of(comment(prim)));
      }
    } else {
      Part.Gap gap = (Part.Gap) p;
      hex(indent, gap.offset(), gap.bytes(), gap.why());
    }
  }

  /** keripy's comment: role (as a class name), code name, and index/ondex for a signature. */
  private static String comment(Part.Primitive p) {
    String role = p.role().substring(0, 1).toUpperCase(Locale.ROOT) + p.role().substring(1);
    if (p.opaque()) {
      return role + " (opaque CESR, " + p.bytes() + " bytes)";
    }
    if (p.element() instanceof IndexedSignature) {
      IndexedSignature s = (IndexedSignature) p.element();
      return role + " " + s.code().name() + " index=" + s.index() + " ondex="
          + (s.ondex().isPresent() ? s.ondex().getAsInt() : "none");
    }
    return role + " " + ((Matter) p.element()).code().name();
  }

  /**
   * True if the bytes can stand on a line as they are: printable ASCII without {@code #}, not
   * starting with {@value Denot#HEX_MARK} or a space, not ending with a space.
   */
  private boolean literal(long offset, int length) {
    int from = (int) offset;
    if (length == 0 || input[from] == ' ' || input[from] == Denot.HEX_MARK.charAt(0)
        || input[from + length - 1] == ' ') {
      return false;
    }
    for (int i = from; i < from + length; i++) {
      if (input[i] < 0x20 || input[i] > 0x7E || input[i] == '#') {
        return false;
      }
    }
    return true;
  }

  private String text(long offset, int length) {
    return new String(input, (int) offset, length, StandardCharsets.US_ASCII);
  }

  /** Writes {@code length} input bytes from {@code offset} as one hex line. */
  private void hex(int indent, long offset, long length, String comment) {
    StringBuilder sb = new StringBuilder("  ".repeat(indent)).append(Denot.HEX_MARK);
    for (long at = offset; at < offset + length; at++) {
      int b = input[(int) at];
      sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    out.println(sb.append(" # ").append(Printable.of(comment)).append(" (hex)"));
  }
}
