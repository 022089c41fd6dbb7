package dev.cesrj.keri.crypto;

import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;

/**
 * The one place where {@code dev.cesrj.keri.crypto} builds the errors it raises (cold path:
 * called only to throw). The package sits below {@code dev.cesrj.keri.body}, whose {@code
 * BodyErrors} builds the body errors, so it keeps its own factory of the one kind it raises.
 */
final class CryptoErrors {
  private CryptoErrors() {}

  /**
   * {@return an {@link ErrorKind#UNSUPPORTED} error: a valid code that is no digest or
   * verification key cesrj-keri handles}
   *
   * @param at byte offset of the primitive (0 if it has none)
   * @param code the code, or {@code null}
   * @param expected the codes handled, in words
   * @param detail what was met, in words
   */
  static UnsupportedException unsupported(long at, String code, String expected, String detail) {
    return new UnsupportedException(at, code, expected, detail);
  }
}
