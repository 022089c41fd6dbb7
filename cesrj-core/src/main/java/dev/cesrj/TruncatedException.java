package dev.cesrj;

import java.util.List;

/**
 * The input ends inside a frame: more bytes are needed. In whole-input parsing this is an error;
 * a streaming caller may instead wait for {@link #needed()} more bytes and retry, since nothing
 * was consumed.
 */
public class TruncatedException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** How many more bytes are needed. */
  private final long needed;

  /**
   * @param offset byte offset of the frame or element that is cut short
   * @param code the code met there, or {@code null}
   * @param expected what the missing bytes should hold
   * @param needed how many more bytes are needed, at least (exact when the frame's size is
   *     known from a count or size field)
   */
  public TruncatedException(long offset, String code, String expected, long needed) {
    this(offset, code, expected, needed, List.of());
  }

  /**
   * @param offset byte offset of the frame or element that is cut short
   * @param code the code met there, or {@code null}
   * @param expected what the missing bytes should hold
   * @param needed how many more bytes are needed, at least
   * @param path the groups that enclose the place, outermost first
   */
  public TruncatedException(
      long offset, String code, String expected, long needed, List<EnclosingGroup> path) {
    super(
        ErrorKind.TRUNCATED, offset, code, expected,
        "truncated: " + needed + " more bytes needed", path);
    this.needed = needed;
  }

  @Override
  protected TruncatedException relocated(long offset, List<EnclosingGroup> path) {
    return new TruncatedException(offset, code(), expected(), needed, path);
  }

  /**
   * {@return how many more bytes are needed: exact when the frame's total size is known (a counted
   * group, a sized primitive, a message body), otherwise the least that the remaining grammar
   * can take}
   */
  public long needed() {
    return needed;
  }
}
