package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.stream.StreamingRuns.Chunker;
import dev.cesrj.stream.StreamingRuns.Outcome;
import dev.cesrj.testing.BufferKinds;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus stream frames the same over every {@link BufferKinds kind of buffer} ({@link
 * Messages#over}) as from a heap copy, and pushed through a {@link CesrStreamParser} whose
 * cumulation is a direct buffer that grows (and moves) between feeds.
 */
class MessagesBufferKindsTest {
    private static final long SEED = Long.getLong("cesrj.seed", 0x5eed_cE5AL);

    /** Every corpus stream; under PIT's case scale an even spread of them ({@link Property#spread}). */
    static List<String> streams() {
        return Property.spread(Corpus.streams());
    }

    private static Outcome over(BufferKinds kind, byte[] stream) {
        BufferKinds.Made made = kind.make(stream);
        List<ObjectNode> out = new ArrayList<>();
        String error = null;
        try (Messages messages = Messages.over(made.buf(), CesrOptions.DEFAULT)) {
            while (messages.hasNext()) {
                out.add(StreamingRuns.project(messages.next(), 0));
            }
        } catch (CesrException e) {
            error = StreamingRuns.describe(e, 0);
        } finally {
            made.release();
        }
        return new Outcome(out, error, 0);
    }

    private static void assertSame(Outcome want, Outcome got, String where) {
        assertEquals(want.error(), got.error(), where + ": error");
        assertEquals(want.messages(), got.messages(), where + ": messages");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void framesAlikeOverEveryKindOfBuffer(String file) {
        byte[] stream = Corpus.bytes(file);
        Outcome want = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
        assertTrue(!want.messages().isEmpty() || want.error() != null, file);
        for (BufferKinds kind : BufferKinds.values()) {
            assertSame(want, over(kind, stream), file + " over " + kind);
        }
    }

    /** An allocator whose "heap" buffers are direct: the push parser's cumulation is then direct. */
    private static ByteBufAllocator directCumulation(ByteBufAllocator direct) {
        return new AbstractByteBufAllocator(true) {
            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                return direct.directBuffer(initialCapacity, maxCapacity);
            }

            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                return direct.directBuffer(initialCapacity, maxCapacity);
            }

            @Override
            public boolean isDirectBufferPooled() {
                return direct.isDirectBufferPooled();
            }
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void framesAlikeThroughADirectCumulationThatGrowsBetweenFeeds(String file) {
        byte[] stream = Corpus.bytes(file);
        Outcome want = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
        for (ByteBufAllocator direct : List.of(PooledByteBufAllocator.DEFAULT, UnpooledByteBufAllocator.DEFAULT)) {
            CesrOptions options = CesrOptions.builder().allocator(directCumulation(direct)).build();
            SplittableRandom random = new SplittableRandom(SEED ^ file.hashCode());
            String where = file + " through a direct cumulation from " + direct.getClass().getSimpleName()
                    + " (seed " + SEED + ")";
            assertSame(want, StreamingRuns.streamed(stream, options, Chunker.random(random, 64), false),
                    where + ", chunks of 1..64");
            assertSame(want, StreamingRuns.streamed(stream, options, Chunker.random(random, 700), true),
                    where + ", ByteBuf chunks of 1..700");
            assertSame(want, StreamingRuns.streamed(stream, options, Chunker.fixed(1), false),
                    where + ", one byte at a time");
        }
    }
}
