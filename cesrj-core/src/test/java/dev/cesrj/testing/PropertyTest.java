package dev.cesrj.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link Property}: seeds, the case-count scale, case order, shrinking and the failure report. */
class PropertyTest {

    @Test
    void scaledCasesAreRoundedAndNeverBelowOne() {
        assertEquals(500, Property.scaled(500, 1.0));
        assertEquals(10, Property.scaled(500, 0.02));
        assertEquals(1, Property.scaled(500, 0.0001));
        assertEquals(1, Property.scaled(1, 0.02));
        assertEquals(6, Property.scaled(300, 0.02));
        assertEquals(8, Property.scaled(400, 0.02));
        assertEquals(3, Property.scaled(5, 0.5)); // round half up
        assertEquals(2000, Property.scaled(1000, 2.0));
        assertEquals(Integer.MAX_VALUE, Property.scaled(1000, 1e300));
        assertThrows(IllegalArgumentException.class, () -> Property.scaled(0, 1.0));
    }

    @Test
    void seedAndScaleComeFromSystemProperties() {
        withProperty(Property.SEED_PROPERTY, null, () -> {
            assertEquals(Property.DEFAULT_SEED, Property.seed());
            return null;
        });
        withProperty(Property.SEED_PROPERTY, " 0x10 ", () -> {
            assertEquals(16, Property.seed());
            return null;
        });
        withProperty(Property.SEED_PROPERTY, "-7", () -> {
            assertEquals(-7, Property.seed());
            return null;
        });
        withProperty(Property.SCALE_PROPERTY, null, () -> {
            assertEquals(1.0, Property.scale());
            assertEquals(500, Property.cases(500));
            return null;
        });
        withProperty(Property.SCALE_PROPERTY, "0.02", () -> {
            assertEquals(0.02, Property.scale());
            assertEquals(10, Property.cases(500));
            return null;
        });
        for (String bad : new String[] {"0", "-1", "NaN", "Infinity"}) {
            withProperty(Property.SCALE_PROPERTY, bad, () -> {
                assertThrows(IllegalArgumentException.class, Property::scale, bad);
                return null;
            });
        }
    }

    @Test
    void caseIHasTheSameValueWhateverTheNumberOfCases() {
        List<Long> few = values("same", 3);
        List<Long> many = values("same", 10);
        assertEquals(3, few.size());
        assertEquals(10, many.size());
        assertEquals(few, many.subList(0, 3));
        assertNotEquals(values("other", 3), few, "properties do not share their cases");
    }

    @Test
    void sizedCasesCycleThroughTheSizes() {
        List<Integer> sizes = new ArrayList<>();
        withProperty(Property.SCALE_PROPERTY, null, () -> {
            Property.check("sizes", 7, 3, (random, size) -> sizes.add(size));
            return null;
        });
        assertEquals(List.of(1, 2, 3, 1, 2, 3, 1), sizes);
    }

    @Test
    void aFailureIsShrunkAndNamesTheSeedTheScaleAndTheCase() {
        AssertionError e = withProperty(Property.SCALE_PROPERTY, null, () -> assertThrows(
                AssertionError.class,
                () -> Property.forAll("at least 5", 100, random -> 10 + random.nextInt(90),
                        n -> n > 0 ? List.of(n / 2, n - 1) : List.of(),
                        n -> assertTrue(n < 5, "too big: " + n))));
        String m = e.getMessage();
        assertTrue(m.startsWith("property 'at least 5' failed at case 0 of 100: master seed "
                + Property.seed() + " (rerun with -Dcesrj.seed=" + Property.seed() + "), scale 1.0"),
                m);
        // halving then stepping down ends at the smallest failing value, 5
        assertTrue(m.contains(" to 5: "), m);
        assertTrue(m.endsWith("too big: 5 ==> expected: <true> but was: <false>"), m);
        assertInstanceOf(AssertionError.class, e.getCause());
    }

    @Test
    void aSizedFailureIsRetriedWithSmallerSizesOfTheSameSeed() {
        AssertionError e = withProperty(Property.SCALE_PROPERTY, null, () -> assertThrows(
                AssertionError.class,
                () -> Property.check("size below 3", 10, 10, (random, size) -> {
                    if (size >= 3) {
                        throw new IllegalStateException("size " + size);
                    }
                })));
        String m = e.getMessage();
        assertTrue(m.contains("failed at case 2 of 10"), m);
        assertTrue(m.contains("to size 3 (seed"), m);
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    private static List<Long> values(String name, int cases) {
        List<Long> out = new ArrayList<>();
        withProperty(Property.SCALE_PROPERTY, null, () -> {
            Property.forAll(name, cases, random -> random.nextLong(), v -> List.of(), out::add);
            return null;
        });
        return out;
    }

    private static <T> T withProperty(String key, String value, Supplier<T> body) {
        String before = System.getProperty(key);
        try {
            if (value == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, value);
            }
            return body.get();
        } finally {
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
    }
}
