package dev.cesrj.netty;

import io.netty.channel.Channel;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Backpressure for one channel, the one place that decides whether it reads: {@code autoRead} is
 * on exactly while the channel is writable and fewer than {@code maxFramesInFlight} of the frames
 * its decoder handed on are unreleased (Netty's convention: a handler that cannot keep up turns
 * {@code autoRead} off, {@code channelWritabilityChanged} turns it back on). Frames may be
 * released on any thread; the flag is only changed on the channel's event loop.
 */
final class ReadGate {
  private final Channel channel;
  private final int maxFramesInFlight;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final Runnable update = this::update;

  ReadGate(Channel channel, int maxFramesInFlight) {
    this.channel = channel;
    this.maxFramesInFlight = maxFramesInFlight;
  }

  /** A frame was handed on (on the event loop). */
  void frameOut() {
    inFlight.incrementAndGet();
  }

  /** A frame was released, on any thread: reopens the gate when the count drops below the cap. */
  void frameReleased() {
    if (inFlight.decrementAndGet() == maxFramesInFlight - 1) {
      if (channel.eventLoop().inEventLoop()) {
        update();
      } else {
        try {
          channel.eventLoop().execute(update);
        } catch (RejectedExecutionException e) {
          // the event loop is shutting down: no read to resume
        }
      }
    }
  }

  /** {@return frames handed on and not yet released} */
  int inFlight() {
    return inFlight.get();
  }

  /** {@return true if the channel may read now} */
  boolean open() {
    return channel.isWritable() && inFlight.get() < maxFramesInFlight;
  }

  /** Sets {@code autoRead} to {@link #open()} (on the event loop). */
  void update() {
    boolean open = open();
    if (channel.config().isAutoRead() != open) {
      channel.config().setAutoRead(open);
    }
  }
}
