package dev.cesrj.primitive;

import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.internal.B64;
import dev.cesrj.internal.Errors;
import io.netty.buffer.ByteBuf;
import java.util.Base64;

/**
 * The raw value of a primitive: decoded from the value part of a qb64 primitive with the JDK's
 * Base64url decoder, or copied from the bytes of a qb2 one.
 */
final class Base64Values {
  private Base64Values() {}

  /**
   * Decodes {@code 'A' * ps + chars[val, end)} and drops the first {@code ps + ls} bytes (pad and
   * lead bytes, already checked zero): the raw value (CESR specification, "Pre-padding before
   * conversion"; keripy {@code Matter._exfil}).
   *
   * <p>Every value character is checked first: the JDK decoder would take a trailing {@code =}
   * as padding and silently return fewer bytes.
   *
   * @param start buffer index of the primitive, whose offset in the input is {@code offset}
   * @throws MalformedException at the offset of the first character that is not Base64url, or if
   *     the value is too short for its pad and lead bytes
   */
  static byte[] raw(
      ByteBuf buf, int start, int val, int end, int ps, int ls, long offset, String code) {
    for (int i = val; i < end; i++) {
      int ch = buf.getByte(i) & 0xFF;
      if (B64.value(ch) < 0) {
        throw Errors.malformed(ErrorKind.MALFORMED_CHARACTER,
            offset + (i - start),
            code,
            "a Base64url value character",
            "byte 0x" + Integer.toHexString(ch) + " in the value");
      }
    }
    int n = end - val + ps;
    if (n % 4 != 0 || n / 4 * 3 < ps + ls) {
      throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
          offset,
          code,
          "whole quadlets holding " + ps + " pad and " + ls + " lead bytes",
          (end - val) + " value characters");
    }
    byte[] text = new byte[n];
    for (int i = 0; i < ps; i++) {
      text[i] = 'A';
    }
    buf.getBytes(val, text, ps, end - val);
    byte[] all = Base64.getUrlDecoder().decode(text);
    byte[] raw = new byte[all.length - ps - ls];
    System.arraycopy(all, ps + ls, raw, 0, raw.length);
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
