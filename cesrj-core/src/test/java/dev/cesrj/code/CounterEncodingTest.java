package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Writing counters: {@link CounterCode#qb64(long)} and {@link CounterCode#qb2(long)} against every
 * counter keripy wrote in corpus A primitives.json and counters worked by hand, and {@link
 * CounterTable#codeFor(String, long)} promoting to the big form above the small form's capacity.
 */
class CounterEncodingTest {

    static Stream<JsonNode> counterRows() {
        return CounterTableTest.counterRows();
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("counterRows")
    void everyCorpusCounterIsWrittenAsKeripyWroteIt(JsonNode row) {
        CounterCode c = CounterTableTest.table(row).lookup(row.get("code").asText());
        long count = row.get("count").asLong();
        assertEquals(row.get("qb64").asText(), c.qb64(count));
        assertEquals(row.get("qb2").asText(), HexFormat.of().formatHex(c.qb2(count)));
    }

    /** Counters and their qb2 headers, worked by hand by the rules of keripy counting.py. */
    @ParameterizedTest
    @CsvSource({
        "1, ControllerIdxSigs, 2, -AAC, f80002",
        "1, BigAttachmentGroup, 4096, --VAABAA, fbe540001000",
        "1, KERIACDCGenusVersion, 4096, -_AAABAA, fbf000001000",
        "2, KERIACDCGenusVersion, 8192, -_AAACAA, fbf000002000",
        "2, ControllerIdxSigs, 44, -KAs, f8a02c",
        "2, TransIdxSigGroups, 95, -XBf, f9705f",
        "2, AttachmentGroup, 96, -CBg, f82060",
        "2, ControllerIdxSigs, 66, -KBC, f8a042",
    })
    void workedExamplesOfTheDigest(int major, String name, long count, String qb64, String qb2) {
        CounterCode c = CounterTable.ofMajor(major).named(name);
        assertEquals(qb64, c.qb64(count));
        assertEquals(qb2, HexFormat.of().formatHex(c.qb2(count)));
    }

    @ParameterizedTest
    @EnumSource(CounterTable.class)
    void everyGroupIsPromotedToItsBigFormAboveTheSmallCapacity(CounterTable table) {
        int promoted = 0;
        for (CounterCode c : table.codes()) {
            if (c.isBig() || c.layout() == Layout.GENUS_VERSION) {
                continue;
            }
            assertSame(c, table.codeFor(c.name(), 0));
            assertSame(c, table.codeFor(c.name(), 4095));
            CounterCode big = table.big(c.code().charAt(1));
            if (big == null) {
                IllegalArgumentException e =
                        assertThrows(IllegalArgumentException.class, () -> table.codeFor(c.name(), 4096));
                assertTrue(e.getMessage().contains("no big form"), e.getMessage());
                continue;
            }
            promoted++;
            assertSame(big, table.codeFor(c.name(), 4096));
            assertSame(big, table.codeFor(c.name(), (1L << 30) - 1));
            // --X in the current tables, -0X in the legacy one: hard size 3, soft size 5
            assertEquals(big.code() + "AABAA", table.codeFor(c.name(), 4096).qb64(4096));
            assertThrows(IllegalArgumentException.class, () -> table.codeFor(c.name(), 1L << 30));
        }
        // CESR 1.0: L T U V W Z have big forms; CESR 2.0: every group, -A to -Z and -a to -c;
        // legacy 1.0: -0L, -0V, -0W and -0Z
        int expected = table == CounterTable.CESR_1_0 ? 6 : table == CounterTable.CESR_2_0 ? 29 : 4;
        assertEquals(expected, promoted);
    }

    @Test
    void cesr10SignatureGroupsHoldAtMost4095Signatures() {
        CounterTable v1 = CounterTable.CESR_1_0;
        assertEquals("-A__", v1.codeFor("ControllerIdxSigs", 4095).qb64(4095));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> v1.codeFor("ControllerIdxSigs", 4096));
        assertEquals("ControllerIdxSigs -A (CESR_1_0) counts at most 4095 and has no big form; count 4096",
                e.getMessage());
        assertEquals("--KAABAA", CounterTable.CESR_2_0.codeFor("ControllerIdxSigs", 4096).qb64(4096));
    }

    @Test
    void namesAndCountsOutsideTheTableAreRefused() {
        CounterTable v2 = CounterTable.CESR_2_0;
        assertThrows(IllegalArgumentException.class, () -> v2.codeFor("SadPathSigGroup", 1));
        assertThrows(IllegalArgumentException.class, () -> v2.codeFor("KERIACDCGenusVersion", 1));
        assertThrows(IllegalArgumentException.class, () -> v2.codeFor("BigAttachmentGroup", 1));
        assertThrows(IllegalArgumentException.class, () -> v2.codeFor("AttachmentGroup", -1));
        assertSame(v2.big('C'), v2.named("BigAttachmentGroup"));
        assertEquals(null, v2.named("TransReceiptQuadruples"));
        CounterCode k = v2.small('K');
        assertThrows(IllegalArgumentException.class, () -> k.qb64(-1));
        assertThrows(IllegalArgumentException.class, () -> k.qb64(4096));
        assertThrows(IllegalArgumentException.class, () -> k.qb2(4096));
        assertEquals("-K__", k.qb64(4095));
        assertEquals("--K_____", v2.big('K').qb64((1L << 30) - 1));
        assertThrows(IllegalArgumentException.class, () -> v2.big('K').qb64(1L << 30));
    }
}
