package dev.cesrj;

import java.util.List;

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
    this(offset, code, expected, detail, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public ColdStartException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.COLD_START, offset, code, expected, detail, path);
  }

  @Override
  protected ColdStartException relocated(long offset, List<EnclosingGroup> path) {
    return new ColdStartException(offset, code(), expected(), detail(), path);
  }
}
