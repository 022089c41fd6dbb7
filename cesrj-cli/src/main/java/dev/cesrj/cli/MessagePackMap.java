package dev.cesrj.cli;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the text-valued entries of the top-level map of a MessagePack body (MGPK), skipping every
 * other value; enough for {@link BodyFields}.
 *
 * <p>Own code, not a library: the one maintained Java MessagePack library (msgpack-core) declares
 * no module name, and a module descriptor that requires a file-name-derived module must not be
 * published. Formats per the MessagePack specification (github.com/msgpack/msgpack, spec.md):
 * every read is bounds-checked, nesting is walked with a counter (no recursion), and any
 * malformed input gives {@code null}.
 */
final class MessagePackMap {
  private final byte[] b;
  private int pos;

  private MessagePackMap(byte[] b) {
    this.b = b;
  }

  /**
   * The entries of the top-level map whose key and value are both strings (the first of a
   * repeated key wins), or {@code null} if {@code body} is not a well-formed map.
   */
  static Map<String, String> topLevelText(byte[] body) {
    try {
      return new MessagePackMap(body).readMap();
    } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
      return null;
    }
  }

  private Map<String, String> readMap() {
    int f = u8();
    long n;
    if ((f & 0xF0) == 0x80) {
      n = f & 0x0F;
    } else if (f == 0xDE) {
      n = uint(2);
    } else if (f == 0xDF) {
      n = uint(4);
    } else {
      return null;
    }
    Map<String, String> out = new HashMap<>();
    for (long i = 0; i < n; i++) {
      String key = stringOrSkip();
      String value = stringOrSkip();
      if (key != null && value != null) {
        out.putIfAbsent(key, value);
      }
    }
    return out;
  }

  /** Reads a string value, or skips any other value and returns {@code null}. */
  private String stringOrSkip() {
    int f = u8();
    long len = -1;
    if ((f & 0xE0) == 0xA0) {
      len = f & 0x1F;
    } else if (f == 0xD9) {
      len = uint(1);
    } else if (f == 0xDA) {
      len = uint(2);
    } else if (f == 0xDB) {
      len = uint(4);
    }
    if (len >= 0) {
      int start = pos;
      skip(len);
      return new String(b, start, (int) len, StandardCharsets.UTF_8);
    }
    pos--;
    skipValues(1);
    return null;
  }

  /** Skips {@code count} values, nested containers included. */
  private void skipValues(long count) {
    long left = count;
    while (left > 0) {
      left--;
      int f = u8();
      if (f <= 0x7F || f >= 0xE0 || f == 0xC0 || f == 0xC2 || f == 0xC3) {
        continue; // fixint, nil, false, true
      }
      if ((f & 0xF0) == 0x80) {
        left += 2L * (f & 0x0F);
      } else if ((f & 0xF0) == 0x90) {
        left += f & 0x0F;
      } else if ((f & 0xE0) == 0xA0) {
        skip(f & 0x1F);
      } else {
        left += skipFormat(f);
      }
    }
  }

  /** Skips the payload of format byte {@code f}; returns the values it contains (containers). */
  private long skipFormat(int f) {
    switch (f) {
      case 0xC4: case 0xD9: skip(uint(1)); return 0; // bin8, str8
      case 0xC5: case 0xDA: skip(uint(2)); return 0; // bin16, str16
      case 0xC6: case 0xDB: skip(uint(4)); return 0; // bin32, str32
      case 0xC7: skip(uint(1) + 1); return 0; // ext8: length, type, data
      case 0xC8: skip(uint(2) + 1); return 0;
      case 0xC9: skip(uint(4) + 1); return 0;
      case 0xCC: case 0xD0: skip(1); return 0;
      case 0xCD: case 0xD1: skip(2); return 0;
      case 0xCA: case 0xCE: case 0xD2: skip(4); return 0;
      case 0xCB: case 0xCF: case 0xD3: skip(8); return 0;
      case 0xD4: skip(2); return 0; // fixext1: type + 1
      case 0xD5: skip(3); return 0;
      case 0xD6: skip(5); return 0;
      case 0xD7: skip(9); return 0;
      case 0xD8: skip(17); return 0;
      case 0xDC: return uint(2); // array16
      case 0xDD: return uint(4);
      case 0xDE: return 2 * uint(2); // map16
      case 0xDF: return 2 * uint(4);
      default: throw new IllegalArgumentException("format byte 0x" + Integer.toHexString(f));
    }
  }

  private int u8() {
    if (pos >= b.length) {
      throw new IndexOutOfBoundsException("end of body");
    }
    return b[pos++] & 0xFF;
  }

  private long uint(int bytes) {
    long v = 0;
    for (int i = 0; i < bytes; i++) {
      v = (v << 8) | u8();
    }
    return v;
  }

  private void skip(long n) {
    if (n > b.length - pos) {
      throw new IndexOutOfBoundsException("value past the end of the body");
    }
    pos += (int) n;
  }
}
