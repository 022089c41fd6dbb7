package dev.cesrj.group;

import dev.cesrj.code.CounterTable;
import io.netty.buffer.ByteBuf;

/**
 * The result of {@link LegacyGroupParser#parseGroup}: one group, the bytes it consumed, the
 * counter table in force after it, and the buffer the input was copied into, which this object
 * owns: {@link #close()} releases it, after which the group view is worth nothing.
 */
public final class ParsedGroup implements AutoCloseable {
  private final Group group;
  private final ByteBuf copy;
  private final CounterTable nextTable;
  private boolean closed;

  ParsedGroup(Group group, ByteBuf copy, CounterTable nextTable) {
    this.group = group;
    this.copy = copy;
    this.nextTable = nextTable;
  }

  /** The group (a view of this object's copy of the input). */
  public Group group() {
    return group;
  }

  /** Bytes of input consumed: the group's length. */
  public int consumed() {
    return group.length();
  }

  /** The counter table for the next group: changed only by a genus-version code. */
  public CounterTable nextTable() {
    return nextTable;
  }

  /** Releases the copy of the input. Idempotent. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      copy.release();
    }
  }
}
