package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
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
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The attachment cases issue 3 names, with the values it states (inputs built by the CESR rules,
 * not by cesrj).
 */
@ExtendWith(LeakDetectionExtension.class)
class IssueAttachmentCasesTest {
    private static final CesrOptions V2 =
            CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
    private static final CesrOptions LEGACY = CesrOptions.builder().legacyCesr10(true).build();

    private static final String PREFIX = Qb64.matter(MatterCode.Ed25519, new byte[32]);
    private static final String SN = "0AAAAAAAAAAAAAAAAAAAAAAA";
    private static final String DIGEST = Qb64.matter(MatterCode.Blake3_256, new byte[32]);
    private static final String SIG;

    static {
        byte[] raw = new byte[64];
        Arrays.fill(raw, (byte) 0x5a);
        SIG = Qb64.indexer(IndexerCode.Ed25519_Sig, 0, 0, raw);
    }

    /** {@code -VA0} + {@code -FAB} + prefix + sn + digest + {@code -AAB} + signature. */
    static final String VA0 = "-VA0" + "-FAB" + PREFIX + SN + DIGEST + "-AAB" + SIG;

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void va0IsOneAttachmentGroupOf52QuadletsHoldingOneTransIdxSigGroupsElement() {
        assertEquals(212, VA0.length());
        assertEquals(SN, Qb64.matter(MatterCode.Salt_128, new byte[16]));
        for (CesrOptions options : List.of(CesrOptions.DEFAULT, LEGACY)) {
            try (Groups groups = Groups.copyOf(ascii(VA0), options)) {
                Group v = groups.next();
                assertEquals("AttachmentGroup", v.name());
                assertEquals(52, v.count());
                assertEquals(212, v.length());
                assertEquals(212, groups.position(), "212 bytes consumed");
                assertFalse(groups.hasNext());
                List<Group> inner = v.groups();
                assertEquals(1, inner.size());
                Group f = inner.get(0);
                assertEquals("TransIdxSigGroups", f.name());
                assertEquals(1, f.count());
                assertEquals(208, f.length());
                assertEquals(2, f.depth());
                List<Element> tuples = f.elements();
                assertEquals(1, tuples.size());
                Tuple t = (Tuple) tuples.get(0);
                assertEquals(PREFIX, t.matter(0).qb64Text());
                assertEquals(SN, t.matter(1).qb64Text());
                assertEquals(DIGEST, t.matter(2).qb64Text());
                Group sigs = t.group(3);
                assertEquals("ControllerIdxSigs", sigs.name());
                assertEquals("-AAB", sigs.counterText());
                assertEquals(3, sigs.depth());
                IndexedSignature s = (IndexedSignature) sigs.elements().get(0);
                assertEquals(0, s.index());
                assertEquals(SIG, s.qb64Text());
                assertEquals(1, v.signatures().size());
            }
        }
    }

    /** Under CESR 2.0, -V is BackerRegistrarSealCouples, which keripy cannot parse: typed, not a mis-frame. */
    @Test
    void va0UnderCesr20IsAnUnsupportedGroupError() {
        try (Groups groups = Groups.copyOf(ascii(VA0), V2)) {
            CesrException e = assertThrows(CesrException.class, groups::next);
            UnsupportedException u = assertInstanceOf(UnsupportedException.class, e);
            assertEquals(0, u.offset());
            assertEquals("-V", u.code());
            assertEquals("at offset 0, code -V: BackerRegistrarSealCouples cannot be parsed as an"
                    + " attachment; expected an attachment group", u.getMessage());
            assertEquals(0, groups.position(), "nothing consumed");
        }
    }

    @Test
    void laZIsOnePathedGroupOf104Bytes() {
        String laz = "-LAZ" + "4AAB-a-b" + "-AAB" + SIG;
        String laa = "-LAa" + "4AAB-a-b" + "-VAX" + "-AAB" + SIG;
        assertEquals(104, laz.length());
        assertEquals(108, laa.length());
        for (CesrOptions options : List.of(CesrOptions.DEFAULT, LEGACY)) {
            for (String input : List.of(laz, laa)) {
                try (Groups groups = Groups.copyOf(ascii(input), options)) {
                    Group g = groups.next();
                    assertFalse(groups.hasNext());
                    assertEquals(input.length(), groups.position());
                    assertEquals(input.length(), g.length());
                    assertEquals(input.length() / 4 - 1, g.count());
                    assertEquals(options.legacyCesr10() ? "PathedMaterialGroup" : "PathedMaterialCouples",
                            g.name());
                    List<Element> e = g.elements();
                    assertEquals(2, e.size());
                    Matter pather = (Matter) e.get(0);
                    assertEquals("4AAB-a-b", pather.qb64Text());
                    assertEquals(MatterCode.StrB64_L0, pather.code());
                    OpaqueMaterial rest = (OpaqueMaterial) e.get(1);
                    assertEquals(input.substring(12), rest.qb64Text());
                    assertEquals(12, rest.offset());
                }
            }
        }
    }
}
