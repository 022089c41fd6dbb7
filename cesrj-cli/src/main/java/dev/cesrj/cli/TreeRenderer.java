package dev.cesrj.cli;

import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.VersionString;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The indented tree: each message with its offset, length, version string fields, ilk, SAID and
 * body size; each group with its counter, name, count and byte span; each primitive with its role,
 * code, code name, index and ondex (signatures) and qb64 (shortened past {@value #LONGEST}
 * characters: {@code --json} and {@code --annotate} give it whole). Spans are
 * {@code [first, end)} stream byte offsets.
 */
final class TreeRenderer implements PartsRenderer {
  /** Longest qb64 shown whole. */
  static final int LONGEST = 100;

  private final PrintStream out;
  private final long inputLength;
  /** Offsets of the GenericGroup counters shown ({@link Parts#shownBefore}). */
  private final Set<Long> genericGroups = new HashSet<>();

  TreeRenderer(PrintStream out, long inputLength) {
    this.out = out;
    this.inputLength = inputLength;
  }

  @Override
  public void print(List<Part> parts) {
    int[] indents = Parts.indents(parts);
    boolean[] shown = Parts.shownBefore(parts, genericGroups);
    for (int i = 0; i < parts.size(); i++) {
      if (!shown[i]) {
        out.println("  ".repeat(indents[i]) + Printable.of(line(parts.get(i))));
      }
    }
  }

  /** The last line for empty input: a stream of no messages, framed whole (status 0). */
  static final String EMPTY = "end: 0 bytes framed (empty input: no messages)";

  @Override
  public void end(long framedTo, Failure failure) {
    if (failure == null && inputLength == 0) {
      out.println(EMPTY);
      return;
    }
    out.println(failure == null
        ? "end: " + inputLength + " bytes framed"
        : "stopped at offset " + framedTo + " of " + inputLength + " bytes (error below)");
  }

  static String line(Part p) {
    if (p instanceof Part.Head) {
      return head((Part.Head) p);
    }
    if (p instanceof Part.Body) {
      Message m = ((Part.Body) p).message();
      return "body " + m.version().kind() + " " + span(p.offset(), p.bytes());
    }
    if (p instanceof Part.Counter) {
      Group g = ((Part.Counter) p).group();
      return g.counterText() + " " + g.name() + " " + count(g) + " " + span(p.offset(), g.length());
    }
    if (p instanceof Part.TupleHead) {
      Part.TupleHead t = (Part.TupleHead) p;
      return "tuple " + t.ordinal() + " " + span(p.offset(), t.tuple().length());
    }
    if (p instanceof Part.Primitive) {
      return primitive((Part.Primitive) p);
    }
    Part.Gap gap = (Part.Gap) p;
    return "not framed: " + span(gap.offset(), gap.bytes()) + " " + gap.why();
  }

  private static String head(Part.Head h) {
    Message m = h.message();
    VersionString vs = m.version();
    StringBuilder sb = new StringBuilder(m.depth() == 1 ? "message " : "nested message ")
        .append(h.ordinal()).append(" at ").append(h.offset()).append(", ")
        .append(m.length()).append(" bytes: ")
        .append(vs.text()).append(" proto=").append(vs.proto())
        .append(" pvrsn=").append(vs.protocolVersion());
    if (vs.format() == 2) {
      sb.append(" gvrsn=").append(vs.genusMajor()).append('.').append(vs.genusMinor());
    }
    sb.append(" kind=").append(vs.kind()).append(" size=").append(vs.size());
    BodyFields f = h.fields();
    if (f.decoded()) {
      sb.append(" ilk=").append(f.ilk()).append(" said=").append(f.said());
    } else {
      sb.append(" (body not decodable)");
    }
    return sb.toString();
  }

  private static String primitive(Part.Primitive p) {
    if (p.opaque()) {
      return p.role() + " " + p.element().length() + " bytes " + qb64(p.element().qb64Text());
    }
    StringBuilder sb = new StringBuilder(p.role()).append(' ');
    if (p.element() instanceof IndexedSignature) {
      IndexedSignature s = (IndexedSignature) p.element();
      sb.append(s.code().code()).append(' ').append(s.code().name())
          .append(" index=").append(s.index())
          .append(" ondex=").append(s.ondex().isPresent() ? s.ondex().getAsInt() : "none");
    } else {
      Matter m = (Matter) p.element();
      sb.append(m.code().code()).append(' ').append(m.code().name());
    }
    return sb.append(' ').append(qb64(p.element().qb64Text())).toString();
  }

  private static String qb64(String text) {
    return text.length() <= LONGEST
        ? text
        : text.substring(0, LONGEST / 2) + "... (" + text.length() + " chars)";
  }

  /**
   * {@code count=N elements|quadlets}; for a genus-version code the version its soft part
   * encodes (major in the first character, minor in the other two).
   */
  static String count(Group g) {
    CountUnit u = g.code().unit();
    if (u == CountUnit.NONE) {
      return "version=" + CounterTable.genusMajor(g.count()) + "."
          + CounterTable.genusMinor(g.count());
    }
    return "count=" + g.count() + " " + u.name().toLowerCase(java.util.Locale.ROOT);
  }

  private static String span(long offset, long length) {
    return "[" + offset + ", " + (offset + length) + ")";
  }
}
