package dev.cesrj.netty;

import dev.cesrj.stream.Message;
import io.netty.buffer.ByteBuf;
import io.netty.util.AbstractReferenceCounted;
import java.util.Objects;

/**
 * One complete CESR message as a {@link CesrFrameDecoder} passes it down the pipeline: the
 * framed {@link Message} (version string, body, attachment groups, signatures, nested messages)
 * and its bytes exactly as they arrived.
 *
 * <p>Reference counted, starting at 1; the handler that consumes the frame releases it ({@code
 * ReferenceCountUtil.release(frame)}, or let {@code SimpleChannelInboundHandler} do it). The frame
 * holds one reference on the received bytes: {@link #content()} is a retained slice (sharing
 * that buffer's reference count, as {@code slice().retain()}) of the
 * buffer the message was framed in (the read buffer itself when the message arrived in one read,
 * else the decoder's cumulation), and every view of {@link #message()} ({@code body()}, {@code
 * groups()}, {@code qb64()} of groups and signatures, ...) is an unretained slice of that same
 * buffer. No byte is copied for the frame. While the frame is not released the views are valid
 * and the bytes do not change; once {@link #refCnt()} drops to 0 the slice is released, and the
 * views read freed memory (a pooled buffer's accessors then throw {@link
 * io.netty.util.IllegalReferenceCountException}). The frame keeps the whole buffer it was framed
 * in alive, not just its own bytes: release frames promptly, or copy what must outlive them.
 *
 * <p>One exception to "no copy" comes from the message layer: the {@code body()} of a message
 * carried in a NonNativeBodyGroup Texter is decoded from Base64 into a new heap buffer.
 */
public final class CesrFrame extends AbstractReferenceCounted {
  private final Message message;
  private final ByteBuf content;
  private final long streamOffset;

  /**
   * A frame over {@code content}, whose ownership passes to the frame: {@link #release()} to 0
   * releases it. {@code message} must view the buffer {@code content} retains.
   *
   * @param message the framed message (a view of {@code content})
   * @param content the message's bytes; this frame owns one reference to them
   * @param streamOffset the stream offset of the message's first byte on its channel
   */
  public CesrFrame(Message message, ByteBuf content, long streamOffset) {
    this.message = Objects.requireNonNull(message, "message");
    this.content = Objects.requireNonNull(content, "content");
    this.streamOffset = streamOffset;
  }

  /** {@return the framed message: views valid until this frame is released} */
  public Message message() {
    return message;
  }

  /**
   * {@return the message's bytes as received ({@link Message#length()} bytes: a genus-version code
   * right before it, its body or envelope, and all its attachments)} Not an extra reference: retain
   * it to keep it beyond the frame.
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * {@return byte offset of the message in its channel's stream (0 = the first byte the decoder
   * received)} Counted as a {@code long}: exact beyond 2 GiB.
   */
  public long streamOffset() {
    return streamOffset;
  }

  @Override
  protected void deallocate() {
    content.release();
  }

  @Override
  public CesrFrame retain() {
    super.retain();
    return this;
  }

  @Override
  public CesrFrame retain(int increment) {
    super.retain(increment);
    return this;
  }

  @Override
  public CesrFrame touch() {
    return touch(null);
  }

  @Override
  public CesrFrame touch(Object hint) {
    content.touch(hint);
    return this;
  }

  @Override
  public String toString() {
    return "CesrFrame " + message.version() + " at " + streamOffset + " (" + message.length()
        + " bytes, refCnt " + refCnt() + ")";
  }
}
