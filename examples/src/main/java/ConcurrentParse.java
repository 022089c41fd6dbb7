import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.AllocationInvariants;
import dev.cesrj.alloc.AllocationMeter;
import dev.cesrj.alloc.CountingAllocator;
import dev.cesrj.alloc.CursorArms;
import dev.cesrj.alloc.GroupArms;
import dev.cesrj.alloc.MessageArms;
import dev.cesrj.alloc.RawTally;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.alloc.StreamCensus;
import dev.cesrj.stream.CesrCursor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Does copying the input once and slicing every group out of it ({@code Groups.copyOf}) beat
 * copying the rest of the input for every group ({@code LegacyGroupParser.parseGroup}), on one
 * thread and on several? Measures six ways of parsing the same attachment stream, after checking
 * how many buffers and heap bytes each allocates, and prints what each figure means.
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse \
 *     -Dexec.args="--groups 16 --sigs 2 --threads 1,2,4 --iterations 100000 --input a.cesr b.cesr"
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse \
 *     -Dexec.args="--threads 1 --chunk 1024 --input kel_witnessed.v1.bare.txt.cesr"
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse -Dexec.args="--forks 9 --rounds 20"
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse -Dexec.args="--batch"
 * </pre>
 *
 * <p>{@code --batch} runs a different measurement instead, {@link BatchTiming}: the time of one
 * {@code BatchParser} call against its worker count.
 *
 * <h2>Workload</h2>
 *
 * <p>By default one stream of 16 CESR 1.0 ControllerIdxSigs groups ({@code -AAC}), each of two
 * Ed25519 indexed signatures (code {@code A}, 88 characters, indexes 0 and 1, canonical, raw bytes
 * from a fixed seed): 2,880 bytes ({@link SignatureStreams}). {@code --groups K --sigs S} change
 * it. {@code --input FILE...} adds real streams (whole messages with attachments).
 *
 * <h2>Arms</h2>
 *
 * <ul>
 *   <li>{@code copy-once}: {@code Groups.copyOf(byte[])} (one pooled buffer), every group touched;
 *   <li>{@code per-group}: the {@code LegacyGroupParser.parseGroup} loop, each result closed;
 *   <li>{@code zero-copy}: {@code Groups.over(ByteBuf)} over a pooled heap buffer filled once per
 *       thread, its reader index reset for every stream;
 *   <li>{@code copy-only}: copy the stream into a pooled buffer and release it, no parsing: the
 *       floor that no parser copying its input can beat;
 *   <li>{@code zero-copy-read}: zero-copy, and every group's elements visited (tuples and nested
 *       groups included) and each indexed signature's raw value read ({@code
 *       IndexedSignature.raw()}): the cursor arm's work with views, so that the two compare
 *       (attachment streams only; {@code n/a} for an input file of messages);
 *   <li>{@code cursor}: a {@code CesrCursor} per thread, reused for every stream ({@code reset}),
 *       over a pooled heap buffer filled once per thread: every token and primitive visited, each
 *       signature's raw value read into an array the thread owns ({@code CesrCursor.groups}; for
 *       an input file of messages {@code CesrCursor.messages}).
 * </ul>
 *
 * <p>For an input file, copy-once is {@code Messages.copyOf} and zero-copy {@code Messages.over}
 * (every message, nested ones included, and every group visited); per-group does not apply to
 * whole messages and prints {@code n/a}. A file holding only attachment groups (the corpus's
 * {@code atc_*} files) is read with {@code Groups} like the synthetic workload, per-group included.
 *
 * <p>{@code --chunk N} (N >= 1 bytes) feeds each input file of messages through the push parser
 * ({@code CesrStreamParser}) in chunks of N bytes, then ends the input: its {@code input} line is
 * counted from what the push parser returned, and must equal the whole-buffer count (else the
 * file fails with exit status 2); its rows gain a {@code chunked} arm (N-byte chunks copied from
 * the array into the parser, every message visited as it completes).
 *
 * <h2>Method: one JVM per arm and run, processor time</h2>
 *
 * <p>Arms timed in one JVM disturb each other: the JIT compiles the shared parsing code for the
 * mix of arms it saw first (type profiles, inlining, escape analysis), so one arm's figure
 * depended on the others and on the order. And wall-clock time on a shared machine counts the
 * time other processes held the processor. Both made the figures flip from one run to the next
 * (copy-once at 1 thread: 1.13M to 3.73M streams/s, the verdict 2.28x to 6.21x, in three runs of
 * one build; docs/performance.md). So:
 *
 * <ul>
 *   <li>Each arm runs in a JVM of its own: a <b>run</b> is one child JVM (same {@code java}, same
 *       class path) that times one arm on one workload. There are {@code --forks F} runs per arm
 *       (default {@value #DEFAULT_FORKS}), taken in turn (run 1 of every arm, then run 2 of every
 *       arm, ...; the arms' order rotates), so that a change on the machine falls on all arms
 *       alike.
 *   <li>In each run the arm is warmed up at the largest thread count until each thread has used at
 *       least 1 s of processor time (less with fewer {@code --iterations} than the default, at
 *       least 0.2 s) and then the JIT has compiled nothing for 0.2 s of it; then it is timed for
 *       {@code --rounds R} rounds (default {@value #DEFAULT_ROUNDS}) of {@code --iterations}
 *       streams per thread (default {@value #DEFAULT_ITERATIONS}; an input file gets as many
 *       streams as give the same bytes per thread) at each thread count. The run's throughput is
 *       the median of its rounds.
 *   <li>Throughput counts processor time ({@code ThreadMXBean.getCurrentThreadCpuTime}): streams
 *       / (the mean processor time of the round's threads), what the threads parse when each has a
 *       processor to itself. Time a thread spends blocked (on a lock, say) is not counted; the
 *       wall-clock figure is printed beside it.
 * </ul>
 *
 * <p>{@code --forks 0} times every arm in this JVM, the way this program did before (warm-up of
 * all arms, then each arm's rounds; each round is then a run).
 *
 * <h2>Output</h2>
 *
 * <p>What is measured, the JVM, processors, load average and workload, one line per arm saying
 * what it does, and the method; the allocation checks ({@link AllocationInvariants}, run before
 * any timing: if one fails the program stops with exit status 1); then a header and one row per
 * thread count and arm: {@code strategy threads streams/s range MB/s wall/s bufs/stream
 * heapB/stream}: streams/s is the median over the runs and range their lowest and highest (MB =
 * 10^6 bytes, at the median); wall/s the median of streams per wall-clock second; bufs and heap
 * bytes are exact counts of what the timed threads allocated, per stream (ByteBufs through a
 * counting allocator, heap bytes from {@code com.sun.management.ThreadMXBean}), the median over
 * the runs, followed by their range in parentheses when the runs differ (the JIT's escape
 * analysis, which differs from one JVM to the next, decides some allocations). Then for each
 * input file a line {@code input NAME: messages=M groups=G sigs=S bytes=B} and its rows; then how
 * to read the verdict, the {@code VERDICT:} line (copy-once / per-group throughput per thread
 * count: median and range over the paired runs, run i of one arm against run i of the other), the
 * {@code FLOOR:} line (copy-once / copy-only, likewise) and {@code => VINDICATED} when copy-once
 * beat per-group in every run at every thread count, else {@code => INCONCLUSIVE}.
 *
 * <p>Exit status: 0; 1 if an allocation invariant or an arm's checksum fails, or a run's JVM
 * failed; 2 if an input file could not be read or parsed ({@code input NAME: error CLASS at offset
 * N: MESSAGE}, the other inputs still run); 64 for bad arguments.
 *
 * <p>Thread counts above {@link Runtime#availableProcessors()} are skipped with a note. Leak
 * detection is off while measuring.
 */
public final class ConcurrentParse {
  private static final int DEFAULT_ITERATIONS = 50_000;
  private static final int DEFAULT_FORKS = 3;
  private static final int DEFAULT_ROUNDS = 10;

  /**
   * Least processor time each thread warms an arm up before the first timing: 1 second, scaled
   * down by {@link #WARMUP_NANOS_PER_ITERATION} for runs of fewer {@code --iterations} than the
   * default, to at least {@link #MIN_WARMUP_NANOS}.
   */
  private static final long WARMUP_NANOS = 1_000_000_000L;

  private static final long WARMUP_NANOS_PER_ITERATION = WARMUP_NANOS / DEFAULT_ITERATIONS;

  /** Least warm-up of a short run (a smoke run, {@code --iterations 2000}): 0.2 s. */
  private static final long MIN_WARMUP_NANOS = 200_000_000L;

  /** Processor time per thread without any JIT compilation that ends a warm-up: 0.2 s. */
  private static final long QUIET_NANOS = 200_000_000L;

  /** Most wall-clock time a warm-up takes: 20 s. */
  private static final long WARMUP_LIMIT_NANOS = 20_000_000_000L;
  private static final int MIN_INPUT_ITERATIONS = 200;
  private static final int EXIT_INVARIANT = 1;
  private static final int EXIT_INPUT = 2;
  private static final int EXIT_USAGE = 64;

  /** Arguments that make this a child JVM timing one arm (not for users). */
  private static final String FORK_ARM = "--fork-arm";
  private static final String FORK_WORKLOAD = "--fork-workload";

  /** Prefix of a child's result lines: {@code @round ARM THREADS NANOS CPU STREAMS BUFFERS HEAP}. */
  private static final String ROUND = "@round";

  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
  private static final boolean CPU_TIME = CPU.isCurrentThreadCpuTimeSupported();

  private final PrintStream out;
  private final Settings settings;
  private final int processors = Runtime.getRuntime().availableProcessors();
  private ExecutorService pool;

  private ConcurrentParse(PrintStream out, Settings settings) {
    this.out = out;
    this.settings = settings;
  }

  /** Entry point; see the class comment. */
  public static void main(String[] args) {
    if (BatchTiming.requested(args)) {
      BatchTiming.main(args); // --batch: the batch parser's worker curve, see BatchTiming
      return;
    }
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    int status;
    try {
      Settings settings = Settings.parse(args);
      if (settings == null) {
        out.println(USAGE);
        status = 0;
      } else if (settings.forkArm() != null) {
        status = new ConcurrentParse(out, settings).child();
      } else {
        status = new ConcurrentParse(out, settings).run();
      }
    } catch (IllegalArgumentException e) {
      out.println("error: " + e.getMessage());
      out.println(USAGE);
      status = EXIT_USAGE;
    }
    out.flush();
    if (status != 0) {
      System.exit(status);
    }
  }

  private static final String USAGE =
      "usage: ConcurrentParse [--groups K] [--sigs S] [--threads 1,2,4,8] [--iterations N]"
          + " [--forks F] [--rounds R] [--chunk N] [--input FILE...]\n"
          + "       (--forks F: runs per arm, each in its own JVM, default " + DEFAULT_FORKS
          + "; 0 = every arm in this JVM; --rounds R: timed rounds per run and thread count,"
          + " default " + DEFAULT_ROUNDS + ")\n"
          + "       ConcurrentParse --batch [...]   (batch parser timing; --batch --help for its options)";

  /**
   * Command-line settings; {@code forkArm} and {@code forkWorkload} (0 = the synthetic stream, i
   * = the i-th input) are set in a child JVM only, {@code args} are the user's arguments.
   */
  private record Settings(
      int groups, int sigs, List<Integer> threads, long iterations, int forks, int rounds,
      int chunk, List<Path> inputs, Arm forkArm, int forkWorkload, List<String> args) {

    /** The settings, or {@code null} for {@code --help}. */
    static Settings parse(String[] args) {
      int groups = SignatureStreams.DEFAULT_GROUPS;
      int sigs = SignatureStreams.DEFAULT_SIGS;
      List<Integer> threads = List.of(1, 2, 4, 8);
      long iterations = DEFAULT_ITERATIONS;
      int forks = DEFAULT_FORKS;
      int rounds = DEFAULT_ROUNDS;
      int chunk = 0;
      List<Path> inputs = new ArrayList<>();
      Arm forkArm = null;
      int forkWorkload = 0;
      List<String> user = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        int first = i;
        switch (a) {
          case "--help":
          case "-h":
            return null;
          case "--groups":
            groups = (int) number(a, value(args, ++i, a), 1, 1 << 20);
            break;
          case "--sigs":
            sigs = (int) number(a, value(args, ++i, a), 1, 64);
            break;
          case "--iterations":
            iterations = number(a, value(args, ++i, a), 1, 1L << 40);
            break;
          case "--forks":
            forks = (int) number(a, value(args, ++i, a), 0, 1000);
            break;
          case "--rounds":
            rounds = (int) number(a, value(args, ++i, a), 1, 10_000);
            break;
          case "--chunk":
            chunk = (int) number(a, value(args, ++i, a), 1, 1 << 30);
            break;
          case "--threads":
            threads = new ArrayList<>();
            for (String t : value(args, ++i, a).split(",")) {
              threads.add((int) number(a, t.trim(), 1, 1024));
            }
            break;
          case "--input":
            int before = inputs.size();
            while (i + 1 < args.length && !args[i + 1].startsWith("--")) {
              inputs.add(Path.of(args[++i]));
            }
            if (inputs.size() == before) {
              throw new IllegalArgumentException("--input needs at least one FILE");
            }
            break;
          case FORK_ARM:
            forkArm = Arm.of(value(args, ++i, a));
            continue; // not a user argument
          case FORK_WORKLOAD:
            forkWorkload = (int) number(a, value(args, ++i, a), 0, Integer.MAX_VALUE);
            continue;
          default:
            throw new IllegalArgumentException("unknown argument " + a);
        }
        user.addAll(Arrays.asList(args).subList(first, i + 1));
      }
      return new Settings(
          groups, sigs, List.copyOf(threads), iterations, forks, rounds, chunk,
          List.copyOf(inputs), forkArm, forkWorkload, List.copyOf(user));
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[i];
    }

    private static long number(String option, String text, long min, long max) {
      long v;
      try {
        v = Long.parseLong(text.replace("_", ""));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(option + ": not a number: " + text);
      }
      if (v < min || v > max) {
        throw new IllegalArgumentException(option + " must be in [" + min + ", " + max + "]: " + v);
      }
      return v;
    }
  }

  /** The strategies: six, and chunked with {@code --chunk}. */
  private enum Arm {
    COPY_ONCE(
        "copy-once",
        "Groups.copyOf(byte[]): the stream copied once into one pooled buffer, every group a"
            + " view into it (Messages.copyOf for an input of messages)"),
    PER_GROUP(
        "per-group",
        "LegacyGroupParser.parseGroup in a loop: the rest of the stream copied into a new buffer"
            + " for every group (the old way; the reference of VERDICT)"),
    ZERO_COPY(
        "zero-copy",
        "Groups.over(ByteBuf): views over a buffer the caller filled once, no copy at all"
            + " (Messages.over for an input of messages)"),
    COPY_ONLY(
        "copy-only",
        "copy the stream into a pooled buffer and release it, no parsing: the floor no"
            + " copying parser can beat (the reference of FLOOR)"),
    ZERO_COPY_READ(
        "zero-copy-read",
        "Groups.over(ByteBuf) as zero-copy, every group's elements visited and each signature's"
            + " raw value read (IndexedSignature.raw()): the cursor arm's work with views"
            + " (attachment streams only)"),
    CURSOR(
        "cursor",
        "CesrCursor: one pull cursor per thread reused for every stream, zero-copy over a buffer"
            + " filled once, every token and primitive visited, each raw value read into an array"),
    CHUNKED(
        "chunked",
        "CesrStreamParser fed the input in --chunk N byte pieces, every message visited");

    final String label;
    final String what;

    Arm(String label, String what) {
      this.label = label;
      this.what = what;
    }

    static Arm of(String label) {
      for (Arm a : values()) {
        if (a.label.equals(label)) {
          return a;
        }
      }
      throw new IllegalArgumentException("unknown arm " + label);
    }
  }

  /**
   * One stream to time: its bytes, whether it holds messages (else attachment groups only), the
   * checksum each parsing arm must return per stream, and the chunk size of the chunked arm.
   */
  private record Workload(byte[] bytes, boolean messages, long checksum, int chunk) {
    boolean applies(Arm arm) {
      if (arm == Arm.CHUNKED) {
        return messages && chunk > 0;
      }
      return (arm != Arm.PER_GROUP && arm != Arm.ZERO_COPY_READ) || !messages;
    }

    /** The arm's work for one thread, allocating through {@code allocator}. */
    ThreadTask task(Arm arm, CountingAllocator allocator) {
      CesrOptions options = CesrOptions.builder().allocator(allocator).build();
      switch (arm) {
        case COPY_ONCE:
          return messages
              ? ThreadTask.of(() -> MessageArms.copyOnce(bytes, options))
              : ThreadTask.of(() -> GroupArms.copyOnce(bytes, options));
        case PER_GROUP:
          return ThreadTask.of(() -> GroupArms.perGroup(bytes, options));
        case ZERO_COPY:
          // filled once per thread, outside the count (the caller owns this buffer)
          ByteBuf prepared = GroupArms.prepare(bytes, allocator.delegate());
          LongSupplier s =
              messages
                  ? () -> MessageArms.zeroCopy(prepared, options)
                  : () -> GroupArms.zeroCopy(prepared, options);
          return new ThreadTask(s, prepared::release);
        case COPY_ONLY:
          return ThreadTask.of(() -> GroupArms.copyOnly(bytes, allocator));
        case ZERO_COPY_READ:
          {
            // the buffer filled once per thread as for zero-copy; the tally is the thread's
            ByteBuf buf = GroupArms.prepare(bytes, allocator.delegate());
            RawTally tally = new RawTally();
            return new ThreadTask(() -> GroupArms.zeroCopyRead(buf, options, tally), buf::release);
          }
        case CURSOR:
          {
            // one cursor per thread, reused; the buffer filled once as for zero-copy
            ByteBuf buf = GroupArms.prepare(bytes, allocator.delegate());
            CesrCursor cursor =
                messages ? CesrCursor.messages(options) : CesrCursor.groups(options);
            byte[] raw = new byte[4096];
            int[] stack = new int[2 * CesrOptions.MAX_DEPTH + 4];
            RawTally tally = new RawTally();
            LongSupplier c =
                messages
                    ? () -> CursorArms.messages(cursor, buf, raw, stack)
                    : () -> CursorArms.cursor(cursor, buf, raw, tally);
            return new ThreadTask(c, buf::release);
          }
        case CHUNKED:
          return ThreadTask.of(() -> MessageArms.chunked(bytes, options, chunk));
        default:
          throw new AssertionError(arm);
      }
    }

    /** What {@code arm} returns per stream. */
    long expected(Arm arm) {
      return arm == Arm.COPY_ONLY ? (bytes.length == 0 ? 0 : bytes[bytes.length - 1]) : checksum;
    }
  }

  /** One thread's work for one stream, and what to release when the thread is done. */
  private record ThreadTask(LongSupplier stream, Runnable cleanup) {
    static ThreadTask of(LongSupplier stream) {
      return new ThreadTask(stream, () -> {});
    }
  }

  /**
   * One timed round: wall-clock nanoseconds, processor nanoseconds of all its threads, streams
   * parsed (all threads), buffers and heap bytes.
   */
  private record Round(long nanos, long cpuNanos, long streams, long buffers, long heap) {}

  /**
   * One run of one arm at one thread count: its throughput, the median over its rounds of
   * streams / (the mean processor time of a thread), and of streams / wall-clock time; the buffers
   * and heap bytes of all its rounds per stream.
   */
  private record Run(
      double streamsPerSecond, double wallStreamsPerSecond, double bufsPerStream,
      double heapPerStream) {
    static Run of(List<Round> rounds, int threads) {
      double[] rates = new double[rounds.size()];
      double[] wallRates = new double[rounds.size()];
      long streams = 0;
      long buffers = 0;
      long heap = 0;
      for (int i = 0; i < rates.length; i++) {
        Round r = rounds.get(i);
        rates[i] = r.streams() / (r.cpuNanos() / 1e9 / threads);
        wallRates[i] = r.streams() / (r.nanos() / 1e9);
        streams += r.streams();
        buffers += r.buffers();
        heap += r.heap();
      }
      return new Run(
          median(rates), median(wallRates), (double) buffers / streams, (double) heap / streams);
    }
  }

  /** The runs of every arm at every thread count, in run order. */
  private static final class Runs {
    final Map<Arm, Map<Integer, List<Run>>> byArm = new EnumMap<>(Arm.class);

    void add(Arm arm, int threads, Run run) {
      byArm.computeIfAbsent(arm, a -> new TreeMap<>())
          .computeIfAbsent(threads, t -> new ArrayList<>())
          .add(run);
    }

    List<Run> get(Arm arm, int threads) {
      return byArm.getOrDefault(arm, Map.of()).getOrDefault(threads, List.of());
    }
  }

  /** Thrown when an arm returns the wrong checksum, or a run's JVM fails: the benchmark is broken. */
  private static final class ChecksumError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChecksumError(String message) {
      super(message);
    }
  }

  private List<Integer> runnableThreads() {
    List<Integer> threads = new ArrayList<>();
    for (int t : settings.threads()) {
      if (t <= processors) {
        threads.add(t);
      }
    }
    return threads;
  }

  private void startPool(List<Integer> threads) {
    int maxThreads = threads.stream().mapToInt(Integer::intValue).max().orElse(1);
    pool = Executors.newFixedThreadPool(maxThreads, r -> {
      Thread t = new Thread(r, "ConcurrentParse-worker");
      t.setDaemon(true);
      return t;
    });
  }

  private int run() {
    byte[] stream = SignatureStreams.controllerIdxSigs(settings.groups(), settings.sigs());
    header(stream);
    List<Integer> threads = runnableThreads();
    startPool(threads);
    ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    try {
      if (!checkInvariants()) {
        out.println("error: an allocation invariant failed; no timing done");
        return EXIT_INVARIANT;
      }
      Workload synthetic =
          new Workload(stream, false, (long) settings.groups() * settings.sigs(), 0);
      out.println();
      Runs runs = time(synthetic, 0, settings.iterations(), threads);
      boolean inputFailed = false;
      for (int i = 0; i < settings.inputs().size(); i++) {
        inputFailed |= !input(i, threads, stream.length);
      }
      out.println();
      verdict(runs, threads);
      out.println(
          String.format(
              Locale.ROOT, "(load average at the end: %.2f on %d processors)",
              ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), processors));
      return inputFailed ? EXIT_INPUT : 0;
    } catch (ChecksumError e) {
      out.println("error: " + e.getMessage());
      return EXIT_INVARIANT;
    } finally {
      ResourceLeakDetector.setLevel(level);
      pool.shutdownNow();
    }
  }

  private int runsPerArm() {
    return settings.forks() == 0 ? settings.rounds() : settings.forks();
  }

  private void header(byte[] stream) {
    out.println("ConcurrentParse: copy-once vs per-group parsing of CESR attachment streams");
    out.println(
        "measures: streams parsed per second (higher is better) and ByteBufs and heap bytes"
            + " allocated per stream (lower is better) of each way of parsing the same stream,"
            + " at each thread count (every thread parses the stream over and over)");
    out.println(
        "  streams/s counts processor time: streams / (processor time a thread used), so that"
            + " other processes on the machine do not change it; it is what the threads parse"
            + " when each has a processor to itself" + (CPU_TIME ? "" : " (this JVM cannot"
            + " measure a thread's processor time: wall-clock time is counted instead)"));
    out.println(
        "  wall/s is streams / wall-clock time, what this machine gave during this run (lower"
            + " when other processes compete, or threads wait for each other)");
    out.println(
        "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
            + " (" + System.getProperty("java.vm.vendor") + "), Java "
            + System.getProperty("java.version") + ", " + System.getProperty("os.name") + " "
            + System.getProperty("os.arch"));
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    out.println(
        String.format(
            Locale.ROOT, "available processors: %d; load average at the start: %.2f%s",
            processors, load,
            load > processors / 2.0
                ? " (other processes compete for the processors: expect wider ranges)"
                : ""));
    out.println(
        String.format(
            Locale.ROOT,
            "workload: %d ControllerIdxSigs groups x %d Ed25519 indexed signatures = %,d bytes"
                + " per stream (CESR 1.0 text: -A%s + %d x 88-char A-code signatures, indexes"
                + " 0..%d, canonical raw bytes from seed 0x%x)",
            settings.groups(), settings.sigs(), stream.length,
            dev.cesrj.internal.B64.encodeInt(settings.sigs(), 2), settings.sigs(),
            settings.sigs() - 1, SignatureStreams.DEFAULT_SEED));
    if (!settings.inputs().isEmpty()) {
      out.println(
          "inputs: " + settings.inputs().size() + " file(s), timed after the workload with the"
              + " same bytes per thread (at least " + MIN_INPUT_ITERATIONS + " streams)");
    }
    out.println("arms:");
    for (Arm arm : Arm.values()) {
      if (arm != Arm.CHUNKED || settings.chunk() > 0) {
        out.println(String.format(Locale.ROOT, "  %-14s %s", arm.label, arm.what));
      }
    }
    if (settings.chunk() > 0) {
      out.println(
          "chunk: input messages also pushed through CesrStreamParser " + settings.chunk()
              + " byte(s) at a time (arm chunked)");
    }
    String threads =
        settings.threads().stream().map(String::valueOf).collect(Collectors.joining(","));
    if (settings.forks() > 0) {
      out.println(
          String.format(
              Locale.ROOT,
              "method: each arm in its own JVM, %d runs (JVMs) per arm taken in turn; in each,"
                  + " the arm warmed up (>= %.1f s of processor time per thread, until the JIT"
                  + " is done), then %d rounds of %,d streams per thread at each of threads %s; a"
                  + " run's figure is the median of its rounds; a row gives the median over the"
                  + " %d runs and their range (lowest-highest)",
              settings.forks(), warmupNanos() / 1e9, settings.rounds(), settings.iterations(),
              threads, settings.forks()));
    } else {
      out.println(
          String.format(
              Locale.ROOT,
              "method (--forks 0): every arm in this one JVM, all warmed up first, then"
                  + " %d rounds of %,d streams per thread at each of threads %s; a row gives the"
                  + " median over the rounds and their range (arms sharing a JVM disturb each"
                  + " other's JIT: figures vary from run to run)",
              settings.rounds(), settings.iterations(), threads));
    }
    out.println(
        "allocator: PooledByteBufAllocator.DEFAULT (useCacheForAllThreads="
            + PooledByteBufAllocator.defaultUseCacheForAllThreads()
            + "); Netty leak detection off while measuring; heap bytes from"
            + " com.sun.management.ThreadMXBean, exact per timed thread");
  }

  private boolean checkInvariants() {
    out.println();
    out.println(
        "allocation check (" + AllocationInvariants.SMALL + " and " + AllocationInvariants.LARGE
            + " groups of " + settings.sigs() + " signatures, 1 thread):");
    AllocationInvariants.Result r = AllocationInvariants.check(settings.sigs());
    for (AllocationInvariants.Check c : r.checks()) {
      out.println("  " + c);
    }
    return r.passed();
  }

  /**
   * Times every arm that applies to workload {@code index} (0 = synthetic, i = input i) at every
   * thread count, in child JVMs or (with {@code --forks 0}) here; prints and returns the runs.
   */
  private Runs time(Workload w, int index, long iterations, List<Integer> threads) {
    Runs runs = settings.forks() > 0 ? forked(w, index) : inProcess(w, iterations, threads);
    out.println(
        String.format(
            Locale.ROOT, "%-14s %7s %13s %17s %10s %9s %12s  %s",
            "strategy", "threads", "streams/s", "range", "MB/s", "wall/s", "bufs/stream",
            "heapB/stream"));
    for (int t : settings.threads()) {
      if (t > processors) {
        out.println(
            "(" + t + " threads: skipped, above the " + processors + " available processors)");
        continue;
      }
      for (Arm arm : Arm.values()) {
        if (!w.applies(arm)) {
          if (arm == Arm.CHUNKED) {
            continue; // only with --chunk, for messages
          }
          out.println(
              String.format(
                  Locale.ROOT, "%-14s %7d %13s %17s %10s %9s %12s  %s",
                  arm.label, t, "n/a", "", "n/a", "n/a", "n/a", "n/a"));
          continue;
        }
        List<Run> r = runs.get(arm, t);
        double[] rate = r.stream().mapToDouble(Run::streamsPerSecond).toArray();
        double[] wall = r.stream().mapToDouble(Run::wallStreamsPerSecond).toArray();
        double[] bufs = r.stream().mapToDouble(Run::bufsPerStream).toArray();
        double[] heap = r.stream().mapToDouble(Run::heapPerStream).toArray();
        double median = median(rate);
        out.println(
            String.format(
                Locale.ROOT, "%-14s %7d %,13.0f %17s %10.1f %9s %12s  %s",
                arm.label, t, median, compact(min(rate)) + "-" + compact(max(rate)),
                median * w.bytes().length / 1e6, compact(median(wall)), spread(bufs, "%.2f"),
                spread(heap, "%.0f")));
      }
    }
    return runs;
  }

  /** The median of {@code values}, followed by their range in parentheses if they differ. */
  private static String spread(double[] values, String format) {
    String m = String.format(Locale.ROOT, format, median(values));
    String lo = String.format(Locale.ROOT, format, min(values));
    String hi = String.format(Locale.ROOT, format, max(values));
    return lo.equals(hi) ? m : m + " (" + lo + "-" + hi + ")";
  }

  /** Streams/s in few characters: 3.73M, 612.4k, 950. */
  private static String compact(double v) {
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.2fM", v / 1e6);
    }
    if (v >= 1e3) {
      return String.format(Locale.ROOT, "%.1fk", v / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f", v);
  }

  /**
   * {@code --forks F}: F runs of every arm, each in a child JVM, taken in turn (run 1 of every
   * arm, then run 2, ...), the arms' order rotated from one run to the next.
   */
  private Runs forked(Workload w, int index) {
    List<Arm> arms = new ArrayList<>();
    for (Arm arm : Arm.values()) {
      if (w.applies(arm)) {
        arms.add(arm);
      }
    }
    Runs runs = new Runs();
    out.print("timing: run");
    for (int f = 0; f < settings.forks(); f++) {
      out.print(" " + (f + 1));
      out.flush();
      for (int k = 0; k < arms.size(); k++) {
        Arm arm = arms.get((k + f) % arms.size());
        fork(arm, index, runs);
      }
    }
    out.println(" of " + settings.forks() + " (" + arms.size() + " JVMs each)");
    return runs;
  }

  /** Runs one child JVM timing {@code arm} on workload {@code index}; adds its runs. */
  private void fork(Arm arm, int index, Runs runs) {
    List<String> command = new ArrayList<>();
    command.add(javaCommand());
    command.add("-Dio.netty.leakDetection.level=disabled");
    command.add("-cp");
    command.add(classpath());
    command.add(ConcurrentParse.class.getName());
    command.addAll(settings.args());
    command.add(FORK_ARM);
    command.add(arm.label);
    command.add(FORK_WORKLOAD);
    command.add(String.valueOf(index));
    Map<Integer, List<Round>> rounds = new TreeMap<>();
    List<String> other = new ArrayList<>();
    int status;
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.INHERIT)
              .start();
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          String[] f = line.split(" ");
          if (f.length == 8 && f[0].equals(ROUND) && f[1].equals(arm.label)) {
            rounds
                .computeIfAbsent(Integer.parseInt(f[2]), t -> new ArrayList<>())
                .add(
                    new Round(
                        Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]),
                        Long.parseLong(f[6]), Long.parseLong(f[7])));
          } else {
            other.add(line);
          }
        }
      }
      status = p.waitFor();
    } catch (IOException e) {
      throw new ChecksumError("cannot start a JVM for " + arm.label + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    if (status != 0 || rounds.isEmpty()) {
      out.println();
      for (String line : other) {
        out.println("  | " + line);
      }
      throw new ChecksumError(
          "the JVM timing " + arm.label + " exited with status " + status
              + (other.isEmpty() ? "" : " (its output above)"));
    }
    rounds.forEach((t, list) -> runs.add(arm, t, Run.of(list, t)));
  }

  private static String javaCommand() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * The class path this class was loaded from: exec:java loads it with a URLClassLoader, so
   * {@code java.class.path} is Maven's own; else {@code java.class.path}.
   */
  private static String classpath() {
    List<String> parts = new ArrayList<>();
    for (ClassLoader cl = ConcurrentParse.class.getClassLoader(); cl != null; cl = cl.getParent()) {
      if (cl instanceof URLClassLoader) {
        for (URL url : ((URLClassLoader) cl).getURLs()) {
          try {
            parts.add(Path.of(url.toURI()).toString());
          } catch (URISyntaxException | IllegalArgumentException e) {
            // not a file: not needed by the child
          }
        }
      }
    }
    if (parts.isEmpty()) {
      return System.getProperty("java.class.path");
    }
    return parts.stream().distinct().collect(Collectors.joining(java.io.File.pathSeparator));
  }

  /**
   * In a child JVM: builds workload {@code --fork-workload}, warms up {@code --fork-arm} and
   * prints one {@code @round} line per timed round and thread count.
   */
  private int child() {
    Workload w;
    long iterations = settings.iterations();
    byte[] stream = SignatureStreams.controllerIdxSigs(settings.groups(), settings.sigs());
    if (settings.forkWorkload() == 0) {
      w = new Workload(stream, false, (long) settings.groups() * settings.sigs(), 0);
    } else {
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(settings.inputs().get(settings.forkWorkload() - 1));
      } catch (IOException | IndexOutOfBoundsException e) {
        out.println("error: cannot read input " + settings.forkWorkload() + ": " + e);
        return EXIT_INPUT;
      }
      StreamCensus census = StreamCensus.of(bytes, CesrOptions.DEFAULT);
      w = new Workload(bytes, !census.attachmentOnly(), census.checksum(), settings.chunk());
      iterations = inputIterations(stream.length, bytes.length);
    }
    Arm arm = settings.forkArm();
    if (!w.applies(arm)) {
      out.println("error: " + arm.label + " does not apply to this workload");
      return EXIT_USAGE;
    }
    List<Integer> threads = runnableThreads();
    startPool(threads);
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    try {
      warmUp(w, arm, threads, iterations);
      for (int t : threads) {
        for (int i = 0; i < settings.rounds(); i++) {
          Round r = round(w, arm, t, iterations);
          out.println(
              ROUND + " " + arm.label + " " + t + " " + r.nanos() + " " + r.cpuNanos() + " "
                  + r.streams() + " " + r.buffers() + " " + r.heap());
        }
      }
      return 0;
    } catch (ChecksumError e) {
      out.println("error: " + e.getMessage());
      return EXIT_INVARIANT;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Runs {@code arm} at the largest thread count until its threads have each used at least
   * {@link #WARMUP_NANOS} of processor time (less for fewer {@code --iterations}) and then the
   * JIT has compiled nothing for {@link #QUIET_NANOS} of it (so that C2 has compiled the arm, also on a busy machine, where wall-clock
   * time says little), or for at most {@link #WARMUP_LIMIT_NANOS} of wall-clock time.
   */
  private void warmUp(Workload w, Arm arm, List<Integer> threads, long iterations) {
    int warmThreads = threads.isEmpty() ? 1 : threads.get(threads.size() - 1);
    long warmups = Math.max(1_000, iterations / 4);
    long least = warmupNanos();
    long limit = System.nanoTime() + WARMUP_LIMIT_NANOS;
    long cpu = 0;
    long jit = jitMillis();
    long quietSince = 0;
    do {
      cpu += round(w, arm, warmThreads, warmups).cpuNanos() / warmThreads;
      long j = jitMillis();
      if (j != jit) {
        jit = j;
        quietSince = cpu;
      }
    } while ((cpu < least || cpu - quietSince < QUIET_NANOS)
        && System.nanoTime() < limit);
  }

  /**
   * The processor time the calling thread has used, in nanoseconds; its wall-clock time if the JVM
   * cannot tell (then the figures count wall-clock time, and the header says so).
   */
  private static long cpuNanos() {
    return CPU_TIME ? CPU.getCurrentThreadCpuTime() : System.nanoTime();
  }

  /** The least warm-up per thread, in nanoseconds of processor time. */
  private long warmupNanos() {
    return Math.max(
        MIN_WARMUP_NANOS,
        Math.min(WARMUP_NANOS, settings.iterations() * WARMUP_NANOS_PER_ITERATION));
  }

  /** Milliseconds the JIT has spent compiling so far, or 0 if the JVM does not tell. */
  private static long jitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : 0;
  }

  /**
   * {@code --forks 0}: every arm in this JVM, as this program did before: all arms warmed up,
   * then at each thread count each arm's {@code --rounds} rounds; each round is a run.
   */
  private Runs inProcess(Workload w, long iterations, List<Integer> threads) {
    Runs runs = new Runs();
    for (Arm arm : Arm.values()) {
      if (w.applies(arm)) {
        warmUp(w, arm, threads, iterations);
      }
    }
    for (int t : threads) {
      for (Arm arm : Arm.values()) {
        if (w.applies(arm)) {
          for (int i = 0; i < settings.rounds(); i++) {
            runs.add(arm, t, Run.of(List.of(round(w, arm, t, iterations)), t));
          }
        }
      }
    }
    return runs;
  }

  /**
   * One round: {@code iterations} streams per thread on {@code threads} threads, which start
   * together; it lasts from the start signal until its last thread is done. Checks the arm's
   * checksum.
   */
  private Round round(Workload w, Arm arm, int threads, long iterations) {
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<long[]>> futures = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      futures.add(
          pool.submit(
              () -> {
                CountingAllocator allocator = new CountingAllocator();
                ThreadTask task = w.task(arm, allocator);
                try {
                  LongSupplier stream = task.stream();
                  ready.countDown();
                  go.await();
                  long buffers0 = allocator.buffers();
                  long cpu0 = cpuNanos();
                  long heap0 = AllocationMeter.currentThreadAllocatedBytes();
                  long sum = 0;
                  for (long n = 0; n < iterations; n++) {
                    sum += stream.getAsLong();
                  }
                  long heap1 = AllocationMeter.currentThreadAllocatedBytes();
                  long cpu1 = cpuNanos();
                  long buffers1 = allocator.buffers();
                  return new long[] {sum, buffers1 - buffers0, heap1 - heap0, cpu1 - cpu0};
                } finally {
                  task.cleanup().run();
                }
              }));
    }
    long sum = 0;
    long buffers = 0;
    long heap = 0;
    long cpu = 0;
    long elapsed;
    try {
      ready.await();
      long t0 = System.nanoTime();
      go.countDown();
      for (Future<long[]> f : futures) {
        long[] r = f.get();
        sum += r[0];
        buffers += r[1];
        heap += r[2];
        cpu += r[3];
      }
      elapsed = System.nanoTime() - t0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw new IllegalStateException(e.getCause());
    }
    long streams = threads * iterations;
    if (sum != streams * w.expected(arm)) {
      throw new ChecksumError(
          arm.label + " returned checksum " + sum + ", expected " + streams * w.expected(arm));
    }
    return new Round(Math.max(1, elapsed), Math.max(1, cpu), streams, buffers, heap);
  }

  /** Streams per thread per round for an input of {@code bytes}: the workload's bytes. */
  private long inputIterations(int workloadBytes, int bytes) {
    return Math.max(
        MIN_INPUT_ITERATIONS, settings.iterations() * workloadBytes / Math.max(1, bytes));
  }

  /** Times input {@code index} (1-based); false if it could not be read or parsed. */
  private boolean input(int index, List<Integer> threads, int workloadBytes) {
    Path path = settings.inputs().get(index);
    String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
    out.println();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      out.println("input " + name + ": error " + e.getClass().getSimpleName() + ": cannot read: "
          + e.getMessage());
      return false;
    }
    StreamCensus census;
    try {
      census = StreamCensus.of(bytes, CesrOptions.DEFAULT);
      if (settings.chunk() > 0) {
        StreamCensus chunked = StreamCensus.ofChunks(bytes, CesrOptions.DEFAULT, settings.chunk());
        if (!chunked.equals(census)) {
          out.println("input " + name + ": error the push parser in chunks of " + settings.chunk()
              + " bytes counted " + chunked + ", whole-buffer parsing " + census);
          return false;
        }
        census = chunked;
      }
    } catch (CesrException e) {
      out.println("input " + name + ": error " + e.getClass().getSimpleName() + " at offset "
          + e.offset() + ": " + detail(e));
      return false;
    } catch (RuntimeException e) {
      // not a CesrException: a bug in cesrj (bad input must give a typed error)
      out.println("input " + name + ": error " + e.getClass().getSimpleName()
          + " (not a CesrException, a cesrj bug): " + e.getMessage());
      return false;
    }
    out.println(
        "input " + name + ": messages=" + census.messages() + " groups=" + census.groups()
            + " sigs=" + census.sigs() + " bytes=" + census.bytes());
    if (census.attachmentOnly()) {
      out.println("  (attachment groups only, no message: parsed with Groups, per-group applies)");
    } else if (settings.chunk() > 0) {
      out.println("  (counted from CesrStreamParser fed " + settings.chunk()
          + "-byte chunks: the same as whole-buffer parsing)");
    }
    time(
        new Workload(bytes, !census.attachmentOnly(), census.checksum(), settings.chunk()),
        index + 1, inputIterations(workloadBytes, bytes.length), threads);
    return true;
  }

  /** The exception's message without the "at offset N: " that CesrException puts first. */
  private static String detail(CesrException e) {
    String m = e.getMessage();
    String prefix = "at offset " + e.offset();
    if (m != null && m.startsWith(prefix)) {
      m = m.substring(prefix.length());
      if (m.startsWith(": ")) {
        m = m.substring(2);
      } else if (m.startsWith(", ")) {
        m = m.substring(2);
      }
    }
    return m;
  }

  private void verdict(Runs runs, List<Integer> threads) {
    int n = runsPerArm();
    String of =
        n + (settings.forks() > 0 ? " paired run" : " paired round") + (n == 1 ? "" : "s");
    out.println("how to read the verdict:");
    out.println(
        "  VERDICT = copy-once streams/s / per-group streams/s (per-group, the old way, is the"
            + " reference): above 1x copy-once is faster, 2x means twice as many streams per"
            + " second; median [lowest-highest] over " + of + " (run i of one arm against run i"
            + " of the other)");
    out.println(
        "  FLOOR = copy-once streams/s / copy-only streams/s (copying the stream and nothing"
            + " else is the reference): the share of the speed of a bare copy that copy-once"
            + " keeps; 1x would be parsing for free, no copying parser reaches it");
    out.println(
        "  => VINDICATED: copy-once was faster than per-group in every run at every thread"
            + " count; => INCONCLUSIVE: in at least one it was not");
    StringBuilder v = new StringBuilder("VERDICT: copy-once/per-group throughput ratio —");
    StringBuilder f = new StringBuilder("FLOOR: copy-once/copy-only throughput ratio —");
    boolean vindicated = !threads.isEmpty();
    List<String> losses = new ArrayList<>();
    for (int t : threads) {
      double[] verdict = ratios(runs.get(Arm.COPY_ONCE, t), runs.get(Arm.PER_GROUP, t));
      double[] floor = ratios(runs.get(Arm.COPY_ONCE, t), runs.get(Arm.COPY_ONLY, t));
      v.append(String.format(Locale.ROOT, " %dt: %s", t, ratio(verdict)));
      f.append(String.format(Locale.ROOT, " %dt: %s", t, ratio(floor)));
      int lost = 0;
      for (double r : verdict) {
        lost += r > 1 ? 0 : 1;
      }
      if (lost > 0 || verdict.length == 0) {
        vindicated = false;
        losses.add(lost + " of " + verdict.length + " at " + t + "t");
      }
    }
    v.append(" (").append(of).append(")");
    f.append(" (").append(of).append(")");
    out.println(v);
    out.println(f);
    out.println(
        vindicated
            ? "=> VINDICATED"
            : "=> INCONCLUSIVE (copy-once not faster than per-group in " + String.join(", ", losses)
                + ")");
  }

  /** Run i of {@code a} over run i of {@code b}. */
  private static double[] ratios(List<Run> a, List<Run> b) {
    int n = Math.min(a.size(), b.size());
    double[] r = new double[n];
    for (int i = 0; i < n; i++) {
      r[i] = a.get(i).streamsPerSecond() / b.get(i).streamsPerSecond();
    }
    return r;
  }

  /** {@code 6.21x [5.90-6.50x]}: median and range. */
  private static String ratio(double[] r) {
    if (r.length == 0) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.2fx [%.2f-%.2fx]", median(r), min(r), max(r));
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }
}
