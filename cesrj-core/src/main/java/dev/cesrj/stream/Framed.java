package dev.cesrj.stream;

import dev.cesrj.CesrException;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.Optional;

/**
 * What one call to a {@link CesrStreamParser} framed: the complete messages, in stream order,
 * and what the parser waits for next (more bytes, or the caller's decision after an error).
 *
 * <p>Validity: the messages are views of a buffer the parser owns (its cumulation, or a fed
 * {@code ByteBuf} it adopted), valid until the next call on the parser ({@code feed}, {@code
 * feedCopy}, {@code endOfInput}, {@code skipToColdStart}, {@code releaseViews}, {@code close}).
 * To keep them longer, call
 * {@link #retain()} before that next call and {@link #close()} when done: the buffer then stays
 * alive and unchanged (the parser moves on to a new cumulation instead of compacting a retained
 * one). Not thread-safe.
 */
public final class Framed implements AutoCloseable {
  private final CesrStreamParser parser;
  private final long generation;
  private final List<Message> messages;
  private final long needed;
  private final boolean held;
  private final CesrException error;
  private final long skipped;
  private final long offsetBase;
  private final long position;
  private final int buffered;
  private final ByteBuf views;
  private final int origin;
  private boolean retained;

  Framed(
      CesrStreamParser parser,
      long generation,
      List<Message> messages,
      long needed,
      boolean held,
      CesrException error,
      long skipped,
      long offsetBase,
      long position,
      int buffered,
      ByteBuf views,
      int origin) {
    this.parser = parser;
    this.generation = generation;
    // the parser hands over an immutable list
    this.messages = messages;
    this.needed = needed;
    this.held = held;
    this.error = error;
    this.skipped = skipped;
    this.offsetBase = offsetBase;
    this.position = position;
    this.buffered = buffered;
    this.views = views;
    this.origin = origin;
  }

  /**
   * {@return the top-level messages completed by this call, in stream order: each with its body and
   * all its attachments (a message is never returned in parts)} Empty if none completed.
   */
  public List<Message> messages() {
    return messages;
  }

  /**
   * {@return how many more bytes the parser needs before it frames again: 0 if it buffers nothing
   * or has failed; otherwise at least 1, and the parser does not look at the buffered bytes again
   * before that many have arrived (feeding fewer costs no framing work)} It is exact for the
   * rest of a message body, of a counter, of an AttachmentGroup ({@code -V}/{@code -C}) after a
   * body, of a BodyWithAttachmentGroup envelope and of a quadlet-counted group (the framer's
   * {@link dev.cesrj.TruncatedException#needed()} is exact for those and for sized primitives);
   * inside a cut CESR 1.0 element-counted group it is the rest of the primitive that is cut plus
   * the least size of the elements still to come; 27 minus what is buffered while a JSON body's
   * version string is incomplete (keripy sniffs 27 bytes); 1 while a {@link #held()} message's
   * run ends at a group boundary, or the parser looks for a cold-start point after {@link
   * CesrStreamParser#skipToColdStart()}.
   */
  public long needed() {
    return needed;
  }

  /**
   * {@return the bytes the unfinished (or held) message takes once the bytes it still needs are
   * in, at least: {@link #buffered()} plus {@link #needed()}; 0 if the parser buffers nothing or
   * has failed} Right after the read that brings a size field, it counts that size: a JSON, CBOR
   * or MessagePack body's version string, an AttachmentGroup's count after a body, a
   * BodyWithAttachmentGroup's or GenericGroup's count, a counted group's; so that a caller can
   * judge a declared size (against a memory budget, say) before the parser waits for its bytes,
   * as {@code dev.cesrj.netty.CesrFrameDecoder} does. Exact where {@link #needed()} is.
   */
  public long pendingFrameBytes() {
    return error != null || buffered == 0 ? 0 : buffered + needed;
  }

  /**
   * {@return true if the buffered bytes start with a complete message body whose bare attachment
   * run (no AttachmentGroup {@code -V}/{@code -C} wrapping it, no envelope) has not ended in the
   * bytes received so far: its last group may be complete or cut, and more groups may follow}
   * The parser holds it: it frames each group of the run as soon as all of it is in (an error in
   * one is reported then), keeps what it has framed, and returns the message once the next byte
   * that can end the run arrives (a message start, a genus-version code, a counter that starts a
   * message) or at {@link CesrStreamParser#endOfInput()}. keripy's streaming parser has the same
   * ambiguity and asks senders to wrap attachments (keripy {@code parsing.py}); a wrapped or
   * enveloped message is never held.
   */
  public boolean held() {
    return held;
  }

  /**
   * {@return the error this call met, if any: a {@link CesrException} other than a truncation while
   * bytes may still come (a truncation at {@link CesrStreamParser#endOfInput()} is an error too)}
   * The parser is then failed: the failed frame's bytes and everything after them stay buffered
   * ({@link CesrStreamParser#unconsumed()}) until the caller closes the parser or calls
   * {@link CesrStreamParser#skipToColdStart()}.
   */
  public Optional<CesrException> error() {
    return Optional.ofNullable(error);
  }

  /** {@return true if {@link #error()} is present} */
  public boolean failed() {
    return error != null;
  }

  /**
   * {@return bytes dropped by this call while looking for a cold-start point after
   * {@link CesrStreamParser#skipToColdStart()} (the failed frame's first byte included)}
   */
  public long skipped() {
    return skipped;
  }

  /**
   * {@return the stream offset that offset 0 of this call's messages, groups and error refers to: 0
   * for the first GiB of the stream, so that their offsets are stream offsets; then the stream
   * offset at which the parser last re-based its offsets (an {@code int} buffer index cannot
   * count past 2 GiB)} {@code offsetBase() + message.offset()} is always the stream offset.
   */
  public long offsetBase() {
    return offsetBase;
  }

  /**
   * {@return stream offset of the first byte not yet returned in a message nor dropped: where the
   * buffered bytes start}
   */
  public long position() {
    return position;
  }

  /**
   * {@return bytes the parser buffers after this call (a partial or held message, or failed bytes)}
   */
  public int buffered() {
    return buffered;
  }

  /**
   * Keeps this call's messages valid after the parser's next call, until {@link #close()}
   * (retains the buffer they view; idempotent).
   *
   * @return this
   * @throws IllegalStateException if the parser has been called again since this result (its
   *     views may already be gone)
   */
  public Framed retain() {
    if (!retained) {
      if (!parser.isCurrent(generation)) {
        throw new IllegalStateException("retain() after the parser's next call");
      }
      if (views != null) {
        views.retain();
      }
      retained = true;
    }
    return this;
  }

  /**
   * {@return the bytes of message {@code index} of {@link #messages()} (from its {@link
   * Message#offset()}, {@link Message#length()} bytes: genus-version code, body or envelope,
   * attachments) as a retained slice of the buffer the messages view} It is {@code
   * slice().retain()}: the slice shares that buffer's reference count and holds one reference. The
   * caller owns the slice and releases it once. Until then that buffer stays alive and unchanged
   * (the parser moves on to a new cumulation rather than compact a retained one), so every view of
   * the message (body, groups, signatures) stays valid after the parser's next call, as with
   * {@link #retain()} but per message: a pipeline hands each message on with its own reference.
   *
   * @param index the message's position in {@link #messages()}
   * @throws IndexOutOfBoundsException unless {@code 0 <= index < messages().size()}
   * @throws IllegalStateException if the parser has been called again since this result
   */
  public ByteBuf retainedSlice(int index) {
    Message m = messages.get(index);
    if (!parser.isCurrent(generation)) {
      throw new IllegalStateException("retainedSlice() after the parser's next call");
    }
    // slice().retain(), as AbstractByteBuf.retainedSlice: the slice shares the buffer's count
    // (one reference each), without a pooled derived buffer and count of its own per message
    return views.slice(bufferIndex(index), m.length()).retain();
  }

  /**
   * {@return the buffer this call's messages view (the parser's cumulation, or the fed buffer it
   * framed in place), not retained; {@code null} if there are no messages} For a pipeline that
   * hands each message on with a reference of its own without a slice object per message: retain
   * the buffer once per message kept (and release it once per message), and find message {@code
   * i}'s {@link Message#length()} bytes at {@link #bufferIndex(int) bufferIndex(i)}. The retained
   * buffer stays alive and unchanged as with {@link #retainedSlice(int)}. It is the parser's own
   * buffer, not a copy or a read-only view: read it with absolute getters (or through a {@code
   * duplicate()}) and never change its indexes or bytes, or the parser frames wrong bytes.
   *
   * @throws IllegalStateException if the parser has been called again since this result
   */
  public ByteBuf buffer() {
    if (!parser.isCurrent(generation)) {
      throw new IllegalStateException("buffer() after the parser's next call");
    }
    return views;
  }

  /**
   * {@return the index in {@link #buffer()} of the first byte of message {@code index} of
   * {@link #messages()}} A number computed from this result, still returned after the parser's
   * next call (when {@code buffer()} no longer is).
   *
   * @param index the message's position in {@link #messages()}
   * @throws IndexOutOfBoundsException unless {@code 0 <= index < messages().size()}
   */
  public int bufferIndex(int index) {
    return origin + (int) messages.get(index).offset();
  }

  /** Releases what {@link #retain()} retained; nothing if not retained. Idempotent. */
  @Override
  public void close() {
    if (retained) {
      retained = false;
      if (views != null) {
        views.release();
      }
    }
  }

  @Override
  public String toString() {
    return "Framed " + messages.size() + " messages, needed " + needed + (held ? " (held)" : "")
        + (error != null ? ", error " + error.getMessage() : "")
        + (skipped > 0 ? ", skipped " + skipped : "") + ", position " + position + ", buffered "
        + buffered;
  }
}
