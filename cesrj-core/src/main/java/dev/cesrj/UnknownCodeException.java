package dev.cesrj;

import java.util.List;

/**
 * A code that the code table in force does not define (Matter, Indexer or counter).
 */
public class UnknownCodeException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public UnknownCodeException(long offset, String code, String expected, String detail) {
    this(offset, code, expected, detail, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public UnknownCodeException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.UNKNOWN_CODE, offset, code, expected, detail, path);
  }

  @Override
  protected UnknownCodeException relocated(long offset, List<EnclosingGroup> path) {
    return new UnknownCodeException(offset, code(), expected(), detail(), path);
  }
}
