package dev.cesrj.bench;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;

/**
 * {@link KelVerifierBenchmark}'s arms timed in turns in one run (issue 31): {@code verify} (one
 * worker), {@code bareSignatures}, {@code bareFloor} (the fastest library per suite), {@code
 * frame} and {@code bareFreshKeys} (each key decoded from its qb64 for its check) in processor
 * time of the measuring thread ({@link ArmRounds}), figures that hold
 * on a loaded machine where wall-clock scores do not; then {@code verify-1w}, {@code verify-2w},
 * {@code verify-4w} and {@code verify-8w} (signature checks on that many workers, clamped to the
 * processors; the extra workers threads made per call) and {@code verify-2w-pool} (2 workers, the
 * extra one a task on one thread the caller started once for the run) in wall-clock time, which is
 * what workers save. Each arm runs {@code --warmup}
 * passes, then {@code --rounds} rounds of one pass of each arm in turn; it prints the first pass of
 * {@code verify} in a cold JVM, each arm's median and range per pass, the rates, the overhead of
 * {@code verify} over {@code bareSignatures} and {@code bareFloor}, and the speed-up of 2 workers.
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -cp cesrj-bench/target/benchmarks.jar dev.cesrj.bench.KelVerifierCpuTime [--warmup 10] [--rounds 15] [--first-workers 1]
 * </pre>
 */
public final class KelVerifierCpuTime {
  private KelVerifierCpuTime() {
  }

  /**
   * Runs the comparison.
   *
   * @param args {@code --warmup N} (default 10), {@code --rounds N} (default 15) and {@code
   *     --first-workers N} (default 1), the workers of the first pass, timed before the warm-up
   */
  public static void main(String[] args) {
    int warmup = 10;
    int rounds = 15;
    int firstWorkers = 1;
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--warmup")) {
        warmup = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--first-workers")) {
        firstWorkers = Integer.parseInt(args[i + 1]);
      } else if (args[i].equals("--rounds")) {
        rounds = Integer.parseInt(args[i + 1]);
      } else {
        throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    KelVerifierBenchmark b = new KelVerifierBenchmark();
    b.setup();
    List<byte[]> streams = b.streams();
    KelVerifierBenchmark.Triple[] triples = b.triples();
    byte[][] floorKeys = b.floorKeys();
    List<String> names = List.of("verify", "bareSignatures", "bareFloor", "frame", "bareFreshKeys",
        "verify-1w", "verify-2w", "verify-4w", "verify-8w", "verify-2w-pool");
    // the caller's executor of verify-2w-pool: one thread started once for the whole run, so no
    // call pays a thread start (ADR 0002: a pool passed in by the caller)
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "verify-pool");
      t.setDaemon(true);
      return t;
    });
    List<LongSupplier> arms = List.of(() -> KelVerifierBenchmark.verifyAll(streams, 1),
        () -> KelVerifierBenchmark.bareAll(triples),
        () -> KelVerifierBenchmark.bareFloorAll(triples, floorKeys),
        () -> KelVerifierBenchmark.frameAll(streams),
        () -> KelVerifierBenchmark.bareFreshKeysAll(triples),
        () -> KelVerifierBenchmark.verifyAll(streams, 1),
        () -> KelVerifierBenchmark.verifyAll(streams, 2),
        () -> KelVerifierBenchmark.verifyAll(streams, 4),
        () -> KelVerifierBenchmark.verifyAll(streams, 8),
        () -> KelVerifierBenchmark.verifyAll(streams, 2, pool));
    int wallFrom = 5; // the rows from here are wall-clock time
    long sink = 0;
    long first = System.nanoTime();
    sink += KelVerifierBenchmark.verifyAll(streams, firstWorkers);
    double firstMs = (System.nanoTime() - first) / 1e6;
    ArmRounds times = ArmRounds.run(arms, wallFrom, warmup, rounds);
    sink += times.sink();
    double[] median = new double[arms.size()];
    System.out.printf("processors %d; first pass of verify at %d workers (wall; the JVM has only"
        + " run the benchmark's setup, which verifies each stream once through accept(Message))"
        + " %.1f ms%n", Runtime.getRuntime().availableProcessors(), firstWorkers, firstMs);
    System.out.printf("%-15s %14s %22s %12s %14s%n", "arm", "ms/pass (cpu)", "range", "events/s",
        "signatures/s");
    for (int a = 0; a < arms.size(); a++) {
      median[a] = times.median(a);
      double perSec = 1000.0 / median[a];
      System.out.printf("%-15s %14.2f %10.2f - %9.2f %12.0f %14s%s%n", names.get(a), median[a],
          times.min(a), times.max(a), perSec * b.events(),
          names.get(a).equals("frame") ? "-" : String.format("%.0f", perSec * triples.length),
          times.wall(a) ? "  (wall)" : "");
    }
    System.out.printf("verify costs %.1f%% more than bareSignatures, %.2fx bareFloor"
        + " (processor time,"
        + " medians); verify-2w %.2fx faster than verify-1w (wall), verify-2w-pool %.2fx; sink %d%n",
        100 * (median[0] / median[1] - 1), median[0] / median[2], median[5] / median[6],
        median[5] / median[9], sink);
    System.out.printf("paired (median over the rounds of verify-1w's time / the arm's in the same"
        + " round): verify-2w %.2fx, verify-2w-pool %.2fx%n", times.pairedRatio(5, 6),
        times.pairedRatio(5, 9));
    pool.shutdown();
  }
}
