package dev.cesrj.netty;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link CesrFrameDecoder} does against peers that would starve or exhaust a server,
 * beyond the frame limit of its {@link dev.cesrj.CesrOptions}: a memory budget shared with the
 * server's other connections, a deadline for each frame, and backpressure (pausing reads). {@link
 * #NONE} turns all three off (the decoder's behaviour without guards); {@link
 * CesrServerInitializer} turns them all on.
 *
 * @param budget the budget shared with other connections ({@link CesrMemoryBudget}) that every
 *     declared frame size is judged against before its bytes are awaited and that the bytes of
 *     unfinished frames are charged to as they arrive, or {@code null} for none
 * @param frameTimeout how long a frame may take from its first byte to its last, or {@link
 *     Duration#ZERO} for no deadline; a frame still unfinished then fires a {@link
 *     dev.cesrj.FrameTimeoutException} and closes the channel. A message whose bare attachment
 *     run is held for the next byte ({@link dev.cesrj.stream.Framed#held()}) counts as
 *     unfinished: senders wrap attachments ({@code -V}/{@code -C}), as keripy asks
 * @param maxFramesInFlight with a value above 0, backpressure: the decoder owns the channel's
 *     {@code autoRead} and turns it off while the channel is not writable or this many of its
 *     frames have been handed on and not yet released, on again once neither holds; 0 leaves
 *     {@code autoRead} alone
 */
public record FrameGuards(CesrMemoryBudget budget, Duration frameTimeout, int maxFramesInFlight) {
  /** No budget, no deadline, no backpressure. */
  public static final FrameGuards NONE = new FrameGuards(null, Duration.ZERO, 0);

  /**
   * Checks the settings.
   *
   * @param budget the shared budget, or {@code null} for none
   * @param frameTimeout the frame deadline, {@link Duration#ZERO} for none
   * @param maxFramesInFlight frames in flight before reads pause, 0 for no backpressure
   * @throws NullPointerException if {@code frameTimeout} is null
   * @throws IllegalArgumentException if {@code frameTimeout} is negative or {@code
   *     maxFramesInFlight} is negative
   */
  public FrameGuards {
    Objects.requireNonNull(frameTimeout, "frameTimeout");
    if (frameTimeout.isNegative()) {
      throw new IllegalArgumentException("frameTimeout must not be negative: " + frameTimeout);
    }
    if (maxFramesInFlight < 0) {
      throw new IllegalArgumentException(
          "maxFramesInFlight must be at least 0: " + maxFramesInFlight);
    }
  }
}
