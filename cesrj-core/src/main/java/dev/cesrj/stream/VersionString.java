package dev.cesrj.stream;

import dev.cesrj.internal.B64;
import dev.cesrj.code.CounterTable;

/**
 * The version string of a JSON, CBOR or MessagePack message body (CESR specification, "Version
 * String field"; keripy {@code kering.py}): protocol, protocol version, CESR genus version (version
 * 2 only), serialization kind and body size.
 *
 * <ul>
 *   <li>Version 1, 17 characters: {@code PPPPvvKKKKhhhhhh_}, e.g. {@code KERI10JSON00012b_}
 *       (major and minor one lowercase hex digit each, size 6 lowercase hex digits).
 *   <li>Version 2, 19 characters: {@code PPPPMmmGggKKKKBBBB.}, e.g. {@code KERICAACAAJSONAAKp.}
 *       (versions and size as Base64 integers; size at most 16,777,215).
 * </ul>
 *
 * <p>Accepted as keripy does: protocol {@code KERI} or {@code ACDC}; kind {@code JSON},
 * {@code CBOR}, {@code MGPK} (and {@code CESR} in version 2); version-1 major at most 1;
 * version-2 protocol and genus major 2.
 */
public final class VersionString {
  /** Length of a version-1 version string in characters. */
  public static final int V1_LENGTH = 17;

  /** Length of a version-2 version string in characters. */
  public static final int V2_LENGTH = 19;

  /** Furthest offset of the version string from the start of the body, in bytes. */
  public static final int MAX_OFFSET = 8;

  /**
   * The largest body size a version string can state, in bytes (a CESR-native body's size in
   * characters): 16,777,215, six hex digits in version 1 and four Base64 characters in version 2
   * (CESR specification, "Version String field"; keripy {@code kering.py}).
   */
  public static final long MAX_SIZE = 16_777_215L;

  /** The protocols a version string may name (keripy {@code Protocols}). */
  private static final String[] PROTOCOLS = {"KERI", "ACDC"};

  private static final Kind[] KINDS = Kind.values();

  private final String text;
  private final int offset;
  private final String proto;
  private final int major;
  private final int minor;
  private final int genusMajor;
  private final int genusMinor;
  private final Kind kind;
  private final long size;

  private VersionString(
      String text,
      int offset,
      String proto,
      int major,
      int minor,
      int genusMajor,
      int genusMinor,
      Kind kind,
      long size) {
    this.text = text;
    this.offset = offset;
    this.proto = proto;
    this.major = major;
    this.minor = minor;
    this.genusMajor = genusMajor;
    this.genusMinor = genusMinor;
    this.kind = kind;
    this.size = size;
  }

  /**
   * Matches a version string at the start of {@code text} (17 or more characters), trying the
   * version-2 form first as keripy does.
   *
   * @param text the text to read
   * @param offset the version string's offset in the body, recorded in the result
   * @return the version string, or {@code null} if {@code text} does not start with a valid one
   */
  public static VersionString match(CharSequence text, int offset) {
    VersionString v2 = text.length() >= V2_LENGTH ? matchV2(text, offset) : null;
    return v2 != null ? v2 : text.length() >= V1_LENGTH ? matchV1(text, offset) : null;
  }

  private static VersionString matchV1(CharSequence t, int offset) {
    String proto = proto(t);
    if (proto == null) {
      return null;
    }
    int major = hex(t.charAt(4));
    int minor = hex(t.charAt(5));
    Kind kind = kind(t, 6);
    long size = 0;
    for (int i = 10; i < 16; i++) {
      int d = hex(t.charAt(i));
      if (d < 0) {
        return null;
      }
      size = size * 16 + d;
    }
    if (proto == null || major < 0 || major > 1 || minor < 0 || kind == null
        || kind == Kind.CESR || t.charAt(16) != '_') {
      return null;
    }
    return new VersionString(
        t.subSequence(0, V1_LENGTH).toString(), offset, proto, major, minor, -1, -1, kind, size);
  }

  private static VersionString matchV2(CharSequence t, int offset) {
    if (t.charAt(18) != '.') {
      return null;
    }
    String proto = proto(t);
    if (proto == null) {
      return null;
    }
    long major = b64(t, 4, 5);
    long minor = b64(t, 5, 7);
    long genusMajor = b64(t, 7, 8);
    long genusMinor = b64(t, 8, 10);
    Kind kind = kind(t, 10);
    long size = b64(t, 14, 18);
    if (proto == null || major != 2 || minor < 0 || genusMajor != 2 || genusMinor < 0
        || kind == null || size < 0) {
      return null;
    }
    return new VersionString(
        t.subSequence(0, V2_LENGTH).toString(),
        offset,
        proto,
        (int) major,
        (int) minor,
        (int) genusMajor,
        (int) genusMinor,
        kind,
        size);
  }

  /**
   * The protocol at {@code [0, 4)}: the constant {@code "KERI"} or {@code "ACDC"}, or {@code null}
   * (no String is built per message).
   */
  private static String proto(CharSequence t) {
    for (String p : PROTOCOLS) {
      if (matches(t, 0, p)) {
        return p;
      }
    }
    return null;
  }

  /** The kind named at {@code [from, from + 4)}, or {@code null}. */
  private static Kind kind(CharSequence t, int from) {
    for (Kind k : KINDS) {
      if (matches(t, from, k.name())) {
        return k;
      }
    }
    return null;
  }

  private static boolean matches(CharSequence t, int from, String word) {
    for (int i = 0; i < word.length(); i++) {
      if (t.charAt(from + i) != word.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static int hex(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
  }

  private static long b64(CharSequence t, int from, int to) {
    long v = 0;
    for (int i = from; i < to; i++) {
      int d = B64.value(t.charAt(i));
      if (d < 0) {
        return -1;
      }
      v = (v << 6) | d;
    }
    return v;
  }

  /** {@return the version string's characters, e.g. {@code KERI10JSON00012b_}} */
  public String text() {
    return text;
  }

  /** {@return its offset in the body in bytes (6 for JSON <code>&#123;"v":"</code>)} */
  public int offset() {
    return offset;
  }

  /** {@return protocol: {@code KERI} or {@code ACDC}} */
  public String proto() {
    return proto;
  }

  /** {@return protocol major version: 1 or 2} */
  public int major() {
    return major;
  }

  /** {@return protocol minor version} */
  public int minor() {
    return minor;
  }

  /** {@return CESR genus major version (version 2 strings only), else -1} */
  public int genusMajor() {
    return genusMajor;
  }

  /** {@return CESR genus minor version (version 2 strings only), else -1} */
  public int genusMinor() {
    return genusMinor;
  }

  /** {@return serialization kind} */
  public Kind kind() {
    return kind;
  }

  /** {@return the whole body's size in bytes, counted from its first byte} */
  public long size() {
    return size;
  }

  /** {@return 1 for the 17-character form, 2 for the 19-character form} */
  public int format() {
    return text.length() == V1_LENGTH ? 1 : 2;
  }

  /** {@return {@code "1.0"}-style protocol version} */
  public String protocolVersion() {
    return major + "." + minor;
  }

  /**
   * {@return the counter table a body of this version implies: CESR 1.0 for version 1, else 2.0}
   */
  public CounterTable impliedTable() {
    return format() == 1 ? CounterTable.CESR_1_0 : CounterTable.CESR_2_0;
  }

  @Override
  public String toString() {
    return text;
  }
}
