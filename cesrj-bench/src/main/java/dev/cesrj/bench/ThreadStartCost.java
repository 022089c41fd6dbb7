package dev.cesrj.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;

/**
 * The two figures that set cesrj-keri's floor on threads made per call ({@code
 * VerifyThreads.CHECKS_PER_MADE_THREAD}, ADR 0002 "The floor"): the cost {@code c} of one signature
 * check (the median over corpus A's 2,024 KEL checks, the {@code bareSignatures} arm's) and how
 * long {@link Thread#start()} holds the calling thread, {@code T_start}, and how long after the
 * call the new thread begins, {@code L}, measured between checks as a batch would start it; then
 * the break-even {@code (2 * T_start + L) / c} (the caller loses {@code T_start}, the rest of the
 * batch is shared once the thread has begun). It also counts the
 * threads one pass of each worker arm of {@link KelVerifierCpuTime} and {@link
 * CredentialVerifierCpuTime} starts ({@link ThreadMXBean#getTotalStartedThreadCount()}).
 *
 * <pre>
 * java -cp cesrj-bench/target/benchmarks.jar dev.cesrj.bench.ThreadStartCost [--rounds 400]
 * </pre>
 */
public final class ThreadStartCost {
  private ThreadStartCost() {
  }

  /**
   * Prints {@code c}, {@code T_start} (median and 90th percentile), the break-even checks per
   * made thread, and the threads each worker arm starts per pass.
   *
   * @param args {@code --rounds N} (default 400): thread starts timed
   * @throws InterruptedException if interrupted while joining a started thread
   */
  public static void main(String[] args) throws InterruptedException {
    int rounds = 400;
    if (args.length == 2 && args[0].equals("--rounds")) {
      rounds = Integer.parseInt(args[1]);
    } else if (args.length != 0) {
      throw new IllegalArgumentException("usage: [--rounds N]");
    }
    KelVerifierBenchmark kel = new KelVerifierBenchmark();
    kel.setup();
    KelVerifierBenchmark.Triple[] triples = kel.triples();
    for (int i = 0; i < 5; i++) {
      KelVerifierBenchmark.bareAll(triples); // warm
    }
    long[] check = new long[triples.length];
    for (int i = 0; i < triples.length; i++) {
      KelVerifierBenchmark.Triple t = triples[i];
      long t0 = System.nanoTime();
      t.key().verify(t.sig(), t.ser());
      check[i] = System.nanoTime() - t0;
    }
    long[] start = new long[rounds];
    long[] begin = new long[rounds];
    long sink = 0;
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < 4; k++) { // a few checks first, as in a batch
        KelVerifierBenchmark.Triple t = triples[(r * 4 + k) % triples.length];
        sink += t.key().verify(t.sig(), t.ser()) ? 1 : 0;
      }
      long[] began = new long[1];
      Thread th = new Thread(() -> began[0] = System.nanoTime());
      th.setDaemon(true);
      long t0 = System.nanoTime();
      th.start();
      start[r] = System.nanoTime() - t0;
      KelVerifierBenchmark.Triple t = triples[r % triples.length];
      sink += t.key().verify(t.sig(), t.ser()) ? 1 : 0; // the caller goes on checking
      th.join();
      begin[r] = began[0] - t0;
    }
    double c = percentile(check, 50);
    double s50 = percentile(start, 50);
    double s90 = percentile(start, 90);
    double l50 = percentile(begin, 50);
    double l90 = percentile(begin, 90);
    System.out.printf("processors %d; check c %.1f µs (median of %d); Thread.start() held the"
        + " caller T_start %.1f µs (median), %.1f µs (90th percentile); the thread began L %.1f"
        + " µs, %.1f µs after start() was called; %d starts%n",
        Runtime.getRuntime().availableProcessors(), c, check.length, s50, s90, l50, l90, rounds);
    double sMean = mean(start);
    double lMean = mean(begin);
    System.out.printf("means (what a pass pays): T_start %.1f µs, L %.1f µs%n", sMean, lMean);
    System.out.printf("break-even checks per made thread (2 * T_start + L) / c: %.1f (medians),"
        + " %.1f (means), %.1f (90th percentiles)%n", (2 * s50 + l50) / c,
        (2 * sMean + lMean) / c, (2 * s90 + l90) / c);

    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    List<byte[]> streams = kel.streams();
    CredentialVerifierBenchmark cred = new CredentialVerifierBenchmark();
    cred.setup();
    for (int w : new int[] {1, 2, 4}) {
      long before = mx.getTotalStartedThreadCount();
      sink += KelVerifierBenchmark.verifyAll(streams, w);
      long kelThreads = mx.getTotalStartedThreadCount() - before;
      before = mx.getTotalStartedThreadCount();
      sink += CredentialVerifierBenchmark.verifyAll(cred.streams(), cred.schemas(), w);
      long credThreads = mx.getTotalStartedThreadCount() - before;
      System.out.printf("%d workers: threads started per pass: KEL %d, credentials %d%n", w,
          kelThreads, credThreads);
    }
    System.out.println("sink " + sink);
  }

  private static double mean(long[] ns) {
    return Arrays.stream(ns).average().orElse(0) / 1e3;
  }

  private static double percentile(long[] ns, int p) {
    long[] s = ns.clone();
    Arrays.sort(s);
    return s[Math.min(s.length - 1, s.length * p / 100)] / 1e3;
  }
}
