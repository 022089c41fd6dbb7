package dev.cesrj;

/**
 * Base of every error cesrj raises for bad input: the stream is truncated, malformed, oversized
 * or not canonical. Unchecked, so that it can cross iterators.
 *
 * <p>Each error says where: {@link #offset()} is the byte offset, from the start of the input
 * the parser was given, of the element that failed (of the offending byte itself when one byte
 * is not Base64url where it must be); {@link #code()} is the code met there, if
 * one could be read; {@link #expected()} says what the parser expected instead.
 */
public class CesrException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Byte offset of the bad input from the start of the stream. */
  private final long offset;
  /** The code met there, or null. */
  private final String code;
  /** What was expected there. */
  private final String expected;
  /** What went wrong there. */
  private final String detail;

  /**
   * @param offset byte offset of the failing element in the parser's input
   * @param code the code met there, or {@code null} if none could be read
   * @param expected what was expected, in words
   * @param detail what went wrong, in words
   */
  public CesrException(long offset, String code, String expected, String detail) {
    super(message(offset, code, expected, detail));
    this.offset = offset;
    this.code = code;
    this.expected = expected;
    this.detail = detail;
  }

  private static String message(long offset, String code, String expected, String detail) {
    StringBuilder sb = new StringBuilder("at offset ").append(offset);
    if (code != null) {
      sb.append(", code ").append(code);
    }
    sb.append(": ").append(detail);
    if (expected != null) {
      sb.append("; expected ").append(expected);
    }
    return sb.toString();
  }

  /** {@return byte offset of the failing element in the input the parser was given} */
  public long offset() {
    return offset;
  }

  /** {@return the code met at {@link #offset()}, or {@code null} if none could be read} */
  public String code() {
    return code;
  }

  /** {@return what the parser expected at {@link #offset()}, in words} */
  public String expected() {
    return expected;
  }

  /**
   * {@return what went wrong at {@link #offset()}, in words: the message without its offset,
   * code and expectation}
   */
  public String detail() {
    return detail;
  }
}
