package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.VersionStringException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.testing.Corpus;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * The genus-version code in force bounds the body versions after it, and selects the table of the
 * attachments of every message in its scope, nested ones included (keripy {@code Serdery.reap}
 * refuses a body whose protocol or genus major version is above the stream's; a genus minor
 * version above the latest table's, 0, is refused too). Before the fix cesrj accepted such bodies
 * and read their attachments with the wrong table, and a nested message ignored a genus-version
 * code leading its enclosing AttachmentGroup.
 */
class BodyVersionInForceTest {

    /** kel_single v2 bare without its leading -_AAACAA: a 301-byte v2 body, then -KAW and a signature. */
    private static byte[] kelSingleV2() {
        byte[] s = Corpus.bytes("kel_single.v2.bare.txt.cesr");
        return Arrays.copyOfRange(s, 8, s.length);
    }

    @Test
    void version2BodyUnderGenusVersion1IsRefused() {
        try (Messages messages = Messages.copyOf(concat("-_AAABAA", kelSingleV2()))) {
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(8, e.offset());
            assertEquals("KERICAACAAJSONAAEt.", e.code());
            assertEquals("at offset 8, code KERICAACAAJSONAAEt.: version 2.0, genus 2.0 under CESR 1.0;"
                    + " expected a body of version 1 or lower (the genus-version code in force)",
                    e.getMessage());
        }
    }

    @Test
    void version2BodyUnderGenusVersion1IsRefusedBeforeTheWholeBodyArrives() {
        byte[] cut = Arrays.copyOf(concat("-_AAABAA", kelSingleV2()), 8 + 40);
        try (Messages messages = Messages.copyOf(cut)) {
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(8, e.offset());
        }
    }

    @Test
    void version1BodyUnderGenusVersion2IsAccepted() {
        byte[] input = concat("-_AAACAA", TestStreams.kelSingleFirstBody());
        try (Messages messages = Messages.copyOf(input)) {
            Message m = messages.next();
            assertEquals(1, m.version().major());
            assertEquals(CounterTable.CESR_2_0, m.table());
        }
    }

    @Test
    void genusMinorVersionWithoutATableIsRefused() {
        byte[] body = new String(TestStreams.jsonV2("icp", ""), StandardCharsets.US_ASCII)
                .replace("KERICAACAAJSON", "KERICAACABJSON").getBytes(StandardCharsets.US_ASCII);
        try (Messages messages = Messages.copyOf(body)) {
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(0, e.offset());
        }
        try (Messages messages = Messages.copyOf(concat("-_AAACAA", body))) {
            assertEquals(8, assertThrows(VersionStringException.class, messages::hasNext).offset());
        }
    }

    /**
     * v1 body, then -V holding -_AAACAA and a -B envelope whose v1 body is signed in a -K group: the
     * nested message's attachments are read with CESR 2.0, the table in force, not with the 1.0
     * its body implies.
     */
    @Test
    void genusVersionLeadingAnAttachmentGroupHoldsForNestedMessages() {
        byte[] body = TestStreams.kelSingleFirstBody();
        String sigs = "-KAW" + TestStreams.kelSingleFirstAttachments().substring(4);
        String bodyGroup = TestStreams.texter(body);
        bodyGroup = counter("-H", bodyGroup.length() / 4) + bodyGroup;
        String envelope = counter("-B", (bodyGroup.length() + sigs.length()) / 4) + bodyGroup + sigs;
        String content = "-_AAACAA" + envelope;
        byte[] input = concat(body, counter("-V", content.length() / 4) + content);
        try (Messages messages = Messages.copyOf(input)) {
            Message m = messages.next();
            assertEquals(input.length, m.length());
            assertEquals(CounterTable.CESR_1_0, m.table());
            Message nested = m.nested().get(0);
            assertEquals(CounterTable.CESR_2_0, nested.table());
            assertEquals(1, nested.groups().size());
            assertEquals("-K", nested.groups().get(0).code().code());
            assertEquals(1, nested.signatures().size());
            assertFalse(messages.hasNext());
        }
    }

    /** The same scoping refuses a v2 body nested under a leading -_AAABAA, at its Texter. */
    @Test
    void genusVersionLeadingAnAttachmentGroupBoundsNestedBodies() {
        byte[] v2Body = TestStreams.jsonV2("icp", "");
        String bodyGroup = TestStreams.bodyGroupV1(v2Body);
        String envelope = counter("-U", bodyGroup.length() / 4) + bodyGroup;
        String content = "-_AAABAA" + envelope;
        byte[] body = TestStreams.kelSingleFirstBody();
        byte[] input = concat(body, counter("-V", content.length() / 4) + content);
        try (Messages messages = Messages.copyOf(input)) {
            VersionStringException e = assertThrows(VersionStringException.class, messages::hasNext);
            assertEquals(299 + 4 + 8 + 4 + 4, e.offset());
        }
    }
}
