import dev.cesrj.CesrException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.batch.Batch;
import dev.cesrj.batch.BatchParser;
import dev.cesrj.batch.BatchResult;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import io.netty.util.ResourceLeakDetector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code ConcurrentParse --batch}: how long one {@link BatchParser} call takes against the number
 * of workers, to choose {@link BatchParser#DEFAULT_THREADS} (docs/adr/0001-batch-default-workers.md).
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse -Dexec.args="--batch"
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=ConcurrentParse \
 *     -Dexec.args="--batch --inputs 4000 --workers 1,2,4,8 --rounds 15"
 * </pre>
 *
 * <h2>Workloads</h2>
 *
 * <p>Each is a list of {@code --inputs} independent streams (default {@value #DEFAULT_INPUTS}),
 * parsed from {@code byte[]} (each copied once, as an importer reading stored streams would):
 *
 * <ul>
 *   <li>{@code corpus-messages}: the corpus's streams of messages (src/test/resources/corpus/A,
 *       MANIFEST.json order), repeated to the input count, read with {@link BatchParser#messages};
 *   <li>{@code corpus-attachments}: its attachment-only streams, likewise, with {@link
 *       BatchParser#groups};
 *   <li>{@code synthetic}: ConcurrentParse's workload (16 ControllerIdxSigs groups of 2 Ed25519
 *       signatures, 2,880 bytes) as every input, with {@link BatchParser#groups}.
 * </ul>
 *
 * <p>A corpus stream whose serial parse throws {@link UnsupportedException} today (the binary qb2
 * streams) is skipped, and the output says which; any other error is printed and the stream
 * skipped too (exit status 2).
 *
 * <h2>Timing</h2>
 *
 * <p>A call is timed from the call to the closing of its {@link Batch} (so the copies are
 * released), and its results are checked against the serial parse (items and errors counted).
 * Worker counts are asked of the builder ({@code threads(n)}) and clamped as every call is: the
 * rows say when. <b>First pass</b>: one call in a new JVM per row (nothing compiled, no pooled
 * memory yet: what a one-off import pays). <b>Steady state</b>: in this JVM, after every worker
 * count has been called for at least {@value #WARMUP_SECONDS} s, {@code --rounds} rounds (default
 * {@value #DEFAULT_ROUNDS}), each calling every worker count once in turn, so that a disturbance
 * of the shared machine hits all counts alike; the median and the best call per row.
 *
 * <p>Netty leak detection is off while timing. Exit status: 0; 1 if a batch differs from the
 * serial parse; 2 if a corpus stream failed with another error than UnsupportedException; 64 for
 * bad arguments.
 */
public final class BatchTiming {
  static final String FLAG = "--batch";
  private static final String CHILD = "--batch-first-pass";
  private static final String SYNTHETIC = "synthetic";
  private static final int DEFAULT_INPUTS = 4_000;
  private static final int DEFAULT_ROUNDS = 15;
  private static final int WARMUP_SECONDS = 2;
  private static final int EXIT_MISMATCH = 1;
  private static final int EXIT_INPUT = 2;
  private static final int EXIT_USAGE = 64;
  private static final String USAGE =
      "usage: ConcurrentParse --batch [--inputs N] [--workers 1,2,4,8] [--rounds R]";

  private final PrintStream out;
  private final int inputs;
  private final List<Integer> workers;
  private final int rounds;
  private boolean inputFailed;

  private BatchTiming(PrintStream out, int inputs, List<Integer> workers, int rounds) {
    this.out = out;
    this.inputs = inputs;
    this.workers = workers;
    this.rounds = rounds;
  }

  /** True if {@code args} ask for the batch measurement instead of ConcurrentParse's own. */
  static boolean requested(String[] args) {
    return Arrays.asList(args).contains(FLAG) || (args.length > 0 && args[0].equals(CHILD));
  }

  /** Runs the batch measurement (or, in a child JVM, one first pass); exits on failure. */
  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    int status;
    try {
      status = args.length > 0 && args[0].equals(CHILD) ? firstPassChild(args, out) : run(args, out);
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

  private static int run(String[] args, PrintStream out) {
    int inputs = DEFAULT_INPUTS;
    int rounds = DEFAULT_ROUNDS;
    List<Integer> workers = List.of(1, 2, 4, 8);
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case FLAG:
          break;
        case "--help":
        case "-h":
          out.println(USAGE);
          return 0;
        case "--inputs":
          inputs = number(args, ++i, 1, 1_000_000);
          break;
        case "--rounds":
          rounds = number(args, ++i, 1, 1_000);
          break;
        case "--workers":
          List<Integer> w = new ArrayList<>();
          for (String t : value(args, i + 1).split(",")) {
            w.add(number(new String[] {t.trim()}, 0, 1, 1024));
          }
          i++;
          workers = List.copyOf(w);
          break;
        default:
          throw new IllegalArgumentException("unknown argument with --batch: " + args[i]);
      }
    }
    return new BatchTiming(out, inputs, workers, rounds).measure();
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  private static int number(String[] args, int i, int min, int max) {
    String text = value(args, i);
    int v;
    try {
      v = Integer.parseInt(text.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a number: " + text);
    }
    if (v < min || v > max) {
      throw new IllegalArgumentException("must be in [" + min + ", " + max + "]: " + v);
    }
    return v;
  }

  /** One workload: its inputs, how they are read, and what the serial parse framed. */
  private record Workload(
      String name, boolean messages, List<String> files, List<byte[]> inputs, long bytes,
      long items) {
    /** One call at {@code workers}; checks the results; nanoseconds from call to close. */
    long call(int workers) {
      BatchParser parser = BatchParser.builder().threads(workers).build();
      long t0 = System.nanoTime();
      long framed = 0;
      boolean ok;
      if (messages) {
        try (Batch<Message> b = parser.messages(inputs)) {
          framed = count(b);
          ok = b.allOk();
        }
      } else {
        try (Batch<Group> b = parser.groups(inputs)) {
          framed = count(b);
          ok = b.allOk();
        }
      }
      long elapsed = System.nanoTime() - t0;
      if (!ok || framed != items) {
        throw new IllegalStateException(
            name + " at " + workers + " workers: " + framed + " items (all ok: " + ok
                + "), the serial parse framed " + items);
      }
      return elapsed;
    }

    private static <T> long count(Batch<T> batch) {
      long n = 0;
      for (BatchResult<T> r : batch) {
        n += r.items().size();
      }
      return n;
    }
  }

  /**
   * The workloads: the corpus streams whose serial parse does not throw UnsupportedException
   * (reported, with the skipped ones), and the synthetic stream.
   */
  private List<Workload> workloads() {
    List<String> messageFiles = new ArrayList<>();
    List<String> attachmentFiles = new ArrayList<>();
    TreeMap<String, List<String>> skipped = new TreeMap<>();
    int total = 0;
    for (String f : Corpus.streams()) {
      total++;
      boolean only = "only".equals(Corpus.manifestEntry(f).get("attachments").asText());
      try {
        serialItems(Corpus.bytes(f), !only);
        (only ? attachmentFiles : messageFiles).add(f);
      } catch (UnsupportedException e) {
        skipped.computeIfAbsent(Corpus.manifestEntry(f).get("domain").asText(), k -> new ArrayList<>())
            .add(f);
      } catch (CesrException e) {
        inputFailed = true;
        out.println("corpus " + f + ": error " + e.getClass().getSimpleName() + " " + e.getMessage()
            + " (skipped)");
      }
    }
    out.println(
        "corpus: " + total + " streams in src/test/resources/corpus/A (MANIFEST.json); used "
            + messageFiles.size() + " of messages and " + attachmentFiles.size()
            + " attachment-only");
    int n = skipped.values().stream().mapToInt(List::size).sum();
    out.println(
        "skipped: " + n + " stream(s) whose serial parse throws UnsupportedException today"
            + (n == 0 ? "" : " (binary qb2 input, domains " + skipped.keySet() + "):"));
    skipped.forEach((domain, files) -> out.println("  " + domain + ": " + String.join(" ", files)));
    List<Workload> w = new ArrayList<>();
    if (!messageFiles.isEmpty()) {
      w.add(workload("corpus-messages", true, messageFiles, -1));
    }
    if (!attachmentFiles.isEmpty()) {
      w.add(workload("corpus-attachments", false, attachmentFiles, -1));
    }
    w.add(workload(SYNTHETIC, false, List.of(), -1));
    return w;
  }

  /**
   * {@code files} (or the synthetic stream) repeated in order to {@link #inputs} inputs; {@code
   * items} is what the serial parse frames in them, or -1 to parse them serially here and count.
   */
  private Workload workload(String name, boolean messages, List<String> files, long items) {
    List<byte[]> streams = new ArrayList<>();
    if (name.equals(SYNTHETIC)) {
      streams.add(
          SignatureStreams.controllerIdxSigs(
              SignatureStreams.DEFAULT_GROUPS, SignatureStreams.DEFAULT_SIGS));
    } else {
      files.forEach(f -> streams.add(Corpus.bytes(f)));
    }
    List<byte[]> in = new ArrayList<>(inputs);
    long bytes = 0;
    for (int i = 0; i < inputs; i++) {
      byte[] b = streams.get(i % streams.size());
      in.add(b);
      bytes += b.length;
    }
    if (items < 0) {
      long[] perStream = new long[streams.size()];
      for (int s = 0; s < streams.size(); s++) {
        perStream[s] = serialItems(streams.get(s), messages);
      }
      items = 0;
      for (int i = 0; i < inputs; i++) {
        items += perStream[i % streams.size()];
      }
    }
    return new Workload(name, messages, files, List.copyOf(in), bytes, items);
  }

  /** Messages or groups a serial loop frames in {@code b}; its error if it fails. */
  private static long serialItems(byte[] b, boolean messages) {
    long n = 0;
    if (messages) {
      try (Messages m = Messages.copyOf(b)) {
        while (m.hasNext()) {
          m.next();
          n++;
        }
      }
    } else {
      try (Groups g = Groups.copyOf(b)) {
        while (g.hasNext()) {
          g.next();
          n++;
        }
      }
    }
    return n;
  }

  private int measure() {
    int processors = Runtime.getRuntime().availableProcessors();
    out.println("ConcurrentParse --batch: time of one BatchParser call against its worker count");
    out.println(
        "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
            + ", Java " + System.getProperty("java.version") + ", " + System.getProperty("os.name")
            + " " + System.getProperty("os.arch") + "; available processors: " + processors);
    out.println(
        "BatchParser.DEFAULT_THREADS = " + BatchParser.DEFAULT_THREADS + "; "
            + BatchParser.THREADS_PROPERTY + " = " + System.getProperty(BatchParser.THREADS_PROPERTY));
    List<Workload> workloads = workloads();
    for (Workload w : workloads) {
      out.println(
          String.format(
              Locale.ROOT, "workload %s: %,d inputs, %,d bytes, %,d %s (%s)", w.name(),
              w.inputs().size(), w.bytes(), w.items(), w.messages() ? "messages" : "groups",
              w.messages() ? "BatchParser.messages" : "BatchParser.groups"));
    }
    out.println(
        "first pass: one call in a new JVM per row; steady state: after " + WARMUP_SECONDS
            + " s of calls per worker count, " + rounds + " rounds calling every worker count in"
            + " turn (median and best); a call is timed until its Batch is closed");
    ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    try {
      out.println();
      out.println(
          String.format(
              Locale.ROOT, "%-19s %7s %-13s %9s %10s %9s %10s %8s %7s", "workload", "workers",
              "used", "first ms", "steady ms", "best ms", "inputs/s", "MB/s", "vs 1"));
      for (Workload w : workloads) {
        table(w, processors);
      }
    } catch (IllegalStateException e) {
      out.println("error: " + e.getMessage());
      return EXIT_MISMATCH;
    } finally {
      ResourceLeakDetector.setLevel(level);
    }
    boolean clamped = workers.stream().anyMatch(n -> used(n) != n);
    if (clamped) {
      out.println(
          "(clamped: worker counts above the " + processors + " available processors (or the "
              + inputs + " inputs) run with that many; their rows measure the same bound again)");
    }
    return inputFailed ? EXIT_INPUT : 0;
  }

  private int used(int asked) {
    return BatchParser.builder().threads(asked).build().workers(inputs);
  }

  private void table(Workload w, int processors) {
    double[] first = new double[workers.size()];
    for (int k = 0; k < workers.size(); k++) {
      first[k] = firstPass(w, workers.get(k));
    }
    Set<Integer> distinct = new LinkedHashSet<>(workers);
    for (int n : distinct) {
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WARMUP_SECONDS);
      int calls = 0;
      do {
        w.call(n);
        calls++;
      } while (calls < 3 || System.nanoTime() < until);
    }
    long[][] times = new long[workers.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < workers.size(); k++) {
        times[k][r] = w.call(workers.get(k));
      }
    }
    double base = 0;
    for (int k = 0; k < workers.size(); k++) {
      int asked = workers.get(k);
      long[] t = times[k].clone();
      Arrays.sort(t);
      double median = (t[(t.length - 1) / 2] + t[t.length / 2]) / 2e6;
      double best = t[0] / 1e6;
      if (k == 0) {
        base = median;
      }
      int used = used(asked);
      String usedText = used == asked ? String.valueOf(used) : used + " (clamped)";
      out.println(
          String.format(
              Locale.ROOT, "%-19s %7d %-13s %9s %10.1f %9.1f %,10.0f %8.1f %6.2fx", w.name(), asked,
              usedText, first[k] < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", first[k]), median,
              best, w.inputs().size() / (median / 1e3), w.bytes() / (median / 1e3) / 1e6,
              base / median));
    }
  }

  /** Milliseconds of one call in a new JVM, or -1 (and a note) if no JVM could be started. */
  private double firstPass(Workload w, int asked) {
    String workload = w.name();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dio.netty.leakDetection.level=disabled");
    command.add("-cp");
    command.add(classpath());
    command.add(BatchTiming.class.getName());
    command.add(CHILD);
    command.add(workload);
    command.add(String.valueOf(asked));
    command.add(String.valueOf(inputs));
    command.add(w.messages() ? "messages" : "groups");
    command.add(String.valueOf(w.items()));
    command.add(String.join(",", w.files()));
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String result = null;
      List<String> lines = new ArrayList<>();
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          lines.add(line);
          if (line.startsWith("FIRST ")) {
            result = line.substring(6);
          }
        }
      }
      int status = p.waitFor();
      if (status != 0 || result == null) {
        out.println("(first pass of " + workload + " at " + asked + " failed, status " + status
            + ": " + String.join(" | ", lines) + ")");
        if (status == EXIT_MISMATCH) {
          throw new IllegalStateException("first pass of " + workload + " differs from serial");
        }
        return -1;
      }
      return Long.parseLong(result.trim()) / 1e6;
    } catch (IOException e) {
      out.println("(first pass: cannot start a JVM: " + e.getMessage() + ")");
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** The class path this class was loaded from (exec:java loads it with a URLClassLoader). */
  private static String classpath() {
    List<String> parts = new ArrayList<>();
    for (ClassLoader cl = BatchTiming.class.getClassLoader(); cl != null; cl = cl.getParent()) {
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
    String own = System.getProperty("java.class.path");
    if (parts.isEmpty()) {
      return own;
    }
    return parts.stream().distinct().collect(Collectors.joining(java.io.File.pathSeparator));
  }

  /**
   * In a child JVM: builds the workload from the files the parent chose (no parse before the
   * timed call), times one call, prints {@code FIRST <nanos>}.
   */
  private static int firstPassChild(String[] args, PrintStream out) {
    if (args.length < 6 || args.length > 7) {
      throw new IllegalArgumentException(CHILD + " WORKLOAD WORKERS INPUTS messages|groups ITEMS FILES");
    }
    int asked = number(args, 2, 1, 1024);
    BatchTiming t = new BatchTiming(out, number(args, 3, 1, 1_000_000), List.of(asked), 1);
    List<String> files = args.length == 7 && !args[6].isEmpty() ? List.of(args[6].split(",")) : List.of();
    Workload w = t.workload(args[1], args[4].equals("messages"), files, Long.parseLong(args[5]));
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    try {
      out.println("FIRST " + w.call(asked));
      return 0;
    } catch (IllegalStateException e) {
      out.println("error: " + e.getMessage());
      return EXIT_MISMATCH;
    }
  }
}
