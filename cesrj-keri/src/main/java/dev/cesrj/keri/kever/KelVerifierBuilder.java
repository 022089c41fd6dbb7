package dev.cesrj.keri.kever;

import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * Builds a {@link KelVerifier}: its escrow bounds and how many workers check the signatures of a
 * batch ({@link KelVerifier#acceptAll(io.netty.buffer.ByteBuf)}, {@link
 * KelVerifier#accept(dev.cesrj.stream.Framed)}) ahead of its serial rules ({@link VerifyThreads};
 * ADR 0002).
 */
public final class KelVerifierBuilder {
  private EscrowLimits limits = EscrowLimits.DEFAULT;
  private OptionalInt threads = OptionalInt.empty();
  private Executor executor;
  private ThreadFactory threadFactory;

  KelVerifierBuilder() {}

  /**
   * Sets the escrow bounds (default {@link EscrowLimits#DEFAULT}).
   *
   * @param limits the bounds
   * @return this builder
   */
  public KelVerifierBuilder limits(EscrowLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    return this;
  }

  /**
   * Sets the bound on signature-checking workers, above the system property {@value
   * VerifyThreads#PROPERTY} and {@link VerifyThreads#DEFAULT_THREADS}; clamped per call to the
   * available processors and the batch's checks, and to one thread made per {@value
   * VerifyThreads#CHECKS_PER_MADE_THREAD} checks without an executor. 1 is the serial path: no
   * thread, no task.
   *
   * @param threads at least 1
   * @return this builder
   * @throws IllegalArgumentException if {@code threads} is below 1
   */
  public KelVerifierBuilder threads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    this.threads = OptionalInt.of(threads);
    return this;
  }

  /**
   * Runs the extra workers as tasks of {@code executor} instead of threads made per call (the
   * calling thread is always one of the workers, so a busy executor delays nothing).
   *
   * @param executor the caller's executor, or null for threads made per call
   * @return this builder
   */
  public KelVerifierBuilder executor(Executor executor) {
    this.executor = executor;
    return this;
  }

  /**
   * Makes the extra workers' threads with {@code factory} instead of daemon threads named {@code
   * cesrj-verify-K} (tests count the threads a batch makes); without an executor only.
   *
   * @param factory the thread factory, or null for the default
   * @return this builder
   */
  KelVerifierBuilder threadFactory(ThreadFactory factory) {
    this.threadFactory = factory;
    return this;
  }

  /**
   * {@return the verifier}
   *
   * @throws IllegalArgumentException if no bound is set and {@value VerifyThreads#PROPERTY} is
   *     not a positive integer
   */
  public KelVerifier build() {
    return new KelVerifier(limits, VerifyThreads.configured(threads), executor, threadFactory);
  }

  /**
   * {@return a verifier with these settings and {@code state} restored into it, as {@link
   * KelVerifier#restore(VerifierState, EscrowLimits)} restores it}
   *
   * @param state a state taken by {@link KelVerifier#state()}
   * @throws IllegalArgumentException as {@link #build()}
   */
  public KelVerifier restore(VerifierState state) {
    return KelVerifier.restored(state, build());
  }
}
