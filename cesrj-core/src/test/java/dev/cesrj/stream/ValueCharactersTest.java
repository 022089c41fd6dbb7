package dev.cesrj.stream;

import static dev.cesrj.stream.GenericGroupTest.alignedV1Messages;
import static dev.cesrj.stream.GenericGroupTest.generic;
import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.testing.Corpus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CesrOptions#checkValueCharacters()}: off, a value character outside Base64url is framed
 * (and refused when decoded); on, it is a {@link MalformedException} at its offset when framed,
 * whole and streamed alike, and nothing keripy wrote is refused.
 */
class ValueCharactersTest {
    private static final CesrOptions STRICT = CesrOptions.builder().checkValueCharacters(true).build();

    static List<String> messageStreams() {
        return CorpusConformanceTest.messageStreams();
    }

    static List<String> attachmentStreams() {
        return CorpusConformanceTest.attachmentStreams();
    }

    private static List<Long> offsets(byte[] stream, CesrOptions options) {
        List<Long> out = new ArrayList<>();
        try (Messages messages = Messages.copyOf(stream, options)) {
            messages.forEachRemaining(m -> out.add(m.offset()));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("messageStreams")
    void everyCorpusStreamFramesAlikeChecked(String file) {
        byte[] stream = Corpus.bytes(file);
        assertEquals(offsets(stream, CesrOptions.DEFAULT), offsets(stream, STRICT));
    }

    @ParameterizedTest
    @MethodSource("attachmentStreams")
    void everyCorpusAttachmentStreamFramesAlikeChecked(String file) {
        byte[] stream = Corpus.bytes(file);
        int n = 0;
        try (Groups groups = Groups.copyOf(stream, STRICT)) {
            for (Group g : groups) {
                n++;
            }
        }
        assertTrue(n > 0);
    }

    @Test
    void aBadCharacterInASignatureIsRefusedWhenFramedChecked() {
        byte[] message = TestStreams.kelSingleFirstMessage();
        int at = message.length - 10;
        message[at] = '!';
        byte[] stream = concat(message, TestStreams.kelSingleFirstMessage());
        assertEquals(List.of(0L, (long) message.length), offsets(stream, CesrOptions.DEFAULT),
                "not checked by default");
        StreamingRuns.Outcome whole = StreamingRuns.whole(stream, STRICT);
        assertEquals("MalformedException(MALFORMED_CHARACTER)@" + at, whole.error());
        for (int chunk : new int[] {1, 7, 100, stream.length}) {
            for (boolean bufs : new boolean[] {false, true}) {
                StreamingRuns.Outcome streamed =
                        StreamingRuns.streamed(stream, STRICT, StreamingRuns.Chunker.fixed(chunk), bufs);
                assertTrue(whole.sameAs(streamed), whole + "\n" + streamed);
            }
        }
        byte[] run = java.util.Arrays.copyOfRange(message, 299, message.length);
        try (Groups groups = Groups.copyOf(run, STRICT)) {
            assertEquals(at - 299, assertThrows(MalformedException.class, groups::next).offset());
        }
    }

    /**
     * A bad character in a group of a bare run is the first error, whatever ends the run (a byte
     * that starts nothing, a cut counter, the end of the input) and however the bytes arrive: a
     * streaming parser may frame the run where the bytes end, before the byte after it has come.
     */
    @Test
    void aBadCharacterInABareRunIsTheFirstErrorWhateverFollowsTheRun() {
        String sig = "AADkc3oI9LRn8jGq55tYUkHUpG6wJkqYD2qypx1JunQqzo8IwruSmQ5rZyjh0BXU0scfrpamB9ivZE81oxHT0g4M";
        String bad = sig.substring(0, 40) + "," + sig.substring(41);
        String v1 = "{\"v\":\"KERI10JSON000019_\"}";
        String v2 = "{\"v\":\"KERICAACAAJSONAAAk.\",\"t\":\"xx\"}";
        // bare, and wrapped in an AttachmentGroup (its content is checked part by part)
        String[][] runs = {
            {v1 + "-AAB", "69"}, {v2 + "-KAW", "80"}, {v1 + "-VAX-AAB", "73"}, {v2 + "-CAX-KAW", "84"}};
        for (String[] run : runs) {
            for (String after : new String[] {"N", "-", "-A", ""}) {
                byte[] stream = (run[0] + bad + after).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                StreamingRuns.Outcome whole = StreamingRuns.whole(stream, STRICT);
                assertEquals("MalformedException(MALFORMED_CHARACTER)@" + run[1], whole.error(), run[0] + " ... " + after);
                for (int chunk : new int[] {1, 2, 3, 7, stream.length}) {
                    StreamingRuns.Outcome streamed =
                            StreamingRuns.streamed(stream, STRICT, StreamingRuns.Chunker.fixed(chunk), false);
                    assertTrue(whole.sameAs(streamed), whole + "\n" + streamed);
                }
            }
        }
    }

    /**
     * Inside a BodyWithAttachmentGroup too, the first bad character in stream order is the error,
     * whole and streamed: one in a field of its CESR-native body (keripy's v2 sub-stream, whose
     * fields are framed by size, not decoded) comes before one in a signature after the body.
     */
    @Test
    void aBadCharacterInAnEnvelopeIsFoundInStreamOrder() {
        CesrOptions strictV2 = CesrOptions.builder()
                .defaultTable(dev.cesrj.code.CounterTable.CESR_2_0).checkValueCharacters(true).build();
        byte[] stream = TestStreams.ascii(NativeBodyMessageTest.SUBSTREAM);
        int inBody = 30; // in the exn's SAID, inside the native body -FBP at 4
        int inSignature = NativeBodyMessageTest.SUBSTREAM.indexOf("-KAW") + 20;
        stream[inSignature] = '!';
        assertEquals("MalformedException(MALFORMED_CHARACTER)@" + inSignature, StreamingRuns.whole(stream, strictV2).error());
        stream[inBody] = '!';
        StreamingRuns.Outcome whole = StreamingRuns.whole(stream, strictV2);
        assertEquals("MalformedException(MALFORMED_CHARACTER)@" + inBody, whole.error());
        for (int chunk : new int[] {1, 7, stream.length}) {
            StreamingRuns.Outcome streamed =
                    StreamingRuns.streamed(stream, strictV2, StreamingRuns.Chunker.fixed(chunk), false);
            assertTrue(whole.sameAs(streamed), whole + "\n" + streamed);
        }
    }

    @Test
    void bodiesAreNotCesrAndAreNotChecked() {
        // JSON bodies, also in a GenericGroup's sub-stream, hold characters outside Base64url
        byte[] inGroup = generic("-T", alignedV1Messages());
        assertEquals(offsets(inGroup, CesrOptions.DEFAULT), offsets(inGroup, STRICT));
        try (Groups groups = Groups.copyOf(inGroup, STRICT)) {
            assertEquals("GenericGroup", groups.next().name());
        }
    }
}
