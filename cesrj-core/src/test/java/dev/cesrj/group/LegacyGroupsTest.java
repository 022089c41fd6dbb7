package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Qb64;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Groups of the legacy CESR 1.0 table (keripy 1.1 to 1.3) framed with element views, and the typed
 * errors of the same bytes without the legacy opt-in.
 */
@ExtendWith(LeakDetectionExtension.class)
class LegacyGroupsTest {
    static final CesrOptions LEGACY = CesrOptions.builder().legacyCesr10(true).build();

    static String sig(int index) {
        byte[] raw = new byte[64];
        Arrays.fill(raw, (byte) (index + 7));
        return Qb64.indexer(IndexerCode.Ed25519_Sig, index, 0, raw);
    }

    static final String PREFIX = Qb64.matter(MatterCode.Ed25519, new byte[32]);
    static final String NON_TRANS = Qb64.matter(MatterCode.Ed25519N, new byte[32]);
    static final String SN = Qb64.matter(MatterCode.Salt_128, new byte[16]);
    static final String DIGEST = Qb64.matter(MatterCode.Blake3_256, new byte[32]);
    static final String CIGAR = Qb64.matter(MatterCode.Ed25519_Sig, new byte[64]);
    /** StrB64 path "-a-b" (variable-size code {@code 4AAB} + one quadlet). */
    static final String PATH = "4AAB-a-b";
    /** StrB64 root path "-" ({@code 6AAB} + {@code AAA-}). */
    static final String ROOT = "6AABAAA-";

    /** Every group of {@code input}, read with {@code options}. */
    static List<Group> all(String input, CesrOptions options, List<List<Object>> snapshots) {
        List<Group> out = new ArrayList<>();
        try (Groups groups = Groups.copyOf(input.getBytes(StandardCharsets.US_ASCII), options)) {
            for (Group g : groups) {
                out.add(g);
                snapshots.add(Snapshot.of(g));
            }
        }
        return out;
    }

    static List<Object> one(String input, CesrOptions options) {
        List<List<Object>> snaps = new ArrayList<>();
        assertEquals(1, all(input, options, snaps).size());
        return snaps.get(0);
    }

    static <T extends CesrException> T fails(Class<T> type, String input, CesrOptions options) {
        try (Groups groups = Groups.copyOf(input.getBytes(StandardCharsets.US_ASCII), options)) {
            CesrException e = assertThrows(CesrException.class, () -> {
                while (groups.hasNext()) {
                    groups.next();
                }
            });
            return assertInstanceOf(type, e, e.getMessage());
        }
    }

    @Test
    void transReceiptQuadruplesCountElements() {
        String quad = PREFIX + SN + DIGEST + sig(3);
        String input = "-DAB" + quad;
        assertEquals(204, input.length());
        try (Groups groups = Groups.copyOf(input.getBytes(StandardCharsets.US_ASCII), LEGACY)) {
            Group g = groups.next();
            assertEquals("TransReceiptQuadruples", g.name());
            assertSame(CounterTable.CESR_1_0_LEGACY, g.table());
            assertEquals(1, g.count());
            assertEquals(204, g.length());
            Tuple t = (Tuple) g.elements().get(0);
            assertEquals(PREFIX, t.matter(0).qb64Text());
            assertEquals(MatterCode.Salt_128, t.matter(1).code());
            assertEquals(DIGEST, t.matter(2).qb64Text());
            IndexedSignature s = (IndexedSignature) t.parts().get(3);
            assertEquals(3, s.index());
            assertEquals(List.of(s.qb64Text()), List.of(g.signatures().get(0).qb64Text()));
            assertFalse(groups.hasNext());
        }
        // two quadruples: 4 + 2 * 200
        assertEquals(404, one("-DAC" + quad + quad, LEGACY).get(5));
        // CESR 1.0 of keripy's head counts -D in quadlets: one quadlet cannot hold the quadruple
        MalformedException e = fails(MalformedException.class, input, CesrOptions.DEFAULT);
        assertEquals(4, e.offset());
        assertTrue(e.getMessage().contains("TransReceiptIdxSigGroups"), e.getMessage());
    }

    @Test
    void sadPathSigGroupsHoldAPatherAndOneSignatureGroup() {
        String controller = "-JAB" + PATH + "-AAB" + sig(0);
        assertEquals(104, controller.length());
        String input = controller
                + "-JAB" + PATH + "-FAB" + PREFIX + SN + DIGEST + "-AAC" + sig(0) + sig(1)
                + "-JAB" + ROOT + "-CAB" + NON_TRANS + CIGAR;
        try (Groups iterator = Groups.copyOf(input.getBytes(StandardCharsets.US_ASCII), LEGACY)) {
            List<Group> groups = new ArrayList<>();
            iterator.forEachRemaining(groups::add);
            checkSadPathSigGroups(groups);
        }
    }

    private static void checkSadPathSigGroups(List<Group> groups) {
        assertEquals(3, groups.size());
        Group first = groups.get(0);
        assertEquals("SadPathSigGroups", first.name());
        Tuple t = (Tuple) first.elements().get(0);
        assertEquals(PATH, t.matter(0).qb64Text());
        assertEquals(MatterCode.StrB64_L0, t.matter(0).code());
        Group sigs = t.group(1);
        assertEquals("ControllerIdxSigs", sigs.name());
        assertEquals(2, sigs.depth());
        assertEquals(1, first.signatures().size());

        Tuple trans = (Tuple) groups.get(1).elements().get(0);
        Group tsg = trans.group(1);
        assertEquals("TransIdxSigGroups", tsg.name());
        assertEquals(2, groups.get(1).signatures().size());
        Tuple inner = (Tuple) tsg.elements().get(0);
        assertEquals(3, inner.group(3).depth(), "-J > -F > -A");

        Tuple couple = (Tuple) groups.get(2).elements().get(0);
        assertEquals("NonTransReceiptCouples", couple.group(1).name());
        Tuple cig = (Tuple) couple.group(1).elements().get(0);
        assertEquals(NON_TRANS, cig.matter(0).qb64Text());
        assertEquals(CIGAR, cig.matter(1).qb64Text());
        assertEquals(0, groups.get(2).signatures().size());
    }

    @Test
    void rootSadPathSigGroupsHoldARootPatherThenSadPathSigGroups() {
        String j0 = "-JAB" + PATH + "-AAB" + sig(0);
        String j1 = "-JAB" + PATH + "-AAB" + sig(1);
        String input = "-KAC" + ROOT + j0 + j1;
        try (Groups groups = Groups.copyOf(input.getBytes(StandardCharsets.US_ASCII), LEGACY)) {
            Group k = groups.next();
            assertEquals("RootSadPathSigGroups", k.name());
            assertEquals(input.length(), k.length());
            List<Element> e = k.elements();
            assertEquals(3, e.size());
            assertEquals(ROOT, ((Matter) e.get(0)).qb64Text());
            assertEquals(j0, ((Group) e.get(1)).qb64Text());
            assertEquals(j1, ((Group) e.get(2)).qb64Text());
            assertEquals(2, ((Group) e.get(2)).depth());
            assertEquals(List.of(0, 1), k.signatures().stream().map(IndexedSignature::index).toList());
        }
    }

    @Test
    void nestedGroupsOfTheWrongCodeAreMalformed() {
        MalformedException e = fails(MalformedException.class, "-JAB" + PATH + "-BAB" + sig(0), LEGACY);
        assertEquals(12, e.offset());
        assertEquals("-B", e.code());
        assertEquals("TransIdxSigGroups, ControllerIdxSigs or NonTransReceiptCouples", e.expected());
        e = fails(MalformedException.class, "-KAB" + ROOT + "-AAB" + sig(0), LEGACY);
        assertEquals(12, e.offset());
        assertEquals("SadPathSigGroups", e.expected());
    }

    @Test
    void aCutNestedGroupNeedsWhatItAndTheRestOfTheGrammarNeed() {
        // -K of two -J: the first -J's signature is cut 8 bytes short; the second -J needs at
        // least its counter (4) after it
        String j = "-JAB" + PATH + "-AAB" + sig(0);
        String input = "-KAC" + ROOT + j.substring(0, j.length() - 8);
        TruncatedException e = fails(TruncatedException.class, input, LEGACY);
        assertEquals(8 + 4, e.needed());
    }

    @Test
    void nestingIsBoundedByMaxDepth() {
        String input = "-KAB" + ROOT + "-JAB" + PATH + "-FAB" + PREFIX + SN + DIGEST + "-AAB" + sig(0);
        assertEquals(input.length(), (int) one(input, LEGACY).get(5));
        CesrOptions shallow = LEGACY.toBuilder().maxDepth(3).build();
        NestingTooDeepException e = fails(NestingTooDeepException.class, input, shallow);
        assertEquals(4 + 8 + 4 + 8 + 4 + 44 + 24 + 44, e.offset(), "the -A at depth 4");
    }

    @Test
    void bigCodesAreDashZero() {
        String inner = "-AAB" + sig(0);
        List<Object> big = one("-0VAAAAX" + inner, LEGACY);
        assertEquals("BigAttachmentGroup", big.get(2));
        assertEquals(23L, big.get(3));
        List<Object> pathed = one("-0LAAAAZ" + PATH + inner, LEGACY);
        assertEquals("BigPathedMaterialGroup", pathed.get(2));
        assertEquals(8 + 100, pathed.get(5));
        List<Object> essr = one("-0ZAAAAB" + Qb64.variable('B', new byte[] {1, 2, 3}, false), LEGACY);
        assertEquals("BigESSRPayloadGroup", essr.get(2));
        List<Object> generic = one("-WAB" + "-AAA", LEGACY);
        assertEquals("GenericGroup", generic.get(2));
    }

    @Test
    void withoutTheOptInLegacyCodesAreTypedErrorsNamingTheLegacyTable() {
        String hint = "of the legacy CESR 1.0 table";
        for (String input : List.of("-JAB" + PATH + "-AAB" + sig(0), "-KAB" + ROOT,
                "-0VAAAAX-AAB" + sig(0), "--AAABAA-AAB" + sig(0))) {
            UnknownCodeException e = fails(UnknownCodeException.class, input, CesrOptions.DEFAULT);
            assertEquals(0, e.offset());
            assertTrue(e.getMessage().contains(hint), e.getMessage());
            assertTrue(e.getMessage().contains("legacyCesr10(true)"), e.getMessage());
        }
        CesrOptions v2 = CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
        UnknownCodeException e = fails(UnknownCodeException.class, "-0VAAAAX", v2);
        assertTrue(e.getMessage().contains(hint), e.getMessage());
    }

    @Test
    void genusVersionCodesSwitchTablesInBothDirections() {
        String legacySigs = "-DAB" + PREFIX + SN + DIGEST + sig(0);
        String input = "--AAABAA" + legacySigs + "-_AAACAA" + "-KAW" + sig(1) + "-_AAABAA" + "-AAB" + sig(2);
        List<List<Object>> snaps = new ArrayList<>();
        List<Group> groups = all(input, LEGACY, snaps);
        assertEquals(List.of("KERIACDCGenusVersion", "TransReceiptQuadruples", "KERIACDCGenusVersion",
                "ControllerIdxSigs", "KERIACDCGenusVersion", "ControllerIdxSigs"),
                groups.stream().map(Group::name).toList());
        assertEquals(List.of(CounterTable.CESR_1_0_LEGACY, CounterTable.CESR_1_0_LEGACY,
                CounterTable.CESR_1_0_LEGACY, CounterTable.CESR_2_0, CounterTable.CESR_2_0,
                CounterTable.CESR_1_0), groups.stream().map(Group::table).toList());
        // the legacy genus-version code of any other version has no table
        UnsupportedException u = fails(UnsupportedException.class, "--AAACAA", LEGACY);
        assertEquals("--AAA", u.code());
        // the legacy table read from the default, chosen directly
        CesrOptions direct = CesrOptions.builder().defaultTable(CounterTable.CESR_1_0_LEGACY).build();
        assertTrue(direct.legacyCesr10());
        assertEquals("TransReceiptQuadruples", one(legacySigs, direct).get(2));
    }

    @Test
    void optionsMapCesr10ToTheLegacyTableOnlyWhenAskedTo() {
        assertFalse(CesrOptions.DEFAULT.legacyCesr10());
        assertSame(CounterTable.CESR_1_0, CesrOptions.DEFAULT.table(CounterTable.CESR_1_0));
        assertSame(CounterTable.CESR_1_0_LEGACY, LEGACY.table(CounterTable.CESR_1_0));
        assertSame(CounterTable.CESR_2_0, LEGACY.table(CounterTable.CESR_2_0));
        assertSame(CounterTable.CESR_1_0_LEGACY, LEGACY.defaultTable());
        CesrOptions v2 = LEGACY.toBuilder().defaultTable(CounterTable.CESR_2_0).build();
        assertSame(CounterTable.CESR_2_0, v2.defaultTable());
        assertTrue(v2.legacyCesr10());
        assertFalse(LEGACY.toBuilder().legacyCesr10(false).build().legacyCesr10());
    }
}
