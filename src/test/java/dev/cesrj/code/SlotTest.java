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
            boolean matter = s != Slot.SIGER && s != Slot.SIGS;
            assertEquals(matter, s.isMatter(), s.name());
        }
        assertFalse(Slot.SIGER.accepts(MatterCode.Ed25519));
        assertTrue(Slot.NONCER.accepts(MatterCode.Ed25519));
    }
}
