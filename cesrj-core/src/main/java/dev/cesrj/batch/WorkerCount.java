package dev.cesrj.batch;

import dev.cesrj.parallel.ParallelRun;

/**
 * How many workers one batch call uses: the requested bound (the caller's option, else the system
 * property {@value BatchParser#THREADS_PROPERTY}, else {@link BatchParser#DEFAULT_THREADS}),
 * clamped to the available processors and to the number of inputs, and never below 1.
 */
final class WorkerCount {
  private WorkerCount() {}

  /**
   * The bound requested before clamping.
   *
   * @param option the caller's option, or 0 if it set none
   * @param property the value of the system property, or {@code null} if it is not set
   * @throws IllegalArgumentException if the property is set but is not a whole number >= 1
   */
  static int requested(int option, String property) {
    if (option > 0) {
      return option;
    }
    if (property == null) {
      return BatchParser.DEFAULT_THREADS;
    }
    int n;
    try {
      n = Integer.parseInt(property.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1) {
      throw new IllegalArgumentException(
          "system property " + BatchParser.THREADS_PROPERTY
              + " must be a whole number >= 1: \"" + property + "\"");
    }
    return n;
  }

  /**
   * {@code requested} clamped to {@code processors} and {@code inputs}; at least 1 ({@link
   * ParallelRun#clamp}, the clamp cesrj-keri's signature checks use too).
   */
  static int clamp(int requested, int processors, int inputs) {
    return ParallelRun.clamp(requested, processors, inputs);
  }
}
