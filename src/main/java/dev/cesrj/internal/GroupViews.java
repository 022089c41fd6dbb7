package dev.cesrj.internal;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.group.Group;
import io.netty.buffer.ByteBuf;

/**
 * What the group views read from one input share: the buffer, the buffer index that offsets
 * count from, and the options. One instance per parsed input keeps each {@link Group} small.
 *
 * <p>For cesrj's framing layers (the message framer); not for applications: a group made here is
 * not checked. Obtain groups from {@link Groups} or the message iterator instead.
 */
public final class GroupViews {
  /** The buffer the views read. */
  public final ByteBuf buf;
  /** The buffer index that offsets count from. */
  public final int origin;
  /** The limits the views enforce. */
  public final CesrOptions options;

  private GroupViews(ByteBuf buf, int origin, CesrOptions options) {
    this.buf = buf;
    this.origin = origin;
    this.options = options;
  }

  /**
   * Views over {@code buf}, whose buffer index {@code origin} is offset 0; does not retain or
   * release the buffer.
   */
  public static GroupViews over(ByteBuf buf, int origin, CesrOptions options) {
    return new GroupViews(buf, origin, options);
  }

  /**
   * A view of the group at buffer index {@code index} that the caller has already framed with a
   * {@link GroupFramer} ({@code code} and {@code count} as it read them).
   */
  public Group group(int index, int length, CounterCode code, long count, int depth) {
    return Views.group(this, index, length, code, (int) count, depth);
  }
}
