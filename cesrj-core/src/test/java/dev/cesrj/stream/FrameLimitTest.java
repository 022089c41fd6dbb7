package dev.cesrj.stream;

import dev.cesrj.testing.ErrorShape;
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

    /** The first error of {@code stream}: whole ({@code chunk} 0) or fed {@code chunk} bytes at a time. */
    private static String error(byte[] stream, int chunk) {
        if (chunk == 0) {
            try (Messages messages = Messages.copyOf(stream, OPTIONS)) {
                while (messages.hasNext()) {
                    messages.next();
                }
                return "none";
            } catch (dev.cesrj.CesrException e) {
                return ErrorShape.of(e) + "@" + e.offset() + " " + e.code();
            }
        }
        try (CesrStreamParser parser = new CesrStreamParser(OPTIONS)) {
            Framed f = null;
            for (int i = 0; i < stream.length; i += chunk) {
                f = parser.feed(stream, i, Math.min(chunk, stream.length - i));
                if (f.failed()) {
                    break;
                }
            }
            Framed last = f.failed() ? f : parser.endOfInput();
            return last.error().map(e -> ErrorShape.of(e) + "@"
                    + (last.offsetBase() + e.offset()) + " " + e.code()).orElse("none");
        }
    }

    /**
     * Whatever follows a message longer than the limit, it is refused at its own offset, whole and
     * streamed alike: the run is judged too long at the group boundary past the limit, before the
     * bytes after it are read.
     */
    @Test
    void aMessageAboveTheLimitIsRefusedAtItsOffsetWhateverFollowsIt() {
        List<String> hostile = List.of("####", "-", "--AAABAA", "--V_____", "-AA", "-CAB####", "\0\0\0\0");
        for (String follower : hostile) {
            for (int length = LIMIT + 1; length <= LIMIT + 9; length++) {
                byte[] stream = concat(message(length), follower);
                String whole = error(stream, 0);
                assertEquals("FrameTooLargeException@0 null", whole, length + " then " + follower);
                for (int chunk : new int[] {1, 3, 7, 64, stream.length}) {
                    assertEquals(whole, error(stream, chunk), length + " then " + follower + " by " + chunk);
                }
            }
        }
        // within the limit, the follower's own error is the one reported, alike
        for (String follower : hostile) {
            byte[] stream = concat(message(LIMIT), follower);
            String whole = error(stream, 0);
            for (int chunk : new int[] {1, 3, 7, 64, stream.length}) {
                assertEquals(whole, error(stream, chunk), follower + " by " + chunk);
            }
        }
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
