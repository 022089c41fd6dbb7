package dev.cesrj.netty;

import dev.cesrj.CesrException;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

/**
 * Why a connection of a CESR service was closed: the rule of {@link CesrServerInitializer} (or of
 * a {@link CesrFrameDecoder}) that closed it, or {@link #OTHER}. The handler that closes a
 * channel for a rule records it on the channel first ({@link #record}); the first rule recorded
 * wins. {@link CesrServerStats} counts the connections closed by each.
 */
public enum CloseReason {
  /** Refused at once: the server had {@link CesrServerInitializer.Builder#maxConnections} open. */
  CONNECTION_CAP,
  /** Nothing read for {@link CesrServerInitializer.Builder#idleTimeout} (an idle peer). */
  IDLE,
  /**
   * A write not done within {@link CesrServerInitializer.Builder#writeTimeout} (a peer that does
   * not read its answers).
   */
  WRITE_TIMEOUT,
  /**
   * A frame not complete within its deadline ({@link dev.cesrj.FrameTimeoutException}; a slow
   * or stalled peer).
   */
  FRAME_TIMEOUT,
  /** A frame the shared memory budget had no room for ({@link dev.cesrj.MemoryBudgetException}). */
  MEMORY_BUDGET,
  /** A frame larger than the frame limit ({@link dev.cesrj.FrameTooLargeException}). */
  FRAME_TOO_LARGE,
  /** Bad input ({@link CesrException} of any other kind) under {@link OnMalformed#CLOSE}. */
  MALFORMED,
  /** Closed by the peer, by a handler of the application, or by an error outside these rules. */
  OTHER;

  /** The channel attribute that holds the reason recorded for a channel. */
  static final AttributeKey<CloseReason> KEY = AttributeKey.valueOf(CloseReason.class, "reason");

  /**
   * {@return the rule that an error the decoder closes a channel for stands for: {@link
   * #FRAME_TIMEOUT}, {@link #MEMORY_BUDGET}, {@link #FRAME_TOO_LARGE}, else {@link #MALFORMED}}
   *
   * @param e the error
   */
  public static CloseReason of(CesrException e) {
    switch (e.kind()) {
      case FRAME_TIMEOUT:
        return FRAME_TIMEOUT;
      case MEMORY_BUDGET:
        return MEMORY_BUDGET;
      case FRAME_TOO_LARGE:
        return FRAME_TOO_LARGE;
      default:
        return MALFORMED;
    }
  }

  /**
   * Records this reason on {@code channel}, unless a reason is recorded already.
   *
   * @param channel the channel about to be closed
   */
  public void record(Channel channel) {
    channel.attr(KEY).setIfAbsent(this);
  }

  /**
   * {@return the reason recorded on {@code channel}, or {@link #OTHER} if none was}
   *
   * @param channel the channel
   */
  public static CloseReason recordedOn(Channel channel) {
    CloseReason r = channel.attr(KEY).get();
    return r == null ? OTHER : r;
  }
}
