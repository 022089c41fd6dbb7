package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LayoutTest {
    /**
     * The layouts whose counters end a bare attachment run (keripy's msgParsator): GenericGroup,
     * BodyWithAttachmentGroup, the body groups and the unsupported message-level codes.
     */
    @Test
    void exactlyTheMessageLevelLayoutsStartAMessage() {
        Set<Layout> starting = EnumSet.noneOf(Layout.class);
        for (Layout l : Layout.values()) {
            if (l.startsMessage()) {
                starting.add(l);
            }
        }
        assertEquals(EnumSet.of(Layout.GENERIC, Layout.BODY_WITH_ATTACHMENTS, Layout.NON_NATIVE_BODY,
                Layout.NATIVE_BODY, Layout.UNSUPPORTED_MESSAGE), starting);
    }

    /** Every CESR 2.0 code that starts a message, by name: the table rows these layouts stand for. */
    @Test
    void theCesr20MessageCodesAreTheOnesThatStartAMessage() {
        Set<String> names = new java.util.TreeSet<>();
        for (CounterCode c : CounterTable.CESR_2_0.codes()) {
            if (!c.isBig() && c.layout().startsMessage()) {
                names.add(c.name());
            }
        }
        assertEquals(Set.of("GenericGroup", "BodyWithAttachmentGroup", "NonNativeBodyGroup", "FixBodyGroup",
                "MapBodyGroup", "DatagramSegmentGroup", "ESSRWrapperGroup"), names);
    }
}
