package dev.cesrj.stream;

/**
 * The serialization of a message body, as its version string names it (CESR specification,
 * "Version String field"), with the first bytes each may start with: the one place that says
 * which bytes start a body (the cold-start rule of keripy {@code kering.py} {@code sniff}, and
 * the check that a body is of the kind its version string names). Adding a body kind is adding
 * a constant here; a reader of its fields goes where the fields are read (the inspect tool).
 */
public enum Kind {
  /** JSON: the body starts with <code>&#123;</code>. */
  JSON,
  /** CBOR: the body starts with a CBOR map (major type 5: bytes {@code 0xA0..0xBF}). */
  CBOR,
  /**
   * MessagePack: the body starts with a fixmap ({@code 0x80..0x8F}), map16 ({@code 0xDE}) or
   * map32 ({@code 0xDF}).
   */
  MGPK,
  /**
   * CESR-native body (version 2 only): framed by a FixBodyGroup or MapBodyGroup counter, so no
   * first byte of its own.
   */
  CESR;

  private static final Kind[] VALUES = values();

  /**
   * {@return true if a body of this kind can start with byte {@code b} (0..255)}
   *
   * @param b the body's first byte, 0..255
   */
  public boolean startsWith(int b) {
    switch (this) {
      case JSON:
        return b == '{';
      case CBOR:
        return b >= 0xA0 && b <= 0xBF;
      case MGPK:
        return (b >= 0x80 && b <= 0x8F) || b == 0xDE || b == 0xDF;
      default:
        return false;
    }
  }

  /**
   * {@return true if a body of some kind can start with byte {@code b} (0..255): the bodies a
   * cold start meets outside any counter}
   *
   * @param b the byte, 0..255
   */
  static boolean startsAnyBody(int b) {
    for (Kind k : VALUES) {
      if (k.startsWith(b)) {
        return true;
      }
    }
    return false;
  }
}
