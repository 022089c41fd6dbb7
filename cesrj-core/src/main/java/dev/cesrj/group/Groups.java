package dev.cesrj.group;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.Transcode;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Iterates the groups of an attachment stream: counted groups one after another, such as the
 * ControllerIdxSigs that follow an event. A genus-version code is returned as a group too, and
 * switches the counter table for the groups after it.
 *
 * <p>Each group may be qb64 or qb2 (a stream may switch domains between groups: CESR specification,
 * "Cold start Stream parsing problem"); its first byte says which ({@code -}, or tritet 111), and
 * its content has the same domain. Offsets, lengths and truncation figures are bytes; a qb2 group's
 * {@link Group#qb2()} is the zero-copy view and {@link Group#qb64()} converts (see {@link Group}).
 *
 * <h2>Copy once, slice many</h2>
 *
 * <p>{@link #copyOf(byte[])} and {@link #copyOf(ByteBuffer)} copy the input <b>once</b> into one
 * buffer from {@link CesrOptions#allocator()} (a {@code PooledByteBufAllocator} by default); each
 * {@link Group} is then an O(1) view of that buffer. {@link #over(ByteBuf)} copies nothing: the
 * groups are views of the caller's buffer.
 *
 * <h2>Ownership</h2>
 *
 * <ul>
 *   <li>{@code copyOf}: this object owns the buffer it allocated; {@link #close()} releases its
 *       reference. Group views (and their {@code qb64()} slices, which are not retained) are
 *       worth nothing after close: once the buffer's reference count is 0 their byte accessors
 *       throw {@link io.netty.util.IllegalReferenceCountException}. To keep bytes longer, take
 *       {@code group.qb64().retainedSlice()} (it keeps the whole buffer alive until released) or
 *       copy them before closing, and release what you retained.
 *   <li>{@code over}: the caller keeps owning the buffer; this object never retains or releases
 *       it, and {@link #close()} leaves it alone. Groups are valid while the caller's buffer is.
 *       The buffer's reader index moves past each group returned, so after an error or at the
 *       end, what was not consumed is still readable there.
 * </ul>
 *
 * <h2>Errors</h2>
 *
 * <p>{@link #next()} throws a {@link CesrException} for bad input (truncated, unknown code,
 * malformed, too large, too deep, not canonical, unsupported) with the byte offset from the start
 * of the input (for {@code over}: from the reader index the buffer had when this object was
 * made); the failed group is not consumed, and the iterator ends. A group cut short by the end of
 * the input is a {@link dev.cesrj.TruncatedException} saying how many more bytes it needs at
 * least; the end of the input between two groups is a clean end. Framing reads every code, size,
 * count, index and pad bit, but not the other characters of a primitive's value: one outside
 * Base64url is a {@link dev.cesrj.MalformedException} when a view decodes it, or when the group
 * is framed with {@link CesrOptions#checkValueCharacters()}. Not thread-safe.
 *
 * <p>Groups that hold a nested stream, GenericGroup and BodyWithAttachmentGroup, are framed by
 * their count only: their content (messages) is checked and viewed by {@code
 * dev.cesrj.stream.Messages}, and their {@link Group#elements()} is empty here.
 */
public final class Groups implements Iterator<Group>, Iterable<Group>, AutoCloseable {
  private final ByteBuf buf;
  private final boolean owned;
  private final ByteBuf borrowed;
  private final GroupFramer framer;
  private final GroupViews views;
  private final boolean checkValueCharacters;
  private final int limit;
  private int pos;
  private CounterTable table;
  private boolean failed;
  private boolean closed;

  private Groups(ByteBuf buf, boolean owned, ByteBuf borrowed, CesrOptions options) {
    this.buf = buf;
    this.owned = owned;
    this.borrowed = borrowed;
    this.pos = buf.readerIndex();
    this.limit = buf.writerIndex();
    this.framer = new GroupFramer(new Source(buf, pos), options);
    this.views = GroupViews.over(buf, pos, options);
    this.checkValueCharacters = options.checkValueCharacters();
    this.table = options.defaultTable();
  }

  /**
   * Copies {@code input} once into a pooled buffer; see {@link #copyOf(byte[], CesrOptions)}.
   *
   * @param input the groups, copied once
   * @return the groups, owning the copy (close it)
   */
  public static Groups copyOf(byte[] input) {
    return copyOf(input, CesrOptions.DEFAULT);
  }

  /**
   * Copies {@code input} once into a new buffer from {@code options.allocator()} and iterates its
   * groups. The returned object owns that buffer: close it.
   *
   * @param input the groups, copied once
   * @param options the allocator, limits and default table
   * @return the groups, owning the copy (close it)
   */
  public static Groups copyOf(byte[] input, CesrOptions options) {
    Objects.requireNonNull(input, "input");
    ByteBuf b = options.allocator().heapBuffer(input.length, input.length);
    b.writeBytes(input);
    return new Groups(b, true, null, options);
  }

  /**
   * Copies the remaining bytes of {@code input} once (its position is not moved) into a new
   * buffer from {@code options.allocator()}. The returned object owns that buffer: close it.
   *
   * @param input the groups, copied once
   * @param options the allocator, limits and default table
   * @return the groups, owning the copy (close it)
   */
  public static Groups copyOf(ByteBuffer input, CesrOptions options) {
    Objects.requireNonNull(input, "input");
    int n = input.remaining();
    ByteBuf b = options.allocator().heapBuffer(n, n);
    b.writeBytes(input.duplicate());
    return new Groups(b, true, null, options);
  }

  /**
   * {@return {@link #copyOf(ByteBuffer, CesrOptions)} with default options}
   *
   * @param input the groups, copied once
   */
  public static Groups copyOf(ByteBuffer input) {
    return copyOf(input, CesrOptions.DEFAULT);
  }

  /**
   * Iterates the bytes of {@code input} that are readable now (reader index to writer index)
   * without copying. The caller keeps ownership: the reference count is never changed; the
   * reader index advances past each group returned and stays at the start of a group that fails.
   * Offsets count from the reader index at this call.
   *
   * @param input the groups; the caller keeps owning it
   * @param options the allocator, limits and default table
   * @return the groups, views of {@code input}
   */
  public static Groups over(ByteBuf input, CesrOptions options) {
    Objects.requireNonNull(input, "input");
    return new Groups(input, false, input, options);
  }

  /**
   * {@return {@link #over(ByteBuf, CesrOptions)} with default options}
   *
   * @param input the groups; the caller keeps owning it
   */
  public static Groups over(ByteBuf input) {
    return over(input, CesrOptions.DEFAULT);
  }

  /** {@return the counter table in force for the next group} */
  public CounterTable table() {
    return table;
  }

  /** {@return byte offset, from the start of the input, of the next group (or of the end)} */
  public long position() {
    return pos - (long) framer.source().origin();
  }

  @Override
  public boolean hasNext() {
    return !failed && pos < limit;
  }

  /**
   * Frames and returns the next group.
   *
   * @throws NoSuchElementException if there is none
   * @throws CesrException if the input is bad there (the group is not consumed)
   */
  @Override
  public Group next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    int start = pos;
    CounterTable t = table;
    int end;
    CounterTable after = t;
    try {
      end = framer.group(start, limit, t, 1);
      if (framer.code().unit() == CountUnit.NONE) {
        after = framer.selectedTable(start);
      }
    } catch (CesrException e) {
      failed = true;
      throw e;
    }
    Group g = new Group(views, start, end - start, framer.code(), framer.count(), 1);
    if (checkValueCharacters) {
      try {
        requireValueCharacters(g);
      } catch (CesrException e) {
        failed = true;
        throw e;
      }
    }
    table = after;
    pos = end;
    if (borrowed != null) {
      borrowed.readerIndex(end);
    }
    return g;
  }

  /**
   * {@link CesrOptions#checkValueCharacters()} for a group framed alone: every character of a
   * qb64 group is Base64url (CESR specification, "Concrete Domain representations"), but for a
   * group holding a stream ({@link Layout#holdsStream()}: a GenericGroup), whose content may hold
   * JSON, CBOR or MessagePack bodies.
   * qb2 groups have no characters to check.
   *
   * @throws dev.cesrj.MalformedException at the first character that is not Base64url
   */
  private static void requireValueCharacters(Group g) {
    if (g.domain() == Domain.QB64 && !g.code().layout().holdsStream()) {
      Transcode.requireBase64(g.qb64(), g.offset(), g.code().code());
    }
  }

  /** This iterator, for use in a for-each loop (once). */
  @Override
  public Iterator<Group> iterator() {
    return this;
  }

  /**
   * Releases the buffer this object copied the input into ({@code copyOf}); does nothing for
   * {@code over}. Idempotent.
   */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      failed = true;
      if (owned) {
        buf.release();
      }
    }
  }
}
