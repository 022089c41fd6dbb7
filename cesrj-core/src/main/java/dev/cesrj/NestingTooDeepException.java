package dev.cesrj;

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
    super(offset, code, expected, detail);
  }
}
