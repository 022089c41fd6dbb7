package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.testing.Corpus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A message body read once and its attachments framed as they arrive ({@code
 * MessageFramer.resume}): what a cut body, counter, AttachmentGroup or group lacks, exactly;
 * where a bare run ends; that an error in a held run is reported as soon as its bytes are in;
 * and that a held run moved to a new buffer gives what the whole-buffer parse gives. Each case
 * is fed as one chunk, with more input to come.
 */
class ResumedFramingTest {
    private static final byte[] BODY = TestStreams.kelSingleFirstBody(); // 299 bytes, v1 JSON
    private static final String SIG = TestStreams.kelSingleFirstAttachments(); // -AAB + 88 chars
    private static final String SIGNATURE = SIG.substring(4);

    /** What feeding one chunk gave: message lengths, needed, held, error. */
    private record Fed(List<Integer> lengths, long needed, boolean held, CesrException error, long base) {
        boolean failed() {
            return error != null;
        }
    }

    /** Feeds {@code parts} as one chunk, more to come. */
    private static Fed fed(CesrOptions options, Object... parts) {
        try (CesrStreamParser parser = new CesrStreamParser(options)) {
            Framed f = parser.feed(concat(parts));
            List<Integer> lengths = new ArrayList<>();
            f.messages().forEach(m -> lengths.add(m.length()));
            return new Fed(lengths, f.needed(), f.held(), f.error().orElse(null), f.offsetBase());
        }
    }

    private static Fed fed(Object... parts) {
        return fed(CesrOptions.DEFAULT, parts);
    }

    private static void assertWaits(long needed, boolean held, Object... parts) {
        Fed f = fed(parts);
        assertNull(f.error());
        assertEquals(List.of(), f.lengths());
        assertEquals(needed, f.needed(), f.toString());
        assertEquals(held, f.held(), f.toString());
    }

    /** The first message returned, of {@code length} bytes, and the whole-buffer parse agrees. */
    private static void assertEndsAt(int length, Object... parts) {
        Fed f = fed(parts);
        assertNull(f.error());
        assertEquals(List.of(length), f.lengths());
        StreamingRuns.Outcome whole = StreamingRuns.whole(concat(parts), CesrOptions.DEFAULT);
        assertEquals(length, whole.messages().get(0).get("length").asInt());
    }

    @Test
    void aCutBodyLacksExactlyTheRestOfIt() {
        for (int cut : new int[] {27, 28, 100, 298}) {
            assertWaits(299 - cut, false, (Object) Arrays.copyOf(BODY, cut));
        }
        assertWaits(1, true, (Object) BODY);
        byte[] v2 = TestStreams.jsonV2("icp", "x");
        assertWaits(v2.length - 30, false, (Object) Arrays.copyOf(v2, 30));
    }

    @Test
    void aCutCounterOrAttachmentGroupAfterTheBodyLacksExactlyTheRest() {
        assertWaits(3, false, BODY, "-");
        assertWaits(2, false, BODY, "-V");
        assertWaits(6, false, BODY, "--");
        assertWaits(5, false, BODY, "--V");
        assertWaits(4, false, BODY, "--V_");
        assertWaits(1, false, BODY, "-VA");
        assertWaits(4, false, BODY, "-VAB");
        assertWaits(1, false, BODY, "-VABxyz");
        assertWaits(4 * 4095, false, BODY, "-V__");
        assertEndsAt(303 + 4, BODY, "-VAB-AAA", "{");
        assertEndsAt(303, BODY, "-VAA", "{");
        // the bare run of a version 2 body is read with CESR 2.0, where -C is the AttachmentGroup
        byte[] v2 = TestStreams.jsonV2("icp", "x");
        assertWaits(4, false, v2, "-CAB");
        assertWaits(88 + 4, true, v2, "-KAX"); // ControllerIdxSigs: 23 quadlets
        // after a version 1 body, -C is CESR 1.0's NonTransReceiptCouples or CESR 2.0's
        // AttachmentGroup: with the table inferred, the first byte of its content tells
        assertWaits(1, false, BODY, "-CAB");
        assertWaits(132 - 1, true, BODY, "-CABD");
        assertWaits(4 - 1, false, BODY, "-CAB-");
    }

    @Test
    void anAttachmentGroupAboveTheLimitOrWithABadCountFailsAtOnce() {
        assertInstanceOf(FrameTooLargeException.class, fed(BODY, "--V_____").error());
        CesrOptions small = CesrOptions.builder().maxFrameBytes(1000).build();
        assertInstanceOf(FrameTooLargeException.class, fed(small, BODY, "-V__").error());
        assertInstanceOf(MalformedException.class, fed(BODY, "-V!!").error());
    }

    @Test
    void aRunEndsAtAMessageStartAGenusVersionCodeOrAMessageCounter() {
        assertEndsAt(391, BODY, SIG, "{");
        assertEndsAt(391, BODY, SIG, "-_AAA");
        assertEndsAt(391, BODY, SIG, "-_AA");
        // a counter at a group boundary is a counter, whatever follows it
        assertEndsAt(391, BODY, SIG, "-UAB");
        assertEndsAt(391, BODY, SIG, "-UABx");
        assertEndsAt(391, BODY, SIG, "-WAB4");
        assertEndsAt(391, BODY, SIG, "-TAB{");
        // a counter that does not end a run: a WitnessIdxSigs group, cut
        assertWaits(88, true, BODY, SIG, "-BAB");
        assertWaits(1, true, BODY, SIG);
        assertWaits(2, true, concat(BODY, SIG, new byte[] {(byte) 0xE0}));
    }

    @Test
    void aCutGroupLacksAtLeastItsRest() {
        assertWaits(78, true, BODY, "-AAB", SIGNATURE.substring(0, 10));
        assertWaits(88, true, BODY, "-AAC", SIGNATURE);
        assertWaits(88 + 40, true, BODY, "-AAC", SIGNATURE.substring(0, 48));
        // an Ed448 signature (0A, 156 characters) cut after 100: the framer says what is left
        String ed448 = "0AAA" + "A".repeat(152);
        assertWaits(56, true, BODY, "-AAB", ed448.substring(0, 100));
    }

    @Test
    void anErrorInAHeldRunIsReportedAsSoonAsItsBytesAreIn() {
        for (Object[] parts : List.of(
                new Object[] {BODY, SIG, "\n"},
                new Object[] {BODY, "-AAC", "!"},
                new Object[] {BODY, "-AAC", SIGNATURE, "!"},
                new Object[] {BODY, SIG, "-z"},
                new Object[] {BODY, SIG, "-AAB", "_"})) {
            Fed f = fed(parts);
            assertTrue(f.failed(), f.toString());
            String whole = StreamingRuns.whole(concat(parts), CesrOptions.DEFAULT).error();
            assertEquals(whole, StreamingRuns.describe(f.error(), f.base()));
        }
        assertInstanceOf(ColdStartException.class, fed(BODY, SIG, "\n").error());
        assertInstanceOf(UnknownCodeException.class, fed(BODY, SIG, "-z").error());
    }

    /**
     * A group of the bare run that the end of the bytes cuts, with a bad value (an index character
     * outside Base64url, non-zero pad bits of a whole signature) in its bytes already in: the
     * framer reports it by this read, as the whole-buffer parse of the same bytes does, rather
     * than waiting for the rest of the group; the same group cut before the bad bytes waits for
     * exactly what it lacks.
     */
    @Test
    void aBadValueBeforeTheCutOfAHeldGroupIsReportedByTheReadThatBringsIt() {
        String badIndex = "A!" + SIGNATURE.substring(2);
        String badPad = "AAz" + SIGNATURE.substring(3);
        for (Object[] parts : List.of(
                new Object[] {BODY, SIG, "-AAC", badIndex, SIGNATURE.substring(0, 10)},
                new Object[] {BODY, SIG, "-AAD", SIGNATURE, badPad, SIGNATURE.substring(0, 50)},
                new Object[] {BODY, "-AAC", badIndex.substring(0, 2)})) {
            Fed f = fed(parts);
            assertTrue(f.failed(), f.toString());
            String whole = StreamingRuns.whole(concat(parts), CesrOptions.DEFAULT).error();
            assertEquals(whole, StreamingRuns.describe(f.error(), f.base()));
        }
        assertInstanceOf(MalformedException.class, fed(BODY, SIG, "-AAC", badIndex, "A").error());
        assertInstanceOf(NonCanonicalException.class,
                fed(BODY, SIG, "-AAD", SIGNATURE, badPad, SIGNATURE.substring(0, 50)).error());
        // pad bits are checked once their signature is whole, as the whole-buffer parse does
        assertWaits(38 + 88, true, BODY, SIG, "-AAC", badPad.substring(0, 50));
        assertWaits(88 + 78, true, BODY, SIG, "-AAC", SIGNATURE.substring(0, 10));
    }

    /** The first message of a corpus stream, its attachment groups repeated: one long bare run. */
    private static byte[] longRun(String file, int times) {
        byte[] stream = Corpus.bytes(file);
        try (Messages messages = Messages.copyOf(stream)) {
            Message m = messages.next();
            int start = (int) m.offset();
            int runStart = (int) m.attachments().get(0).offset();
            int end = start + m.length();
            byte[] run = Arrays.copyOfRange(stream, runStart, end);
            byte[][] parts = new byte[times + 1][];
            parts[0] = Arrays.copyOfRange(stream, start, end);
            Arrays.fill(parts, 1, parts.length, run);
            return concat((Object[]) parts);
        }
    }

    /**
     * A message that the framer, not {@code resume}, starts (a genus-version code before it, a
     * NonNativeBodyGroup body, a CBOR body read before keripy's 27 bytes are in) is kept when its
     * bare run reaches the end of the bytes, and framed on from there: fed one byte at a time, it
     * is framed a few times while its start arrives, not once per byte of its run.
     */
    @Test
    void aMessageTheFramerStartsIsFramedOnNotAgain() {
        byte[] nonNative = concat(TestStreams.bodyGroupV1(TestStreams.jsonV1("rct", "x")), SIG.repeat(40));
        for (byte[] stream : List.of(
                longRun("kel_single.v2.bare.txt.cesr", 40),
                longRun("kel_cbor.v1.bare.txt.cesr", 20),
                nonNative)) {
            StreamingRuns.Outcome whole = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
            assertNull(whole.error());
            StreamingRuns.Outcome streamed =
                    StreamingRuns.streamed(stream, CesrOptions.DEFAULT, StreamingRuns.Chunker.fixed(1), false);
            assertEquals(whole.messages(), streamed.messages());
            assertTrue(streamed.attempts() <= 8, streamed.attempts() + " attempts for " + stream.length + " bytes");
        }
    }

    @Test
    void aHeldRunMovedToANewBufferIsTheWholeBufferParse() {
        byte[] nested = TestStreams.jsonV1("rct", "x");
        String bodyGroup = TestStreams.bodyGroupV1(nested) + SIG;
        String attachmentGroup = TestStreams.counter("-V", bodyGroup.length() / 4) + bodyGroup;
        byte[] next = TestStreams.kelSingleFirstMessage();
        // a run without and with a message nested in an AttachmentGroup in its middle; the second
        // chunk makes the parser grow its buffer (its first holds 4096 bytes)
        for (String middle : new String[] {SIG, attachmentGroup}) {
            byte[] first = concat(BODY, SIG, middle);
            byte[] second = concat(SIG.repeat(60), next);
            byte[] stream = concat(first, second);
            StreamingRuns.Outcome whole = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
            assertNull(whole.error());
            List<ObjectNode> got = new ArrayList<>();
            try (CesrStreamParser parser = new CesrStreamParser()) {
                assertTrue(parser.feed(first).held());
                int before = parser.cumulationCapacity();
                Framed f = parser.feed(second);
                assertTrue(parser.cumulationCapacity() > before, "a new buffer");
                f.messages().forEach(m -> got.add(StreamingRuns.project(m, f.offsetBase())));
                Framed end = parser.endOfInput();
                end.messages().forEach(m -> got.add(StreamingRuns.project(m, end.offsetBase())));
                assertEquals(whole.messages(), got);
                // the held run is framed on over the new buffer; one that holds a nested message
                // is framed again from its body (nested messages are not moved)
                assertEquals(middle == SIG ? 2 : 3, parser.attempts());
            }
        }
    }
}
