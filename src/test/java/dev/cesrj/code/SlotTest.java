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
