package dev.cesrj.internal;

import dev.cesrj.CesrOptions;
import io.netty.buffer.ByteBuf;

/**
 * What the group views read from one input share: the buffer, the buffer index that offsets
 * count from, and the options. One instance per parsed input keeps each {@code Group} small; the
 * views themselves are made by the {@code framed} factories of {@code Group}, {@code Matter} and
 * {@code IndexedSignature}, which take these views (this package is not exported, so only cesrj's
 * framing layers can hand them one).
 *
 * <p>For cesrj's framing layers (the message framer); not for applications: a group made over
 * these views is not checked. Obtain groups from {@code Groups} or the message iterator instead.
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
}
