package dev.cesrj.group;

import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.EnclosingGroup;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.ElementCount;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupRecord;
import dev.cesrj.internal.GroupTape;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.NativeBodyFramer;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Builds the element views of a group that {@link GroupFramer} has already framed and checked.
 *
 * <p>From the record (issue 33, "each group framed once"): the owner of the bytes ({@link Groups},
 * {@code Messages}) recorded each group's items on its {@link GroupRecord} as the framer checked
 * them, and a group keeps the index of its {@code GROUP_START} entry there; the views are made
 * from the entries between that start and its end, nested groups included (each keeping its own
 * entry), with no second scan: each primitive's code was looked up once, by the framer.
 *
 * <p>Framed again: a group with no record entry (its owner records nothing, as the push parser's
 * message framers, or it was moved to another buffer, or its content is not its grammar's alone,
 * as an AttachmentGroup holding a nested message) is framed once more with the framer's own
 * checks onto a tape borrowed from the thread, and the views made from that tape; the fields of
 * a CESR-native body or field group likewise by {@link NativeBodyFramer}. Both ways give the same
 * elements.
 */
final class ElementReader {
  private ElementReader() {}

  /**
   * The elements of {@code g}, a view of {@code views}: from the record if it holds {@code g}
   * whole, else framed again.
   *
   * @throws IllegalStateException if {@code views} recorded {@code g} but their owner was closed
   *     (the record was given back, and may hold another input's entries)
   * @throws ElementLimitException as {@link Group#elements()} says
   */
  static List<Element> read(GroupViews views, Group g) {
    GroupRecord record = views.record();
    if (record != null) {
      if (!record.heldBy(views)) {
        throw new IllegalStateException(
            GroupRecord.closed(g.code().code(), g.offset(), views.owner()));
      }
      int s = g.entry();
      if (record.holdsWhole(s, g.index(), g.length(), g.code())) {
        return recorded(views, record.tape(), s, g);
      }
    }
    return framedAgain(views, g);
  }

  /**
   * Reads of elements that framed a group's content again on each thread ({@link #framedAgain}),
   * for the tests that show the groups of {@link Groups} and {@code Messages} are framed once.
   */
  private static final ThreadLocal<long[]> FRAMED_AGAIN = ThreadLocal.withInitial(() -> new long[1]);

  /** {@return how many element reads on the calling thread framed a group's content again} */
  static long framedAgainCount() {
    return FRAMED_AGAIN.get()[0];
  }

  /**
   * The elements of {@code g} from the entries of {@code tape} after its start at entry {@code
   * s} up to its matching end, laid out as {@link #framedAgain} lays out a tape of the content
   * alone.
   */
  private static List<Element> recorded(GroupViews views, GroupTape tape, int s, Group g) {
    int from = s + 1;
    int to = tape.match(s);
    switch (g.code().layout().content()) {
      case TUPLES:
        validateElements(tape, from, to, g, views);
        return tuples(views, tape, from, to, g.code(), true);
      case GROUPS:
      case FIELDS:
        validateElements(tape, from, to, g, views);
        return items(views, tape, from, to, true);
      case TEXTER:
        // the one Bytes primitive the framer scanned (Slot.TEXTER), filling the group
        return List.of(view(views, tape, from, true));
      case PATHED:
        {
          // the Pather the framer scanned first; the rest is opaque
          Matter pather = (Matter) view(views, tape, from, true);
          int end = g.index() + g.length();
          int p = tape.start(from) + tape.length(from);
          return List.of(pather,
              new OpaqueMaterial(views.buf, p, end - p, p - (long) views.origin, g.domain()));
        }
      default:
        return Collections.emptyList();
    }
  }

  /**
   * The elements of {@code g} framed again from its bytes ({@link ElementReader}, "Framed
   * again"); each layout that has elements counts one framing ({@link #framedAgainCount}).
   */
  private static List<Element> framedAgain(GroupViews views, Group g) {
    Domain d = g.domain();
    int from = g.index() + g.counterSize();
    int end = g.index() + g.length();
    Layout.Content content = g.code().layout().content();
    if (!content.hasElements()) {
      return Collections.emptyList();
    }
    FRAMED_AGAIN.get()[0]++;
    switch (content) {
      case TUPLES:
        {
          // UNSUPPORTED: seal groups keripy writes inside CESR-native bodies, framed there by
          // their grammar
          GroupTape tape = tape();
          try {
            framer(views).tuples(d, from, end, g.code(), g.table(), g.depth(), tape);
            validateElements(tape, 0, tape.size(), g, views);
            return tuples(views, tape, 0, tape.size(), g.code(), false);
          } finally {
            done(tape);
          }
        }
      case GROUPS:
        {
          GroupTape tape = tape();
          try {
            framer(views).attachments(d, from, end, g.table(), g.depth(), tape);
            validateElements(tape, 0, tape.size(), g, views);
            return items(views, tape, 0, tape.size(), false);
          } finally {
            done(tape);
          }
        }
      case TEXTER:
        return List.of(matter(views, d, from, end, Slot.TEXTER));
      case FIELDS:
        {
          GroupTape tape = tape();
          try {
            new NativeBodyFramer(framer(views), views.options)
                .fields(from, end, g.code(), g.table(), g.depth(), tape);
            validateElements(tape, 0, tape.size(), g, views);
            return items(views, tape, 0, tape.size(), false);
          } finally {
            done(tape);
          }
        }
      case PATHED:
        {
          Matter pather = matter(views, d, from, end, Slot.PATHER);
          int p = from + pather.length();
          return List.of(
              pather, new OpaqueMaterial(views.buf, p, end - p, p - (long) views.origin, d));
        }
      default:
        return Collections.emptyList();
    }
  }

  /** A framer over the bytes of {@code views}, to frame a group's content again. */
  private static GroupFramer framer(GroupViews views) {
    return new GroupFramer(new Source(views.buf, views.origin), views.options);
  }

  /**
   * The largest tape kept for the next read on the same thread (in entries): one grown past it
   * for a very large group is dropped once read.
   */
  private static final int KEPT_TAPE = GroupRecord.KEPT_ENTRIES;

  /**
   * One tape per thread, reused by every read on it that frames again: a read uses it only until
   * its views are made (nothing recurses into another read), so a group's elements cost no tape
   * of their own.
   */
  private static final ThreadLocal<GroupTape[]> TAPES =
      ThreadLocal.withInitial(() -> new GroupTape[1]);

  /** The calling thread's tape, empty; taken from the thread until {@link #done}. */
  private static GroupTape tape() {
    GroupTape[] slot = TAPES.get();
    GroupTape t = slot[0];
    slot[0] = null; // a read that somehow ran inside this one makes a tape of its own
    if (t == null) {
      t = new GroupTape();
    }
    t.clear();
    return t;
  }

  /** Gives {@code t} back to the calling thread, unless it grew too large to keep. */
  private static void done(GroupTape t) {
    if (t.capacity() <= KEPT_TAPE) {
      t.clear();
      TAPES.get()[0] = t;
    }
  }

  /** The primitive scanned at {@code p} (domain {@code d}) for {@code slot}, code looked up once. */
  private static Matter matter(GroupViews views, Domain d, int p, int end, Slot slot) {
    Source src = new Source(views.buf, views.origin);
    long scanned =
        TextScan.matterScan(d, src, p, end, slot, views.options.maxFrameBytes(), 0);
    return Matter.framed(views, p, TextScan.size(scanned), TextScan.matterCodeOf(scanned), d);
  }

  /**
   * The view of the item at entry {@code i} of {@code tape} (a group's start: the whole group,
   * which keeps entry {@code i} if {@code tape} is the views' record).
   */
  private static Element view(GroupViews views, GroupTape tape, int i, boolean record) {
    int p = tape.start(i);
    Domain d = tape.domain(i);
    switch (tape.step(i)) {
      case MATTER:
        return Matter.framed(views, p, tape.length(i), tape.matterCode(i), d);
      case INDEXER:
        return IndexedSignature.framed(views, p, tape.indexerCode(i), d);
      default:
        return new Group(
            views, p, tape.length(i), tape.counterCode(i), tape.count(i), tape.depth(i),
            record ? i : Group.UNRECORDED);
    }
  }

  /**
   * The elements of a tuple group of code {@code c} from entries {@code [from, to)} of {@code
   * tape}, its content: the head's items, then each tuple (as a {@link Tuple} when it has several
   * slots).
   */
  private static List<Element> tuples(
      GroupViews views, GroupTape tape, int from, int to, CounterCode c, boolean record) {
    List<Element> out = new ArrayList<>();
    int i = from;
    for (int h = 0; h < c.head().size(); h++) {
      out.add(view(views, tape, i, record));
      i = ElementCount.next(tape, i, to);
    }
    List<Slot> slots = c.slots();
    int width = slots.size();
    while (i < to) {
      int start = tape.start(i);
      if (width == 1) {
        out.add(view(views, tape, i, record));
        i = ElementCount.next(tape, i, to);
        continue;
      }
      List<Element> parts = new ArrayList<>(width);
      int p = start;
      for (int k = 0; k < width; k++) {
        Element e = view(views, tape, i, record);
        parts.add(e);
        p = tape.start(i) + tape.length(i);
        i = ElementCount.next(tape, i, to);
      }
      out.add(new Tuple(views.buf, start, p - start, start - (long) views.origin, slots,
          Collections.unmodifiableList(parts)));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Refuses the content of {@code g}, entries {@code [from, to)} of {@code tape}, if it holds more
   * elements than {@link CesrOptions#maxElements()}, before any view is made: {@link
   * ElementCount#validate}, the count the groups cursor makes too, the error enclosed in {@code g}
   * (a view knows no group around its own).
   */
  private static void validateElements(
      GroupTape tape, int from, int to, Group g, GroupViews views) {
    try {
      ElementCount.validate(tape, from, to, g.code(), views.origin, views.options);
    } catch (ElementLimitException e) {
      throw e.enclosedIn(new EnclosingGroup(g.code(), g.offset()));
    }
  }

  /**
   * The items of entries {@code [from, to)} of a tape recorded at one level, in order, each whole:
   * the groups of an AttachmentGroup (a leading genus-version code is one), or the fields of a
   * CESR-native body or field group (Matter primitives and nested groups).
   */
  private static List<Element> items(
      GroupViews views, GroupTape tape, int from, int to, boolean record) {
    List<Element> out = new ArrayList<>();
    for (int i = from; i < to; i = ElementCount.next(tape, i, to)) {
      out.add(view(views, tape, i, record));
    }
    return Collections.unmodifiableList(out);
  }
}
