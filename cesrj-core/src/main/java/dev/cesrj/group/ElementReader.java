package dev.cesrj.group;

import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.NativeBodyFramer;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.internal.Views;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Builds the element views of a group that {@link GroupFramer} has already framed and checked. */
final class ElementReader {
  private final ByteBuf buf;
  private final Source src;
  private final GroupFramer framer;
  private final CesrOptions options;
  private final GroupViews views;

  private static final Views.PrimitiveMaker<Matter, IndexedSignature> PRIMITIVES =
      Views.primitives(Matter.class, IndexedSignature.class);

  ElementReader(GroupViews views) {
    this.views = views;
    this.buf = views.buf;
    this.src = new Source(buf, views.origin);
    this.framer = new GroupFramer(src, views.options);
    this.options = views.options;
  }

  List<Element> read(Group g) {
    Domain d = g.domain();
    int from = g.index() + g.counterSize();
    int end = g.index() + g.length();
    switch (g.code().layout()) {
      case TUPLES:
        return tuples(d, from, end, g.code(), g.table(), g.depth());
      case ATTACHMENTS:
        return attachments(from, end, g.table(), g.depth());
      case NON_NATIVE_BODY:
        return List.of(matter(d, from, end, Slot.TEXTER));
      case UNSUPPORTED:
        // seal groups keripy writes inside CESR-native bodies, framed there by their grammar
        return tuples(d, from, end, g.code(), g.table(), g.depth());
      case NATIVE_BODY:
      case NATIVE_FIELDS:
        return fields(from, end, g.table(), g.depth());
      case PATHED:
        Matter pather = matter(d, from, end, Slot.PATHER);
        int p = from + pather.length();
        return List.of(pather, new OpaqueMaterial(buf, p, end - p, src.offset(p), d));
      default:
        return Collections.emptyList();
    }
  }

  private Matter matter(Domain d, int p, int end, Slot slot) {
    int fs = TextScan.matter(d, src, p, end, slot, options.maxFrameBytes(), 0);
    return PRIMITIVES.matter(buf, p, fs, src.offset(p), TextScan.matterCode(d, src, p), d);
  }

  private List<Element> tuples(
      Domain d, int from, int end, CounterCode c, CounterTable table, int depth) {
    List<Slot> slots = c.slots();
    List<Element> out = new ArrayList<>();
    int p = from;
    for (Slot slot : c.head()) {
      Element e = item(d, p, end, slot, table, depth);
      out.add(e);
      p += e.length();
    }
    while (p < end) {
      checkRoom(out, p, c);
      int start = p;
      List<Element> parts = slots.size() == 1 ? null : new ArrayList<>(slots.size());
      for (Slot slot : slots) {
        Element e = item(d, p, end, slot, table, depth);
        p += e.length();
        if (parts == null) {
          out.add(e);
        } else {
          parts.add(e);
        }
      }
      if (parts != null) {
        out.add(new Tuple(buf, start, p - start, src.offset(start), slots,
            Collections.unmodifiableList(parts)));
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The item of {@code slot} at {@code p} (domain {@code d}) in a tuple group of nesting depth
   * {@code depth}.
   */
  private Element item(Domain d, int p, int end, Slot slot, CounterTable table, int depth) {
    if (slot == Slot.SIGER) {
      TextScan.indexer(d, src, p, end, 0);
      return PRIMITIVES.signature(buf, p, src.offset(p), TextScan.indexerCode(d, src, p), d);
    }
    if (slot == Slot.SIGS) {
      return nestedSigs(d, p, end, table, depth + 1);
    }
    if (slot.isGroup()) {
      int q = framer.group(p, end, table, depth + 1);
      return new Group(views, p, q - p, framer.code(), framer.count(), depth + 1);
    }
    return matter(d, p, end, slot);
  }

  private Group nestedSigs(Domain d, int p, int end, CounterTable table, int depth) {
    CounterCode sigs = table.controllerIdxSigs();
    int fs = framer.counter(p, end, table, 0);
    long n = framer.count();
    int length;
    if (sigs.unit() == CountUnit.ELEMENTS) {
      int q = p + fs;
      for (long i = 0; i < n; i++) {
        q += TextScan.indexer(d, src, q, end, 0);
      }
      length = q - p;
    } else {
      length = fs + (int) d.size(4 * n);
    }
    return new Group(views, p, length, sigs, n, depth);
  }

  /**
   * The fields of a CESR-native body or field group that {@link NativeBodyFramer} has framed:
   * Matter primitives and nested groups, in order.
   */
  private List<Element> fields(int from, int end, CounterTable table, int depth) {
    List<Element> out = new ArrayList<>();
    int p = from;
    while (p < end) {
      checkRoom(out, p, null);
      Element e;
      if (src.at(p) == '-') {
        int fs = framer.counter(p, end, table, 0);
        int length = fs + (int) (4 * framer.count());
        e = new Group(views, p, length, framer.code(), framer.count(), depth + 1);
      } else {
        e = matter(Domain.QB64, p, end, null); // native bodies are framed in qb64 only
      }
      out.add(e);
      p += e.length();
    }
    return Collections.unmodifiableList(out);
  }

  /** Refuses one more element once {@code out} holds {@link CesrOptions#maxElements()}. */
  private void checkRoom(List<Element> out, int p, CounterCode c) {
    if (out.size() >= options.maxElements()) {
      throw Errors.elementLimit(
          src.offset(p), c != null ? c.code() : null, options.maxElements());
    }
  }

  private List<Element> attachments(int from, int end, CounterTable table, int depth) {
    List<Element> out = new ArrayList<>();
    int p = from;
    CounterTable t = table;
    while (p < end) {
      checkRoom(out, p, null);
      boolean gv = framer.isGenusVersionAt(p, end, t) && p == from;
      int q = framer.group(p, end, t, depth + 1);
      out.add(new Group(views, p, q - p, framer.code(), framer.count(), depth + 1));
      if (gv) {
        t = framer.selectedTable(p);
      }
      p = q;
    }
    return Collections.unmodifiableList(out);
  }
}
