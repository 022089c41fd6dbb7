package dev.cesrj;

import java.util.List;

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
    this(ErrorKind.MALFORMED, offset, code, expected, detail, List.of());
  }

  /**
   * @param kind the rule broken: one of the {@code MALFORMED_*} kinds or {@link ErrorKind#MALFORMED}
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   * @throws IllegalArgumentException if {@code kind} is not raised as a MalformedException
   */
  public MalformedException(
      ErrorKind kind,
      long offset,
      String code,
      String expected,
      String detail,
      List<EnclosingGroup> path) {
    super(malformed(kind), offset, code, expected, detail, path);
  }

  private static ErrorKind malformed(ErrorKind kind) {
    if (kind.type() != MalformedException.class) {
      throw new IllegalArgumentException(kind + " is not a kind of MalformedException");
    }
    return kind;
  }

  @Override
  protected MalformedException relocated(long offset, List<EnclosingGroup> path) {
    return new MalformedException(kind(), offset, code(), expected(), detail(), path);
  }
}
