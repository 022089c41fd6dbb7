package dev.cesrj.netty;

import dev.cesrj.stream.Message;
import io.netty.buffer.ByteBuf;
import io.netty.util.AbstractReferenceCounted;
import io.netty.util.IllegalReferenceCountException;
import java.util.Objects;

/**
 * One complete CESR message as a {@link CesrFrameDecoder} passes it down the pipeline: the
 * framed {@link Message} (version string, body, attachment groups, signatures, nested messages)
 * and its bytes exactly as they arrived.
 *
 * <p>Reference counted, starting at 1; the handler that consumes the frame releases it ({@code
 * ReferenceCountUtil.release(frame)}, or let {@code SimpleChannelInboundHandler} do it). The frame
 * has a count of its own and, while that count is above 0, holds one reference on the buffer its
 * message was framed in (the read buffer itself when the message arrived in one read, else the
 * decoder's cumulation); it gives that reference back when its count drops to 0. Every view of
 * {@link #message()} ({@code body()}, {@code groups()}, {@code qb64()} of groups and signatures,
 * ...) and {@link #content()} is an unretained slice of that buffer: no byte is copied for the
 * frame, and no slice object is made until {@code content()} is first asked for. While the frame
 * is not released the views are valid and the bytes do not change. Once it is, {@code message()}
 * and {@code content()} throw {@link IllegalReferenceCountException}, and so does a second
 * {@code release()}: a frame released twice never releases a buffer it no longer holds. Views
 * taken before the release must not be used after it (their buffer may be freed and reused).
 * The frame keeps the whole buffer it was framed in alive, not just its own bytes: release frames
 * promptly, or copy what must outlive them.
 *
 * <p>One exception to "no copy" comes from the message layer: the {@code body()} of a message
 * carried in a NonNativeBodyGroup Texter is decoded from Base64 into a new heap buffer.
 */
public final class CesrFrame extends AbstractReferenceCounted {
  private final Message message;
  /** The buffer the frame holds one reference on. */
  private final ByteBuf buffer;
  private final int index;
  private final int length;
  private final long streamOffset;
  /** The message's bytes as a slice of {@link #buffer}, made when first asked for. */
  private ByteBuf content;
  /** The gate of the decoder that handed the frame on, told of its release; or null. */
  private final ReadGate gate;

  /**
   * A frame over {@code content}, whose ownership passes to the frame: the frame releases it when
   * its own count drops to 0. {@code message} must view the buffer {@code content} retains.
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
    this.gate = null;
  }

  /**
   * A frame of the {@code length} bytes of {@code buffer} from {@code index}, owning one reference
   * to {@code buffer} (the decoder's way: no slice object until {@link #content()} is asked for);
   * {@code gate}, if not null, is told when the frame is released.
   */
  CesrFrame(
      Message message, ByteBuf buffer, int index, int length, long streamOffset, ReadGate gate) {
    this.message = message;
    this.buffer = buffer;
    this.index = index;
    this.length = length;
    this.streamOffset = streamOffset;
    this.gate = gate;
    if (gate != null) {
      gate.frameOut();
    }
  }

  /**
   * {@return the framed message: views valid until this frame is released}
   *
   * @throws IllegalReferenceCountException if the frame has been released
   */
  public Message message() {
    ensureLive();
    return message;
  }

  /**
   * {@return the message's bytes as received ({@link Message#length()} bytes: a genus-version code
   * right before it, its body or envelope, and all its attachments)} A slice of the buffer the
   * frame holds, not an extra reference: retain it to keep it beyond the frame. Made on the first
   * call, then the same slice: read it through {@code duplicate()} (or absolute getters) if the
   * frame is relayed afterwards, since a {@link CesrFrameEncoder} writes its readable bytes.
   *
   * @throws IllegalReferenceCountException if the frame has been released
   */
  public ByteBuf content() {
    ensureLive();
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

  /**
   * Gives back the frame's reference on the buffer its message was framed in (and, with a decoder
   * that pauses reads, lets it read again once it has few enough frames in flight).
   */
  @Override
  protected void deallocate() {
    buffer.release();
    if (gate != null) {
      gate.frameReleased();
    }
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
    buffer.touch(hint);
    return this;
  }

  private void ensureLive() {
    if (refCnt() == 0) {
      throw new IllegalReferenceCountException(0);
    }
  }

  @Override
  public String toString() {
    return "CesrFrame " + message.version() + " at " + streamOffset + " (" + message.length()
        + " bytes, refCnt " + refCnt() + ")";
  }
}
