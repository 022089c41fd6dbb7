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
 * Runtime#availableProcessors()} and to the number of signature checks in the batch; a bound of 1
 * is the serial path, which starts no thread and queues no task.
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

  private static int positive(int n, String what) {
    if (n < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, not " + n);
    }
    return n;
  }
}
