package dev.cesrj.primitive;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.ValueDecoder;
import io.netty.buffer.ByteBuf;

/**
 * The raw value of a primitive: decoded from the value part of a qb64 primitive with {@link
 * ValueDecoder}, or copied from the bytes of a qb2 one.
 */
final class Base64Values {
  private Base64Values() {}

  /**
   * Decodes {@code 'A' * ps + chars[val, end)} and drops the first {@code ps + ls} bytes (pad and
   * lead bytes, already checked zero): the raw value (CESR specification, "Pre-padding before
   * conversion"; keripy {@code Matter._exfil}), with {@link ValueDecoder}, the decoder {@code
   * CesrCursor.readRaw} uses too. The {@code ps} code characters before {@code val} are read as
   * the zero sextets of the pad.
   *
   * @param start buffer index of the primitive, whose offset in the input is {@code offset}
   * @throws MalformedException if the value is not whole quadlets holding its pad and lead bytes
   *     ({@link ErrorKind#MALFORMED_SIZE}), or at the offset of the first character that is not
   *     Base64url ({@link ErrorKind#MALFORMED_CHARACTER})
   */
  static byte[] raw(
      ByteBuf buf, int start, int val, int end, int ps, int ls, long offset, String code) {
    int n = end - val + ps;
    if (n % 4 != 0 || n / 4 * 3 < ps + ls || val - ps < start) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          offset,
          code,
          "whole quadlets holding " + ps + " pad and " + ls + " lead bytes",
          (end - val) + " value characters");
    }
    byte[] a;
    int from;
    if (buf.hasArray()) {
      a = buf.array();
      from = buf.arrayOffset() + val - ps;
    } else {
      a = new byte[n];
      buf.getBytes(val - ps, a, 0, n);
      from = 0;
    }
    byte[] raw = new byte[n / 4 * 3 - ps - ls];
    ValueDecoder.decode(a, from, from + n, ps, ps + ls, raw, 0, offset + (val - ps - start), code);
    return raw;
  }

  /**
   * The raw value of the qb2 primitive {@code [start, end)} whose code has {@code cs} characters
   * and {@code ps} pad sextets, after {@code ls} lead bytes (keripy {@code Matter._bexfil}: the
   * code and its {@code 2 * ps} pad bits take {@code (3 * cs + ps) / 4} bytes; pad bits and lead
   * bytes were checked zero when it was framed).
   */
  static byte[] rawQb2(ByteBuf buf, int start, int end, int cs, int ps, int ls) {
    int from = start + (3 * cs + ps) / 4 + ls;
    byte[] raw = new byte[end - from];
    buf.getBytes(from, raw);
    return raw;
  }
}
