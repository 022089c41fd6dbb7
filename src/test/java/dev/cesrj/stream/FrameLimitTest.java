package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.bodyGroupV1;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link CesrOptions#maxFrameBytes()} at its edges, the same whole and streamed: a message of at
 * most the limit is accepted whatever follows it (the counter that ends its bare run may lie past
 * the limit), one byte more is refused at its offset, and a limit smaller than a version string
 * is reported on the body's declared size, as {@link Messages} reports it.
 */
class FrameLimitTest {
    private static final int LIMIT = 400;
    private static final CesrOptions OPTIONS = CesrOptions.builder().maxFrameBytes(LIMIT).build();

    /** A v1 message of {@code length} bytes: a JSON body, then {@code -AAB} and a signature (92 bytes). */
    private static byte[] message(int length) {
        byte[] body = TestStreams.jsonV1("icp", "E".repeat(length - 92 - 42));
        return concat(body, TestStreams.kelSingleFirstAttachments());
    }

    /** What may follow a message, each ending its bare run with a counter of its own. */
    private static Map<String, byte[]> followers() {
        byte[] small = message(136); // 136: whole quadlets, to fit a GenericGroup
        String enveloped = bodyGroupV1(TestStreams.jsonV1("icp", ""))
                + TestStreams.kelSingleFirstAttachments();
        return Map.of(
                "a genus-version code", concat("-_AAABAA", small),
                "a GenericGroup", concat(counter("-T", small.length / 4), small),
                "a BodyWithAttachmentGroup", concat(counter("-U", enveloped.length() / 4), enveloped),
                "a JSON body", small);
    }

    private static List<StreamingRuns.Chunker> chunkers() {
        return List.of(StreamingRuns.Chunker.whole(), StreamingRuns.Chunker.fixed(1),
                StreamingRuns.Chunker.fixed(7), StreamingRuns.Chunker.fixed(97));
    }

    @Test
    void aMessageOfAtMostTheLimitIsAcceptedWhateverFollowsIt() {
        for (Map.Entry<String, byte[]> follower : followers().entrySet()) {
            for (int length = LIMIT - 8; length <= LIMIT + 1; length++) {
                byte[] stream = concat(message(length), follower.getValue());
                String what = length + " bytes, then " + follower.getKey();
                StreamingRuns.Outcome whole = StreamingRuns.whole(stream, OPTIONS);
                if (length <= LIMIT) {
                    assertTrue(whole.messages().size() >= 2, what + ": " + whole);
                } else {
                    assertEquals(0, whole.messages().size(), what);
                    assertEquals("FrameTooLargeException@0", whole.error(), what);
                }
                for (StreamingRuns.Chunker c : chunkers()) {
                    for (boolean bufs : new boolean[] {false, true}) {
                        StreamingRuns.Outcome streamed = StreamingRuns.streamed(stream, OPTIONS, c, bufs);
                        assertTrue(whole.sameAs(streamed), what + "\n" + whole + "\n" + streamed);
                    }
                }
            }
        }
        assertNull(StreamingRuns.whole(concat(message(LIMIT), message(LIMIT)), OPTIONS).error());
    }

    @Test
    void aLimitBelowAVersionStringIsReportedOnTheDeclaredBodySize() {
        CesrOptions tiny = CesrOptions.builder().maxFrameBytes(20).build();
        byte[] stream = message(300);
        FrameTooLargeException whole;
        try (Messages messages = Messages.copyOf(stream, tiny)) {
            whole = org.junit.jupiter.api.Assertions.assertThrows(
                    FrameTooLargeException.class, messages::hasNext);
        }
        assertEquals(208, whole.declared(), "the body, as its version string says");
        for (int chunk : new int[] {1, 5, 300}) {
            try (CesrStreamParser parser = new CesrStreamParser(tiny)) {
                Framed f = null;
                for (int i = 0; i < stream.length && (f == null || !f.failed()); i += chunk) {
                    f = parser.feed(stream, i, Math.min(chunk, stream.length - i));
                }
                FrameTooLargeException e = assertInstanceOf(FrameTooLargeException.class,
                        f.error().orElseThrow(), "chunk " + chunk);
                assertEquals(whole.offset(), e.offset());
                assertEquals(whole.code(), e.code());
                assertEquals(whole.declared(), e.declared());
                assertTrue(f.buffered() <= 27 + MessageFramer.PEEK + chunk, "buffered " + f.buffered());
            }
        }
    }
}
