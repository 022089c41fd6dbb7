package dev.cesrj.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.stream.Message;
import dev.cesrj.testing.Corpus;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bound a call uses: the builder's option, else the system property, else the default; each
 * clamped to the processors and to the number of inputs, and never below 1. The property is set
 * and cleared here and restored after each test.
 */
class BatchParserBoundTest {
    private static final String P = BatchParser.THREADS_PROPERTY;

    private String saved;

    @BeforeEach
    void saveProperty() {
        saved = System.getProperty(P);
        System.clearProperty(P);
    }

    @AfterEach
    void restoreProperty() {
        if (saved == null) {
            System.clearProperty(P);
        } else {
            System.setProperty(P, saved);
        }
    }

    private static BatchParser.Builder on(int processors) {
        return BatchParser.builder().processors(() -> processors);
    }

    @Test
    void propertyNameAndDefault() {
        assertEquals("cesrj.batch.threads", P);
        assertTrue(BatchParser.DEFAULT_THREADS >= 1);
    }

    @Test
    void optionWinsOverPropertyAndDefault() {
        System.setProperty(P, "3");
        assertEquals(5, on(64).threads(5).build().workers(100));
        assertEquals(1, on(64).threads(1).build().workers(100));
    }

    @Test
    void propertyWinsOverDefault() {
        int other = BatchParser.DEFAULT_THREADS + 3;
        System.setProperty(P, String.valueOf(other));
        assertEquals(other, on(64).build().workers(100));
        System.setProperty(P, " 1 ");
        assertEquals(1, on(64).build().workers(100));
    }

    @Test
    void defaultWhenNeitherIsSet() {
        assertEquals(BatchParser.DEFAULT_THREADS, on(64).build().workers(100));
    }

    @Test
    void propertyIsReadAtEachCall() {
        BatchParser parser = on(64).build();
        System.setProperty(P, "7");
        assertEquals(7, parser.workers(100));
        System.clearProperty(P);
        assertEquals(BatchParser.DEFAULT_THREADS, parser.workers(100));
    }

    @Test
    void badPropertyIsAnErrorThatNamesIt() {
        for (String bad : List.of("0", "-2", "two", "", "2.5")) {
            System.setProperty(P, bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> on(8).build().workers(10));
            assertEquals("system property cesrj.batch.threads must be a whole number >= 1: \"" + bad + "\"",
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> on(8).build().messages(List.of(new byte[0])));
        }
        System.setProperty(P, "two");
        assertEquals(2, on(8).threads(2).build().workers(10), "an option set makes the property irrelevant");
    }

    @Test
    void optionIsClampedToProcessorsAndInputs() {
        assertEquals(2, on(2).threads(8).build().workers(100));
        assertEquals(3, on(8).threads(8).build().workers(3));
        assertEquals(1, on(8).threads(8).build().workers(1));
        assertEquals(1, on(8).threads(8).build().workers(0));
        assertEquals(4, on(8).threads(4).build().workers(100));
    }

    @Test
    void propertyIsClampedToProcessorsAndInputs() {
        System.setProperty(P, "8");
        assertEquals(2, on(2).build().workers(100));
        assertEquals(3, on(8).build().workers(3));
        assertEquals(1, on(8).build().workers(0));
    }

    @Test
    void defaultIsClampedToProcessorsAndInputs() {
        assertEquals(1, on(1).build().workers(100));
        assertEquals(1, on(8).build().workers(1));
        assertEquals(Math.min(BatchParser.DEFAULT_THREADS, 2), on(8).build().workers(2));
    }

    /** Without the test hook the clamp is this machine's processor count. */
    @Test
    void realProcessorsClampTheBound() {
        int processors = Runtime.getRuntime().availableProcessors();
        assertEquals(processors, BatchParser.builder().threads(processors + 7).build().workers(1000));
        System.setProperty(P, String.valueOf(processors + 7));
        assertEquals(processors, BatchParser.DEFAULT.workers(1000));
    }

    /** A call reports the bound it used, from the same rules. */
    @Test
    void aCallUsesTheClampedBound() {
        List<byte[]> inputs = Collections.nCopies(3, Corpus.bytes("kel_single.v1.bare.txt.cesr"));
        System.setProperty(P, "8");
        try (Batch<Message> batch = on(8).build().messages(inputs)) {
            assertEquals(3, batch.workers());
            assertTrue(batch.allOk());
        }
        try (Batch<Message> batch = on(2).build().messages(inputs)) {
            assertEquals(2, batch.workers());
        }
        try (Batch<Message> batch = on(8).threads(1).build().messages(inputs)) {
            assertEquals(1, batch.workers());
        }
        try (Batch<Message> batch = on(8).build().messages(List.of())) {
            assertEquals(0, batch.size());
            assertEquals(1, batch.workers());
        }
    }

    @Test
    void builderRefusesABoundBelowOne() {
        assertEquals("threads must be at least 1: 0",
                assertThrows(IllegalArgumentException.class, () -> BatchParser.builder().threads(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> BatchParser.builder().threads(-1));
        assertThrows(IllegalArgumentException.class, () -> BatchParser.DEFAULT.workers(-1));
    }
}
