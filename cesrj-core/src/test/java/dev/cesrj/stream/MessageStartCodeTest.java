package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ColdStartException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.VersionStringException;

import org.junit.jupiter.api.Test;

/**
 * Counters that start a message (CESR-native body groups {@code -F}/{@code -G}, CESR 2.0's
 * DatagramSegmentGroup {@code -D} and ESSRWrapperGroup {@code -E}) end the attachments of the
 * message before them, as in keripy {@code msgParsator}; where a message must start, a native body
 * starts one (an empty one has no Verser: a version-string error). Before the fix, {@code -F} at a
 * message start was a ColdStartException, and {@code -F}, {@code -D} or {@code -E} after a body
 * failed that (valid) message.
 */
class MessageStartCodeTest {

    private static final byte[] V2_BODY = TestStreams.jsonV2("icp", "");

    @Test
    void emptyNativeBodyWhereAMessageStartsHasNoVerser() {
        try (Messages messages = Messages.copyOf(TestStreams.ascii("-_AAACAA-FAA"))) {
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(8, e.offset());
            assertEquals("-F", e.code());
        }
    }

    @Test
    void nativeBodyAfterAMessageEndsItsAttachments() {
        assertNextMessageFailsAt("-GAA", VersionStringException.class);
        assertNextMessageFailsAt("--FAAAAA", VersionStringException.class);
    }

    @Test
    void messageLevelCodesAfterAMessageEndItsAttachments() {
        assertNextMessageFailsAt("-DAA", UnsupportedException.class);
        assertNextMessageFailsAt("-EAA", UnsupportedException.class);
    }

    @Test
    void attachmentCodeWhereAMessageMustStartIsStillAColdStart() {
        // a genus-version code ends the attachments; the -K after it cannot start a message
        byte[] input = concat("-_AAACAA", V2_BODY, "-_AAACAA-KAA");
        try (Messages messages = Messages.copyOf(input)) {
            assertEquals(8 + V2_BODY.length, messages.next().length());
            ColdStartException e = assertThrows(ColdStartException.class, messages::hasNext);
            assertEquals(8 + V2_BODY.length + 8, e.offset());
            assertEquals("-K", e.code());
            assertEquals(8 + V2_BODY.length, messages.position());
        }
    }

    /** -_AAACAA, a v2 JSON body with one -K signature group, then {@code next}. */
    private static void assertNextMessageFailsAt(String next, Class<? extends Exception> type) {
        String sigs = "-KAW" + TestStreams.kelSingleFirstAttachments().substring(4);
        byte[] input = concat("-_AAACAA", V2_BODY, sigs, next);
        int end = 8 + V2_BODY.length + sigs.length();
        try (Messages messages = Messages.copyOf(input)) {
            Message first = messages.next();
            assertEquals(end, first.length());
            assertEquals(1, first.groups().size());
            Exception e = assertThrows(type, messages::hasNext);
            assertEquals(end, ((dev.cesrj.CesrException) e).offset());
            assertEquals(end, messages.position());
        }
    }
}
