package dev.cesrj.code;

/**
 * Writes a Base64 integer: a big-endian base-64 number in the Base64url alphabet (RFC 4648
 * section 5), left-padded with {@code A} to a fixed number of characters (keripy
 * {@code helping.py} {@code intToB64}). The soft part of a counter is one. The framing layers read
 * and write Base64 integers with {@code dev.cesrj.internal.B64}; this copy keeps the code tables
 * free of any other cesrj package.
 */
final class Base64Integer {
  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private Base64Integer() {}

  /**
   * {@code value} as exactly {@code width} characters; the caller has checked that {@code 0 <=
   * value < 64^width}.
   */
  static String encode(long value, int width) {
    char[] out = new char[width];
    for (int i = width - 1; i >= 0; i--) {
      out[i] = ALPHABET.charAt((int) (value & 63));
      value >>>= 6;
    }
    return new String(out);
  }
}
