package dev.cesrj.keri.kever;

import dev.cesrj.parallel.ParallelRun;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The bound on the workers that check a batch's signatures ahead of the key-state rules
 * ({@link KelVerifierBuilder#threads(int)}; ADR 0002, {@code docs/adr/0002-verify-threads.md}).
 *
 * <p>Precedence: the builder's setting, else the system property {@value #PROPERTY}, else
 * {@link #DEFAULT_THREADS}. The bound is then clamped, per call, to {@link
 * Runtime#availableProcessors()} and to the number of signature checks in the batch, and, where
 * the extra workers are threads made for the call, to one such thread per {@value
 * #CHECKS_PER_MADE_THREAD} checks ({@link #clamp(int, int, int, boolean)}); a bound of 1 is the
 * serial path, which starts no thread and queues no task.
 */
public final class VerifyThreads {
  /** The system property read when the builder sets no bound: a positive integer. */
  public static final String PROPERTY = "cesrj.verify.threads";

  /**
   * The default bound, from the measurement in ADR 0002: 2 workers (the calling thread and one
   * more) where there are 2 or more processors. Signature checks cost about 50 to 100 µs each,
   * so a batch of a few dozen checks already repays the hand-off.
   */
  public static final int DEFAULT_THREADS = 2;

  /**
   * The checks a batch must hold for each thread made for the call, beyond the calling thread
   * (issue 31; ADR 0002, "The floor"): a batch of fewer than 16 checks starts no thread, one of 16
   * to 31 starts one, and so on. A made thread repays itself only if the batch's checks outlast
   * {@code 2 * T_start + L} ({@link Thread#start()} holds the caller {@code T_start}; the thread
   * begins {@code L} after the call; the rest is shared): with an Ed25519 check at about 52 µs
   * (libsodium), cesrj-bench's {@code ThreadStartCost} on ADR 0002's 2-processor machine (load 5
   * to 6) gave a break-even of 4 to 6 checks at the medians (T_start 57 to 85 µs, L 163 to 175
   * µs) and 28 to 38 at the means, which the one start in ten that takes over a millisecond
   * sets; inside the credential workload {@code Thread.start()} averaged 306 to 920 µs. 16 lies
   * between; re-measure on a quiet machine. A caller's {@link java.util.concurrent.Executor}
   * has its threads running already and takes no floor.
   */
  public static final int CHECKS_PER_MADE_THREAD = 16;

  private VerifyThreads() {}

  /**
   * The configured bound before clamping.
   *
   * @param builderSetting the builder's setting, if any
   * @return the builder's setting, else the system property's, else {@link #DEFAULT_THREADS}
   * @throws IllegalArgumentException if the setting or the property is not a positive integer
   */
  static int configured(OptionalInt builderSetting) {
    if (builderSetting.isPresent()) {
      return positive(builderSetting.getAsInt(), "threads");
    }
    String p = System.getProperty(PROPERTY);
    if (p != null && !p.isBlank()) {
      int n;
      try {
        n = Integer.parseInt(p.trim().toLowerCase(Locale.ROOT));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(PROPERTY + " must be a positive integer, not " + p);
      }
      return positive(n, PROPERTY);
    }
    return DEFAULT_THREADS;
  }

  /**
   * The workers one call uses.
   *
   * @param configured the configured bound ({@link #configured})
   * @param processors the available processors
   * @param work the number of signature checks in the batch
   * @return {@code min(configured, processors, work)}, at least 1 (cesrj-core's {@link
   *     ParallelRun#clamp}, the batch parser's clamp too)
   */
  static int clamp(int configured, int processors, int work) {
    return ParallelRun.clamp(configured, processors, work);
  }

  /**
   * The workers one batch uses: {@link #clamp(int, int, int)}, and where the extra workers are
   * threads made for the call, at most one such thread per {@value #CHECKS_PER_MADE_THREAD}
   * checks (so a credential stream's runs of 3, 4 or 12 checks, ADR 0002, start none). The one
   * place this floor is decided.
   *
   * @param configured the configured bound ({@link #configured})
   * @param processors the available processors
   * @param checks the number of signature checks in the batch
   * @param madeThreads true if the extra workers would be threads made for the call, false if
   *     they are tasks on the caller's executor
   * @return the workers, the calling thread one of them: at least 1
   */
  static int clamp(int configured, int processors, int checks, boolean madeThreads) {
    int byChecks = madeThreads ? 1 + checks / CHECKS_PER_MADE_THREAD : checks;
    return ParallelRun.clamp(configured, processors, Math.min(checks, byChecks));
  }

  private static int positive(int n, String what) {
    if (n < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, not " + n);
    }
    return n;
  }
}
