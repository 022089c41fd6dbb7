package dev.cesrj.internal;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import java.util.Objects;

/**
 * The one decoder of a qb64 primitive's value into its raw bytes, without allocating: used by
 * {@code Matter.raw()} and {@code IndexedSignature.raw()} (through {@code Base64Values}) and by
 * {@code CesrCursor.readRaw}, so that each reports a bad value character in one way.
 *
 * <p>The text decoded is whole quadlets of Base64url characters; the code characters in the
 * first quadlet count as zero sextets (the CESR specification's "Pre-padding before conversion":
 * keripy {@code src/keri/core/coring.py} {@code Matter._exfil} prepends {@code ps} {@code 'A'}
 * characters to the value), and the first {@code ps + ls} bytes decoded (pad and lead bytes,
 * checked zero when the primitive was framed) are dropped.
 */
public final class ValueDecoder {
  /** Base64url sextet by byte, -1 for a byte outside the alphabet. */
  private static final int[] VALUE = new int[256];

  static {
    for (int i = 0; i < 256; i++) {
      VALUE[i] = B64.value(i);
    }
  }

  private ValueDecoder() {}

  /**
   * Decodes {@code a[from, to)} (whole quadlets) into {@code dst} from {@code out}.
   *
   * @param a the text, one byte per character
   * @param from index in {@code a} of the first character decoded: the start of the quadlet that
   *     holds the last code character
   * @param to index in {@code a} past the last character; {@code (to - from) % 4 == 0}
   * @param zeros characters from {@code from} that are code characters, read as zero (0..3)
   * @param skip bytes decoded first that are dropped: pad and lead bytes
   * @param dst where the raw value goes
   * @param out index in {@code dst} of its first byte
   * @param at the stream offset of {@code a[from]}, for the error
   * @param code the primitive's code, for the error
   * @return the bytes written, {@code (to - from) / 4 * 3 - skip}
   * @throws MalformedException of kind {@link ErrorKind#MALFORMED_CHARACTER} at the offset of the
   *     first value character that is not Base64url ({@code dst} may then hold part of the value)
   * @throws IllegalArgumentException if {@code [from, to)} is not whole quadlets holding {@code
   *     zeros} characters (0..3) and {@code skip} bytes
   * @throws IndexOutOfBoundsException if {@code dst} has fewer than the bytes written from {@code
   *     out}, or {@code [from, to)} is not in {@code a}
   */
  public static int decode(
      byte[] a, int from, int to, int zeros, int skip, byte[] dst, int out, long at, String code) {
    Objects.checkFromToIndex(from, to, a.length);
    int n = (to - from) / 4 * 3 - skip;
    if ((to - from) % 4 != 0 || zeros < 0 || zeros > 3 || skip < 0 || n < 0) {
      throw new IllegalArgumentException("not whole quadlets holding " + zeros + " code characters"
          + " and " + skip + " bytes to drop: [" + from + ", " + to + ")");
    }
    Objects.checkFromIndexSize(out, n, dst.length);
    int o = out;
    int i = from;
    int drop = skip;
    // the head: quadlets holding code characters or bytes to drop
    while (i < to && (i - from < zeros || drop > 0)) {
      int v = 0;
      for (int k = i; k < i + 4; k++) {
        int x = k - from < zeros ? 0 : VALUE[a[k] & 0xFF];
        if (x < 0) {
          throw badCharacter(at + (k - from), code, a[k] & 0xFF);
        }
        v = (v << 6) | x;
      }
      for (int b = 16; b >= 0; b -= 8) {
        if (drop > 0) {
          drop--;
        } else {
          dst[o++] = (byte) (v >> b);
        }
      }
      i += 4;
    }
    int[] values = VALUE;
    for (; i < to; i += 4) {
      int x0 = values[a[i] & 0xFF];
      int x1 = values[a[i + 1] & 0xFF];
      int x2 = values[a[i + 2] & 0xFF];
      int x3 = values[a[i + 3] & 0xFF];
      if ((x0 | x1 | x2 | x3) < 0) {
        for (int k = i; k < i + 4; k++) {
          if (values[a[k] & 0xFF] < 0) {
            throw badCharacter(at + (k - from), code, a[k] & 0xFF);
          }
        }
      }
      int v = x0 << 18 | x1 << 12 | x2 << 6 | x3;
      dst[o] = (byte) (v >> 16);
      dst[o + 1] = (byte) (v >> 8);
      dst[o + 2] = (byte) v;
      o += 3;
    }
    return o - out;
  }

  /**
   * {@return the error for the value character {@code ch} at stream offset {@code at}: {@link
   * ErrorKind#MALFORMED_CHARACTER}, expected {@code "a Base64url value character"}, detail {@code
   * "byte 0x<hex> in the value"}}
   *
   * @param at the character's stream offset
   * @param code the primitive's code
   * @param ch the byte, 0..255
   */
  public static MalformedException badCharacter(long at, String code, int ch) {
    return Errors.malformed(ErrorKind.MALFORMED_CHARACTER, at, code,
        "a Base64url value character", "byte " + Errors.hexByte(ch) + " in the value");
  }
}
