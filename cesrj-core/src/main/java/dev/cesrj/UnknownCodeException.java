package dev.cesrj;

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
    super(offset, code, expected, detail);
  }
}
