package dev.cesrj.batch;

import dev.cesrj.CesrException;
import dev.cesrj.EnclosingGroup;
import java.util.List;

/**
 * One input of a batch failed: thrown by {@link Batch#requireOk()} for the first failing input in
 * input order. Its offset, code and expected are those of the input's own typed error, which is
 * the {@linkplain #getCause() cause}; the offset counts from the start of that input.
 */
public class BatchException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** Position of the failed input in the list given to the parser. */
  private final int input;

  /**
   * @param input index of the failing input (0-based)
   * @param inputs number of inputs in the batch
   * @param cause the input's typed error
   */
  public BatchException(int input, int inputs, CesrException cause) {
    this(input, "input " + input + " of " + inputs + " failed: " + cause.getClass().getSimpleName(),
        cause, cause.path());
  }

  private BatchException(int input, String detail, CesrException cause, List<EnclosingGroup> path) {
    super(cause.kind(), cause.offset(), cause.code(), cause.expected(), detail, path);
    this.input = input;
    initCause(cause);
  }

  /**
   * {@return a copy with {@code path} at {@code offset}, of the same input; its cause is moved as
   * far (with {@link CesrException#shiftedBy}), so that the copy's offset stays the cause's}
   *
   * @throws IllegalArgumentException if {@code offset} is below this error's offset
   */
  @Override
  protected BatchException relocated(long offset, List<EnclosingGroup> path) {
    CesrException cause = getCause();
    return new BatchException(
        input, detail(), offset == offset() ? cause : cause.shiftedBy(offset - offset()), path);
  }

  /** {@return index of the failing input in the batch (0-based)} */
  public int input() {
    return input;
  }

  /** The input's own typed error. */
  @Override
  public synchronized CesrException getCause() {
    return (CesrException) super.getCause();
  }
}
