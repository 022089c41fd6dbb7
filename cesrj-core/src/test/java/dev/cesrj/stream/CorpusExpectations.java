package dev.cesrj.stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;

import java.util.List;

/**
 * The corpus conformance helpers of this package ({@link Projection}, {@link ExpectedJson},
 * {@link StreamingRuns}) for tests of the layers above it (the Netty pipeline): what keripy
 * recorded for a message, what the whole-buffer parse of a stream gives, and the same
 * projection of any framed message.
 */
public final class CorpusExpectations {
    private CorpusExpectations() {
    }

    /** What {@link Messages} over the whole stream gives: the projected messages and the error, if any. */
    public record Reference(List<ObjectNode> messages, String error) {
    }

    /** The whole-buffer parse of {@code stream} (the reference every chunked parse must equal). */
    public static Reference whole(byte[] stream, CesrOptions options) {
        StreamingRuns.Outcome o = StreamingRuns.whole(stream, options);
        return new Reference(o.messages(), o.error());
    }

    /**
     * A message as the streaming tests compare it (offset, length, version, genus-version code,
     * envelope, groups with every item, body bytes, table, signatures), with {@code streamOffset}
     * as its offset.
     */
    public static ObjectNode project(Message m, long streamOffset) {
        return StreamingRuns.project(m, streamOffset - m.offset());
    }

    /** An error as the streaming tests compare it: type, stream offset and, for a truncation, bytes needed. */
    public static String describe(CesrException e, long offsetBase) {
        return StreamingRuns.describe(e, offsetBase);
    }

    /**
     * Asserts that {@code m}, at {@code streamOffset}, is what keripy recorded in {@code expected}
     * (one entry of a stream's {@code .expected.json}; framing fields only, see {@link ExpectedJson}).
     */
    public static void assertExpected(JsonNode expected, Message m, long streamOffset, String path) {
        ObjectNode projected = Projection.message(m, true);
        projected.put("offset", streamOffset);
        ExpectedJson.assertMessage(expected, projected, path);
    }
}
