import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.AllocationInvariants;
import dev.cesrj.alloc.AllocationMeter;
import dev.cesrj.alloc.CountingAllocator;
import dev.cesrj.alloc.GroupArms;
import dev.cesrj.alloc.MessageArms;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.alloc.StreamCensus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * thread and on several? Measures four ways of parsing the same attachment stream, after checking
 * how many buffers and heap bytes each allocates.
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse \
 *     -Dexec.args="--groups 16 --sigs 2 --threads 1,2,4 --iterations 100000 --input a.cesr b.cesr"
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse \
 *     -Dexec.args="--threads 1 --chunk 1024 --input kel_witnessed.v1.bare.txt.cesr"
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
 *       floor that no parser copying its input can beat.
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
 * <h2>Output</h2>
 *
 * <p>The JVM, processors and workload; the allocation checks ({@link AllocationInvariants}, run
 * before any timing: if one fails the program stops with exit status 1); then a header and one row
 * per thread count and arm: {@code strategy threads streams/s MB/s bufs/stream heapB/stream} (MB =
 * 10^6 bytes; bufs and heap bytes are what the timed threads allocated, per stream); then for
 * each input file a line {@code input NAME: messages=M groups=G sigs=S bytes=B} and its rows;
 * then the {@code VERDICT:} line (copy-once / per-group throughput per thread count), the {@code
 * FLOOR:} line (copy-once / copy-only) and {@code => VINDICATED} when copy-once beats per-group at
 * every thread count, else {@code => INCONCLUSIVE}.
 *
 * <p>Exit status: 0; 1 if an allocation invariant or an arm's checksum fails; 2 if an input file
 * could not be read or parsed ({@code input NAME: error CLASS at offset N: MESSAGE}, the other
 * inputs still run); 64 for bad arguments.
 *
 * <p>Thread counts above {@link Runtime#availableProcessors()} are skipped with a note. Every arm
 * is warmed up for at least a second (at the largest thread count run) before the first timing;
 * leak detection is off while measuring. A row is the best of {@value #ROUNDS} rounds of {@code --iterations} streams
 * per thread (default {@value #DEFAULT_ITERATIONS}; an input file gets as many streams as give the
 * same bytes per thread).
 */
public final class ConcurrentParse {
  private static final int DEFAULT_ITERATIONS = 50_000;
  private static final int ROUNDS = 5;

  /** Least time each arm is warmed up before the first timing: 1 second. */
  private static final long WARMUP_NANOS = 1_000_000_000L;
  private static final int MIN_INPUT_ITERATIONS = 200;
  private static final int EXIT_INVARIANT = 1;
  private static final int EXIT_INPUT = 2;
  private static final int EXIT_USAGE = 64;

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
          + " [--chunk N] [--input FILE...]\n"
          + "       ConcurrentParse --batch [...]   (batch parser timing; --batch --help for its options)";

  /** Command-line settings. */
  private record Settings(
      int groups, int sigs, List<Integer> threads, long iterations, int chunk, List<Path> inputs) {

    /** The settings, or {@code null} for {@code --help}. */
    static Settings parse(String[] args) {
      int groups = SignatureStreams.DEFAULT_GROUPS;
      int sigs = SignatureStreams.DEFAULT_SIGS;
      List<Integer> threads = List.of(1, 2, 4, 8);
      long iterations = DEFAULT_ITERATIONS;
      int chunk = 0;
      List<Path> inputs = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
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
          default:
            throw new IllegalArgumentException("unknown argument " + a);
        }
      }
      return new Settings(
          groups, sigs, List.copyOf(threads), iterations, chunk, List.copyOf(inputs));
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

  /** The strategies: four, and chunked with {@code --chunk}. */
  private enum Arm {
    COPY_ONCE("copy-once"),
    PER_GROUP("per-group"),
    ZERO_COPY("zero-copy"),
    COPY_ONLY("copy-only"),
    CHUNKED("chunked");

    final String label;

    Arm(String label) {
      this.label = label;
    }
  }

  /**
   * One stream to time: its bytes, how each arm parses it (null if the arm does not apply), and
   * the checksum each parsing arm must return per stream.
   */
  private record Workload(byte[] bytes, boolean messages, long checksum, int chunk) {
    boolean applies(Arm arm) {
      if (arm == Arm.CHUNKED) {
        return messages && chunk > 0;
      }
      return arm != Arm.PER_GROUP || !messages;
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

  /** One row. */
  private record Row(
      Arm arm, int threads, double streamsPerSecond, double mbPerSecond, double bufsPerStream,
      double heapPerStream) {}

  /** Thrown when an arm returns the wrong checksum: the benchmark itself is broken. */
  private static final class ChecksumError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChecksumError(String message) {
      super(message);
    }
  }

  private int run() {
    byte[] stream = SignatureStreams.controllerIdxSigs(settings.groups(), settings.sigs());
    header(stream);
    List<Integer> threads = new ArrayList<>();
    for (int t : settings.threads()) {
      if (t <= processors) {
        threads.add(t);
      }
    }
    int maxThreads = threads.stream().mapToInt(Integer::intValue).max().orElse(1);
    pool = Executors.newFixedThreadPool(maxThreads, r -> {
      Thread t = new Thread(r, "ConcurrentParse-worker");
      t.setDaemon(true);
      return t;
    });
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
      Map<Arm, Map<Integer, Row>> rows = time(synthetic, settings.iterations(), threads);
      boolean inputFailed = false;
      for (Path input : settings.inputs()) {
        inputFailed |= !input(input, threads, stream.length);
      }
      out.println();
      verdict(rows, threads);
      return inputFailed ? EXIT_INPUT : 0;
    } catch (ChecksumError e) {
      out.println("error: " + e.getMessage());
      return EXIT_INVARIANT;
    } finally {
      ResourceLeakDetector.setLevel(level);
      pool.shutdownNow();
    }
  }

  private void header(byte[] stream) {
    out.println("ConcurrentParse: copy-once vs per-group parsing of CESR attachment streams");
    out.println(
        "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
            + " (" + System.getProperty("java.vm.vendor") + "), Java "
            + System.getProperty("java.version") + ", " + System.getProperty("os.name") + " "
            + System.getProperty("os.arch"));
    out.println("available processors: " + processors);
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
    if (settings.chunk() > 0) {
      out.println(
          "chunk: input messages also pushed through CesrStreamParser " + settings.chunk()
              + " byte(s) at a time (arm chunked)");
    }
    out.println(
        String.format(
            Locale.ROOT,
            "threads: %s; iterations: %,d streams per thread per round, best of %d rounds per"
                + " row; every arm warmed up first",
            settings.threads().stream().map(String::valueOf).collect(Collectors.joining(",")),
            settings.iterations(), ROUNDS));
    out.println(
        "allocator: PooledByteBufAllocator.DEFAULT (useCacheForAllThreads="
            + PooledByteBufAllocator.defaultUseCacheForAllThreads()
            + "); Netty leak detection off while measuring");
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

  /** Times every arm that applies at every thread count; prints and returns the rows. */
  private Map<Arm, Map<Integer, Row>> time(Workload w, long iterations, List<Integer> threads) {
    Map<Arm, Map<Integer, Row>> rows = new EnumMap<>(Arm.class);
    int warmThreads = threads.isEmpty() ? 1 : threads.get(threads.size() - 1);
    long warmups = Math.max(1_000, iterations / 4);
    for (Arm arm : Arm.values()) {
      if (w.applies(arm)) {
        // warm up for at least WARMUP_NANOS, so that C2 has compiled the arm before timing
        long until = System.nanoTime() + WARMUP_NANOS;
        do {
          measure(w, arm, warmThreads, warmups, 1);
        } while (System.nanoTime() < until);
      }
    }
    out.println(
        String.format(
            Locale.ROOT, "%-10s %7s %13s %10s %12s %13s",
            "strategy", "threads", "streams/s", "MB/s", "bufs/stream", "heapB/stream"));
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
                  Locale.ROOT, "%-10s %7d %13s %10s %12s %13s",
                  arm.label, t, "n/a", "n/a", "n/a", "n/a"));
          continue;
        }
        Row row = measure(w, arm, t, iterations, ROUNDS);
        rows.computeIfAbsent(arm, a -> new java.util.TreeMap<>()).put(t, row);
        out.println(
            String.format(
                Locale.ROOT, "%-10s %7d %,13.0f %10.1f %12.2f %13.0f",
                arm.label, t, row.streamsPerSecond(), row.mbPerSecond(), row.bufsPerStream(),
                row.heapPerStream()));
      }
    }
    return rows;
  }

  /**
   * Times {@code arm} on {@code threads} threads: {@value #ROUNDS} rounds of {@code iterations}
   * streams per thread, the threads of a round starting together; a round lasts from the start
   * signal until its last thread is done. The row gives the best round's throughput (the one
   * least disturbed by the JIT, the GC and other processes) and the buffers and heap bytes of all
   * rounds per stream.
   */
  private Row measure(Workload w, Arm arm, int threads, long iterations, int rounds) {
    long best = Long.MAX_VALUE;
    long buffers = 0;
    long heap = 0;
    for (int round = 0; round < rounds; round++) {
      long[] r = round(w, arm, threads, iterations);
      best = Math.min(best, r[0]);
      buffers += r[1];
      heap += r[2];
    }
    long streams = threads * iterations;
    double streamsPerSecond = streams / (best / 1e9);
    return new Row(
        arm, threads, streamsPerSecond, streamsPerSecond * w.bytes().length / 1e6,
        (double) buffers / (streams * rounds), (double) heap / (streams * rounds));
  }

  /** One round: {nanoseconds, buffers, heap bytes}; checks the arm's checksum. */
  private long[] round(Workload w, Arm arm, int threads, long iterations) {
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
                  long heap0 = AllocationMeter.currentThreadAllocatedBytes();
                  long sum = 0;
                  for (long n = 0; n < iterations; n++) {
                    sum += stream.getAsLong();
                  }
                  long heap1 = AllocationMeter.currentThreadAllocatedBytes();
                  long buffers1 = allocator.buffers();
                  return new long[] {sum, buffers1 - buffers0, heap1 - heap0};
                } finally {
                  task.cleanup().run();
                }
              }));
    }
    long sum = 0;
    long buffers = 0;
    long heap = 0;
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
    return new long[] {Math.max(1, elapsed), buffers, heap};
  }

  /** Times one input file; false if it could not be read or parsed. */
  private boolean input(Path path, List<Integer> threads, int workloadBytes) {
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
    long iterations =
        Math.max(
            MIN_INPUT_ITERATIONS,
            settings.iterations() * workloadBytes / Math.max(1, bytes.length));
    time(
        new Workload(bytes, !census.attachmentOnly(), census.checksum(), settings.chunk()),
        iterations, threads);
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

  private void verdict(Map<Arm, Map<Integer, Row>> rows, List<Integer> threads) {
    StringBuilder v = new StringBuilder("VERDICT: copy-once/per-group throughput ratio —");
    StringBuilder f = new StringBuilder("FLOOR: copy-once/copy-only throughput ratio —");
    boolean vindicated = !threads.isEmpty();
    for (int t : threads) {
      double copyOnce = rows.get(Arm.COPY_ONCE).get(t).streamsPerSecond();
      double perGroup = rows.get(Arm.PER_GROUP).get(t).streamsPerSecond();
      double copyOnly = rows.get(Arm.COPY_ONLY).get(t).streamsPerSecond();
      v.append(String.format(Locale.ROOT, " %dt: %.2fx", t, copyOnce / perGroup));
      f.append(String.format(Locale.ROOT, " %dt: %.2fx", t, copyOnce / copyOnly));
      vindicated &= copyOnce > perGroup;
    }
    out.println(v);
    out.println(f);
    out.println(vindicated ? "=> VINDICATED" : "=> INCONCLUSIVE");
  }
}
