package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Slot}: which slots hold a Matter primitive and which codes they accept. */
class SlotTest {

    @Test
    void onlyPrimitiveSlotsAreMatter() {
        for (Slot s : Slot.values()) {
            boolean matter = s != Slot.SIGER && s != Slot.SIGS && !s.isGroup();
            assertEquals(matter, s.isMatter(), s.name());
        }
        assertEquals(2, java.util.Arrays.stream(Slot.values()).filter(Slot::isGroup).count());
        assertEquals(4, Slot.SIGNATURE_GROUP.minSize());
        assertEquals(4, Slot.SAD_PATH_SIG_GROUP.minSize());
        assertFalse(Slot.SIGER.accepts(MatterCode.Ed25519));
        assertTrue(Slot.NONCER.accepts(MatterCode.Ed25519));
    }

    /** The most characters an item takes: the largest fixed code accepted, -1 with a variable one. */
    @Test
    void maxSizeIsTheLargestAcceptedCodeOrUnbounded() {
        assertEquals(36, Slot.DATER.maxSize(), "DateTime only");
        assertEquals(36, Slot.DATER.minSize());
        assertEquals(156, Slot.CIGAR.maxSize(), "Ed448_Sig");
        assertEquals(160, Slot.SIGER.maxSize(), "Ed448_Big_Sig");
        assertEquals(IndexerCode.largestFullSize(), Slot.SIGER.maxSize());
        assertEquals(-1, Slot.TEXTER.maxSize());
        assertEquals(-1, Slot.NONCER.maxSize());
        assertEquals(-1, Slot.SIGS.maxSize());
        assertEquals(-1, Slot.SIGNATURE_GROUP.maxSize());
        for (Slot s : Slot.values()) {
            if (!s.isMatter()) {
                continue;
            }
            int most = 0;
            for (MatterCode c : MatterCode.values()) {
                if (s.accepts(c)) {
                    most = most < 0 || c.isVariable() ? -1 : Math.max(most, c.fs());
                }
            }
            assertEquals(most, s.maxSize(), s.name());
        }
        int largest = 0;
        for (IndexerCode c : IndexerCode.values()) {
            largest = Math.max(largest, c.fs());
        }
        assertEquals(largest, IndexerCode.largestFullSize());
    }

    /** The nested groups of the legacy SAD-path signature groups (keripy 1.x parsing.py). */
    @Test
    void groupSlotsAcceptTheirSmallCodesOnly() {
        CounterTable t = CounterTable.CESR_1_0_LEGACY;
        StringBuilder sig = new StringBuilder();
        StringBuilder sad = new StringBuilder();
        for (CounterCode c : t.codes()) {
            if (Slot.SIGNATURE_GROUP.acceptsGroup(c)) {
                sig.append(c.code());
            }
            if (Slot.SAD_PATH_SIG_GROUP.acceptsGroup(c)) {
                sad.append(c.code());
            }
            assertFalse(Slot.SIGER.acceptsGroup(c));
        }
        assertEquals("-A-C-F", sig.toString());
        assertEquals("-J", sad.toString());
        assertFalse(Slot.SIGNATURE_GROUP.acceptsGroup(CounterTable.CESR_2_0.big('X')));
    }
}
