package dev.cesrj.primitive;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A property as a plain JUnit check over a seeded {@link SplittableRandom}: a fixed default seed,
 * overridable with {@code -Dcesrj.seed=N}; a failure names the seed and case and is shrunk
 * greedily with the given shrink step before it is reported.
 */
public final class Property {
    /** The default seed (fixed, so that a plain build is reproducible). */
    public static final long DEFAULT_SEED = 0x5EED_CE51L;

    private Property() {
    }

    /** The seed in force: {@code cesrj.seed} or {@link #DEFAULT_SEED}. */
    public static long seed() {
        return Long.getLong("cesrj.seed", DEFAULT_SEED);
    }

    /**
     * Runs {@code check} on {@code cases} values made by {@code gen}; on the first failure shrinks
     * the value with {@code shrink} (candidates that still fail replace it) and throws an
     * {@link AssertionError} naming the seed, the case and the smallest failing value.
     */
    public static <T> void forAll(String name, int cases, Function<SplittableRandom, T> gen,
            Function<T, List<T>> shrink, Consumer<T> check) {
        long seed = seed();
        SplittableRandom master = new SplittableRandom(seed);
        for (int i = 0; i < cases; i++) {
            T value = gen.apply(master.split());
            Throwable failure = run(check, value);
            if (failure == null) {
                continue;
            }
            T smallest = value;
            boolean shrunk = true;
            for (int rounds = 0; shrunk && rounds < 100; rounds++) {
                shrunk = false;
                for (T candidate : shrink.apply(smallest)) {
                    Throwable f = run(check, candidate);
                    if (f != null) {
                        smallest = candidate;
                        failure = f;
                        shrunk = true;
                        break;
                    }
                }
            }
            throw new AssertionError(name + " failed: seed " + seed + " (rerun with -Dcesrj.seed="
                    + seed + "), case " + i + ", shrunk input " + smallest + ": " + failure,
                    failure);
        }
    }

    private static <T> Throwable run(Consumer<T> check, T value) {
        try {
            check.accept(value);
            return null;
        } catch (AssertionError | RuntimeException e) {
            return e;
        }
    }
}
