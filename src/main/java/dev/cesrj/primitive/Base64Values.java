package dev.cesrj.primitive;

import dev.cesrj.MalformedException;
import io.netty.buffer.ByteBuf;
import java.util.Base64;

/** Decodes the value part of a text primitive with the JDK's Base64url decoder. */
final class Base64Values {
  private Base64Values() {}

  /**
   * Decodes {@code 'A' * ps + chars[val, end)} and drops the first {@code ps + ls} bytes (pad and
   * lead bytes, already checked zero): the raw value (CESR.md section 1.5).
   */
  static byte[] raw(ByteBuf buf, int val, int end, int ps, int ls, long offset, String code) {
    int n = end - val + ps;
    byte[] text = new byte[n];
    for (int i = 0; i < ps; i++) {
      text[i] = 'A';
    }
    buf.getBytes(val, text, ps, end - val);
    byte[] all;
    try {
      all = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new MalformedException(
          offset, code, "Base64url value characters", "value is not Base64url: " + e.getMessage());
    }
    byte[] raw = new byte[all.length - ps - ls];
    System.arraycopy(all, ps + ls, raw, 0, raw.length);
    return raw;
  }
}
