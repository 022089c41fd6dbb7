package dev.cesrj.batch;

import dev.cesrj.CesrException;

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
    super(
        cause.offset(), cause.code(), cause.expected(),
        "input " + input + " of " + inputs + " failed: " + cause.getClass().getSimpleName());
    this.input = input;
    initCause(cause);
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
