package dev.cesrj;

import java.util.List;

/**
 * A primitive that is not in canonical form: non-zero pad bits, non-zero lead bytes, or a non-zero ondex on a current-only indexed signature code (cesrj's choice; keripy {@code coring.py} and {@code indexing.py} reject the same).
 */
public class NonCanonicalException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public NonCanonicalException(long offset, String code, String expected, String detail) {
    this(offset, code, expected, detail, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public NonCanonicalException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.NON_CANONICAL, offset, code, expected, detail, path);
  }

  @Override
  protected NonCanonicalException relocated(long offset, List<EnclosingGroup> path) {
    return new NonCanonicalException(offset, code(), expected(), detail(), path);
  }
}
