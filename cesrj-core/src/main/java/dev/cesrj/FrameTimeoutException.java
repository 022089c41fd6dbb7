package dev.cesrj;

import java.util.List;

/**
 * A frame that did not complete within its deadline: its first bytes arrived, the rest did not
 * come in time (a slow or stalled peer, a "slowloris" that sends a large frame a byte at a
 * time). Raised by the pipeline module's decoder ({@code dev.cesrj.netty.CesrFrameDecoder}) with
 * a frame timeout set; the bytes that did arrive may be well formed.
 */
public class FrameTimeoutException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** The deadline in milliseconds. */
  private final long timeoutMillis;
  /** Bytes of the frame that had arrived. */
  private final long have;

  /**
   * @param offset byte offset of the frame in its stream
   * @param timeoutMillis the deadline, in milliseconds from the frame's first byte
   * @param have bytes of the frame that had arrived by then
   * @param needed bytes the frame still needed, at least ({@code dev.cesrj.stream.Framed#needed})
   */
  public FrameTimeoutException(long offset, long timeoutMillis, long have, long needed) {
    this(
        offset,
        timeoutMillis,
        have,
        "the frame's " + needed + " more bytes within " + timeoutMillis + " ms",
        "frame not complete after " + timeoutMillis + " ms (have " + have + " bytes)",
        List.of());
  }

  private FrameTimeoutException(
      long offset,
      long timeoutMillis,
      long have,
      String expected,
      String detail,
      List<EnclosingGroup> path) {
    super(ErrorKind.FRAME_TIMEOUT, offset, null, expected, detail, path);
    this.timeoutMillis = timeoutMillis;
    this.have = have;
  }

  @Override
  protected FrameTimeoutException relocated(long offset, List<EnclosingGroup> path) {
    return new FrameTimeoutException(offset, timeoutMillis, have, expected(), detail(), path);
  }

  /** {@return the deadline in milliseconds from the frame's first byte} */
  public long timeoutMillis() {
    return timeoutMillis;
  }

  /** {@return bytes of the frame that had arrived when the deadline passed} */
  public long have() {
    return have;
  }
}
