package dev.cesrj.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Runs a property over seeded random cases: plain JUnit, no property-testing library.
 *
 * <p><b>Seed.</b> The master seed is {@link #DEFAULT_SEED} unless the system property {@code
 * cesrj.seed} sets another (decimal or {@code 0x} hex: {@code ./mvnw -B test
 * -Dtest=GroupPropertiesTest -Dcesrj.seed=1234}). The random numbers of a property are drawn from
 * the master seed mixed with the property's name, so two properties never share their cases; case
 * {@code i} gets its own case seed, drawn in order, so case {@code i} is the same whatever the
 * number of cases.
 *
 * <p><b>Scale.</b> The system property {@code cesrj.propertyScale} (a double, default 1.0) scales
 * every case count: {@code cases = max(1, round(cases * scale))} ({@link #cases}). The PIT run
 * uses a small scale so that mutation testing stays fast; a failure found at any scale is
 * replayed by the same seed at scale 1.0, since the first cases are the same.
 *
 * <p><b>Failure.</b> The failing value is shrunk greedily (the first candidate of the shrink step
 * that still fails replaces it, for at most {@value #SHRINK_ROUNDS} rounds), printed to stderr and
 * thrown as an {@link AssertionError} that names the property, the master seed, the scale, the
 * case, its case seed and the smallest failing value, with the failure as its cause.
 */
public final class Property {
    /** The fixed default master seed, so that a plain build is reproducible. */
    public static final long DEFAULT_SEED = 0x0CE5_2026_0B0E_5EEDL;

    /** System property that sets the master seed. */
    public static final String SEED_PROPERTY = "cesrj.seed";

    /** System property that scales every case count. */
    public static final String SCALE_PROPERTY = "cesrj.propertyScale";

    private static final int SHRINK_ROUNDS = 100;

    /** Makes the value of case {@code index} from its own random numbers. */
    @FunctionalInterface
    public interface Generator<T> {
        T next(SplittableRandom random, int index);
    }

    /** Checks one value: must throw (an AssertionError or anything else) to fail. */
    @FunctionalInterface
    public interface Check<T> {
        void run(T value) throws Exception;
    }

    /** One case of a sized property: must throw to fail. */
    @FunctionalInterface
    public interface SizedCase {
        void run(SplittableRandom random, int size) throws Exception;
    }

    private Property() {
    }

    /** The master seed in force: {@code -Dcesrj.seed} (decimal or 0x hex) or the default. */
    public static long seed() {
        String s = System.getProperty(SEED_PROPERTY);
        return s == null || s.isBlank() ? DEFAULT_SEED : Long.decode(s.trim());
    }

    /**
     * The case-count scale in force: {@code -Dcesrj.propertyScale} or 1.0.
     *
     * @throws IllegalArgumentException if it is not a finite number above 0
     */
    public static double scale() {
        String s = System.getProperty(SCALE_PROPERTY);
        if (s == null || s.isBlank()) {
            return 1.0;
        }
        double scale = Double.parseDouble(s.trim());
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException(SCALE_PROPERTY + " must be a finite number > 0: " + s);
        }
        return scale;
    }

    /** {@code cases} scaled by {@link #scale()}: {@code max(1, round(cases * scale))}. */
    public static int cases(int cases) {
        return scaled(cases, scale());
    }

    /** {@code max(1, round(cases * scale))}, at most {@link Integer#MAX_VALUE}. */
    static int scaled(int cases, double scale) {
        if (cases < 1) {
            throw new IllegalArgumentException("cases must be >= 1: " + cases);
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(cases * scale)));
    }

    /**
     * {@code all}, or, when the scale is below 1, {@code max(2, cases(all.size()))} of its elements
     * spread evenly over it, in its order: for parameter lists and loops over a corpus whose every
     * element costs a whole framing (PIT reruns each covering test per mutant, at scale 0.1).
     *
     * @param all the whole list
     * @param <T> the element type
     * @return {@code all} at scale 1 or above (or when the sample would be as long), else the sample
     */
    public static <T> List<T> spread(List<T> all) {
        if (scale() >= 1) {
            return all;
        }
        int n = Math.min(all.size(), Math.max(2, cases(Math.max(1, all.size()))));
        if (n >= all.size()) {
            return all;
        }
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(all.get((int) ((long) i * all.size() / n)));
        }
        return out;
    }

    /** A random generator for {@code name} under the master seed: for loops that are not cases. */
    public static SplittableRandom random(String name) {
        return new SplittableRandom(mix(seed(), name));
    }

    /**
     * Runs {@link #cases(int) cases(cases)} cases of {@code property}; case {@code i} has size
     * {@code 1 + i % maxSize}. A failing case is shrunk by rerunning its case seed with smaller
     * sizes, from 1 up.
     *
     * @throws AssertionError naming the seeds if a case fails
     */
    public static void check(String name, int cases, int maxSize, SizedCase property) {
        if (maxSize < 1) {
            throw new IllegalArgumentException("maxSize must be >= 1: " + maxSize);
        }
        forAll(name, cases,
                (random, i) -> new Sized(random.nextLong(), 1 + i % maxSize),
                Sized::smaller,
                s -> property.run(new SplittableRandom(s.seed()), s.size()));
    }

    /** {@link #forAll(String, int, Generator, Function, Check)} with a generator of random only. */
    public static <T> void forAll(String name, int cases, Function<SplittableRandom, T> gen,
            Function<T, List<T>> shrink, Check<T> check) {
        Objects.requireNonNull(gen, "gen");
        forAll(name, cases, (random, i) -> gen.apply(random), shrink, check);
    }

    /**
     * Runs {@code check} on the values of {@link #cases(int) cases(cases)} cases made by {@code
     * gen}; on the first failure shrinks the value with {@code shrink} and throws.
     *
     * @throws AssertionError naming the seed, scale and case if a case fails
     */
    public static <T> void forAll(String name, int cases, Generator<T> gen,
            Function<T, List<T>> shrink, Check<T> check) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(shrink, "shrink");
        long seed = seed();
        double scale = scale();
        int n = scaled(cases, scale);
        SplittableRandom master = new SplittableRandom(mix(seed, name));
        for (int i = 0; i < n; i++) {
            long caseSeed = master.nextLong();
            T value = gen.next(new SplittableRandom(caseSeed), i);
            Throwable failure = attempt(check, value);
            if (failure == null) {
                continue;
            }
            T smallest = value;
            boolean shrunk = true;
            for (int round = 0; shrunk && round < SHRINK_ROUNDS; round++) {
                shrunk = false;
                for (T candidate : shrink.apply(smallest)) {
                    Throwable f = attempt(check, candidate);
                    if (f != null) {
                        smallest = candidate;
                        failure = f;
                        shrunk = true;
                        break;
                    }
                }
            }
            String msg = String.format("property '%s' failed at case %d of %d: master seed %d"
                    + " (rerun with -D%s=%d), scale %s, case seed 0x%x, shrunk from %s to %s: %s",
                    name, i, n, seed, SEED_PROPERTY, seed, scale, caseSeed, value, smallest,
                    failure);
            System.err.println(msg);
            throw new AssertionError(msg, failure);
        }
    }

    private static <T> Throwable attempt(Check<T> check, T value) {
        try {
            check.run(value);
            return null;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            return t;
        }
    }

    /** The seed of a property's random numbers: the master seed mixed with its name. */
    private static long mix(long seed, String name) {
        long h = seed ^ (0x9E37_79B9_7F4A_7C15L * name.hashCode());
        h = (h ^ (h >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return h ^ (h >>> 31);
    }

    /** A sized case: its seed and its size; shrinks to the same seed with smaller sizes. */
    record Sized(long seed, int size) {
        List<Sized> smaller() {
            Sized[] out = new Sized[size - 1];
            for (int s = 1; s < size; s++) {
                out[s - 1] = new Sized(seed, s);
            }
            return List.of(out);
        }

        @Override
        public String toString() {
            return String.format("size %d (seed 0x%x)", size, seed);
        }
    }
}
