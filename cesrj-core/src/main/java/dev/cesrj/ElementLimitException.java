package dev.cesrj;

import java.util.List;

/**
 * A message or group that holds more elements (attachment groups, nested messages, tuples or
 * primitives in one list) than the configured maximum ({@link CesrOptions#maxElements()}).
 * Each element becomes a view object, so a frame of many tiny elements (an AttachmentGroup of
 * millions of empty groups, say) would otherwise cost the heap many times its size in bytes.
 */
public class ElementLimitException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** The limit that was exceeded. */
  private final long limit;

  /**
   * @param offset byte offset of the element past the limit
   * @param code its code, or {@code null}
   * @param limit the maximum number of elements in force
   */
  public ElementLimitException(long offset, String code, long limit) {
    this(offset, code, limit, List.of());
  }

  /**
   * @param offset byte offset of the element past the limit
   * @param code its code, or {@code null}
   * @param limit the maximum number of elements in force
   * @param path the groups that enclose the element, outermost first
   */
  public ElementLimitException(long offset, String code, long limit, List<EnclosingGroup> path) {
    super(ErrorKind.ELEMENT_LIMIT, offset, code,
        "at most " + limit + " elements in one message or group",
        "one element more than the limit", path);
    this.limit = limit;
  }

  @Override
  protected ElementLimitException relocated(long offset, List<EnclosingGroup> path) {
    return new ElementLimitException(offset, code(), limit, path);
  }

  /** {@return the maximum number of elements in one message or group in force} */
  public long limit() {
    return limit;
  }
}
