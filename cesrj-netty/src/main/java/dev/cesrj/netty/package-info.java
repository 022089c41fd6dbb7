/**
 * The Netty pipeline codec for CESR in the text domain: {@link dev.cesrj.netty.CesrFrameDecoder}
 * frames the bytes a channel reads into one {@link dev.cesrj.netty.CesrFrame} per complete
 * top-level message (with a {@link dev.cesrj.stream.CesrStreamParser} per channel; {@link
 * dev.cesrj.netty.OnMalformed} says what an error does to the channel), and {@link
 * dev.cesrj.netty.CesrFrameEncoder} writes an {@link dev.cesrj.netty.OutgoingMessage} (a body and
 * its {@link dev.cesrj.netty.OutgoingGroup}s) or relays a received frame. Module {@code
 * dev.cesrj.netty} (artifact {@code cesrj-netty}), which requires {@code io.netty.codec}, {@code
 * io.netty.transport} and {@code io.netty.handler} besides {@code dev.cesrj}.
 *
 * <p>A public-facing service: {@link dev.cesrj.netty.CesrServerInitializer} builds each accepted
 * channel's pipeline with the guards against hostile or slow peers on (idle and write timeouts, a
 * connection cap, write-buffer water marks, and a decoder with {@link dev.cesrj.netty.FrameGuards}:
 * a {@link dev.cesrj.netty.CesrMemoryBudget} shared by every connection, a frame deadline and
 * backpressure), records why each channel closed ({@link dev.cesrj.netty.CloseReason}) and counts
 * it ({@link dev.cesrj.netty.CesrServerStats}).
 *
 * <p>Buffers: a {@code CesrFrame} is reference counted, starting at 1, and holds one reference on
 * the buffer its message was framed in; the handler that consumes it releases it. An {@code
 * OutgoingMessage} is reference counted too and owns its body and the buffers of its groups;
 * writing it hands it to the encoder, which passes those buffers on without copying them and
 * releases the message.
 *
 * <p>Dependencies: {@code dev.cesrj}, {@code dev.cesrj.code}, {@code dev.cesrj.internal}, {@code
 * dev.cesrj.primitive}, {@code dev.cesrj.group} and {@code dev.cesrj.stream}; not {@code
 * dev.cesrj.batch}.
 */
package dev.cesrj.netty;
