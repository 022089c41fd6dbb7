package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.stream.CorpusExpectations;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;

/**
 * Pushes a stream through a {@link CesrFrameDecoder} in an {@link EmbeddedChannel} in chunks,
 * ends the input, and writes down what came out: every frame's message (projected only at the
 * end, after all reads, so the frames' views must have survived the later reads) and the
 * exceptions fired.
 */
final class DecoderRuns {
    private DecoderRuns() {
    }

    /** What came out of a decoder: projected messages, the first error (as the stream tests write it), the frames' stream offsets. */
    record Outcome(List<ObjectNode> messages, String error, int errors, boolean open) {
    }

    /** How a stream is cut into chunks: the next chunk's size for the bytes remaining. */
    interface Chunks extends IntUnaryOperator {
        static Chunks whole() {
            return remaining -> remaining;
        }

        static Chunks fixed(int n) {
            return remaining -> n;
        }

        static Chunks random(SplittableRandom random, int max) {
            return remaining -> random.nextInt(1, max + 1);
        }
    }

    /** How each chunk is made: pooled heap, pooled direct, or unpooled (not leak-tracked: cheap for byte-wise runs). */
    enum Buffers {
        POOLED, UNPOOLED;

        ByteBuf chunk(byte[] stream, int from, int n, int i) {
            if (this == UNPOOLED) {
                return Unpooled.wrappedBuffer(stream, from, n);
            }
            ByteBuf b = (i & 1) == 0 ? PooledByteBufAllocator.DEFAULT.heapBuffer(n) : PooledByteBufAllocator.DEFAULT.directBuffer(n);
            return b.writeBytes(stream, from, n);
        }
    }

    static Outcome run(byte[] stream, CesrOptions options, OnMalformed policy, Chunks chunks, Buffers buffers) {
        CesrFrameDecoder decoder = new CesrFrameDecoder(options, policy);
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, recorder);
        try {
            int i = 0;
            int k = 0;
            while (i < stream.length && channel.isOpen()) {
                int n = Math.max(1, Math.min(chunks.applyAsInt(stream.length - i), stream.length - i));
                channel.writeInbound(buffers.chunk(stream, i, n, k++));
                i += n;
                assertEquals(0, decoder.cumulated(), "ByteToMessageDecoder cumulates nothing");
            }
            boolean open = channel.isOpen();
            channel.finish();
            assertEquals(List.of(), recorder.unexpected);
            List<ObjectNode> messages = new ArrayList<>();
            List<ByteBuf> contents = new ArrayList<>();
            for (CesrFrame f : recorder.frames) {
                assertEquals(1, f.refCnt());
                messages.add(CorpusExpectations.project(f.message(), f.streamOffset()));
                contents.add(f.content());
            }
            recorder.releaseAll();
            for (ByteBuf c : contents) {
                // each frame held one reference on its buffer, and nothing else (parser, decoder) holds it
                assertEquals(0, c.refCnt(), "the buffer is freed with the frames framed in it");
            }
            String error = recorder.errors.isEmpty() ? null : describe(recorder.errors.get(0));
            return new Outcome(messages, error, recorder.errors.size(), open);
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    static String describe(Throwable t) {
        if (t instanceof CesrException) {
            return CorpusExpectations.describe((CesrException) t, 0);
        }
        throw new AssertionError("not a CesrException", t);
    }
}
