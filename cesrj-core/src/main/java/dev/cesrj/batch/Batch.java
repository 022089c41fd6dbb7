package dev.cesrj.batch;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The results of one batch call: one {@link BatchResult} per input, in input order, each what a
 * serial parse of that input gives.
 *
 * <h2>Ownership</h2>
 *
 * <p>For {@code byte[]} inputs ({@link BatchParser#messages}, {@link BatchParser#groups}) each
 * input was copied once into a buffer from {@code CesrOptions.allocator()}; this object owns
 * those buffers and {@link #close()} releases them all, after which every view in the results
 * (messages, groups, their primitives and {@code qb64()} slices) is worth nothing, as after
 * {@code Messages.close()}. Keep bytes longer with {@code view.qb64().retainedSlice()} (release
 * it) or by copying them. For {@code ByteBuf} inputs ({@link BatchParser#messagesOver}, {@link
 * BatchParser#groupsOver}) nothing was copied: the caller keeps owning its buffers, the views are
 * valid while those are, and {@link #close()} releases nothing.
 *
 * <p>Not thread-safe; {@link #close()} is idempotent.
 *
 * @param <T> {@link dev.cesrj.stream.Message} or {@link dev.cesrj.group.Group}
 */
public final class Batch<T> implements Iterable<BatchResult<T>>, AutoCloseable {
  private final List<BatchResult<T>> results;
  private final int workers;
  private boolean closed;

  Batch(List<BatchResult<T>> results, int workers) {
    this.results = List.copyOf(results);
    this.workers = workers;
  }

  /** {@return the results, one per input, in input order} */
  public List<BatchResult<T>> results() {
    return results;
  }

  /** {@return number of inputs (and results)} */
  public int size() {
    return results.size();
  }

  /**
   * {@return the result of input {@code index}}
   *
   * @param index the input's position in the list given to the parser, {@code 0..size()-1}
   * @throws IndexOutOfBoundsException unless {@code 0 <= index < size()}
   */
  public BatchResult<T> get(int index) {
    return results.get(index);
  }

  /** {@return workers the call used after clamping (1: the serial path, on the calling thread)} */
  public int workers() {
    return workers;
  }

  /** {@return true if every input parsed without error} */
  public boolean allOk() {
    return firstFailure().isEmpty();
  }

  /** {@return the failed result with the lowest input index, if any input failed} */
  public Optional<BatchResult<T>> firstFailure() {
    for (BatchResult<T> r : results) {
      if (!r.ok()) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /**
   * {@return this batch if every input parsed; otherwise closes it (releasing its buffers) and
   * throws for the first failing input in input order: the input a serial loop would have stopped
   * at}
   *
   * @throws BatchException for the first failing input, its typed error as the cause
   */
  public Batch<T> requireOk() {
    Optional<BatchResult<T>> failed = firstFailure();
    if (failed.isPresent()) {
      close();
      BatchResult<T> r = failed.get();
      throw new BatchException(r.input(), size(), r.error().orElseThrow());
    }
    return this;
  }

  /** The results in input order. */
  @Override
  public Iterator<BatchResult<T>> iterator() {
    return results.iterator();
  }

  /** Releases every copy of a {@code byte[]} input; nothing for {@code ByteBuf} inputs. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      for (BatchResult<T> r : results) {
        r.release();
      }
    }
  }
}
