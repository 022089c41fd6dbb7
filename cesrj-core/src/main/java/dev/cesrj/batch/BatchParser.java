package dev.cesrj.batch;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.parallel.ParallelRun;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * Parses many independent CESR streams at once on a bounded number of workers, and returns one
 * result per input in input order, each the same as a serial parse of that input with {@link
 * Messages} or {@link Groups} gives: the messages or groups framed, and the input's typed error if
 * it has one. A failing input does not stop the others.
 *
 * <pre>
 * BatchParser parser = BatchParser.builder().threads(2).build();     // or BatchParser.DEFAULT
 * try (Batch&lt;Message&gt; batch = parser.messages(streams)) {       // List&lt;byte[]&gt;
 *   for (BatchResult&lt;Message&gt; r : batch) {
 *     if (r.ok()) { r.items().forEach(this::handle); }
 *     else { log.warn("stream {}: {}", r.input(), r.error().get().getMessage()); }
 *   }
 * }                                                                   // releases the copies
 * </pre>
 *
 * <h2>Bound</h2>
 *
 * <p>A call uses at most this many workers, the first that is set of: the builder's {@link
 * Builder#threads(int)}; the system property {@value #THREADS_PROPERTY} (read at each call);
 * {@link #DEFAULT_THREADS}. That bound is then clamped to {@link Runtime#availableProcessors()} and
 * to the number of inputs ({@link #workers(int)} says what a call will use). A bound of 1 is the
 * serial path: every input is parsed on the calling thread and no thread is made.
 *
 * <h2>Threads</h2>
 *
 * <p>The calling thread is always one of the workers. The others are, by default, threads made
 * for the call by the {@linkplain Builder#threadFactory(ThreadFactory) thread factory} (daemon
 * threads named {@code cesrj-batch-C-K}) and joined before the call returns: none outlives it.
 * With {@linkplain Builder#executor(Executor) an executor of the caller's}, the other workers are
 * tasks submitted to it, and it is left running; a rejected task's share is done by the other
 * workers. No global or common pool is used. Workers take inputs one at a time from a shared
 * counter. The call waits for its workers without being interruptible (the work is finite); an
 * interrupt is kept and set again on return.
 *
 * <h2>Ownership</h2>
 *
 * <p>{@code byte[]} inputs are copied once each, as by {@link Messages#copyOf(byte[],
 * CesrOptions)}, and the returned {@link Batch} owns the copies: close it. {@code ByteBuf} inputs
 * are read as by {@link Messages#over(ByteBuf, CesrOptions)} but through a {@linkplain
 * ByteBuf#duplicate() duplicate}: nothing is copied, retained or released, the caller's reader
 * and writer indexes do not move (so the same buffer may be listed twice), and the results are
 * views valid while the caller's buffer is. Do not change the buffers during the call.
 *
 * <h2>Errors</h2>
 *
 * <p>Bad input is a result, not an exception: {@link BatchResult#error()} holds the input's {@link
 * CesrException}; {@link Batch#requireOk()} throws for the first failing input in input order. An
 * exception that is not a {@code CesrException} (a bug, or an {@link Error}) stops the call: the
 * inputs not yet started are skipped, every copy made is released, and it is rethrown.
 *
 * <p>Immutable and thread-safe.
 */
public final class BatchParser {
  /** The system property that sets the bound when the builder does not: {@value}. */
  public static final String THREADS_PROPERTY = "cesrj.batch.threads";

  /**
   * The bound when neither the builder nor {@value #THREADS_PROPERTY} sets one: {@value}. Chosen
   * from the curve {@code ConcurrentParse --batch} measured
   * (docs/adr/0001-batch-default-workers.md): with a free core, two workers beat one in steady
   * state on every corpus workload (1.3x to 1.7x on 2 processors); on a host with no core free,
   * batches of small streams (a few KB or less, a few milliseconds per call) are faster with
   * {@code threads(1)}.
   */
  public static final int DEFAULT_THREADS = 2;

  /** A parser with no bound of its own, the default options and per-call threads. */
  public static final BatchParser DEFAULT = builder().build();

  private static final AtomicLong CALLS = new AtomicLong();

  private final int threads;
  private final CesrOptions options;
  private final Executor executor;
  private final ThreadFactory threadFactory;
  private final IntSupplier processors;

  private BatchParser(Builder b) {
    this.threads = b.threads;
    this.options = b.options;
    this.executor = b.executor;
    this.threadFactory = b.threadFactory;
    this.processors = b.processors;
  }

  /**
   * {@return a builder with no bound, default options, no executor and the default thread factory}
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return the number of workers a call with {@code inputs} inputs uses: the bound (builder, else
   * system property, else default) clamped to the available processors and to {@code inputs},
   * and at least 1}
   *
   * @param inputs the number of inputs of the call
   * @throws IllegalArgumentException if {@code inputs < 0}, or if the bound comes from the system
   *     property and that is not a whole number >= 1
   */
  public int workers(int inputs) {
    if (inputs < 0) {
      throw new IllegalArgumentException("inputs must be >= 0: " + inputs);
    }
    int requested = WorkerCount.requested(threads, System.getProperty(THREADS_PROPERTY));
    return WorkerCount.clamp(requested, processors.getAsInt(), inputs);
  }

  /**
   * Frames the messages of every input, each copied once; see the class comment.
   *
   * @param inputs whole streams (messages with their attachments); none null
   * @return one result per input, in input order; close it
   * @throws NullPointerException if {@code inputs} or one of them is null (nothing is parsed)
   * @throws IllegalArgumentException if the system property that gives the bound is not valid
   */
  public Batch<Message> messages(List<byte[]> inputs) {
    return parse(inputs, b -> Messages.copyOf(b, options), BatchParser::messagesOf);
  }

  /**
   * Frames the messages of the readable bytes of every buffer, copying nothing; see the class
   * comment.
   *
   * @param inputs whole streams; none null; the caller keeps owning them
   * @return one result per input, in input order
   * @throws NullPointerException if {@code inputs} or one of them is null (nothing is parsed)
   * @throws IllegalArgumentException if the system property that gives the bound is not valid
   */
  public Batch<Message> messagesOver(List<? extends ByteBuf> inputs) {
    return parse(inputs, b -> Messages.over(b.duplicate(), options), BatchParser::messagesOf);
  }

  /**
   * Frames the groups of every input, an attachment stream, each copied once; see the class
   * comment.
   *
   * @param inputs attachment streams (counted groups one after another); none null
   * @return one result per input, in input order; close it
   * @throws NullPointerException if {@code inputs} or one of them is null (nothing is parsed)
   * @throws IllegalArgumentException if the system property that gives the bound is not valid
   */
  public Batch<Group> groups(List<byte[]> inputs) {
    return parse(inputs, b -> Groups.copyOf(b, options), BatchParser::groupsOf);
  }

  /**
   * Frames the groups of the readable bytes of every buffer, copying nothing; see the class
   * comment.
   *
   * @param inputs attachment streams; none null; the caller keeps owning them
   * @return one result per input, in input order
   * @throws NullPointerException if {@code inputs} or one of them is null (nothing is parsed)
   * @throws IllegalArgumentException if the system property that gives the bound is not valid
   */
  public Batch<Group> groupsOver(List<? extends ByteBuf> inputs) {
    return parse(inputs, b -> Groups.over(b.duplicate(), options), BatchParser::groupsOf);
  }

  /** Opens one input; frames it to its end or its first error. */
  private interface Framing<S, T> {
    BatchResult<T> frame(int input, S source);
  }

  private <I, S extends AutoCloseable, T> Batch<T> parse(
      List<? extends I> inputs, Function<I, S> open, Framing<S, T> framing) {
    Objects.requireNonNull(inputs, "inputs");
    List<I> in = new ArrayList<>(inputs.size());
    for (I input : inputs) {
      if (input == null) {
        throw new NullPointerException("inputs[" + in.size() + "]");
      }
      in.add(input);
    }
    int workers = workers(in.size());
    @SuppressWarnings("unchecked")
    BatchResult<T>[] results = new BatchResult[in.size()];
    try {
      if (workers == 1) {
        for (int i = 0; i < results.length; i++) {
          results[i] = one(i, in.get(i), open, framing);
        }
      } else {
        ThreadFactory factory = threadFactory != null ? threadFactory : defaultThreads();
        ParallelRun.run(
            results.length, workers, executor, factory,
            i -> results[i] = one(i, in.get(i), open, framing));
      }
    } catch (RuntimeException | Error e) {
      for (BatchResult<T> r : results) {
        if (r != null) {
          r.release();
        }
      }
      throw e;
    }
    return new Batch<>(Arrays.asList(results), workers);
  }

  /** Parses input {@code i}; releases what it opened if anything but a CesrException escapes. */
  private static <I, S extends AutoCloseable, T> BatchResult<T> one(
      int i, I input, Function<I, S> open, Framing<S, T> framing) {
    S source = open.apply(input);
    boolean framed = false;
    try {
      BatchResult<T> r = framing.frame(i, source);
      framed = true;
      return r;
    } finally {
      if (!framed) {
        closeQuietly(source);
      }
    }
  }

  private static BatchResult<Message> messagesOf(int input, Messages messages) {
    List<Message> items = new ArrayList<>();
    CesrException error = drain(messages, items);
    return new BatchResult<>(input, items, error, messages.position(), messages::close);
  }

  private static BatchResult<Group> groupsOf(int input, Groups groups) {
    List<Group> items = new ArrayList<>();
    CesrException error = drain(groups, items);
    return new BatchResult<>(input, items, error, groups.position(), groups::close);
  }

  /** Adds every item to {@code items}; the error that ended the iteration, or null. */
  private static <T> CesrException drain(Iterator<T> it, List<T> items) {
    try {
      while (it.hasNext()) {
        items.add(it.next());
      }
      return null;
    } catch (CesrException e) {
      return e;
    }
  }

  private static void closeQuietly(AutoCloseable source) {
    try {
      source.close();
    } catch (Exception e) {
      // Messages and Groups do not throw from close()
    }
  }

  /** Daemon threads named {@code cesrj-batch-C-K}: call number C, worker K. */
  private static ThreadFactory defaultThreads() {
    return ParallelRun.daemonThreads("cesrj-batch-" + CALLS.incrementAndGet());
  }

  /** Builder of {@link BatchParser}; every setter validates its argument at once. */
  public static final class Builder {
    private int threads;
    private CesrOptions options = CesrOptions.DEFAULT;
    private Executor executor;
    private ThreadFactory threadFactory;
    private IntSupplier processors = () -> Runtime.getRuntime().availableProcessors();

    private Builder() {}

    /**
     * Sets the bound on workers per call; it overrides the system property {@value
     * #THREADS_PROPERTY}. Still clamped to the available processors and the number of inputs.
     *
     * @param threads the most workers one call uses, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public Builder threads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be at least 1: " + threads);
      }
      this.threads = threads;
      return this;
    }

    /**
     * Sets the parser options (allocator for the copies, limits, default table); not null.
     *
     * @param options the allocator, limits and default table
     * @return this builder
     */
    public Builder options(CesrOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * Runs the extra workers as tasks on {@code executor} instead of threads made per call; the
     * executor is never shut down. It must run the tasks it accepts (a task it rejects is not an
     * error); {@code null} restores per-call threads.
     *
     * @param executor runs the workers instead of per-call threads
     * @return this builder
     */
    public Builder executor(Executor executor) {
      this.executor = executor;
      return this;
    }

    /**
     * Sets the factory of the per-call threads (not used with an {@link #executor(Executor)});
     * {@code null} restores the default: daemon threads named {@code cesrj-batch-C-K}. Threads it
     * makes are started and joined within the call.
     *
     * @param threadFactory makes the per-call worker threads
     * @return this builder
     */
    public Builder threadFactory(ThreadFactory threadFactory) {
      this.threadFactory = threadFactory;
      return this;
    }

    /** Tests only: the processor count the bound is clamped to. */
    Builder processors(IntSupplier processors) {
      this.processors = Objects.requireNonNull(processors, "processors");
      return this;
    }

    /** {@return the parser} */
    public BatchParser build() {
      return new BatchParser(this);
    }
  }
}
