package dev.cesrj.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * {@link KelVerifierBenchmark}'s three arms timed in processor time of the measuring thread
 * ({@link ThreadMXBean#getCurrentThreadCpuTime()}), interleaved round by round, for figures that
 * hold on a loaded machine where JMH's wall-clock scores do not (other builds share the cores).
 * Each arm runs {@code --warmup} passes, then {@code --rounds} rounds of one pass of each arm in
 * turn (and a fourth arm, {@code bareFreshKeys}: the bare checks with each key decoded from its
 * qb64 for its check, which also drops BouncyCastle's per-point precomputation that a key decoded
 * once keeps); it prints each arm's median and range of processor time per pass, the rates, and the
 * overhead of {@code verify} over {@code bareSignatures}.
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -cp cesrj-bench/target/benchmarks.jar dev.cesrj.bench.KelVerifierCpuTime [--warmup 10] [--rounds 15]
 * </pre>
 */
public final class KelVerifierCpuTime {
  private KelVerifierCpuTime() {
  }

  /**
   * Runs the comparison.
   *
   * @param args {@code --warmup N} (default 10) and {@code --rounds N} (default 15)
   */
  public static void main(String[] args) {
    int warmup = 10;
    int rounds = 15;
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--warmup")) {
        warmup = Integer.parseInt(args[i + 1]);
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
    List<String> names = List.of("verify", "bareSignatures", "frame", "bareFreshKeys");
    List<LongSupplier> arms = List.of(() -> KelVerifierBenchmark.verifyAll(streams),
        () -> KelVerifierBenchmark.bareAll(triples), () -> KelVerifierBenchmark.frameAll(streams),
        () -> KelVerifierBenchmark.bareFreshKeysAll(triples));
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long sink = 0;
    for (int w = 0; w < warmup; w++) {
      for (LongSupplier a : arms) {
        sink += a.getAsLong();
      }
    }
    long[][] ns = new long[arms.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int a = 0; a < arms.size(); a++) {
        long t0 = mx.getCurrentThreadCpuTime();
        sink += arms.get(a).getAsLong();
        ns[a][r] = mx.getCurrentThreadCpuTime() - t0;
      }
    }
    double[] median = new double[arms.size()];
    System.out.printf("%-15s %14s %22s %12s %14s%n", "arm", "ms/pass (cpu)", "range", "events/s",
        "signatures/s");
    for (int a = 0; a < arms.size(); a++) {
      long[] x = ns[a].clone();
      Arrays.sort(x);
      median[a] = x[rounds / 2] / 1e6;
      double perSec = 1000.0 / median[a];
      System.out.printf("%-15s %14.2f %10.2f - %9.2f %12.0f %14s%n", names.get(a), median[a],
          x[0] / 1e6, x[rounds - 1] / 1e6, perSec * b.events(),
          a == 2 ? "-" : String.format("%.0f", perSec * triples.length));
    }
    System.out.printf("verify costs %.1f%% more than bareSignatures (processor time, medians; sink %d)%n",
        100 * (median[0] / median[1] - 1), sink);
  }
}
