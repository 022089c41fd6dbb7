package dev.cesrj;

import java.util.List;

/**
 * A message body whose version string is missing, not at an offset of at most 8 bytes, or invalid (bad protocol, version, kind or size; CESR specification, "Version String field"; keripy {@code kering.py}).
 */
public class VersionStringException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public VersionStringException(long offset, String code, String expected, String detail) {
    this(offset, code, expected, detail, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public VersionStringException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.VERSION_STRING, offset, code, expected, detail, path);
  }

  @Override
  protected VersionStringException relocated(long offset, List<EnclosingGroup> path) {
    return new VersionStringException(offset, code(), expected(), detail(), path);
  }
}
