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

  static KeriBodyException tooDeep(long at) {
    return syntax(at, "maps and lists nested at most " + Body.MAX_DEPTH + " deep",
        "nesting deeper than " + Body.MAX_DEPTH);
  }
}
