package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ColdStartException;
import dev.cesrj.group.Group;
import dev.cesrj.testing.Corpus;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * An AttachmentGroup ({@code -V}/{@code -C}) right after a body holds all of that message's
 * attachments: the message ends with it (keripy {@code msgParsator} frames the group
 * and stops). Before the fix cesrj went on reading the groups after it into the same message.
 */
class AttachmentGroupEndsMessageTest {

    @Test
    void groupAfterALeadingAttachmentGroupIsNotPartOfTheMessage() {
        // kel_single v1 grouped, message 0: 299-byte body, -VAX and 23 quadlets (395 bytes)
        byte[] first = Arrays.copyOf(Corpus.bytes("kel_single.v1.grouped.txt.cesr"), 395);
        String extra = TestStreams.kelSingleFirstAttachments(); // -AAB + signature
        try (Messages messages = Messages.copyOf(concat(first, extra))) {
            Message m = messages.next();
            assertEquals(395, m.length());
            List<Group> groups = m.groups();
            assertEquals(2, groups.size());
            assertEquals("-V", groups.get(0).code().code());
            assertEquals("-A", groups.get(1).code().code());
            ColdStartException e = assertThrows(ColdStartException.class, messages::hasNext);
            assertEquals(395, e.offset());
            assertEquals("-A", e.code());
        }
    }

    @Test
    void messageAfterALeadingAttachmentGroupStartsAtItsEnd() {
        byte[] stream = Corpus.bytes("kel_single.v1.grouped.txt.cesr");
        try (Messages messages = Messages.copyOf(stream)) {
            assertEquals(395, messages.next().length());
            assertEquals(395, messages.next().offset());
        }
    }

    @Test
    void attachmentGroupAfterOtherGroupsStaysInTheMessage() {
        // a bare group first: the run goes on, and a later AttachmentGroup is read as part of it
        byte[] message = TestStreams.kelSingleFirstMessage();
        String wrapped = "-VAX" + TestStreams.kelSingleFirstAttachments();
        try (Messages messages = Messages.copyOf(concat(message, wrapped))) {
            Message m = messages.next();
            assertEquals(391 + 96, m.length());
            assertEquals(3, m.groups().size());
            assertEquals(2, m.attachments().size());
            assertFalse(messages.hasNext());
        }
    }
}
