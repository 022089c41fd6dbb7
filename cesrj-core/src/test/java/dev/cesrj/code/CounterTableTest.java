package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.CesrOptions;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The counter tables against keripy's counters (corpus A primitives.json) and counting.py. */
class CounterTableTest {

    static Stream<JsonNode> counterRows() {
        return MatterCodeTest.rows("counter");
    }

    static CounterTable table(JsonNode row) {
        switch (row.get("cesr").asText()) {
            case "1.0":
                return CounterTable.CESR_1_0;
            case "2.0":
                return CounterTable.CESR_2_0;
            default:
                throw new AssertionError("unknown table in " + row);
        }
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("counterRows")
    void everyCorpusRowHasItsCodeAndCount(JsonNode row) {
        CounterTable table = table(row);
        CounterCode c = table.lookup(row.get("code").asText());
        assertNotNull(c, row.toString());
        assertSame(table, c.table());
        assertEquals(row.get("name").asText(), c.name());
        assertEquals(row.get("hs").asInt(), c.hs());
        assertEquals(row.get("ss").asInt(), c.ss());

        String qb64 = row.get("qb64").asText();
        assertEquals(c.fs(), qb64.length());
        ByteBuf buf = Unpooled.copiedBuffer(qb64, StandardCharsets.US_ASCII);
        try {
            GroupFramer framer = new GroupFramer(new Source(buf, 0), CesrOptions.DEFAULT);
            assertEquals(qb64.length(), framer.counter(0, buf.writerIndex(), table, 0));
            assertSame(c, framer.code());
            assertEquals(row.get("count").asLong(), framer.count());
            assertTrue(framer.count() <= c.maxCount());
        } finally {
            buf.release();
        }
        MatterCodeTest.assertQb2RoundTrip(row);
    }

    @ParameterizedTest
    @EnumSource(value = CounterTable.class, names = {"CESR_1_0", "CESR_2_0"})
    void everyCodeOfTheTableIsInPrimitivesJson(CounterTable table) {
        Set<String> corpus = new TreeSet<>();
        counterRows().filter(r -> table(r) == table).forEach(r -> corpus.add(r.get("code").asText()));
        Set<String> codes = new TreeSet<>();
        for (CounterCode c : table.codes()) {
            codes.add(c.code());
            assertSame(c, table.lookup(c.code()));
        }
        assertEquals(corpus, codes);
        assertEquals(table.codes().size(), codes.size(), "codes are unique");
    }

    /** What each CESR 1.0 count counts (keripy {@code parsing.py}). */
    @Test
    void cesr10CountUnits() {
        Map<Character, CountUnit> units = Map.ofEntries(
                Map.entry('A', CountUnit.ELEMENTS), Map.entry('B', CountUnit.ELEMENTS),
                Map.entry('C', CountUnit.ELEMENTS), Map.entry('D', CountUnit.QUADLETS),
                Map.entry('E', CountUnit.ELEMENTS), Map.entry('F', CountUnit.ELEMENTS),
                Map.entry('G', CountUnit.ELEMENTS), Map.entry('H', CountUnit.ELEMENTS),
                Map.entry('I', CountUnit.ELEMENTS), Map.entry('L', CountUnit.QUADLETS),
                Map.entry('T', CountUnit.QUADLETS), Map.entry('U', CountUnit.QUADLETS),
                Map.entry('V', CountUnit.QUADLETS), Map.entry('W', CountUnit.QUADLETS),
                // keripy's table says quadlets, its v1 parser and every stream it writes count
                // Texter elements (the note in CounterTable)
                Map.entry('Z', CountUnit.ELEMENTS));
        CounterTable t = CounterTable.CESR_1_0;
        int seen = 0;
        for (CounterCode c : t.codes()) {
            if (c == t.genusVersion()) {
                assertEquals(CountUnit.NONE, c.unit());
                continue;
            }
            char letter = c.code().charAt(c.code().length() - 1);
            assertEquals(units.get(letter), c.unit(), c.code());
            seen++;
        }
        // -A..-I (9) and six big forms of -L -T -U -V -W -Z
        assertEquals(units.size() + 6, seen);
        for (char letter : "ABCDEFGHI".toCharArray()) {
            assertNull(t.big(letter), "no big form of -" + letter);
        }
    }

    /** Every CESR 2.0 count counts quadlets (keripy {@code CounterCodex_2_0}). */
    @Test
    void cesr20CountsQuadlets() {
        CounterTable t = CounterTable.CESR_2_0;
        for (CounterCode c : t.codes()) {
            assertEquals(c == t.genusVersion() ? CountUnit.NONE : CountUnit.QUADLETS, c.unit(),
                    c.code());
        }
        for (char letter : "ABCDEFGHIJKLMNOPQRSTUVWXYZabc".toCharArray()) {
            assertNotNull(t.small(letter), "-" + letter);
            assertEquals("Big" + t.small(letter).name(), t.big(letter).name());
        }
    }

    @ParameterizedTest
    @EnumSource(value = CounterTable.class, names = {"CESR_1_0", "CESR_2_0"})
    void sizesAndLookups(CounterTable table) {
        for (CounterCode c : table.codes()) {
            assertEquals(c.hs(), table.hardSize(c.code().charAt(1)), c.code());
            assertEquals(c.hs() + c.ss(), c.fs());
            assertEquals(c.hs() == 2 ? 4 : 8, c.fs());
            assertEquals((1L << (6 * c.ss())) - 1, c.maxCount());
            if (c.hs() == 2) {
                assertSame(c, table.small(c.code().charAt(1)));
            } else if (c.hs() == 3) {
                assertSame(c, table.big(c.code().charAt(2)));
                assertTrue(c.isBig());
            } else {
                assertSame(table.genusVersion(), c);
            }
        }
        assertEquals(4095, table.small('A').maxCount());
        assertEquals(1_073_741_823L, table.big('V').maxCount());
        for (String unknown : List.of("", "-", "A", "-0", "-0V", "--", "--AAA", "-_AAB", "-_AA",
                "-_AAAA", "-AB", "--V_", "-[")) {
            assertNull(table.lookup(unknown), unknown);
        }
        assertNull(table.small(-1));
        assertNull(table.big(200));
        assertEquals(CounterTable.GENUS_VERSION_CODE, table.genusVersion().code());
        assertSame(table, CounterTable.ofMajor(table.major()));
    }

    @Test
    void controllerIdxSigsPerTable() {
        assertEquals("-A", CounterTable.CESR_1_0.controllerIdxSigs().code());
        assertEquals("-K", CounterTable.CESR_2_0.controllerIdxSigs().code());
        assertEquals("ControllerIdxSigs", CounterTable.CESR_1_0.controllerIdxSigs().name());
        assertEquals("ControllerIdxSigs", CounterTable.CESR_2_0.controllerIdxSigs().name());
        assertNull(CounterTable.ofMajor(3));
    }

    // ---- lookups take any int: nothing outside ASCII is a code ----

    @Test
    void counterTableLookupsRefuseANonAsciiLetter() {
        for (CounterTable t : CounterTable.values()) {
            for (int bad : MatterCodeTest.NOT_ASCII) {
                assertNull(t.small(bad), t + " small " + bad);
                assertNull(t.big(bad), t + " big " + bad);
                assertEquals(0, t.hardSize(bad), t + " hardSize " + bad);
            }
            assertNull(t.small(0));
            assertNull(t.big(0));
            assertNull(t.small(127));
            assertNull(t.big(127));
        }
        assertEquals("-V", CounterTable.CESR_1_0.small('V').code());
        assertEquals("--V", CounterTable.CESR_1_0.big('V').code());
        assertEquals("-c", CounterTable.CESR_2_0.small('c').code());
        assertEquals("--c", CounterTable.CESR_2_0.big('c').code());
    }

    /**
     * The second character of a counter: letters (2), '-' (3), '_' (5), nothing else; legacy:
     * letters (2), '0' (3), '-' and '_' (5).
     */
    @Test
    void counterHardSizeOfEverySecondCharacter() {
        for (CounterTable t : CounterTable.values()) {
            boolean legacy = t.isLegacy();
            for (int c1 = -1; c1 < 300; c1++) {
                int expected = (c1 >= 'A' && c1 <= 'Z') || (c1 >= 'a' && c1 <= 'z') ? 2
                        : c1 == '-' ? (legacy ? 5 : 3) : c1 == '_' ? 5
                        : c1 == '0' && legacy ? 3 : 0;
                assertEquals(expected, t.hardSize(c1), t + " char " + c1);
            }
        }
    }
}
