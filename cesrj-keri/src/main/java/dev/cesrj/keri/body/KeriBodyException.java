package dev.cesrj.keri.body;

import dev.cesrj.EnclosingGroup;
import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import java.util.List;
import java.util.Optional;

/**
 * A message body that cannot be read as its protocol requires: it does not decode
 * ({@link ErrorKind#MALFORMED_BODY}), a field breaks the rules of its ilk
 * ({@link ErrorKind#MALFORMED_FIELD}) or its SAID does not check ({@link ErrorKind#SAID_MISMATCH}).
 *
 * <p>{@link #offset()} is the byte offset from the start of the body (the bytes of
 * {@link dev.cesrj.stream.Message#body()}): of the offending field's value where the reader knows
 * it, else of the place the decoder stopped, else 0. {@link #label()} names the field.
 */
public class KeriBodyException extends MalformedException {
  private static final long serialVersionUID = 1L;

  /** The field's label, or null. */
  private final String label;

  /**
   * @param kind {@link ErrorKind#MALFORMED_BODY}, {@link ErrorKind#MALFORMED_FIELD} or
   *     {@link ErrorKind#SAID_MISMATCH}
   * @param offset byte offset in the body
   * @param label the field's label, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @throws IllegalArgumentException if {@code kind} is not raised as a MalformedException
   */
  public KeriBodyException(
      ErrorKind kind, long offset, String label, String expected, String detail) {
    this(kind, offset, label, expected,
        label == null ? detail : "field '" + label + "': " + detail, List.of());
  }

  private KeriBodyException(
      ErrorKind kind,
      long offset,
      String label,
      String expected,
      String detail,
      List<EnclosingGroup> path) {
    super(kind, offset, null, expected, detail, path);
    this.label = label;
  }

  /** {@return the label of the field at fault, if one is} */
  public Optional<String> label() {
    return Optional.ofNullable(label);
  }

  @Override
  protected KeriBodyException withPath(List<EnclosingGroup> path) {
    return new KeriBodyException(kind(), offset(), label, expected(), detail(), path);
  }
}
