package dev.cesrj;

import java.util.List;

/**
 * Input that is valid CESR but that this version of cesrj, or the reference implementation, does not parse: a group the table lists without a parsing rule (keripy has no method for it), or a domain or form not yet supported.
 */
public class UnsupportedException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public UnsupportedException(long offset, String code, String expected, String detail) {
    this(offset, code, expected, detail, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public UnsupportedException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.UNSUPPORTED, offset, code, expected, detail, path);
  }

  @Override
  protected UnsupportedException relocated(long offset, List<EnclosingGroup> path) {
    return new UnsupportedException(offset, code(), expected(), detail(), path);
  }
}
