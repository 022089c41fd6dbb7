package dev.cesrj.keri.body;

import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import java.util.List;

/**
 * The one place where cesrj-keri builds the errors it raises for a body (cold path: called only
 * to throw), as {@code dev.cesrj.internal.Errors} is for cesrj-core: each rule has one kind
 * wherever it is met. Every offset is a byte offset from the start of the body; a label names
 * the field at fault (its detail is then prefixed {@code "field '<label>': "}).
 *
 * <ul>
 *   <li>{@link #syntax}: {@link ErrorKind#MALFORMED_BODY}, the body does not decode as its
 *       serialization;
 *   <li>{@link #field}: {@link ErrorKind#MALFORMED_FIELD}, a field breaks its ilk's rules (keripy
 *       {@code src/keri/core/serdering.py} {@code Serder._validate}, {@code coring.py});
 *   <li>{@link #saidMismatch}: {@link ErrorKind#SAID_MISMATCH}, a SAID that is not the body's
 *       digest (keripy {@code serdering.py} {@code Serder._verify});
 *   <li>{@link #unsupported}: {@link ErrorKind#UNSUPPORTED}, a valid code cesrj-keri does not
 *       handle in that place.
 * </ul>
 */
public final class BodyErrors {
  private BodyErrors() {}

  /**
   * {@return a {@link ErrorKind#MALFORMED_BODY} error with no label}
   *
   * @param at byte offset in the body where the decoder stopped
   * @param expected what was expected, in words
   * @param detail what was met, in words
   */
  public static KeriBodyException syntax(long at, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_BODY, at, null, expected, detail);
  }

  /**
   * {@return a {@link ErrorKind#MALFORMED_BODY} error in the field {@code label}}
   *
   * @param at byte offset in the body
   * @param label the field's label, or {@code null}
   * @param expected what was expected, in words
   * @param detail what was met, in words
   */
  public static KeriBodyException syntax(long at, String label, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_BODY, at, label, expected, detail);
  }

  /**
   * {@return a {@link ErrorKind#MALFORMED_FIELD} error: the field {@code label} is missing, out of
   * order, not allowed, of the wrong type or out of range}
   *
   * @param at byte offset in the body of the field's value (0 for a missing field)
   * @param label the field's label, or {@code null}
   * @param expected what was expected, in words
   * @param detail what was met, in words
   */
  public static KeriBodyException field(long at, String label, String expected, String detail) {
    return new KeriBodyException(ErrorKind.MALFORMED_FIELD, at, label, expected, detail);
  }

  /**
   * {@return a {@link ErrorKind#SAID_MISMATCH} error: the SAID in field {@code label} is not the
   * digest of the body with its SAID fields dummied}
   *
   * @param at byte offset in the body of the SAID's value
   * @param label the SAID field's label (or path, for a nested ACDC section)
   * @param expected the SAID computed, in words
   * @param detail the SAID written, in words
   */
  public static KeriBodyException saidMismatch(
      long at, String label, String expected, String detail) {
    return new KeriBodyException(ErrorKind.SAID_MISMATCH, at, label, expected, detail);
  }

  /**
   * {@return an {@link ErrorKind#UNSUPPORTED} error: the code {@code code} is valid but cesrj-keri
   * does not handle it there}
   *
   * @param at byte offset in the body
   * @param code the code, or {@code null}
   * @param expected what cesrj-keri handles there, in words
   * @param detail what was met, in words
   */
  public static UnsupportedException unsupported(
      long at, String code, String expected, String detail) {
    return new UnsupportedException(at, code, expected, detail, List.of());
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
