package dev.cesrj.primitive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.testing.Qb64;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Canonical encoding (cesrj's choice; keripy rejects the same): zero pad bits and lead bytes, zero
 * ondex of current-only indexer codes, a variable size that can hold its lead bytes. Every kind is
 * checked for every code of the table.
 */
class CanonicalFormTest {

    @Test
    void padBitsOfAOneCharacterCode() {
        String ok = "EA" + "A".repeat(42);
        assertArrayEquals(new byte[32], Matter.parse(ok).raw());
        NonCanonicalException e = assertThrows(NonCanonicalException.class,
                () -> Matter.parse("E_" + "A".repeat(42)));
        assertEquals(0, e.offset());
        assertEquals("E", e.code());
        assertEquals("zero pad bits", e.expected());
    }

    @Test
    void leadByteOfAVariableCode() {
        NonCanonicalException e = assertThrows(NonCanonicalException.class,
                () -> Matter.parse("5BABAQAA"));
        assertEquals(0, e.offset());
        assertEquals("5B", e.code());
        assertEquals("zero lead bytes", e.expected());
        assertArrayEquals(new byte[] {1, 0}, Matter.parse("5BABAAEA").raw());
    }

    /** Every fixed code with ps > 0: each of its 2 * ps pad bits set alone is rejected. */
    @Test
    void everyPadBitOfEveryFixedCode() {
        int checked = 0;
        for (MatterCode c : MatterCode.values()) {
            if (c.isVariable() || c.ps() == 0) {
                continue;
            }
            String ok = Qb64.matter(c, Scan.soft(c), new byte[c.rawSize()]);
            assertEquals(c.fs(), Scan.matter(ok), c.code());
            for (int bit = 0; bit < 2 * c.ps(); bit++) {
                String bad = Scan.withBit(ok, c.cs(), bit);
                NonCanonicalException e = assertThrows(NonCanonicalException.class,
                        () -> Scan.matter(bad), bad);
                assertEquals(Scan.LEAD.length(), e.offset(), bad);
                assertEquals(c.code(), e.code(), bad);
                assertEquals("zero pad bits", e.expected(), bad);
                assertThrows(NonCanonicalException.class, () -> Matter.parse(bad), bad);
            }
            // the first raw bit after the pad bits is free
            assertEquals(c.fs(), Scan.matter(Scan.withBit(ok, c.cs(), 2 * c.ps() + 8 * c.ls())));
            checked++;
        }
        // A..W and a (cs 1), 0A..0I (cs 2), 1__- 2__- 3__- (cs 6)
        assertEquals(24 + 9 + 3, checked);
    }

    /** Every code with ls > 0 (fixed and variable): each of its 8 * ls lead bits set alone is rejected. */
    @Test
    void everyLeadBitOfEveryCodeWithLeadBytes() {
        List<String> codes = new ArrayList<>();
        for (MatterCode c : MatterCode.values()) {
            if (c.ls() == 0) {
                continue;
            }
            List<String> instances = new ArrayList<>();
            if (c.isVariable()) {
                for (int size : new int[] {1, 2, 7}) {
                    instances.add(Qb64.matter(c, null, new byte[3 * size - c.ls()]));
                }
            } else {
                instances.add(Qb64.matter(c, Scan.soft(c), new byte[c.rawSize()]));
            }
            for (String ok : instances) {
                assertEquals(ok.length(), Scan.matter(ok), ok);
                for (int bit = 2 * c.ps(); bit < 2 * c.ps() + 8 * c.ls(); bit++) {
                    String bad = Scan.withBit(ok, c.cs(), bit);
                    NonCanonicalException e = assertThrows(NonCanonicalException.class,
                            () -> Scan.matter(bad), bad);
                    assertEquals(Scan.LEAD.length(), e.offset(), bad);
                    assertEquals(c.code(), e.code(), bad);
                    assertEquals("zero lead bytes", e.expected(), bad);
                    assertThrows(NonCanonicalException.class, () -> Matter.parse(bad), bad);
                }
            }
            codes.add(c.code());
        }
        // Label1, TBD1S, TBD1, TBD2S, TBD2 and the 28 variable codes with lead 1 or 2
        assertEquals(5 + 28, codes.size(), codes.toString());
    }

    /** A variable code with lead bytes needs a value of at least one quadlet to hold them. */
    @Test
    void variableSizeZeroOnlyWithoutLeadBytes() {
        int checked = 0;
        for (MatterCode c : MatterCode.values()) {
            if (!c.isVariable()) {
                continue;
            }
            String empty = c.code() + "A".repeat(c.ss());
            if (c.ls() == 0) {
                Matter m = Matter.parse(empty);
                assertEquals(0, m.raw().length);
                assertEquals(c.cs(), m.length());
            } else {
                MalformedException e = assertThrows(MalformedException.class,
                        () -> Scan.matter(empty), empty);
                assertEquals(Scan.LEAD.length(), e.offset());
                assertEquals(c.code(), e.code());
                assertThrows(MalformedException.class, () -> Matter.parse(empty), empty);
            }
            checked++;
        }
        assertEquals(42, checked);
    }

    /** Every indexer code with ps > 0: each pad bit set alone is rejected. */
    @Test
    void everyPadBitOfEveryIndexerCode() {
        int checked = 0;
        for (IndexerCode c : IndexerCode.values()) {
            int ps = c.cs() % 4;
            String ok = Qb64.indexer(c, 1, 0, new byte[c.rawSize()]);
            assertEquals(c.fs(), Scan.indexer(ok));
            for (int bit = 0; bit < 2 * ps; bit++) {
                String bad = Scan.withBit(ok, c.cs(), bit);
                NonCanonicalException e = assertThrows(NonCanonicalException.class,
                        () -> Scan.indexer(bad), bad);
                assertEquals(Scan.LEAD.length(), e.offset());
                assertEquals(c.code(), e.code());
                assertEquals("zero pad bits", e.expected());
                assertThrows(NonCanonicalException.class, () -> IndexedSignature.parse(bad));
            }
            checked += ps > 0 ? 1 : 0;
        }
        assertEquals(12, checked); // A..F (cs 2) and 2A..2F (cs 6)
    }

    /** Current-only codes with ondex characters: any ondex but 0 is rejected (keripy too). */
    @Test
    void currentOnlyCodesWithOndexCharactersRejectANonZeroOndex() {
        int checked = 0;
        for (IndexerCode c : IndexerCode.values()) {
            if (!c.currentOnly() || c.os() == 0) {
                continue;
            }
            int maxOndex = (1 << (6 * c.os())) - 1;
            for (int ondex : new int[] {1, 63, maxOndex, maxOndex / 2}) {
                String bad = Qb64.indexer(c, 5, ondex, new byte[c.rawSize()]);
                NonCanonicalException e = assertThrows(NonCanonicalException.class,
                        () -> IndexedSignature.parse(bad), bad);
                assertEquals(0, e.offset());
                assertEquals(c.code(), e.code());
                assertEquals("ondex 0 for a current-only code", e.expected());
                NonCanonicalException scanned = assertThrows(NonCanonicalException.class,
                        () -> Scan.indexer(bad));
                assertEquals(Scan.LEAD.length(), scanned.offset());
            }
            for (int index : new int[] {0, 1, c.maxIndex()}) {
                IndexedSignature ok = IndexedSignature.parse(
                        Qb64.indexer(c, index, 0, new byte[c.rawSize()]));
                assertEquals(index, ok.index());
                assertEquals(OptionalInt.empty(), ok.ondex());
            }
            checked++;
        }
        assertEquals(5, checked); // 0B 2B 2D 2F 3B
        // the brief's example: 2B with ondex characters "AB"
        String twoB = "2BAFAB" + "A".repeat(86);
        assertThrows(NonCanonicalException.class, () -> IndexedSignature.parse(twoB));
    }

    @Test
    void currentOnlyCodesWithoutOndexCharactersWork() {
        int checked = 0;
        for (IndexerCode c : IndexerCode.values()) {
            if (!c.currentOnly() || c.os() != 0) {
                continue;
            }
            for (int index = 0; index <= c.maxIndex(); index++) {
                byte[] raw = new byte[c.rawSize()];
                raw[0] = (byte) index;
                IndexedSignature sig = IndexedSignature.parse(Qb64.indexer(c, index, 0, raw));
                assertEquals(index, sig.index());
                assertEquals(OptionalInt.empty(), sig.ondex());
                assertArrayEquals(raw, sig.raw());
            }
            checked++;
        }
        assertEquals(3, checked); // B D F
    }

    @Test
    void bothCodesReportTheirOndex() {
        IndexedSignature a = IndexedSignature.parse(Qb64.indexer(
                IndexerCode.Ed25519_Sig, 7, 0, new byte[64]));
        assertEquals(OptionalInt.of(7), a.ondex());
        IndexedSignature big = IndexedSignature.parse(Qb64.indexer(
                IndexerCode.Ed25519_Big_Sig, 4095, 17, new byte[64]));
        assertEquals(4095, big.index());
        assertEquals(OptionalInt.of(17), big.ondex());
    }
}
