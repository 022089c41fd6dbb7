package dev.cesrj.group;

import dev.cesrj.testing.ErrorShape;
import dev.cesrj.CesrException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;

/**
 * Plain-value snapshots of parse results, to compare two parsing paths with {@code equals}: every
 * group's code, name, count, offset, length, depth, table and qb64 text, its elements (recursively)
 * and its signatures (code, index, ondex, qb64), then how the parse ended.
 */
final class Snapshot {
  private Snapshot() {}

  /** A group with everything reachable from it. Does not decode raw values. */
  static List<Object> of(Group g) {
    List<Object> elements = new ArrayList<>();
    for (Element e : g.elements()) {
      elements.add(element(e));
    }
    List<Object> sigs = new ArrayList<>();
    for (IndexedSignature s : g.signatures()) {
      sigs.add(sig(s));
    }
    return List.of(
        "group", g.code().code(), g.name(), g.count(), g.offset(), g.length(), g.depth(),
        g.table().name(), g.counterText(), g.qb64Text(), elements, sigs);
  }

  static List<Object> sig(IndexedSignature s) {
    return List.of("sig", s.code().code(), s.index(), s.ondex(), s.offset(), s.qb64Text());
  }

  private static Object element(Element e) {
    if (e instanceof Group) {
      return of((Group) e);
    }
    if (e instanceof IndexedSignature) {
      return sig((IndexedSignature) e);
    }
    if (e instanceof Matter) {
      Matter m = (Matter) e;
      return List.of("matter", m.code().code(), m.soft(), m.offset(), m.qb64Text());
    }
    if (e instanceof Tuple) {
      List<Object> parts = new ArrayList<>();
      for (Element p : ((Tuple) e).parts()) {
        parts.add(element(p));
      }
      return List.of("tuple", e.offset(), e.qb64Text(), parts);
    }
    return List.of(e.getClass().getSimpleName(), e.offset(), e.length(), e.qb64Text());
  }

  /** How a parse ended: cleanly, or with this exception (type, offset, code, needed bytes). */
  static List<Object> end(CesrException e) {
    if (e == null) {
      return List.of("end");
    }
    long needed = e instanceof TruncatedException ? ((TruncatedException) e).needed() : -1;
    return List.of(ErrorShape.of(e), e.offset(), String.valueOf(e.code()), needed);
  }

  /** Every group of {@code input} through {@link Groups#over(ByteBuf)}, then how it ended. */
  static List<Object> viaOver(byte[] input, dev.cesrj.CesrOptions options) {
    List<Object> out = new ArrayList<>();
    ByteBuf buf = Unpooled.wrappedBuffer(input);
    CesrException end = null;
    try (Groups groups = Groups.over(buf, options)) {
      end = drain(groups, out);
    }
    out.add(end(end));
    return out;
  }

  /** Every group of {@code input} through {@link Groups#copyOf(byte[])}, then how it ended. */
  static List<Object> viaCopy(byte[] input, dev.cesrj.CesrOptions options) {
    List<Object> out = new ArrayList<>();
    CesrException end = null;
    try (Groups groups = Groups.copyOf(input, options)) {
      end = drain(groups, out);
    }
    out.add(end(end));
    return out;
  }

  /**
   * Snapshots every group into {@code out}; returns the framing error that ended the iteration,
   * or null. Views of a group that was framed must never throw: only next() is guarded.
   */
  private static CesrException drain(Groups groups, List<Object> out) {
    int bound = 0;
    while (groups.hasNext()) {
      long before = groups.position();
      Group g;
      try {
        g = groups.next();
      } catch (CesrException e) {
        if (groups.hasNext()) {
          throw new AssertionError("iterator did not end after " + e);
        }
        return e;
      }
      if (groups.position() <= before || ++bound > 1_000_000) {
        throw new AssertionError("no progress at " + before);
      }
      out.add(of(g));
    }
    return null;
  }

  /**
   * Every group of {@code input} through a loop of {@link LegacyGroupParser#parseGroup} that
   * carries {@link ParsedGroup#nextTable()}, then how it ended.
   */
  static List<Object> viaLegacy(byte[] input, dev.cesrj.CesrOptions options) {
    List<Object> out = new ArrayList<>();
    CesrException end = null;
    int offset = 0;
    CounterTable table = options.defaultTable();
    while (offset < input.length) {
      ParsedGroup pg;
      try {
        pg = LegacyGroupParser.parseGroup(input, offset, table, options);
      } catch (CesrException e) {
        end = e;
        break;
      }
      try (pg) {
        if (pg.consumed() <= 0) {
          throw new AssertionError("no progress at " + offset);
        }
        out.add(of(pg.group()));
        offset += pg.consumed();
        table = pg.nextTable();
      }
    }
    out.add(end(end));
    return out;
  }
}
