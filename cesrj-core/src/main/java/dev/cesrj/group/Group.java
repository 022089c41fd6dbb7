package dev.cesrj.group;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.Transcode;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * A view of one counted group, qb64 or qb2: its counter code and name, count, bytes, offset and
 * elements (the same values whichever domain it was read in; sizes and offsets are bytes of its
 * domain).
 *
 * <p>The group was framed and checked when it was created (by the group framer); its
 * elements are built on first use of {@link #elements()} and cached. A group does not own its
 * bytes: {@link #qb64()} of a qb64 group ({@link #qb2()} of a qb2 one) is a slice of the buffer it
 * was read from, not retained, valid while that buffer is (for {@link Groups#copyOf(byte[])},
 * until it is closed and no retained slice holds the buffer; after that every byte accessor,
 * {@link #domain()} and {@link #counterSize()} included, throws
 * {@link io.netty.util.IllegalReferenceCountException}). Not thread-safe until
 * {@link #elements()} has been called once.
 */
public final class Group implements Element {
  private final GroupViews views;
  private final int index;
  private final int length;
  private final CounterCode code;
  private final int count;
  /**
   * The nesting depth ({@link #depth()}). Nothing else is kept of how the group was framed: its
   * {@link #elements()} derive what they need from the fields here (a field more would make every
   * view 8 bytes larger, 40 to 48 with compressed references: 128 bytes more per stream of 16
   * groups where the views are not scalar-replaced, ConcurrentParse copy-once, measured).
   */
  private final int depth;
  private List<Element> elements;

  /**
   * The view of the group of {@code code} and {@code count} that a cesrj framing layer has framed
   * and checked with a {@code GroupFramer}: {@code length} bytes at buffer index {@code index} of
   * {@code views}, at nesting depth {@code depth}. For the framing layers (the message framer),
   * which reach it with views of their own ({@link GroupViews} is not exported); nothing here is
   * checked again: obtain groups from {@link Groups} or the message iterator instead.
   *
   * @param views the buffer the group lies in, with its origin (where stream offset 0 is)
   * @param index the buffer index of the group's counter
   * @param length the group's size in bytes, its counter included
   * @param code the group's counter code
   * @param count the counter's count, as the framer read it
   * @param depth the nesting depth (0 for a group not inside another)
   * @return the view; it holds no reference count of its own
   */
  public static Group framed(
      GroupViews views, int index, int length, CounterCode code, long count, int depth) {
    return new Group(views, index, length, code, count, depth);
  }

  /**
   * A group view made by an enclosing group's {@link #elements()} read, with its own elements
   * already made from that read's framing of the content ({@code elements}, cached as {@link
   * #elements()} caches them; null: made on first use, as for any other view).
   */
  static Group framed(
      GroupViews views, int index, int length, CounterCode code, long count, int depth,
      List<Element> elements) {
    Group g = new Group(views, index, length, code, count, depth);
    g.elements = elements;
    return g;
  }

  /**
   * This group's view over {@code to}, another buffer holding the same bytes, which start at the
   * same offset from its origin: for a framing layer that moved its bytes to a new buffer (the push
   * parser's cumulation); nothing is read or checked again: the bytes are the same.
   *
   * @param to the buffer the bytes now lie in, with its origin
   * @return the view over {@code to}; this view is left as it is
   */
  public Group movedTo(GroupViews to) {
    return new Group(to, (int) (to.origin + offset()), length, code, count, depth);
  }

  /**
   * The group at buffer index {@code index} of {@code views} that the caller has already framed
   * with a {@code GroupFramer} ({@code code} and {@code count} as it read them).
   */
  Group(GroupViews views, int index, int length, CounterCode code, long count, int depth) {
    this.views = views;
    this.index = index;
    this.length = length;
    this.code = code;
    this.count = (int) count;
    this.depth = depth;
  }

  /** {@return the counter code (its table, sizes, count unit and layout)} */
  public CounterCode code() {
    return code;
  }

  /** {@return the group's name as the CESR code table names it, e.g. {@code ControllerIdxSigs}} */
  public String name() {
    return code.name();
  }

  /**
   * {@return the count: elements or quadlets as {@link CounterCode#unit()} says; for a
   * genus-version code the value of its three soft characters (e.g. 8192 for {@code -_AAACAA})}
   */
  public long count() {
    return count;
  }

  /**
   * {@return nesting depth: 1 for a group at the top of the parsed input, 2 for one inside it, ..}
   */
  public int depth() {
    return depth;
  }

  /** {@return the counter table the group was read with} */
  public CounterTable table() {
    return code.table();
  }

  /**
   * {@return size of the counter in bytes of its domain: 4, or 8 for big and genus-version codes,
   * in qb64; 3 or 6 in qb2}
   */
  public int counterSize() {
    return (int) domain().size(code.fs());
  }

  /**
   * The domain the group was read in, as its counter's first byte says ({@code -} for qb64, tritet
   * 111 for qb2; CESR specification, "Cold start Stream parsing problem"). Its content has the same
   * domain.
   */
  @Override
  public Domain domain() {
    return Domain.ofCounterByte(views.buf.getByte(index));
  }

  @Override
  public long offset() {
    return (long) index - views.origin;
  }

  /** The whole group's length in bytes of its domain, counter included. */
  @Override
  public int length() {
    return length;
  }

  /** The whole group, counter included, as qb64 (see {@link Element#qb64()}). */
  @Override
  public ByteBuf qb64() {
    return Transcode.qb64(views.buf.slice(index, length), domain());
  }

  /** The whole group, counter included, as qb2 (see {@link Element#qb2()}). */
  @Override
  public ByteBuf qb2() {
    return Transcode.qb2(views.buf.slice(index, length), domain(), offset(), code.code());
  }

  /** {@return the counter's qb64 characters, e.g. {@code -AAB} (for a qb2 counter, encoded now)} */
  public String counterText() {
    ByteBuf counter = views.buf.slice(index, counterSize());
    return Transcode.qb64(counter, domain()).toString(java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** {@return the content after the counter, in the group's domain, as a slice; not retained} */
  public ByteBuf content() {
    int cs = counterSize();
    return views.buf.slice(index + cs, length - cs);
  }

  /**
   * {@return the elements, built on first call and cached:
   *
   * <ul>
   *   <li>{@link Layout#TUPLES} with one slot: the primitives themselves ({@link
   *       IndexedSignature} for ControllerIdxSigs, {@link dev.cesrj.primitive.Matter} for
   *       others); with several slots: one {@link Tuple} per element;
   *   <li>{@link Layout#ATTACHMENTS}: the nested groups (a leading genus-version code included);
   *   <li>{@link Layout#NON_NATIVE_BODY}: the one Bytes primitive holding the body;
   *   <li>{@link Layout#TUPLES} with {@link CounterCode#head()} items (the legacy
   *       RootSadPathSigGroups): those items first (its root Pather), then the elements;
   *   <li>{@link Layout#PATHED}: the Pather, then the rest as {@link OpaqueMaterial};
   *   <li>{@link Layout#NATIVE_BODY} and {@link Layout#NATIVE_FIELDS} (a CESR-native body and
   *       the GenericMapGroup/GenericListGroup inside it): its fields in order, each a {@link
   *       dev.cesrj.primitive.Matter} or a nested {@link Group} (labels and values of a map are
   *       not paired);
   *   <li>{@link Layout#UNSUPPORTED} (a seal group inside a native body): its elements by its
   *       grammar;
   *   <li>otherwise (genus-version, GenericGroup, BodyWithAttachmentGroup): empty; the message
   *       layer reads nested streams}
   * </ul>
   *
   * <p>Framing: a CESR 1.0 qb64 signature group ({@code -A} ControllerIdxSigs, {@code -B}
   * WitnessIdxSigs) with a 4-character counter, exactly {@code 4 + 88 * count} characters long,
   * whose every signature starts with a one-character code, a Base64 index and zero pad bits
   * (checked here, as the framer's fast path checks it), is not framed again: signature {@code i}
   * lies at {@code 4 + 88 * i} from the counter, so its view is made from that arithmetic,
   * wherever the group was framed (at the top of a stream, among an AttachmentGroup's elements,
   * in a tuple of TransIdxSigGroups, or the signatures of a legacy {@code -J} SadPathSigGroups).
   * Every other group (qb2, big counters, a signature of a two-character code, tuple groups such
   * as TransIdxSigGroups, AttachmentGroups, bodies, CESR 2.0 quadlet counts) has its content
   * framed once more here, with the framer's checks, onto a tape the views are read from. That
   * framing records the items of the groups nested in the content too, so the nested groups that
   * would be framed again in turn (an AttachmentGroup's groups, the signature group of a
   * TransIdxSigGroups tuple, the field and seal groups of a CESR-native body, at any depth; not
   * the uniform signature groups, read by arithmetic) get their elements made from it at the same
   * time, cached as this call caches its own: their {@code elements()} frames nothing. So after
   * the stream's framing a group's content is framed at most once more through one view tree, by
   * the outermost group whose elements are read. Views made elsewhere of the same bytes are
   * separate: a message's {@code Message#groups()} holds its own views of the groups inside an
   * AttachmentGroup, and their {@code elements()} frame their content once more. A nested group whose elements exceed {@link
   * dev.cesrj.CesrOptions#maxElements()} is left to its own call, which frames it and throws.
   * Recording every group's items while it is first framed would spare that framing too, but it
   * was measured to cost every stream, read or not: {@code CursorBenchmark.zeroCopy} 2.3x and
   * {@code copyOnce} 1.8x slower (see {@code docs/guide/framing-engine.md}).
   *
   * @throws dev.cesrj.ElementLimitException if the group holds more than {@link
   *     dev.cesrj.CesrOptions#maxElements()} elements: at the first element past the limit, with
   *     that element's code (a tuple's: its first part's) and this group as its path, before any
   *     view is made; the groups cursor refuses the same element of the same group alike
   */
  public List<Element> elements() {
    List<Element> e = elements;
    if (e == null) {
      e = ElementReader.elements(views, this);
      elements = e;
    }
    return e;
  }

  /**
   * {@return the nested groups of an AttachmentGroup ({@link #elements()} as groups); else empty}
   */
  public List<Group> groups() {
    List<Group> out = new ArrayList<>();
    for (Element e : elements()) {
      if (e instanceof Group) {
        out.add((Group) e);
      }
    }
    return out;
  }

  /**
   * {@return every indexed signature in this group, nested ones included (signatures of the
   * ControllerIdxSigs inside TransIdxSigGroups elements, of the groups inside an
   * AttachmentGroup), in stream order}
   */
  public List<IndexedSignature> signatures() {
    List<IndexedSignature> out = new ArrayList<>();
    collect(elements(), out);
    return out;
  }

  private static void collect(List<Element> elements, List<IndexedSignature> out) {
    for (Element e : elements) {
      if (e instanceof IndexedSignature) {
        out.add((IndexedSignature) e);
      } else if (e instanceof Group) {
        collect(((Group) e).elements(), out);
      } else if (e instanceof Tuple) {
        collect(((Tuple) e).parts(), out);
      }
    }
  }

  int index() {
    return index;
  }

  /**
   * {@return whether this group's elements are made already (cached): read once, or made by an
   * enclosing group's read from its framing} For the tests that show which groups are read
   * without framing again.
   */
  boolean cached() {
    return elements != null;
  }

  /**
   * {@return the elements a fresh framing of this group's content gives, by the checked path
   * whatever the group's layout; not cached} For the tests that compare the two reads of {@link
   * #elements()}.
   *
   * @throws dev.cesrj.ElementLimitException as {@link #elements()} throws it
   */
  List<Element> checkedElements() {
    return new ElementReader(views).read(this);
  }

  @Override
  public String toString() {
    return name() + " " + counterText() + " count " + count + " at " + offset() + " (" + length
        + " bytes)";
  }
}
