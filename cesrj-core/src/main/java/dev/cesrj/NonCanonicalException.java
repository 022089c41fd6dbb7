package dev.cesrj;

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
    super(offset, code, expected, detail);
  }
}
