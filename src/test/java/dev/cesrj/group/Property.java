package dev.cesrj.group;

import java.util.SplittableRandom;

/**
 * Runs a property over seeded random cases: plain JUnit, no property-testing library.
 *
 * <p>The master seed is {@link #DEFAULT_SEED} unless the system property {@code cesrj.seed} sets
 * another ({@code ./mvnw -B test -Dtest=GroupPropertiesTest -Dcesrj.seed=1234}). Case {@code i}
 * gets its own seed, drawn from the master seed, and a size that grows with {@code i}. When a
 * case fails, the same case seed is retried with smaller sizes (the shrink step) and the failure
 * is reported with the master seed, the case seed and the smallest failing size.
 */
final class Property {
  /** The fixed default master seed. */
  static final long DEFAULT_SEED = 0x0CE5_2026_0B0E_5EEDL;

  /** One case of a property: must throw (an AssertionError or anything else) to fail. */
  @FunctionalInterface
  interface Case {
    void run(SplittableRandom rnd, int size) throws Exception;
  }

  private Property() {}

  /** The master seed in force: {@code -Dcesrj.seed} (decimal or 0x hex) or the default. */
  static long masterSeed() {
    String s = System.getProperty("cesrj.seed");
    return s == null || s.isBlank() ? DEFAULT_SEED : Long.decode(s.trim());
  }

  /**
   * Runs {@code cases} cases of {@code property}; sizes go from 1 to {@code maxSize} and round.
   *
   * @throws AssertionError naming the seeds if a case fails
   */
  static void check(String name, int cases, int maxSize, Case property) {
    long master = masterSeed();
    SplittableRandom seeds = new SplittableRandom(master);
    for (int i = 0; i < cases; i++) {
      long caseSeed = seeds.nextLong();
      int size = 1 + i % maxSize;
      Throwable failure = attempt(property, caseSeed, size);
      if (failure == null) {
        continue;
      }
      int smallest = size;
      for (int s = 1; s < size; s++) {
        Throwable smaller = attempt(property, caseSeed, s);
        if (smaller != null) {
          smallest = s;
          failure = smaller;
          break;
        }
      }
      String msg = String.format(
          "property '%s' failed at case %d (size %d, shrunk to size %d): master seed %d"
              + " (rerun with -Dcesrj.seed=%d), case seed 0x%x: %s",
          name, i, size, smallest, master, master, caseSeed, failure);
      System.err.println(msg);
      throw new AssertionError(msg, failure);
    }
  }

  private static Throwable attempt(Case property, long caseSeed, int size) {
    try {
      property.run(new SplittableRandom(caseSeed), size);
      return null;
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError) {
        throw (VirtualMachineError) t;
      }
      return t;
    }
  }
}
