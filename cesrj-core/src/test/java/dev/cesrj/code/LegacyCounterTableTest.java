package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The legacy CESR 1.0 table row by row, against keripy 1.1.17 ({@code coring.py}
 * {@code CounterCodex} and {@code Counter.Sizes}), 1.2.13 and 1.3.6 ({@code counting.py}
 * {@code CounterCodex_1_0}; {@code parsing.py} for what each count counts).
 */
class LegacyCounterTableTest {
    private static final CounterTable LEGACY = CounterTable.CESR_1_0_LEGACY;

    /**
     * code, name, hs, ss, unit, layout, head slots, element slots, a counter in qb64 and its
     * count.
     */
    static Stream<Arguments> rows() {
        return Stream.of(
                row("-A", "ControllerIdxSigs", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.SIGER), "-AAC", 2),
                row("-B", "WitnessIdxSigs", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.SIGER), "-BAD", 3),
                row("-C", "NonTransReceiptCouples", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES,
                        List.of(), List.of(Slot.VERFER, Slot.CIGAR), "-CAB", 1),
                row("-D", "TransReceiptQuadruples", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES,
                        List.of(), List.of(Slot.PREFIXER, Slot.NUMBER, Slot.DIGER, Slot.SIGER),
                        "-DAB", 1),
                row("-E", "FirstSeenReplayCouples", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES,
                        List.of(), List.of(Slot.NUMBER, Slot.DATER), "-EAB", 1),
                row("-F", "TransIdxSigGroups", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.PREFIXER, Slot.NUMBER, Slot.DIGER, Slot.SIGS), "-FAB", 1),
                row("-G", "SealSourceCouples", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.NUMBER, Slot.DIGER), "-GAE", 4),
                row("-H", "TransLastIdxSigGroups", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES,
                        List.of(), List.of(Slot.PREFIXER, Slot.SIGS), "-HAB", 1),
                row("-I", "SealSourceTriples", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.PREFIXER, Slot.NUMBER, Slot.DIGER), "-IAB", 1),
                row("-J", "SadPathSigGroups", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.PATHER, Slot.SIGNATURE_GROUP), "-JAB", 1),
                row("-K", "RootSadPathSigGroups", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES,
                        List.of(Slot.PATHER), List.of(Slot.SAD_PATH_SIG_GROUP), "-KAC", 2),
                row("-L", "PathedMaterialGroup", 2, 2, CountUnit.QUADLETS, Layout.PATHED,
                        List.of(), List.of(), "-LAZ", 25),
                row("-0L", "BigPathedMaterialGroup", 3, 5, CountUnit.QUADLETS, Layout.PATHED,
                        List.of(), List.of(), "-0LAAAAZ", 25),
                row("-V", "AttachmentGroup", 2, 2, CountUnit.QUADLETS, Layout.ATTACHMENTS,
                        List.of(), List.of(), "-VA0", 52),
                row("-0V", "BigAttachmentGroup", 3, 5, CountUnit.QUADLETS, Layout.ATTACHMENTS,
                        List.of(), List.of(), "-0VAAAQA", 1024),
                row("-W", "GenericGroup", 2, 2, CountUnit.QUADLETS, Layout.GENERIC, List.of(),
                        List.of(), "-WAB", 1),
                row("-0W", "BigGenericGroup", 3, 5, CountUnit.QUADLETS, Layout.GENERIC,
                        List.of(), List.of(), "-0W_____", 1_073_741_823L),
                row("-Z", "ESSRPayloadGroup", 2, 2, CountUnit.ELEMENTS, Layout.TUPLES, List.of(),
                        List.of(Slot.TEXTER), "-ZAB", 1),
                row("-0Z", "BigESSRPayloadGroup", 3, 5, CountUnit.ELEMENTS, Layout.TUPLES,
                        List.of(), List.of(Slot.TEXTER), "-0ZAAAAB", 1),
                row("--AAA", "KERIACDCGenusVersion", 5, 3, CountUnit.NONE, Layout.GENUS_VERSION,
                        List.of(), List.of(), "--AAABAA", 4096),
                row("-_AAA", "KERIACDCGenusVersion", 5, 3, CountUnit.NONE, Layout.GENUS_VERSION,
                        List.of(), List.of(), "-_AAACAA", 8192));
    }

    private static Arguments row(String code, String name, int hs, int ss, CountUnit unit,
            Layout layout, List<Slot> head, List<Slot> slots, String qb64, long count) {
        return Arguments.of(code, name, hs, ss, unit, layout, head, slots, qb64, count);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rows")
    void everyRow(String code, String name, int hs, int ss, CountUnit unit, Layout layout,
            List<Slot> head, List<Slot> slots, String qb64, long count) {
        CounterCode c = LEGACY.lookup(code);
        assertNotNull(c, code);
        assertSame(LEGACY, c.table());
        assertEquals(code, c.code());
        assertEquals(name, c.name());
        assertEquals(hs, c.hs());
        assertEquals(ss, c.ss());
        assertEquals(hs + ss, c.fs());
        assertEquals(hs, LEGACY.hardSize(code.charAt(1)));
        assertEquals(hs == 3, c.isBig());
        assertEquals(unit, c.unit());
        assertEquals(layout, c.layout());
        assertEquals(head, c.head());
        assertEquals(slots, c.slots());
        assertEquals((1L << (6 * ss)) - 1, c.maxCount());
        ByteBuf buf = Unpooled.copiedBuffer(qb64, StandardCharsets.US_ASCII);
        try {
            GroupFramer framer = new GroupFramer(new Source(buf, 0), CesrOptions.DEFAULT);
            assertEquals(c.fs(), framer.counter(0, buf.writerIndex(), LEGACY, 0));
            assertSame(c, framer.code());
            assertEquals(count, framer.count());
        } finally {
            buf.release();
        }
    }

    @Test
    void theTableHoldsExactlyTheRowsAbove() {
        List<String> codes = new ArrayList<>();
        for (CounterCode c : LEGACY.codes()) {
            codes.add(c.code());
            assertSame(c, LEGACY.lookup(c.code()));
        }
        List<String> rows = new ArrayList<>();
        rows().forEach(a -> rows.add((String) a.get()[0]));
        assertEquals(rows, codes);
    }

    @Test
    void legacyCodesTheCurrentTablesDoNotHaveAndTheOtherWayRound() {
        for (String hard : List.of("-J", "-K", "-0L", "-0V", "-0W", "-0Z", "--AAA")) {
            assertNull(CounterTable.CESR_1_0.lookup(hard), hard);
        }
        for (String hard : List.of("-T", "-U", "--V", "--L", "-M", "-c", "-0A", "-_AAB")) {
            assertNull(LEGACY.lookup(hard), hard);
        }
        assertSame(LEGACY.genusVersion(), LEGACY.lookup("--AAA"));
        assertSame(LEGACY.genusVersion('-'), LEGACY.genusVersion());
        assertEquals("-_AAA", LEGACY.genusVersion('_').code());
        assertNull(CounterTable.CESR_1_0.genusVersion('-'));
        assertNull(LEGACY.genusVersion('A'));
        assertEquals("-A", LEGACY.controllerIdxSigs().code());
        assertEquals(1, LEGACY.major());
        assertTrue(LEGACY.isLegacy());
    }

    /** Which table each genus-version code selects, the legacy one included (cesrj's choice). */
    @Test
    void genusVersionCodesSelectTheirTable() {
        CounterCode legacyGenus = LEGACY.genusVersion();
        CounterCode universal = LEGACY.genusVersion('_');
        assertSame(CounterTable.CESR_1_0_LEGACY, CounterTable.selectedBy(legacyGenus, 1, 0));
        assertNull(CounterTable.selectedBy(legacyGenus, 2, 0), "--AAACAA: no legacy 2.0 table");
        assertNull(CounterTable.selectedBy(legacyGenus, 1, 1));
        assertSame(CounterTable.CESR_1_0, CounterTable.selectedBy(universal, 1, 0));
        assertSame(CounterTable.CESR_2_0, CounterTable.selectedBy(universal, 2, 0));
        assertSame(CounterTable.CESR_1_0,
                CounterTable.selectedBy(CounterTable.CESR_2_0.genusVersion(), 1, 0));
        assertNull(CounterTable.selectedBy(universal, 3, 0));
    }

    @Test
    void hintsNameTheLegacyTableForItsCodesOnly() {
        String tail = " of the legacy CESR 1.0 table (keripy 1.1 to 1.3, signify-ts): read such"
                + " streams with CesrOptions.builder().legacyCesr10(true)";
        assertEquals("; -J is SadPathSigGroups" + tail, CounterTable.CESR_1_0.legacyHint("-J"));
        assertEquals("; -K is RootSadPathSigGroups" + tail, CounterTable.CESR_1_0.legacyHint("-K"));
        assertEquals("; -0 starts a big code (-0X)" + tail, CounterTable.CESR_2_0.legacyHint("-0"));
        assertEquals("; --A starts the genus-version code --AAA" + tail,
                CounterTable.CESR_1_0.legacyHint("--A"));
        for (String none : List.of("-A", "-D", "-z", "-", "", "J", "-_AA", "--B", "-0V_")) {
            assertEquals("", CounterTable.CESR_1_0.legacyHint(none), none);
        }
        assertEquals("", CounterTable.CESR_2_0.legacyHint("-K"), "-K is a code of CESR 2.0");
        assertEquals("", LEGACY.legacyHint("-T"));
    }
}
