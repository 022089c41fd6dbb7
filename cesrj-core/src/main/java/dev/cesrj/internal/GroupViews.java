package dev.cesrj.internal;

import dev.cesrj.CesrOptions;
import io.netty.buffer.ByteBuf;

/**
 * What the group views read from one input share: the buffer, the buffer index that offsets
 * count from, the options and, for an owner that records what it frames ({@link #recorded}), its
 * {@link GroupRecord}. One instance per parsed input keeps each {@code Group} small; the views
 * themselves are made by the {@code framed} factories of {@code Group}, {@code Matter} and {@code
 * IndexedSignature}, which take these views (this package is not exported, so only cesrj's
 * framing layers can hand them one).
 *
 * <p>For cesrj's framing layers (the message framer); not for applications: a group made over
 * these views is not checked. Obtain groups from {@code Groups} or the message iterator instead.
 */
public class GroupViews {
  /** The buffer the views read. */
  public final ByteBuf buf;
  /** The buffer index that offsets count from. */
  public final int origin;
  /** The limits the views enforce. */
  public final CesrOptions options;

  GroupViews(ByteBuf buf, int origin, CesrOptions options) {
    this.buf = buf;
    this.origin = origin;
    this.options = options;
  }

  /**
   * Views over {@code buf}, whose buffer index {@code origin} is offset 0, without a record (the
   * group views frame their content again when their elements are read); does not retain or
   * release the buffer.
   */
  public static GroupViews over(ByteBuf buf, int origin, CesrOptions options) {
    return new GroupViews(buf, origin, options);
  }

  /**
   * Views over {@code buf} as {@link #over}, with a {@link GroupRecord} borrowed from the calling
   * thread's pool, for an owner that frames every group onto it; {@link #close()} gives it back.
   *
   * @param owner the owner's type, e.g. {@code Groups}, named by the error of a group read after
   *     its close ({@link GroupRecord#closed})
   */
  public static GroupViews recorded(ByteBuf buf, int origin, CesrOptions options, String owner) {
    return new RecordedViews(buf, origin, options, GroupRecord.borrow(), owner);
  }

  /**
   * {@return what the owner recorded while it framed, which the group views build their elements
   * from; {@code null} if nothing is recorded (views made with {@link #over})}
   */
  public GroupRecord record() {
    return null;
  }

  /** {@return the type of the owner that records, e.g. {@code Groups}; null without a record} */
  public String owner() {
    return null;
  }

  /**
   * Gives the record back to the calling thread's pool, for the owner's {@code close()}: from now
   * on the group views refuse to read it. Idempotent; nothing without a record.
   */
  public void close() {}
}
