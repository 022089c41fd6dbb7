package dev.cesrj.primitive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.TruncatedException;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;
import dev.cesrj.testing.Qb64;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Truncated is not malformed (cesrj's choice): every proper prefix of a primitive gives a
 * {@link TruncatedException} at the primitive's offset, needing exactly the missing characters
 * once the full size is readable, and otherwise at least one and no more than are missing.
 */
class TruncationTest {

    static Stream<String> matterQb64() {
        return Property.spread(StreamSupport.stream(Corpus.primitives().get("matter").spliterator(), false)
                .map(r -> r.get("qb64").asText()).collect(Collectors.toList())).stream();
    }

    static Stream<String> indexerQb64() {
        return Property.spread(StreamSupport.stream(Corpus.primitives().get("indexer").spliterator(), false)
                .map(r -> r.get("qb64").asText()).collect(Collectors.toList())).stream();
    }

    /** Fixed codes with a soft part are not in primitives.json: one generated instance each. */
    static Stream<String> generatedSpecialQb64() {
        return Stream.of(MatterCode.values()).filter(c -> !c.isVariable() && c.ss() > 0)
                .map(c -> Qb64.matter(c, Scan.soft(c), new byte[c.rawSize()]));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource({"matterQb64", "generatedSpecialQb64"})
    void everyProperPrefixOfAMatterPrimitive(String qb64) {
        MatterCode code = Matter.parse(qb64).code();
        int known = code.isVariable() ? code.cs() : code.hs();
        for (int p = 0; p < qb64.length(); p++) {
            int limit = p;
            TruncatedException e = assertThrows(TruncatedException.class,
                    () -> Scan.matter(qb64, limit, Long.MAX_VALUE, 0), qb64 + " prefix " + p);
            String what = qb64 + " prefix " + p + ": " + e.getMessage();
            assertEquals(Scan.LEAD.length(), e.offset(), what);
            int missing = qb64.length() - p;
            if (p >= known) {
                assertEquals(missing, e.needed(), what);
                assertEquals(code.code(), e.code(), what);
            } else {
                assertTrue(e.needed() >= 1 && e.needed() <= missing, what);
                // never less than the smallest primitive, nor than the hard part
                assertTrue(e.needed() >= Math.max(4, p < code.hs() ? code.hs() : 0) - p, what);
                if (p < code.hs()) {
                    assertNull(e.code(), what);
                }
            }
            // what the grammar needs after the primitive is added
            TruncatedException more = assertThrows(TruncatedException.class,
                    () -> Scan.matter(qb64, limit, Long.MAX_VALUE, 92));
            assertEquals(e.needed() + 92, more.needed(), what);
        }
        assertEquals(qb64.length(), Scan.matter(qb64));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("indexerQb64")
    void everyProperPrefixOfAnIndexedSignature(String qb64) {
        IndexerCode code = IndexedSignature.parse(qb64).code();
        for (int p = 0; p < qb64.length(); p++) {
            int limit = p;
            TruncatedException e = assertThrows(TruncatedException.class,
                    () -> Scan.indexer(qb64, limit, 0), qb64 + " prefix " + p);
            String what = qb64 + " prefix " + p + ": " + e.getMessage();
            assertEquals(Scan.LEAD.length(), e.offset(), what);
            int missing = qb64.length() - p;
            if (p >= code.hs()) {
                assertEquals(missing, e.needed(), what);
                assertEquals(code.code(), e.code(), what);
            } else {
                assertTrue(e.needed() >= 88 - p && e.needed() <= missing, what);
            }
            TruncatedException more = assertThrows(TruncatedException.class,
                    () -> Scan.indexer(qb64, limit, 7));
            assertEquals(e.needed() + 7, more.needed(), what);
        }
        assertEquals(qb64.length(), Scan.indexer(qb64));
    }

    @Test
    void aPartialHardPartNeedsTheLeastOfTheCodesItCanStart() {
        assertEquals(3, needed("1"));   // 1AAK.. are 4 characters
        assertEquals(7, needed("2"));   // 2___ is 8
        assertEquals(7, needed("5"));   // 5xAB + one quadlet for the lead byte
        assertEquals(10, needed("9A")); // 9AAx AAAB + one quadlet
        assertEquals(5, needed("1__")); // 1___ is 8, 1__- is 12
        assertEquals(155, indexerNeeded("0")); // 0A, 0B are 156
        assertEquals(91, indexerNeeded("2"));
    }

    @Test
    void aVariableCodeNeedsItsWholeValueOnceItsSizeIsRead() {
        assertEquals(4 * 4095, needed("4B__"));
        assertEquals(4L * 16_777_215, needed("7AAB____"));
        assertEquals(1, needed("7AAB___"));
        // 5B size 1: 4 chars of value holding the lead byte
        assertEquals(4, needed("5BAB"));
    }

    @Test
    void emptyInputNeedsTheSmallestItem() {
        assertEquals(4, needed(""));         // e.g. MAAA
        assertEquals(88, indexerNeeded("")); // e.g. AA + 86
    }

    private static long needed(String prefix) {
        return assertThrows(TruncatedException.class, () -> Scan.matter(prefix)).needed();
    }

    private static long indexerNeeded(String prefix) {
        return assertThrows(TruncatedException.class, () -> Scan.indexer(prefix)).needed();
    }
}
