package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.Fit;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Iterates the messages of a whole CESR stream: each message's genus-version code (if any),
 * body and attachment groups, until the next message (keripy {@code parsing.py}).
 *
 * <p>Domains: genus-version codes, envelopes, body groups and attachment groups may be qb64 or
 * qb2, as the first byte at each cold-start point says (each message start and, in a bare
 * attachment run, each group); inside a counted group everything has the group's domain (a
 * counter of the other domain there is a {@link dev.cesrj.MalformedException}). Offsets and
 * lengths are bytes of the stream.
 *
 * <p>Counter table of each message, in this order (the README's "Which counter table applies"
 * states the rule with its cases; {@link CesrOptions#tableInferred()}): a genus-version code in
 * force decides (one at the top of the stream or before a message holds for the rest of the
 * stream; one at the start of a GenericGroup, AttachmentGroup or envelope holds inside it only,
 * nested messages included); else a table chosen with {@link
 * CesrOptions.Builder#defaultTable(CounterTable)} or {@link
 * CesrOptions.Builder#legacyCesr10(boolean)} reads the attachments of every version 1 body (a
 * version 2 body always has CESR 2.0 attachments); else, by default, the table is inferred: a
 * message that starts with a counter is read in the table in which that counter starts a message,
 * a version 2 body's attachments in CESR 2.0, and a version 1 body's attachments in the CESR 1.0
 * tables or in CESR 2.0, whichever its first attachment counter and the start of its content
 * allow (a {@link dev.cesrj.AmbiguousTableException} if both do; CESR 1.0 before the legacy
 * table). A body whose protocol or genus major version is above the table of the genus-version
 * code in force is a {@link dev.cesrj.VersionStringException} (keripy refuses it too).
 *
 * <p>Ownership is as for {@code Groups}: {@link #copyOf(byte[])} copies the input once into a
 * buffer from the configured allocator, owned by this object and released by {@link #close()},
 * after which the messages' views are worth nothing; {@link #over(ByteBuf)} copies nothing, never
 * releases the caller's buffer, and moves its reader index past each message returned.
 *
 * <p>GenericGroup sub-streams (keripy {@code Parser.groupParsator}): a
 * GenericGroup where a message starts (at the top of the stream, or at a message start inside
 * another GenericGroup's sub-stream) is framed whole, by its count, and its messages are returned
 * one by one in stream order, each with its enclosing groups in {@link Message#genericGroups()}
 * and a {@link Message#depth()} one more than the innermost group's. A genus-version code at a
 * message start inside the sub-stream selects the table up to the group's end only. Nesting
 * deeper than {@link CesrOptions#maxDepth()} is a {@link dev.cesrj.NestingTooDeepException}.
 * The group is framed before its first message is returned: an error anywhere in it is thrown
 * before any of its messages. The reader index of {@link #over(ByteBuf)} moves past each
 * message returned, and past the group's end with its last message. Inside an envelope or
 * AttachmentGroup a GenericGroup is an {@link dev.cesrj.UnsupportedException}, as keripy reads
 * GenericGroups only where a top-level message may start.
 *
 * <p>{@link #next()} throws a {@link CesrException} for bad input, with the byte offset; the
 * failed message is not consumed and the iteration ends. Framing reads every code, size, count,
 * index and pad bit, but not the other characters of a primitive's value: one outside Base64url
 * is a {@link dev.cesrj.MalformedException} when a view decodes it ({@code raw()}, {@code
 * qb2()}), or when the message is framed with {@link CesrOptions#checkValueCharacters()}. A
 * top-level message or GenericGroup longer than {@link CesrOptions#maxFrameBytes()} is a {@link
 * dev.cesrj.FrameTooLargeException}, as in the push parser. Not thread-safe.
 */
public final class Messages implements Iterator<Message>, Iterable<Message>, AutoCloseable {
  private final ByteBuf buf;
  private final boolean owned;
  private final ByteBuf borrowed;
  private final MessageFramer framer;
  private final int origin;
  private final int limit;
  private int pos;
  /** The messages of the last frame not yet returned, from {@link #taken}. */
  private final List<Message> pending = new ArrayList<>();
  private int taken;
  /**
   * What framing the last frame found ({@link MessageFramer#frame}): {@link Fit#end()} is the
   * index just past it.
   */
  private final Fit fit = new Fit();
  private boolean done;
  private boolean closed;
  /** True once {@link #iterator()} has been called: a second call is refused. */
  private boolean iterated;

  private Messages(ByteBuf buf, boolean owned, ByteBuf borrowed, CesrOptions options) {
    this.buf = buf;
    this.owned = owned;
    this.borrowed = borrowed;
    this.origin = buf.readerIndex();
    this.pos = origin;
    this.limit = buf.writerIndex();
    this.framer = new MessageFramer(buf, origin, options);
  }

  /**
   * {@return {@link #copyOf(byte[], CesrOptions)} with default options}
   *
   * @param input the stream, copied once
   */
  public static Messages copyOf(byte[] input) {
    return copyOf(input, CesrOptions.DEFAULT);
  }

  /**
   * Copies {@code input} once into a new buffer from {@code options.allocator()}; the returned
   * object owns it: close it.
   *
   * @param input the stream, copied once
   * @param options the allocator, limits and default table
   * @return the messages, owning the copy (close it)
   */
  public static Messages copyOf(byte[] input, CesrOptions options) {
    Objects.requireNonNull(input, "input");
    ByteBuf b = options.allocator().heapBuffer(input.length, input.length);
    b.writeBytes(input);
    return new Messages(b, true, null, options);
  }

  /**
   * {@return {@link #over(ByteBuf, CesrOptions)} with default options}
   *
   * @param input the stream; the caller keeps owning it
   */
  public static Messages over(ByteBuf input) {
    return over(input, CesrOptions.DEFAULT);
  }

  /**
   * Iterates the readable bytes of {@code input} without copying; the caller keeps ownership and
   * the reader index advances past each message returned.
   *
   * @param input the stream; the caller keeps owning it
   * @param options the allocator, limits and default table
   * @return the messages, views of {@code input}
   */
  public static Messages over(ByteBuf input, CesrOptions options) {
    Objects.requireNonNull(input, "input");
    return new Messages(input, false, input, options);
  }

  /** {@return the counter table a top-level genus-version code set, or {@code null} if none yet} */
  public CounterTable streamTable() {
    return framer.streamTable();
  }

  /** {@return byte offset of the next message from the start of the input} */
  public long position() {
    return pos - (long) origin;
  }

  /**
   * True if another message follows.
   *
   * @throws CesrException if the input is bad where the next message starts
   */
  @Override
  public boolean hasNext() {
    while (taken == pending.size()) {
      if (done || pos >= limit) {
        return false;
      }
      pending.clear();
      taken = 0;
      Fit.Verdict v;
      try {
        v = framer.frame(pos, limit, pending, fit);
      } catch (CesrException e) {
        done = true;
        throw e;
      }
      if (fit.isTruncation()) {
        done = true;
        throw fit.error(); // a frame cut by the end of the input
      }
      if (v == Fit.Verdict.CUT) {
        advance(limit); // only genus-version codes were left: they end the input
        return false;
      }
      if (pending.isEmpty()) {
        advance(fit.end()); // an empty GenericGroup
      }
    }
    return true;
  }

  /**
   * The next message.
   *
   * @throws NoSuchElementException if there is none
   * @throws CesrException if the input is bad there
   */
  @Override
  public Message next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Message m = pending.get(taken++);
    advance(taken == pending.size() ? fit.end() : origin + (int) m.offset() + m.length());
    return m;
  }

  private void advance(int to) {
    pos = to;
    if (borrowed != null) {
      borrowed.readerIndex(to);
    }
  }

  /**
   * {@return this iterator, for one for-each loop} A {@code Messages} is one pass over its input:
   * it moves past each message it returns, so a second loop would see none.
   *
   * @throws IllegalStateException on a second call, saying so: frame the input again ({@link
   *     #copyOf(byte[])}, {@link #over(ByteBuf)}) to read it again
   */
  @Override
  public Iterator<Message> iterator() {
    if (iterated) {
      throw new IllegalStateException("Messages is one pass over its input and was iterated"
          + " already: it moves past each message it returns, so a second loop would see none;"
          + " frame the input again (Messages.copyOf or Messages.over) to read it again");
    }
    iterated = true;
    return this;
  }

  /** Releases the copied input ({@code copyOf}); nothing for {@code over}. Idempotent. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      done = true;
      pending.clear();
      taken = 0;
      if (owned) {
        buf.release();
      }
    }
  }
}
