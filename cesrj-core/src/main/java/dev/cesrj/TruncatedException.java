package dev.cesrj;

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
    super(offset, code, expected, "truncated: " + needed + " more bytes needed");
    this.needed = needed;
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
