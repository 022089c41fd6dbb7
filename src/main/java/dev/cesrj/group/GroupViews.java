package dev.cesrj.group;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import io.netty.buffer.ByteBuf;

/**
 * Creates {@link Group} views for other framing layers of cesrj (the message framer). Not for
 * applications: a group made here is not checked; obtain groups from {@link Groups} or the
 * message iterator instead.
 */
public final class GroupViews {
  private GroupViews() {}

  /**
   * A view of the group at buffer index {@code index} that the caller has already framed with a
   * {@link GroupFramer}.
   */
  public static Group of(
      ByteBuf buf,
      int index,
      int length,
      long offset,
      CounterCode code,
      long count,
      int depth,
      CounterTable table,
      CesrOptions options) {
    return new Group(buf, index, length, offset, code, count, depth, table, options);
  }
}
