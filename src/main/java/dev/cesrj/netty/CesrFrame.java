package dev.cesrj.netty;

import dev.cesrj.stream.Message;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;
import java.util.Objects;

/**
 * One complete CESR message as a {@link CesrFrameDecoder} passes it down the pipeline: the
 * framed {@link Message} (version string, body, attachment groups, signatures, nested messages)
 * and its bytes exactly as they arrived.
 *
 * <p>Reference counted; the handler that consumes the frame releases it once ({@code
 * ReferenceCountUtil.release(frame)}, or let {@code SimpleChannelInboundHandler} do it). The frame
 * holds one reference on the buffer its message was framed in (the read buffer itself when the
 * message arrived in one read, else the decoder's cumulation), and every view of {@link
 * #message()} ({@code body()}, {@code groups()}, {@code qb64()} of groups and signatures, ...)
 * and {@link #content()} is an unretained slice of that buffer. No byte is copied for the frame.
 * As with Netty's {@code DefaultByteBufHolder}, {@link #refCnt()}, {@link #retain()} and {@link
 * #release()} act on that buffer's count, which frames framed in the same buffer share (one
 * reference each, as {@code slice().retain()} would): {@code refCnt()} may therefore exceed 1,
 * and a frame must be released exactly once per reference it was given or retained for, never
 * more. While the frame is not released the views are valid and the bytes do not change; once it
 * is, the views may read freed memory (a pooled buffer's accessors then throw {@link
 * io.netty.util.IllegalReferenceCountException}). The frame keeps the whole buffer it was framed
 * in alive, not just its own bytes: release frames promptly, or copy what must outlive them.
 *
 * <p>One exception to "no copy" comes from the message layer: the {@code body()} of a message
 * carried in a NonNativeBodyGroup Texter is decoded from Base64 into a new heap buffer.
 */
public final class CesrFrame implements ReferenceCounted {
  private final Message message;
  /** The buffer the frame holds one reference on. */
  private final ByteBuf buffer;
  private final int index;
  private final int length;
  private final long streamOffset;
  /** The message's bytes as a slice of {@link #buffer}, made when first asked for. */
  private ByteBuf content;

  /**
   * A frame over {@code content}, whose ownership passes to the frame: {@link #release()} releases
   * it. {@code message} must view the buffer {@code content} retains.
   *
   * @param message the framed message (a view of {@code content})
   * @param content the message's bytes (its readable bytes); this frame owns one reference to them
   * @param streamOffset the stream offset of the message's first byte on its channel
   */
  public CesrFrame(Message message, ByteBuf content, long streamOffset) {
    this.message = Objects.requireNonNull(message, "message");
    this.content = Objects.requireNonNull(content, "content");
    this.buffer = content;
    this.index = content.readerIndex();
    this.length = content.readableBytes();
    this.streamOffset = streamOffset;
  }

  /**
   * A frame of the {@code length} bytes of {@code buffer} from {@code index}, owning one reference
   * to {@code buffer} (the decoder's way: no slice object until {@link #content()} is asked for).
   */
  CesrFrame(Message message, ByteBuf buffer, int index, int length, long streamOffset) {
    this.message = message;
    this.buffer = buffer;
    this.index = index;
    this.length = length;
    this.streamOffset = streamOffset;
  }

  /** {@return the framed message: views valid until this frame is released} */
  public Message message() {
    return message;
  }

  /**
   * {@return the message's bytes as received ({@link Message#length()} bytes: a genus-version code
   * right before it, its body or envelope, and all its attachments)} A slice of the buffer the
   * frame holds, not an extra reference: retain it to keep it beyond the frame. Made on the first
   * call, then the same slice.
   */
  public ByteBuf content() {
    ByteBuf c = content;
    if (c == null) {
      c = buffer.slice(index, length);
      content = c;
    }
    return c;
  }

  /**
   * {@return byte offset of the message in its channel's stream (0 = the first byte the decoder
   * received)} Counted as a {@code long}: exact beyond 2 GiB.
   */
  public long streamOffset() {
    return streamOffset;
  }

  /** {@return the reference count of the buffer the frame holds (shared; see the class comment)} */
  @Override
  public int refCnt() {
    return buffer.refCnt();
  }

  /** Adds one reference to the buffer the frame holds; release the frame once more for it. */
  @Override
  public CesrFrame retain() {
    buffer.retain();
    return this;
  }

  /** Adds {@code increment} references to the buffer the frame holds. */
  @Override
  public CesrFrame retain(int increment) {
    buffer.retain(increment);
    return this;
  }

  /** Releases one reference of the buffer the frame holds: true if that freed the buffer. */
  @Override
  public boolean release() {
    return buffer.release();
  }

  /** Releases {@code decrement} references of the buffer the frame holds. */
  @Override
  public boolean release(int decrement) {
    return buffer.release(decrement);
  }

  @Override
  public CesrFrame touch() {
    buffer.touch();
    return this;
  }

  @Override
  public CesrFrame touch(Object hint) {
    buffer.touch(hint);
    return this;
  }

  @Override
  public String toString() {
    return "CesrFrame " + message.version() + " at " + streamOffset + " (" + message.length()
        + " bytes, refCnt " + refCnt() + ")";
  }
}
