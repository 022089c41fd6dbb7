package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.Qb64;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Indexer code table against keripy's indexed signatures (corpus A primitives.json). */
class IndexerCodeTest {
    private static final HexFormat HEX = HexFormat.of();
    /** keripy's test-only codes, which cesrj does not accept (keripy {@code indexing.py}). */
    private static final Set<String> TEST_ONLY = Set.of("0z", "1z", "4z");

    static Stream<JsonNode> indexerRows() {
        return MatterCodeTest.rows("indexer");
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("indexerRows")
    void everyCorpusRowHasItsCodeWithTheSameSizes(JsonNode row) {
        IndexerCode c = IndexerCode.lookup(row.get("code").asText());
        assertNotNull(c, row.toString());
        assertEquals(row.get("hs").asInt(), c.hs());
        assertEquals(row.get("ss").asInt(), c.ss());
        assertEquals(row.get("os").asInt(), c.os());
        assertEquals(row.get("fs").asInt(), c.fs());
        assertEquals(row.get("ls").asInt(), c.ls());
        assertEquals(row.get("raw").asText().length() / 2, c.rawSize());
        assertEquals(row.get("ondex").isNull(), c.currentOnly());
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("indexerRows")
    void everyCorpusQb64ParsesToItsIndexOndexAndRaw(JsonNode row) {
        String qb64 = row.get("qb64").asText();
        byte[] raw = HEX.parseHex(row.get("raw").asText());
        IndexedSignature sig = IndexedSignature.parse(qb64);
        assertEquals(row.get("code").asText(), sig.code().code());
        assertEquals(row.get("index").asInt(), sig.index());
        JsonNode ondex = row.get("ondex");
        assertEquals(ondex.isNull() ? OptionalInt.empty() : OptionalInt.of(ondex.asInt()),
                sig.ondex());
        assertArrayEquals(raw, sig.raw());
        assertEquals(qb64, sig.qb64Text());
        assertEquals(qb64.length(), sig.length());
        int ondexChars = ondex.isNull() || sig.code().os() == 0 ? 0 : ondex.asInt();
        assertEquals(qb64, Qb64.indexer(sig.code(), sig.index(), ondexChars, raw));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("indexerRows")
    void qb2IsTheBase64urlDecodingOfQb64(JsonNode row) {
        MatterCodeTest.assertQb2RoundTrip(row);
    }

    @Test
    void theTableHoldsExactlyTheCodesOfPrimitivesJsonButTheTestOnlyOnes() {
        Set<String> corpus = new TreeSet<>();
        indexerRows().forEach(r -> corpus.add(r.get("code").asText()));
        Set<String> skipped = new TreeSet<>();
        MatterCodeTest.rows("skipped").filter(r -> r.get("class").asText().equals("Indexer"))
                .forEach(r -> skipped.add(r.get("code").asText()));
        Set<String> table = Stream.of(IndexerCode.values()).map(IndexerCode::code)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(table, corpus);
        Set<String> skippedNotInCorpus = new TreeSet<>(skipped);
        skippedNotInCorpus.removeAll(corpus);
        assertEquals(TEST_ONLY, skippedNotInCorpus);
        for (String code : TEST_ONLY) {
            assertNull(IndexerCode.lookup(code), code);
            UnknownCodeException e = assertThrows(UnknownCodeException.class,
                    () -> IndexedSignature.parse(code + "A".repeat(154)));
            // named by the characters that rule it out: the first, if no code starts with it
            String named = IndexerCode.leastFullSize(code.charAt(0)) == 0 ? code.substring(0, 1) : code;
            assertEquals(named, e.code());
            assertEquals(0, e.offset());
        }
        // the other skipped rows are keripy refusing an ondex for a current-only code
        MatterCodeTest.rows("skipped").filter(r -> r.get("class").asText().equals("Indexer")
                && !TEST_ONLY.contains(r.get("code").asText())).forEach(r ->
                        assertTrue(IndexerCode.lookup(r.get("code").asText()).currentOnly(),
                                r.toString()));
    }

    @Test
    void currentOnlyCodesAreTheCrtCodes() {
        Set<String> crt = new TreeSet<>();
        for (IndexerCode c : IndexerCode.values()) {
            assertEquals(c.name().contains("_Crt_"), c.currentOnly(), c.code());
            if (c.currentOnly()) {
                crt.add(c.code());
            }
        }
        assertEquals(new TreeSet<>(List.of("B", "D", "F", "0B", "2B", "2D", "2F", "3B")), crt);
    }

    @Test
    void sizesAreConsistent() {
        for (IndexerCode c : IndexerCode.values()) {
            String what = c.code();
            assertEquals(c.hs(), c.code().length(), what);
            assertEquals(c.hs(), IndexerCode.hardSize(c.code().charAt(0)), what);
            assertEquals(c.hs() + c.ss(), c.cs(), what);
            assertEquals(c.ss() - c.os(), c.ms(), what);
            assertEquals(0, c.fs() % 4, what);
            assertEquals(0, (c.rawSize() + c.cs() % 4) % 3, what);
            assertEquals((1 << (6 * c.ms())) - 1, c.maxIndex(), what);
            assertSame(c, IndexerCode.lookup(c.hs(), c.code().charAt(0),
                    c.hs() > 1 ? c.code().charAt(1) : 0));
        }
        assertEquals(63, IndexerCode.Ed25519_Sig.maxIndex());
        assertEquals(4095, IndexerCode.Ed25519_Big_Sig.maxIndex());
        assertEquals(262143, IndexerCode.Ed448_Big_Sig.maxIndex());
    }

    @Test
    void hardSizeAndLeastFullSizeBySelector() {
        for (int ch = -1; ch < 300; ch++) {
            int expected = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ? 1
                    : ch >= '0' && ch <= '4' ? 2 : 0;
            assertEquals(expected, IndexerCode.hardSize(ch), "char " + ch);
        }
        assertEquals(156, IndexerCode.leastFullSize('0'));
        assertEquals(92, IndexerCode.leastFullSize('2'));
        assertEquals(160, IndexerCode.leastFullSize('3'));
        assertEquals(0, IndexerCode.leastFullSize('1'));
        assertEquals(0, IndexerCode.leastFullSize('4'));
        assertEquals(0, IndexerCode.leastFullSize('A'));
    }

    @Test
    void lookupRejectsOtherText() {
        for (String unknown : List.of("", "G", "a", "0C", "2G", "3C", "AA", "2AA", "-A", "_")) {
            assertNull(IndexerCode.lookup(unknown), unknown);
        }
        assertNull(IndexerCode.lookup(3, '2', 'A'));
        assertNull(IndexerCode.lookup(1, 200, 0));
    }

    // ---- lookups take any int: nothing outside ASCII is a code ----

    @Test
    void indexerLookupsRefuseANonAsciiCharacter() {
        for (int bad : MatterCodeTest.NOT_ASCII) {
            assertNull(IndexerCode.single(bad), "single " + bad);
            assertNull(IndexerCode.lookup(1, bad, 0), "c0 " + bad);
            assertNull(IndexerCode.lookup(1, 'A', bad), "c1 " + bad);
            assertNull(IndexerCode.lookup(2, '0', bad), "c1 " + bad);
            assertNull(IndexerCode.lookup(2, bad, 'A'), "c0 " + bad);
            assertEquals(0, IndexerCode.hardSize(bad), "hardSize " + bad);
            assertEquals(0, MatterCode.hardSize(bad), "hardSize " + bad);
        }
        assertNull(IndexerCode.lookup(0, 'A', 0));
        assertNull(IndexerCode.lookup(-1, 'A', 0));
    }

    /** The one-character Indexer codes are A..F, found by {@link IndexerCode#single}. */
    @Test
    void singleFindsExactlyTheOneCharacterCodes() {
        List<Integer> found = new ArrayList<>();
        for (int c0 = 0; c0 < 128; c0++) {
            IndexerCode c = IndexerCode.single(c0);
            if (c != null) {
                assertEquals(1, c.hs());
                assertEquals(String.valueOf((char) c0), c.code());
                assertSame(c, IndexerCode.lookup(1, c0, 0));
                found.add(c0);
            }
        }
        assertEquals(List.of((int) 'A', (int) 'B', (int) 'C', (int) 'D', (int) 'E', (int) 'F'),
                found);
        assertSame(IndexerCode.Ed25519_Sig, IndexerCode.single('A'));
    }
}
