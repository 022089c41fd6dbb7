package dev.cesrj;

import java.util.List;

/**
 * Groups nested deeper than the configured maximum depth ({@link CesrOptions#maxDepth()}).
 */
public class NestingTooDeepException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public NestingTooDeepException(long offset, String code, String expected, String detail) {
    this(offset, code, expected, detail, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public NestingTooDeepException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.NESTING_TOO_DEEP, offset, code, expected, detail, path);
  }

  @Override
  protected NestingTooDeepException relocated(long offset, List<EnclosingGroup> path) {
    return new NestingTooDeepException(offset, code(), expected(), detail(), path);
  }
}
