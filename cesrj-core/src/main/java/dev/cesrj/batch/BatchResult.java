package dev.cesrj.batch;

import dev.cesrj.CesrException;
import java.util.List;
import java.util.Optional;

/**
 * What a serial parse of one input of a batch gave: the items framed (messages or groups, in
 * stream order) and, if the input is bad, the typed error that ended it.
 *
 * <p>A failed input keeps the items framed before its error, as a serial loop over {@code
 * Messages} or {@code Groups} would have seen them; {@link #consumed()} is then the byte offset
 * where the failing item starts. The items are views: valid until the {@link Batch} is closed
 * (for {@code byte[]} inputs) or while the caller's buffer is (for {@code ByteBuf} inputs).
 *
 * @param <T> {@link dev.cesrj.stream.Message} or {@link dev.cesrj.group.Group}
 */
public final class BatchResult<T> {
  private final int input;
  private final List<T> items;
  private final CesrException error;
  private final long consumed;
  private final Runnable release;

  BatchResult(int input, List<T> items, CesrException error, long consumed, Runnable release) {
    this.input = input;
    this.items = List.copyOf(items);
    this.error = error;
    this.consumed = consumed;
    this.release = release;
  }

  /** {@return index of the input in the list the batch was given (0-based)} */
  public int input() {
    return input;
  }

  /** {@return true if the whole input was framed without error} */
  public boolean ok() {
    return error == null;
  }

  /** {@return the items framed, in stream order (those before the error if the input failed)} */
  public List<T> items() {
    return items;
  }

  /** {@return the typed error that ended the input's parse, if it failed} */
  public Optional<CesrException> error() {
    return Optional.ofNullable(error);
  }

  /**
   * {@return bytes framed from the start of the input: its length if {@link #ok()}, else the offset
   * of the item that failed}
   */
  public long consumed() {
    return consumed;
  }

  /** Releases what this result owns: the copy of a {@code byte[]} input; nothing otherwise. */
  void release() {
    release.run();
  }

  @Override
  public String toString() {
    return "input " + input + ": " + items.size() + " item(s), " + consumed + " bytes"
        + (error == null ? ", ok" : ", " + error);
  }
}
