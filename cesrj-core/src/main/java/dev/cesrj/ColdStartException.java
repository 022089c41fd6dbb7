package dev.cesrj;

/**
 * A byte at a cold-start point (a message or group start) whose top three bits (tritet) do not begin anything the parser may meet there (CESR specification, "Cold start Stream parsing problem"; keripy {@code sniff}), for example annotated text or a bare primitive.
 */
public class ColdStartException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public ColdStartException(long offset, String code, String expected, String detail) {
    super(offset, code, expected, detail);
  }
}
