package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.internal.B64;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Qb64;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The Matter code table against keripy's primitives (corpus A primitives.json) and coring.py. */
class MatterCodeTest {
    private static final HexFormat HEX = HexFormat.of();

    static Stream<JsonNode> matterRows() {
        return rows("matter");
    }

    static Stream<JsonNode> rows(String list) {
        return StreamSupport.stream(Corpus.primitives().get(list).spliterator(), false);
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("matterRows")
    void everyCorpusRowHasItsCodeWithTheSameSizes(JsonNode row) {
        MatterCode c = MatterCode.lookup(row.get("code").asText());
        assertNotNull(c, row.toString());
        assertEquals(row.get("name").asText(), c.name());
        assertEquals(row.get("hs").asInt(), c.hs());
        assertEquals(row.get("ss").asInt(), c.ss());
        assertEquals(row.get("xs").asInt(), c.xs());
        assertEquals(row.get("ls").asInt(), c.ls());
        if (row.get("fs").isNull()) {
            assertTrue(c.isVariable());
            assertEquals(0, c.fs());
        } else {
            assertFalse(c.isVariable());
            assertEquals(row.get("fs").asInt(), c.fs());
            assertEquals(row.get("raw").asText().length() / 2, c.rawSize());
        }
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("matterRows")
    void everyCorpusQb64ParsesToItsCodeSoftAndRaw(JsonNode row) {
        String qb64 = row.get("qb64").asText();
        byte[] raw = HEX.parseHex(row.get("raw").asText());
        Matter m = Matter.parse(qb64);
        assertEquals(row.get("code").asText(), m.code().code());
        assertEquals(row.get("soft").asText(), m.soft());
        assertArrayEquals(raw, m.raw());
        assertEquals(qb64, m.qb64Text());
        assertEquals(qb64.length(), m.length());
        assertEquals(0, m.offset());
        long fs = m.code().isVariable()
                ? m.code().variableFullSize(B64.decodeInt(m.soft()))
                : m.code().fs();
        assertEquals(qb64.length(), fs);
        // the test-side encoder (CESR spec, "Pre-padding before conversion") gives the same text
        assertEquals(qb64, Qb64.matter(m.code(), row.get("soft").asText(), raw));
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("matterRows")
    void qb2IsTheBase64urlDecodingOfQb64(JsonNode row) {
        assertQb2RoundTrip(row);
    }

    /** qb2 = b64dec(qb64) and qb64 = b64enc(qb2), with fs * 3 / 4 bytes ("Conversions"). */
    static void assertQb2RoundTrip(JsonNode row) {
        String qb64 = row.get("qb64").asText();
        byte[] qb2 = HEX.parseHex(row.get("qb2").asText());
        assertArrayEquals(qb2, Base64.getUrlDecoder().decode(qb64), qb64);
        assertEquals(qb64, Base64.getUrlEncoder().withoutPadding().encodeToString(qb2));
        assertEquals(qb64.length() * 3 / 4, qb2.length);
    }

    @Test
    void theTableHoldsExactlyTheCodesOfPrimitivesJson() {
        Set<String> corpus = new TreeSet<>();
        rows("matter").forEach(r -> corpus.add(r.get("code").asText()));
        Set<String> skipped = new TreeSet<>();
        rows("skipped").filter(r -> r.get("class").asText().equals("Matter"))
                .forEach(r -> skipped.add(r.get("code").asText()));
        Set<String> table = Stream.of(MatterCode.values()).map(MatterCode::code)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> keripy = new TreeSet<>(corpus);
        keripy.addAll(skipped);
        assertEquals(keripy, table);
        assertEquals(MatterCode.values().length, table.size(), "codes are unique");
        // the skipped codes are exactly those keripy cannot make from raw alone: a soft value
        for (String code : skipped) {
            MatterCode c = MatterCode.lookup(code);
            assertTrue(c.ss() > 0 && !c.isVariable(), code);
        }
        // and every fixed code with a soft part is among them
        for (MatterCode c : MatterCode.values()) {
            if (c.ss() > 0 && !c.isVariable()) {
                assertTrue(skipped.contains(c.code()), c.code());
            }
        }
    }

    @Test
    void skippedRowsAgreeWithTheRawSizeOfTheTable() {
        rows("skipped").filter(r -> r.get("class").asText().equals("Matter")).forEach(r -> {
            MatterCode c = MatterCode.lookup(r.get("code").asText());
            assertEquals(r.get("rawSize").asInt(), c.rawSize(), c.code());
        });
    }

    /** Rows of keripy {@code Matter.Sizes} by value: code, name, hs, ss, xs, fs (0 = variable), ls. */
    @ParameterizedTest
    @CsvSource({
        "A, Ed25519_Seed, 1, 0, 0, 44, 0",
        "M, Short, 1, 0, 0, 4, 0",
        "P, X25519_Cipher_Seed, 1, 0, 0, 124, 0",
        "V, Label1, 1, 0, 0, 4, 1",
        "X, Tag3, 1, 3, 0, 4, 0",
        "Z, Tag11, 1, 11, 0, 12, 0",
        "b, GramHead, 1, 3, 0, 8, 0",
        "0A, Salt_128, 2, 0, 0, 24, 0",
        "0J, Tag1, 2, 2, 1, 4, 0",
        "0L, Tag5, 2, 6, 1, 8, 0",
        "0O, Tag10, 2, 10, 0, 12, 0",
        "1AAE, Ed448_Sig, 4, 0, 0, 156, 0",
        "1AAF, Tag4, 4, 4, 0, 8, 0",
        "1AAG, DateTime, 4, 0, 0, 36, 0",
        "1AAN, Tag8, 4, 8, 0, 12, 0",
        "1AAP, Empty, 4, 0, 0, 4, 0",
        "1__-, TBD0S, 4, 2, 0, 12, 0",
        "2__-, TBD1S, 4, 2, 1, 12, 1",
        "3___, TBD2, 4, 0, 0, 8, 2",
        "4A, StrB64_L0, 2, 2, 0, 0, 0",
        "5B, Bytes_L1, 2, 2, 0, 0, 1",
        "6F, HPKEBase_Cipher_L2, 2, 2, 0, 0, 2",
        "7AAC, X25519_Cipher_Big_L0, 4, 4, 0, 0, 0",
        "8AAD, X25519_Cipher_QB64_Big_L1, 4, 4, 0, 0, 1",
        "9AAH, Decimal_Big_L2, 4, 4, 0, 0, 2",
    })
    void cesrMdRowsByValue(String code, String name, int hs, int ss, int xs, int fs, int ls) {
        MatterCode c = MatterCode.lookup(code);
        assertNotNull(c, code);
        assertEquals(name, c.name());
        assertEquals(hs, c.hs());
        assertEquals(ss, c.ss());
        assertEquals(xs, c.xs());
        assertEquals(fs, c.fs());
        assertEquals(fs == 0, c.isVariable());
        assertEquals(ls, c.ls());
    }

    @Test
    void everyCodeIsWellFormed() {
        for (MatterCode c : MatterCode.values()) {
            String what = c.code();
            assertEquals(c.hs(), c.code().length(), what);
            assertEquals(c.hs(), MatterCode.hardSize(c.code().charAt(0)), what);
            assertTrue(c.ps() < 3, what);
            assertTrue(c.xs() <= c.ss(), what);
            if (c.isVariable()) {
                // variable size: cs in {4, 8}, ps = 0, ls from the selector (4/7: 0, 5/8: 1, 6/9: 2)
                assertTrue(c.cs() == 4 || c.cs() == 8, what);
                assertEquals(c.hs() == 2 ? 2 : 4, c.ss(), what);
                assertEquals("456789".indexOf(c.code().charAt(0)) % 3, c.ls(), what);
                assertEquals(c.ls() > 0 ? c.cs() + 4 : c.cs(), c.minFullSize(), what);
                assertThrows(IllegalStateException.class, c::rawSize, what);
            } else {
                assertEquals(0, c.fs() % 4, what);
                assertTrue(c.fs() >= c.cs(), what);
                // CESR spec, "Pre-padding before conversion": ls + rs + ps is a multiple of 3
                assertEquals(0, (c.ls() + c.rawSize() + c.ps()) % 3, what);
                assertEquals(c.fs(), c.minFullSize(), what);
            }
        }
    }

    @Test
    void hardSizeFollowsTheSelectorTable() {
        for (int ch = -1; ch < 300; ch++) {
            int expected;
            if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) {
                expected = 1;
            } else if (ch == '0' || ch == '4' || ch == '5' || ch == '6') {
                expected = 2;
            } else if (ch >= '1' && ch <= '9') {
                expected = 4;
            } else {
                expected = 0;
            }
            assertEquals(expected, MatterCode.hardSize(ch), "char " + ch);
        }
    }

    @Test
    void lookupByCharactersAgreesWithLookupByText() {
        for (MatterCode c : MatterCode.values()) {
            String h = c.code() + "\0\0\0";
            assertSame(c, MatterCode.lookup(c.hs(), h.charAt(0), h.charAt(1), h.charAt(2), h.charAt(3)));
            assertSame(c, MatterCode.lookup(c.code()));
        }
        for (String unknown : List.of("", "-", "_", "0z", "1ZZZ", "1AAQ", "7AAG", "4G", "0P", "AA",
                "1AA", "EA", "é", "1AAAA")) {
            assertNull(MatterCode.lookup(unknown), unknown);
        }
        assertNull(MatterCode.lookup(1, 'A' + 128, 0, 0, 0));
        assertNull(MatterCode.lookup(2, '0', -1, 0, 0));
        assertNull(MatterCode.lookup(3, '1', 'A', 'A', 'A'));
    }

    @Test
    void leastFullSizeOfAPartialHardPart() {
        assertEquals(4, MatterCode.leastFullSize(1, '0', 0, 0)); // 0J, 0K
        assertEquals(4, MatterCode.leastFullSize(1, '1', 0, 0)); // 1AAK..
        assertEquals(8, MatterCode.leastFullSize(1, '2', 0, 0)); // 2___
        assertEquals(4, MatterCode.leastFullSize(1, '4', 0, 0)); // 4AAA
        assertEquals(8, MatterCode.leastFullSize(1, '5', 0, 0)); // 5xAB + one quadlet
        assertEquals(8, MatterCode.leastFullSize(1, '7', 0, 0));
        assertEquals(12, MatterCode.leastFullSize(1, '9', 0, 0));
        assertEquals(4, MatterCode.leastFullSize(2, '1', 'A', 0));
        assertEquals(8, MatterCode.leastFullSize(3, '1', '_', '_'));
        assertEquals(12, MatterCode.leastFullSize(3, '8', 'A', 'A'));
        assertEquals(0, MatterCode.leastFullSize(2, '1', 'Z', 0));
        assertEquals(0, MatterCode.leastFullSize(3, '7', 'A', 'B'));
        assertEquals(0, MatterCode.leastFullSize(1, '-', 0, 0));
        // the least over every code with that prefix, computed from the table
        for (MatterCode c : MatterCode.values()) {
            for (int n = 1; n < c.hs(); n++) {
                String h = c.code();
                int least = MatterCode.leastFullSize(n, h.charAt(0), n > 1 ? h.charAt(1) : 0,
                        n > 2 ? h.charAt(2) : 0);
                assertTrue(least > 0 && least <= c.minFullSize(), h + " " + n);
            }
        }
    }

    @Test
    void lookupDoesNotAllocate() {
        com.sun.management.ThreadMXBean mx =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<int[]> keys = new ArrayList<>();
        for (MatterCode c : MatterCode.values()) {
            String h = c.code() + "\0\0\0";
            keys.add(new int[] {c.hs(), h.charAt(0), h.charAt(1), h.charAt(2), h.charAt(3)});
        }
        int[][] k = keys.toArray(new int[0][]);
        int found = 0;
        for (int i = 0; i < 20_000; i++) { // warm up
            int[] x = k[i % k.length];
            found += MatterCode.lookup(x[0], x[1], x[2], x[3], x[4]) != null ? 1 : 0;
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            int[] x = k[i % k.length];
            found += MatterCode.lookup(x[0], x[1], x[2], x[3], x[4]) != null ? 1 : 0;
        }
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertEquals(120_000, found);
        // 100,000 lookups: one allocation each would be at least 1.6 MB
        assertTrue(allocated < 100_000, allocated + " bytes allocated");
    }

    // ---- lookups take any int: nothing outside ASCII is a code ----

    static final int[] NOT_ASCII = {128, 129, 200, 255, 256, 1 << 20, -1, -128,
        Integer.MIN_VALUE};

    @Test
    void matterLookupRefusesANonAsciiCharacterInAnyPosition() {
        // hs 1 "A", hs 2 "0A", hs 4 "1AAA" are codes: a bad character anywhere hides them
        int[][] codes = {{1, 'A', 0, 0, 0}, {2, '0', 'A', 0, 0}, {4, '1', 'A', 'A', 'A'}};
        for (int[] c : codes) {
            MatterCode ok = MatterCode.lookup(c[0], c[1], c[2], c[3], c[4]);
            assertTrue(ok != null, "the unchanged characters are a code");
            for (int position = 1; position <= 4; position++) {
                for (int bad : NOT_ASCII) {
                    int[] args = c.clone();
                    args[position] = bad;
                    assertNull(MatterCode.lookup(args[0], args[1], args[2], args[3], args[4]),
                            "hs " + c[0] + ", " + bad + " at " + position);
                }
            }
        }
        // a two-character lookup must not read another row of the table: '/' + (128 + 'A')
        assertNull(MatterCode.lookup(2, '/', 128 + 'A', 0, 0));
        assertNull(MatterCode.lookup(1, 128, 0, 0, 0));
    }
}
