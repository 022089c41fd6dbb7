package dev.cesrj.keri.body;

/**
 * Where a value is in its body's bytes: for a text, its characters (after a JSON quote, a CBOR or
 * MessagePack length header; a CESR-native primitive's whole qb64); for any other value, its whole
 * encoding.
 *
 * @param offset the first byte, from the start of the body
 * @param length the number of bytes
 */
public record Span(int offset, int length) {
  /**
   * Creates the record.
   *
   * @param offset see the record description
   * @param length see the record description
   * @throws IllegalArgumentException if {@code offset} or {@code length} is negative
   */
  public Span {
    if (offset < 0 || length < 0) {
      throw new IllegalArgumentException("span " + offset + "+" + length);
    }
  }

  /** {@return the offset just past the value} */
  public int end() {
    return offset + length;
  }
}
