package dev.cesrj.keri.body;

import dev.cesrj.ErrorKind;

/** Builds the errors of the body readers (cold path: called only to throw). */
final class BodyErrors {
  private BodyErrors() {}

  static KeriBodyException syntax(long at, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_BODY, at, null, expected, detail);
  }

  static KeriBodyException syntax(long at, String label, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_BODY, at, label, expected, detail);
  }

  static KeriBodyException field(long at, String label, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_FIELD, at, label, expected, detail);
  }

  /**
   * A body that is not keripy's serialization of its own field map (keripy
   * {@code src/keri/core/serdering.py} {@code Serder._verify}: "Invalid raw for Serder").
   *
   * @param format JSON, CBOR or MessagePack
   */
  static KeriBodyException nonCanonical(long at, String format, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_BODY, at, null,
        expected + " (keripy's " + format + " serialization of the field map)",
        "non-canonical body: " + detail);
  }

  static KeriBodyException tooDeep(long at) {
    return syntax(at, "maps and lists nested at most " + Body.MAX_DEPTH + " deep",
        "nesting deeper than " + Body.MAX_DEPTH);
  }
}
