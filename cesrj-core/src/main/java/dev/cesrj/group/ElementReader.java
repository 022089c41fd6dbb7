package dev.cesrj.group;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.EnclosingGroup;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.ElementCount;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupShape;
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
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Builds the element views of a group that {@link GroupFramer} has already framed and checked
 * ({@link #elements}). A uniform signature group ({@link GroupShape}), as its own facts show, is
 * read by {@link #uniformSignatures}, from its counter alone. For any other group the content is
 * framed once more with the framer's own checks, recording each item on a {@link GroupTape}, and
 * the views are made from the tape: each primitive's code is looked up once, by the framer (no
 * second scan here). The fields of a CESR-native body or field group are recorded likewise by
 * {@link NativeBodyFramer}, which frames them. The nested groups made there that would be framed
 * again in turn get their elements made from the same tape at the same time ({@link TapeViews}):
 * through one tree of views, each group's content is framed at most once after the stream's
 * framing (issue 33 item 1).
 */
final class ElementReader {
  private final ByteBuf buf;
  private final Source src;
  private final GroupFramer framer;
  private final CesrOptions options;
  private final GroupViews views;

  ElementReader(GroupViews views) {
    this.views = views;
    this.buf = views.buf;
    this.src = new Source(buf, views.origin);
    this.framer = new GroupFramer(src, views.options);
    this.options = views.options;
  }

  /**
   * The elements of the framed group {@code g} of {@code views}: by {@link #uniformSignatures} if
   * its own facts say it is a uniform signature group ({@link GroupShape#fits}: a signature code,
   * qb64, a 4-character counter and {@code 4 + 88 * count} characters; then each signature's head
   * is checked there), else by framing its content again ({@link #read}). The one place that
   * decides how a group's elements are read; nothing about it is carried from the framing. (A
   * nested group whose elements an enclosing group's read made already, {@link TapeViews}, has
   * them cached and does not come here.)
   *
   * @throws ElementLimitException past {@link CesrOptions#maxElements()}, enclosed in {@code g}
   * @throws CesrException as the checked read throws it
   * @throws io.netty.util.IllegalReferenceCountException if {@code g}'s buffer was released
   */
  static List<Element> elements(GroupViews views, Group g) {
    if (GroupShape.fits(g.code(), g.domain(), g.length(), g.count())) {
      return uniformSignatures(views, g);
    }
    return new ElementReader(views).read(g);
  }

  /**
   * The elements of {@code g}, a group that {@link GroupShape#fits} a uniform signature group:
   * its {@code g.count()} indexed signatures, signature {@code i} at {@link
   * GroupShape#signatureAt}, its code named by its first character ({@link IndexerCode#single});
   * nothing is framed again. Each signature's head must pass {@link GroupShape#signatureHead}
   * (code, index and pad bits: the check of the framer's fast path); the group was framed and
   * checked whole, so every signature before the first whose head fails is one of 88 characters,
   * and that one starts where the arithmetic puts it. A group with such a signature is read by the
   * checked path instead, with its verdict: bytes written into the buffer after framing (a group of
   * this length framed whole cannot hold a signature of a two-character code, every one of cesrj's
   * longer than 88 characters; keripy's test-only {@code 0z}, {@code 1z} and {@code 4z}, which
   * cesrj refuses, would fail the head check all the same). The same views, in the same list shape,
   * as reading the content onto a tape gives, and the element limit is applied as {@link
   * #validateElements} applies it (the same error at the same element, before any view is made).
   *
   * @throws ElementLimitException past {@link CesrOptions#maxElements()}, enclosed in {@code g}
   * @throws io.netty.util.IllegalReferenceCountException if {@code g}'s buffer was released
   */
  private static List<Element> uniformSignatures(GroupViews views, Group g) {
    Domain d = Domain.QB64; // as GroupShape.fits found it
    int n = (int) g.count();
    ByteBuf buf = views.buf;
    CesrOptions options = views.options;
    if (!options.fitsElements(n)) {
      for (int i = 0; i < n; i++) {
        int p = GroupShape.signatureAt(g.index(), i);
        int head = head(buf, p);
        if (!GroupShape.signatureHead(head)) {
          return new ElementReader(views).read(g); // see below
        }
        IndexerCode c = IndexerCode.single(head >>> 16);
        try {
          options.validateElements((long) p - views.origin, c.code(), i);
        } catch (ElementLimitException e) {
          throw enclosed(e, g);
        }
      }
    }
    Element[] out = new Element[n];
    for (int i = 0; i < n; i++) {
      int p = GroupShape.signatureAt(g.index(), i);
      int head = head(buf, p);
      if (!GroupShape.signatureHead(head)) {
        // a signature of another code, or bytes changed under the view since the framer checked
        // them (a caller wrote into its buffer): read as any other group, with the checked
        // path's verdict
        return new ElementReader(views).read(g);
      }
      out[i] = IndexedSignature.framed(views, p, IndexerCode.single(head >>> 16), d);
    }
    return Collections.unmodifiableList(Arrays.asList(out));
  }

  /**
   * The three characters at buffer index {@code p} of {@code buf} as one big-endian int ({@link
   * GroupShape#signatureHead}), read byte by byte whatever the buffer's order.
   */
  private static int head(ByteBuf buf, int p) {
    return (buf.getByte(p) & 0xFF) << 16 | (buf.getByte(p + 1) & 0xFF) << 8
        | (buf.getByte(p + 2) & 0xFF);
  }

  List<Element> read(Group g) {
    Domain d = g.domain();
    int from = g.index() + g.counterSize();
    int end = g.index() + g.length();
    switch (g.code().layout().content()) {
      case TUPLES:
        {
          // Layout.UNSUPPORTED too: seal groups keripy writes inside CESR-native bodies, framed
          // there by their grammar
          GroupTape tape = tape();
          try {
            framer.tuples(d, from, end, g.code(), g.table(), g.depth(), tape);
            return new TapeViews(views, tape).elements(g, 0, tape.size());
          } finally {
            done(tape);
          }
        }
      case GROUPS:
        {
          GroupTape tape = tape();
          try {
            framer.attachments(d, from, end, g.table(), g.depth(), tape);
            return new TapeViews(views, tape).elements(g, 0, tape.size());
          } finally {
            done(tape);
          }
        }
      case TEXTER:
        return List.of(matter(d, from, end, Slot.TEXTER));
      case FIELDS:
        {
          GroupTape tape = tape();
          try {
            // made here, not held: a reader is made per group read, most of them not native
            new NativeBodyFramer(framer, options)
                .fields(from, end, g.code(), g.table(), g.depth(), tape);
            return new TapeViews(views, tape).elements(g, 0, tape.size());
          } finally {
            done(tape);
          }
        }
      case PATHED:
        Matter pather = matter(d, from, end, Slot.PATHER);
        int p = from + pather.length();
        return List.of(pather, new OpaqueMaterial(buf, p, end - p, src.offset(p), d));
      default:
        return Collections.emptyList();
    }
  }

  /**
   * The largest tape kept for the next read on the same thread (in entries): one grown past it
   * for a very large group is dropped once read.
   */
  private static final int KEPT_TAPE = 4096;

  /**
   * What the reads of one thread share: its tape, and how many group contents its reads framed
   * again onto a tape.
   */
  private static final class ThreadSlot {
    /** The tape kept for the next read, or null while a read has it. */
    GroupTape tape;
    /** Group contents framed again onto a tape by this thread's reads, for the tests. */
    long framings;
  }

  /**
   * One tape per thread, reused by every read on it: a read uses it only until its views are
   * made (nothing recurses into another read), so a group's elements cost no tape of their own.
   */
  private static final ThreadLocal<ThreadSlot> TAPES = ThreadLocal.withInitial(ThreadSlot::new);

  /**
   * {@return how many group contents the calling thread's reads have framed again onto a tape
   * (every read but those of {@link #uniformSignatures}, a Bytes primitive and pathed material;
   * a nested group whose elements its enclosing group's read made has them cached)}
   * For the tests that show which groups are read without framing again.
   */
  static long framings() {
    return TAPES.get().framings;
  }

  /** The calling thread's tape, empty; taken from the thread until {@link #done}. */
  private static GroupTape tape() {
    ThreadSlot slot = TAPES.get();
    slot.framings++;
    GroupTape t = slot.tape;
    slot.tape = null; // a read that somehow ran inside this one makes a tape of its own
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
      TAPES.get().tape = t;
    }
  }

  /** The primitive scanned at {@code p} (domain {@code d}) for {@code slot}, code looked up once. */
  private Matter matter(Domain d, int p, int end, Slot slot) {
    long scanned = TextScan.matterScan(d, src, p, end, slot, options.maxFrameBytes(), 0);
    return Matter.framed(views, p, TextScan.size(scanned), TextScan.matterCodeOf(scanned), d);
  }

  /**
   * {@code e}, met among the elements of {@code g}, enclosed in it (a view knows no group around
   * its own).
   */
  private static CesrException enclosed(ElementLimitException e, Group g) {
    return e.enclosedIn(new EnclosingGroup(g.code(), g.offset()));
  }

  /**
   * Whether the group of code {@code c} recorded at entry {@code i} of {@code tape} is read from a
   * tape ({@link #read}: tuples, groups or fields) and not by {@link #uniformSignatures}: the
   * nested groups whose elements an enclosing group's read makes from its own tape ({@link
   * TapeViews}).
   */
  private static boolean readFromTape(GroupTape tape, int i, CounterCode c) {
    switch (c.layout().content()) {
      case TUPLES:
      case GROUPS:
      case FIELDS:
        return !GroupShape.fits(c, tape.domain(i), tape.length(i), tape.count(i));
      default:
        return false;
    }
  }

  /**
   * Makes the element views of one group's content recorded on the thread's tape ({@link #read}),
   * entries {@code from} to {@code to}. The framing recorded the items of the groups nested in
   * that content too: a nested group whose own elements would be framed again onto a tape (not a
   * uniform signature group, read by arithmetic) gets its elements made here as well, from its
   * entries, at any depth, and cached in its view ({@link Group#framed(GroupViews, int, int,
   * dev.cesrj.code.CounterCode, long, int, List)}), so that reading them frames nothing (issue 33
   * item 1: each group framed once). A nested group whose elements pass the element limit only;
   * one that does not is left to its own read, which frames it again and throws the error.
   */
  private static final class TapeViews {
    private final GroupViews views;
    private final GroupTape tape;

    TapeViews(GroupViews views, GroupTape tape) {
      this.views = views;
      this.tape = tape;
    }

    /**
     * The elements of {@code g}, whose content is entries {@code from} (inclusive) to {@code to}
     * (exclusive), in its layout's list shape, after the element limit ({@link #validate}).
     */
    List<Element> elements(Group g, int from, int to) {
      validate(g, from, to);
      return views(g.code(), from, to);
    }

    /** The views of the content (entries {@code from} to {@code to}) of a group of code c. */
    private List<Element> views(CounterCode c, int from, int to) {
      if (c.layout().content() == Layout.Content.TUPLES) {
        return tuples(from, to, c);
      }
      return items(from, to);
    }

    /**
     * The elements of the nested group of code {@code c} whose start is entry {@code i}, as its own
     * {@link Group#elements()} would give them; null if they hold more than {@link
     * CesrOptions#maxElements()} (its own read throws then).
     */
    private List<Element> nested(CounterCode c, int i) {
      int from = i + 1;
      int to = tape.match(i);
      if (!views.options.fitsElements(to - (long) from)) {
        try {
          ElementCount.validate(tape, from, to, c, new Source(views.buf, views.origin),
              views.options);
        } catch (ElementLimitException e) {
          return null;
        }
      }
      return views(c, from, to);
    }

    /**
     * Refuses the content of {@code g} if it holds more elements than {@link
     * CesrOptions#maxElements()}, before any view is made: {@link ElementCount#validate}, the count
     * the groups cursor makes too, the error enclosed in {@code g} (a view knows no group around
     * its own).
     */
    private void validate(Group g, int from, int to) {
      CesrOptions options = views.options;
      if (options.fitsElements(to - (long) from)) {
        return;
      }
      try {
        ElementCount.validate(tape, from, to, g.code(), new Source(views.buf, views.origin),
            options);
      } catch (ElementLimitException e) {
        throw enclosed(e, g);
      }
    }

    /** The view of the item at entry {@code i} (a group's start: the whole group). */
    private Element view(int i) {
      GroupTape t = tape;
      int p = t.start(i);
      Domain d = t.domain(i);
      switch (t.step(i)) {
        case MATTER:
          return Matter.framed(views, p, t.length(i), t.matterCode(i), d);
        case INDEXER:
          return IndexedSignature.framed(views, p, t.indexerCode(i), d);
        case GROUP_START:
          CounterCode c = t.counterCode(i);
          List<Element> elements = readFromTape(t, i, c) ? nested(c, i) : null;
          return Group.framed(views, p, t.length(i), c, t.count(i), t.depth(i), elements);
        default:
          return new Group(views, p, t.length(i), t.counterCode(i), t.count(i), t.depth(i));
      }
    }

    /** The entry after the item at entry {@code i} (past a group's end). */
    private int after(int i) {
      return tape.step(i) == GroupTape.Step.GROUP_START ? tape.match(i) + 1 : i + 1;
    }

    /**
     * The elements of a tuple group of code {@code c} from entries {@code from} to {@code to}: the
     * head's items, then each tuple (as a {@link Tuple} when it has several slots).
     */
    private List<Element> tuples(int from, int to, CounterCode c) {
      List<Element> out = new ArrayList<>();
      int i = from;
      for (int h = 0; h < c.head().size(); h++) {
        out.add(view(i));
        i = after(i);
      }
      List<Slot> slots = c.slots();
      int width = slots.size();
      while (i < to) {
        int start = tape.start(i);
        if (width == 1) {
          out.add(view(i));
          i = after(i);
          continue;
        }
        List<Element> parts = new ArrayList<>(width);
        int p = start;
        for (int k = 0; k < width; k++) {
          Element e = view(i);
          parts.add(e);
          p = tape.start(i) + tape.length(i);
          i = after(i);
        }
        out.add(new Tuple(views.buf, start, p - start, (long) start - views.origin, slots,
            Collections.unmodifiableList(parts)));
      }
      return Collections.unmodifiableList(out);
    }

    /**
     * The items recorded at one level from entries {@code from} to {@code to}, in order, each
     * whole: the groups of an AttachmentGroup (a leading genus-version code is one), or the fields
     * of a CESR-native body or field group (Matter primitives and nested groups).
     */
    private List<Element> items(int from, int to) {
      List<Element> out = new ArrayList<>();
      for (int i = from; i < to; i = after(i)) {
        out.add(view(i));
      }
      return Collections.unmodifiableList(out);
    }
  }
}
