package dev.cesrj.netty;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the connections of one {@link CesrServerInitializer} have done so far: how many were
 * accepted, how many are open, and how many were closed by each {@link CloseReason}. Updated by
 * the channels' event loops; read from any thread (each figure is exact on its own, a set of them
 * read together may straddle a closure).
 */
public final class CesrServerStats {
  private final LongAdder accepted = new LongAdder();
  private final AtomicInteger open = new AtomicInteger();
  private final EnumMap<CloseReason, LongAdder> closed = new EnumMap<>(CloseReason.class);

  CesrServerStats() {
    for (CloseReason r : CloseReason.values()) {
      closed.put(r, new LongAdder());
    }
  }

  /**
   * Admits a connection if fewer than {@code cap} are open.
   *
   * @return false if {@code cap} are open already (nothing counted as open)
   */
  boolean admit(int cap) {
    while (true) {
      int now = open.get();
      if (now >= cap) {
        return false;
      }
      if (open.compareAndSet(now, now + 1)) {
        accepted.increment();
        return true;
      }
    }
  }

  /** An admitted connection was closed for {@code reason}. */
  void closedAdmitted(CloseReason reason) {
    open.decrementAndGet();
    closed.get(reason).increment();
  }

  /** A connection was refused by the connection cap. */
  void refused() {
    closed.get(CloseReason.CONNECTION_CAP).increment();
  }

  /** {@return connections admitted so far (not those the connection cap refused)} */
  public long accepted() {
    return accepted.sum();
  }

  /** {@return connections admitted and not closed yet} */
  public int openConnections() {
    return open.get();
  }

  /**
   * {@return connections closed so far for {@code reason} ({@link CloseReason#CONNECTION_CAP}:
   * refused at once)}
   *
   * @param reason the rule
   */
  public long closed(CloseReason reason) {
    return closed.get(reason).sum();
  }

  /** {@return connections closed so far for each reason, every reason present, in enum order} */
  public Map<CloseReason, Long> closedByReason() {
    EnumMap<CloseReason, Long> m = new EnumMap<>(CloseReason.class);
    for (CloseReason r : CloseReason.values()) {
      m.put(r, closed(r));
    }
    return Collections.unmodifiableMap(m);
  }

  @Override
  public String toString() {
    return "accepted " + accepted() + ", open " + openConnections() + ", closed " + closedByReason();
  }
}
