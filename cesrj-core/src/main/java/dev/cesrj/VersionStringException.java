package dev.cesrj;

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
    super(offset, code, expected, detail);
  }
}
