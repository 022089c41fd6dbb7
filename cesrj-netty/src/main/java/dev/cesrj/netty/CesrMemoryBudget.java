package dev.cesrj.netty;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A memory budget shared by every connection of a server, in bytes: each {@link
 * CesrFrameDecoder} given it reserves, for the frame it is receiving, the bytes it holds of that
 * frame and the bytes the frame declares it still needs, before it waits for them; a reservation
 * that would take the total past {@link #limitBytes()} is refused, and that decoder fires a {@link
 * dev.cesrj.MemoryBudgetException} and closes its channel, while the other connections go on. So
 * a peer that declares a large frame and goes silent holds its share of the budget only, never
 * the heap, and many such peers together hold at most the budget. The share is taken when the
 * size is declared, before the bytes come: a few bytes of header hold up to a frame's worth of
 * the budget until the frame deadline closes that connection.
 *
 * <p>What is charged: the decoder's unfinished (or held) message, from its first byte to the end
 * its size fields declare ({@link dev.cesrj.stream.Framed#buffered()} plus {@link
 * dev.cesrj.stream.Framed#needed()}), re-judged at every read; given back when the message is
 * complete, the decoder fails or the channel closes. Not charged: frames handed on and not yet
 * released (the decoder pauses reads while a channel has too many, see {@link
 * CesrServerInitializer.Builder#maxFramesInFlight(int)}), Netty's read buffers (one per read in
 * progress) and queued writes (bounded by the channel's write-buffer water marks). The
 * cumulation a reservation stands for may have up to twice its bytes of capacity (Netty grows
 * buffers by powers of two).
 *
 * <p>Thread-safe: decoders on every event loop reserve and release concurrently (one atomic
 * counter, no lock).
 */
public final class CesrMemoryBudget {
  private final long limit;
  private final AtomicLong reserved = new AtomicLong();
  private final AtomicLong highWater = new AtomicLong();

  /**
   * A budget of {@code limitBytes}.
   *
   * @param limitBytes the most bytes all reservations together may take, at least 1
   * @throws IllegalArgumentException if {@code limitBytes} is below 1
   */
  public CesrMemoryBudget(long limitBytes) {
    if (limitBytes < 1) {
      throw new IllegalArgumentException("limitBytes must be at least 1: " + limitBytes);
    }
    this.limit = limitBytes;
  }

  /** {@return the most bytes all reservations together may take} */
  public long limitBytes() {
    return limit;
  }

  /** {@return the bytes reserved now, by every decoder together} */
  public long reservedBytes() {
    return reserved.get();
  }

  /** {@return the most bytes reserved at any one time since this budget was made} */
  public long highWaterBytes() {
    return highWater.get();
  }

  /**
   * Reserves {@code bytes} if the total stays within the limit.
   *
   * @param bytes how many bytes to reserve, at least 0
   * @return true if reserved; false (nothing reserved) if the total would pass {@link
   *     #limitBytes()}
   * @throws IllegalArgumentException if {@code bytes} is negative
   */
  public boolean tryReserve(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be at least 0: " + bytes);
    }
    while (true) {
      long now = reserved.get();
      if (bytes > limit - now) {
        return false;
      }
      if (reserved.compareAndSet(now, now + bytes)) {
        highWater.accumulateAndGet(now + bytes, Math::max);
        return true;
      }
    }
  }

  /**
   * Gives back {@code bytes} reserved earlier.
   *
   * @param bytes how many bytes to give back, at least 0 and at most {@link #reservedBytes()}
   * @throws IllegalArgumentException if {@code bytes} is negative or more than is reserved (the
   *     budget is left as it was)
   */
  public void release(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be at least 0: " + bytes);
    }
    while (true) {
      long now = reserved.get();
      if (bytes > now) {
        throw new IllegalArgumentException(
            "releasing " + bytes + " bytes, only " + now + " reserved");
      }
      if (reserved.compareAndSet(now, now - bytes)) {
        return;
      }
    }
  }

  @Override
  public String toString() {
    return "CesrMemoryBudget " + reserved.get() + " of " + limit + " bytes reserved (high water "
        + highWater.get() + ")";
  }
}
