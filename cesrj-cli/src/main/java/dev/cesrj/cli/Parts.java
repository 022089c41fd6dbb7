package dev.cesrj.cli;

import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lists the {@link Part}s of a framed message or attachment group in stream order, and gives each
 * its indentation: the number of headings and groups whose span contains it.
 */
final class Parts {
  /** Headings first where a heading and what it covers start at the same offset. */
  private static final Comparator<Part> STREAM_ORDER =
      Comparator.comparingLong(Part::offset).thenComparingInt(p -> p.bytes() == 0 ? 0 : 1);

  private final List<Part> parts = new ArrayList<>();
  /** Offsets of the counters listed: a nested message's envelope is in its parent's groups too. */
  private final Set<Long> counters = new HashSet<>();
  private final long base;
  /** True for a message: {@link Message#groups()} lists the groups inside wrappers itself. */
  private final boolean wrappersListed;

  private Parts(long base, boolean wrappersListed) {
    this.base = base;
    this.wrappersListed = wrappersListed;
  }

  /**
   * The parts of {@code m}, a top-level message, with nested messages, in stream order.
   *
   * @param base added to every offset the message reports (the push parser's offset base)
   * @param ordinal the message's number in the stream, from 0
   */
  static List<Part> of(Message m, long base, int ordinal) {
    Parts p = new Parts(base, true);
    p.message(m, ordinal);
    p.parts.sort(STREAM_ORDER);
    return p.parts;
  }

  /** The parts of an attachment group at the top of an attachment-only stream. */
  static List<Part> of(Group g) {
    Parts p = new Parts(0, false);
    p.group(g);
    p.parts.sort(STREAM_ORDER);
    return p.parts;
  }

  /**
   * Indentation of each part of {@code parts} (in stream order): how many heading or group spans
   * contain it.
   */
  static int[] indents(List<Part> parts) {
    int[] out = new int[parts.size()];
    long[] ends = new long[parts.size()];
    int depth = 0;
    for (int i = 0; i < parts.size(); i++) {
      Part p = parts.get(i);
      while (depth > 0 && ends[depth - 1] <= p.offset()) {
        depth--;
      }
      out[i] = depth;
      if (p.span() > p.bytes() || p.bytes() == 0) {
        ends[depth++] = p.offset() + p.span();
      }
    }
    return out;
  }

  /**
   * Which of {@code parts} were shown before: the counters of GenericGroups whose offsets are in
   * {@code seen} (to which this adds the new ones). Every message of a GenericGroup lists the
   * group's counter, for its indentation; a renderer shows it once, before the first.
   */
  static boolean[] shownBefore(List<Part> parts, Set<Long> seen) {
    boolean[] out = new boolean[parts.size()];
    for (int i = 0; i < out.length; i++) {
      Part p = parts.get(i);
      out[i] = p instanceof Part.Counter
          && ((Part.Counter) p).group().code().layout().holdsStream()
          && !seen.add(p.offset());
    }
    return out;
  }

  /** The body bytes of {@code m} as they stand in the stream or in its Bytes primitive. */
  static byte[] body(Message m) {
    byte[] b = new byte[m.body().readableBytes()];
    m.body().getBytes(0, b);
    return b;
  }

  private void message(Message m, int ordinal) {
    parts.add(new Part.Head(base + m.offset(), m, ordinal, BodyFields.of(m)));
    m.genericGroups().forEach(this::counter); // the GenericGroups around it, outermost first
    m.genusVersion().ifPresent(this::counter);
    m.envelope().ifPresent(this::counter);
    m.bodyGroup().ifPresent(this::counter);
    if (m.bodyTexter().isPresent()) {
      Matter t = m.bodyTexter().get();
      parts.add(new Part.Primitive(base + t.offset(), t, "body"));
    } else if (m.bodyGroup().isPresent()) {
      // a CESR-native body: its fields follow the body group's counter
      Group g = m.bodyGroup().get();
      parts.add(new Part.Body(base + g.offset() + g.counterSize(), g.length() - g.counterSize(), m));
    } else {
      // a bare body: after the genus-version code that leads it (the last of several)
      long at = m.genusVersion().map(g -> g.offset() + g.length()).orElse(m.offset());
      parts.add(new Part.Body(base + at, (int) m.version().size(), m));
    }
    for (Group g : m.groups()) {
      group(g);
    }
    for (int k = 0; k < m.nested().size(); k++) {
      message(m.nested().get(k), k);
    }
  }

  private void counter(Group g) {
    if (counters.add(g.offset())) {
      parts.add(new Part.Counter(base + g.offset(), g));
    }
  }

  /** A group's counter and, for a leaf group, its elements (wrappers' groups come on their own). */
  private void group(Group g) {
    counter(g);
    Layout layout = g.code().layout();
    if (DomLists.isLeaf(layout)) {
      elements(g);
    } else if (layout.content() == Layout.Content.GROUPS && !wrappersListed) {
      for (Group inner : g.groups()) {
        group(inner);
      }
    }
  }

  private void elements(Group g) {
    List<Slot> slots = g.code().slots();
    String role =
        g.code().layout().content() == Layout.Content.PATHED ? null : slotName(slots.get(0));
    List<Slot> head = g.code().head();
    int ordinal = 0;
    int at = 0;
    for (Element e : g.elements()) {
      if (at < head.size() && !(e instanceof Tuple) && !(e instanceof Group)) {
        // an item written once before the elements (the root Pather of a RootSadPathSigGroups)
        parts.add(new Part.Primitive(base + e.offset(), e, slotName(head.get(at++))));
        continue;
      }
      if (e instanceof Tuple) {
        Tuple t = (Tuple) e;
        parts.add(new Part.TupleHead(base + t.offset(), t, ordinal++));
        for (int i = 0; i < t.parts().size(); i++) {
          Element part = t.parts().get(i);
          if (part instanceof Group) {
            group((Group) part);
          } else {
            parts.add(new Part.Primitive(base + part.offset(), part, slotName(t.slots().get(i))));
          }
        }
      } else if (e instanceof Group) {
        group((Group) e);
      } else {
        String r = role != null ? role : (e instanceof Matter ? "pather" : "material");
        parts.add(new Part.Primitive(base + e.offset(), e, r));
      }
    }
  }

  /** keripy's name for what fills a slot, e.g. {@code verfer}, {@code siger}. */
  static String slotName(Slot slot) {
    return slot.name().toLowerCase(Locale.ROOT);
  }
}
