package dev.cesrj.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The timing loop of the {@code *CpuTime} harnesses ({@link KelVerifierCpuTime}, {@link
 * CredentialVerifierCpuTime}): every arm runs {@code warmup} passes in turns, then {@code rounds}
 * rounds of one pass of each arm in turn, round {@code r} starting at arm {@code r mod arms} (so
 * that no arm always follows the same one); the arms before {@code wallFrom} are timed in processor
 * time of the measuring thread ({@link ThreadMXBean#getCurrentThreadCpuTime()}, which holds on a
 * loaded machine), the rest in wall-clock time ({@link System#nanoTime()}, which is what workers
 * save). Taking the arms in turns spreads a load that changes over the run across all of them.
 */
final class ArmRounds {
  /** Nanoseconds per pass, per arm and round, sorted per arm. */
  private final long[][] ns;
  /** The same times in the order of the rounds (not sorted), for ratios within a round. */
  private final long[][] byRound;
  private final int wallFrom;
  private long sink;

  private ArmRounds(long[][] ns, long[][] byRound, int wallFrom, long sink) {
    this.byRound = byRound;
    this.ns = ns;
    this.wallFrom = wallFrom;
    this.sink = sink;
  }

  /**
   * Runs the arms.
   *
   * @param arms one pass each; what they return is summed into {@link #sink()}
   * @param wallFrom the index of the first arm timed in wall-clock time
   * @param warmup untimed passes of each arm, in turns
   * @param rounds timed rounds (at least 1)
   * @return the times
   */
  static ArmRounds run(List<LongSupplier> arms, int wallFrom, int warmup, int rounds) {
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1, not " + rounds);
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long sink = 0;
    for (int w = 0; w < warmup; w++) {
      for (LongSupplier a : arms) {
        sink += a.getAsLong();
      }
    }
    long[][] ns = new long[arms.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < arms.size(); k++) {
        int a = (r + k) % arms.size();
        boolean cpu = a < wallFrom;
        long t0 = cpu ? mx.getCurrentThreadCpuTime() : System.nanoTime();
        sink += arms.get(a).getAsLong();
        ns[a][r] = (cpu ? mx.getCurrentThreadCpuTime() : System.nanoTime()) - t0;
      }
    }
    long[][] byRound = new long[ns.length][];
    for (int a = 0; a < ns.length; a++) {
      byRound[a] = ns[a].clone();
      Arrays.sort(ns[a]);
    }
    return new ArmRounds(ns, byRound, wallFrom, sink);
  }

  /** {@return whether arm {@code a} was timed in wall-clock time} */
  boolean wall(int a) {
    return a >= wallFrom;
  }

  /** {@return arm {@code a}'s median, in milliseconds per pass} */
  double median(int a) {
    return ns[a][ns[a].length / 2] / 1e6;
  }

  /** {@return arm {@code a}'s fastest round, in milliseconds per pass} */
  double min(int a) {
    return ns[a][0] / 1e6;
  }

  /** {@return arm {@code a}'s slowest round, in milliseconds per pass} */
  double max(int a) {
    return ns[a][ns[a].length - 1] / 1e6;
  }

  /**
   * {@return the median over the rounds of arm {@code a}'s time divided by arm {@code b}'s in the
   * same round}: a speed-up of {@code b} over {@code a} that a machine whose speed drifts between
   * rounds moves less than the ratio of the two medians
   */
  double pairedRatio(int a, int b) {
    double[] r = new double[byRound[a].length];
    for (int i = 0; i < r.length; i++) {
      r[i] = (double) byRound[a][i] / Math.max(1, byRound[b][i]);
    }
    Arrays.sort(r);
    return r[r.length / 2];
  }

  /** {@return the sum of what the passes returned (printed, so that no pass is optimized away)} */
  long sink() {
    return sink;
  }
}
