package dev.cesrj.internal;

/**
 * The Base64url alphabet of CESR (RFC 4648 section 5, never padded) and Base64 integers: a
 * big-endian base-64 number written with this alphabet, left-padded with {@code A} (keripy
 * {@code helping.py} {@code intToB64}, {@code b64ToInt}). Sizes, counts and indexes are Base64
 * integers.
 */
public final class B64 {
  /** The 64 characters in value order. */
  public static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private static final byte[] VALUE = new byte[256];

  static {
    java.util.Arrays.fill(VALUE, (byte) -1);
    for (int i = 0; i < 64; i++) {
      VALUE[ALPHABET.charAt(i)] = (byte) i;
    }
  }

  private B64() {}

  /**
   * The value 0..63 of a Base64url character, or -1 if {@code ch} (a byte 0..255, or any int) is
   * not one.
   */
  public static int value(int ch) {
    return (ch & ~0xFF) == 0 ? VALUE[ch] : -1;
  }

  /** The character of value {@code v} (0..63). */
  public static char charOf(int v) {
    return ALPHABET.charAt(v);
  }

  /**
   * Writes {@code value} as a Base64 integer of exactly {@code width} characters.
   *
   * @throws IllegalArgumentException if {@code value} is negative or needs more than {@code width}
   *     characters (that is, {@code value >= 64^width})
   */
  public static String encodeInt(long value, int width) {
    if (value < 0 || width < 0 || width > 10 || value >= (1L << (6 * width))) {
      throw new IllegalArgumentException(
          "value " + value + " does not fit in " + width + " Base64 characters");
    }
    char[] out = new char[width];
    for (int i = width - 1; i >= 0; i--) {
      out[i] = ALPHABET.charAt((int) (value & 63));
      value >>>= 6;
    }
    return new String(out);
  }

  /**
   * Reads a Base64 integer from {@code text}.
   *
   * @return the value, or -1 if a character is not Base64url
   */
  public static long decodeInt(CharSequence text) {
    long v = 0;
    for (int i = 0; i < text.length(); i++) {
      int d = value(text.charAt(i));
      if (d < 0) {
        return -1;
      }
      v = (v << 6) | d;
    }
    return v;
  }

  /**
   * Reads the Base64 integer of the {@code length} characters (qb64 text, one byte each) of
   * {@code s} from buffer index {@code from}, all readable.
   *
   * @return the value, or -1 if a character is not Base64url
   */
  public static long decodeInt(Source s, int from, int length) {
    long v = 0;
    for (int i = from; i < from + length; i++) {
      int d = value(s.at(i));
      if (d < 0) {
        return -1;
      }
      v = (v << 6) | d;
    }
    return v;
  }
}
