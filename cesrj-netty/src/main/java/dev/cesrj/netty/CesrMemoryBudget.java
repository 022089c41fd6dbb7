package dev.cesrj.netty;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A memory budget shared by every connection of a server, in bytes, that accounts the bytes the
 * connections' {@link CesrFrameDecoder}s actually hold: each decoder given it charges ({@link
 * #tryReserve}) the memory its parser holds for its unfinished (or held) frame after each read (the
 * capacity of its cumulation, {@link dev.cesrj.stream.CesrStreamParser#bufferedCapacity()}, not
 * only the bytes filled in it), and gives it back ({@link #release}) as the parser lets go of it
 * (once the frame has completed and been passed on), the decoder fails or the channel closes:
 * always together with the buffers it stands for. A charge that would take the total past {@link
 * #limitBytes()} is refused, and that decoder fires a {@link dev.cesrj.MemoryBudgetException} and
 * closes its channel, while the other connections go on. So the bytes held by every connection
 * together never pass the limit, and many peers that each hold part of a large frame hold at most
 * the budget, never the heap.
 *
 * <h2>Declared sizes: judged, not charged</h2>
 *
 * <p>A frame's declared size (its version string's size, a group's count) is judged against the
 * room left ({@link #roomFor}) as soon as its size field is in, but is not charged: only the bytes
 * that have arrived are, in the cumulation that holds them. So a peer that sends a header of 8 to
 * 27 bytes declaring a large frame costs the budget that cumulation (4,096 bytes), and any number
 * of such peers (up to the connection cap) take nothing that an honest connection needs; charging
 * the declared size instead would let 64 such headers fill a 64 MiB budget of 1 MiB frames, and
 * every honest frame cut across reads would be refused until the frame deadline closed them. A
 * frame whose declared size can never fit ({@link Room#NEVER}: more than the whole limit) or does
 * not fit in the room the other connections leave now ({@link Room#NOT_NOW}) is refused at once,
 * before its bytes are awaited and buffered: its peer learns at the first read instead of after
 * sending what would be thrown away, and its bytes do not take room that frames admitted earlier
 * are counting on. A frame that fitted when it was declared is not judged again by its declared
 * size: it is refused only if a later read of it would take the memory held past the limit
 * (several frames admitted together may declare more than the budget; the memory held, not the
 * declarations, keeps the bound).
 *
 * <h2>Who is refused</h2>
 *
 * <p>The connection refused is the one whose charge does not fit: the one asking. The budget
 * fills only with bytes that peers have sent (declarations cost nothing), every one of them held
 * at most for the frame deadline ({@link FrameGuards#frameTimeout()}); the connection that asks
 * when it is full is most often one that holds much, since a frame is charged read by read and a
 * large frame asks on many reads. Closing another connection instead (the largest holder, say)
 * would take a registry of every decoder and a close on another event loop, during which the
 * bytes stay held: the bound would be passed while the asker waited. What this leaves open: peers
 * that send real bytes of large frames and fill the budget can, until the frame deadline closes
 * them, have honest frames that are cut across reads refused (a frame that arrives whole within
 * one read is framed in place and charged nothing more).
 *
 * <p>What is charged: {@link dev.cesrj.stream.CesrStreamParser#bufferedCapacity()} of each
 * decoder's parser, after each read and again (only ever less) when the parser lets go of the views
 * of a burst of reads: the bytes of memory its cumulation takes, at least the bytes it buffers
 * ({@link dev.cesrj.stream.Framed#buffered()}), at least 4,096 bytes while it holds any, up to
 * twice them while a frame grows it (Netty grows buffers by powers of two up to 4 MiB); an empty
 * cumulation is released at the end of a burst of reads (a connection between frames is charged
 * nothing), and one larger than 64 KiB left less than a quarter full once its frames are consumed
 * is replaced by one of its bytes. So a frame near the largest allowed may take up to twice its
 * size of the budget while it grows: a budget should be at least twice {@link
 * CesrServerInitializer.Builder#maxFrameBytes}. Not charged: frames handed on and not yet released
 * (the decoder pauses reads while a channel has too many, see {@link
 * CesrServerInitializer.Builder#maxFramesInFlight(int)}), Netty's read buffers (one per read in
 * progress) and queued writes (bounded by the channel's write-buffer water marks). Within one read
 * the parser may copy that read's bytes before they are charged, and gives them back within the
 * same read if the budget has no room: the total may pass the limit by at most one read per event
 * loop, for the length of that read (and a cumulation the parser grows for that read is charged at
 * the end of it). Netty's pooled allocator takes memory in chunks and size classes, which the
 * charge does not count.
 *
 * <p>Thread-safe: decoders on every event loop charge and release concurrently (one atomic
 * counter, no lock).
 */
public final class CesrMemoryBudget {
  private final long limit;
  private final AtomicLong reserved = new AtomicLong();
  private final AtomicLong highWater = new AtomicLong();

  /**
   * A budget of {@code limitBytes}.
   *
   * @param limitBytes the most bytes all charges together may take, at least 1
   * @throws IllegalArgumentException if {@code limitBytes} is below 1
   */
  public CesrMemoryBudget(long limitBytes) {
    if (limitBytes < 1) {
      throw new IllegalArgumentException("limitBytes must be at least 1: " + limitBytes);
    }
    this.limit = limitBytes;
  }

  /**
   * What the budget says of a frame's declared size, against the room the other connections
   * leave ({@link #roomFor}).
   */
  public enum Room {
    /** The frame fits in the room left now. */
    FITS,
    /** The frame fits in the whole limit, but not in the room the other connections leave now. */
    NOT_NOW,
    /** The frame declares more than the whole limit: it can never fit. */
    NEVER
  }

  /** {@return the most bytes all charges together may take} */
  public long limitBytes() {
    return limit;
  }

  /** {@return the bytes charged now (held by every decoder together)} */
  public long reservedBytes() {
    return reserved.get();
  }

  /** {@return the most bytes charged at any one time since this budget was made} */
  public long highWaterBytes() {
    return highWater.get();
  }

  /**
   * Judges a frame's declared size against the room left: the limit less what the other
   * connections hold. Charges nothing.
   *
   * @param declaredBytes the bytes the frame takes once complete (held and still to come), at
   *     least 0
   * @param heldBytes the bytes the asking connection has charged already (part of {@link
   *     #reservedBytes()}), at least 0 and at most {@link #reservedBytes()}
   * @return {@link Room#NEVER} if {@code declaredBytes} is more than {@link #limitBytes()}; else
   *     {@link Room#NOT_NOW} if it is more than the limit less the bytes charged by others; else
   *     {@link Room#FITS}
   * @throws IllegalArgumentException if {@code declaredBytes} or {@code heldBytes} is negative
   */
  public Room roomFor(long declaredBytes, long heldBytes) {
    if (declaredBytes < 0 || heldBytes < 0) {
      throw new IllegalArgumentException(
          "declaredBytes and heldBytes must be at least 0: " + declaredBytes + ", " + heldBytes);
    }
    if (declaredBytes > limit) {
      return Room.NEVER;
    }
    long others = reserved.get() - heldBytes;
    return declaredBytes > limit - others ? Room.NOT_NOW : Room.FITS;
  }

  /**
   * Charges {@code bytes} if the total stays within the limit.
   *
   * @param bytes how many bytes to charge, at least 0
   * @return true if charged; false (nothing charged) if the total would pass {@link
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
   * Gives back {@code bytes} charged earlier.
   *
   * @param bytes how many bytes to give back, at least 0 and at most {@link #reservedBytes()}
   * @throws IllegalArgumentException if {@code bytes} is negative or more than is charged (the
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
