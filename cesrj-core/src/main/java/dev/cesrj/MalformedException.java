package dev.cesrj;

/**
 * Bytes that break the CESR grammar: a character that is not Base64url where a code, size or count must be, an element of the wrong kind in a group, a nested counter other than the one required, or content that does not fill its counted group exactly.
 */
public class MalformedException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public MalformedException(long offset, String code, String expected, String detail) {
    super(offset, code, expected, detail);
  }
}
