package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.TruncatedException;
import dev.cesrj.alloc.CountingAllocator;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.IllegalReferenceCountException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

import org.junit.jupiter.api.Test;

/**
 * Who owns what: the parser takes over every fed {@code ByteBuf} and releases it exactly once
 * (at once, or at its next call when the returned messages view it in place); it owns its
 * cumulation (from the options' allocator) and releases it on close; returned messages are views
 * valid until the next call, or until {@link Framed#close()} after {@link Framed#retain()}. Pooled
 * buffers throughout, under the paranoid leak detection that fails any test leaking one; error
 * paths included.
 */
class CesrStreamParserOwnershipTest {
    private static final PooledByteBufAllocator POOL = PooledByteBufAllocator.DEFAULT;

    private static ByteBuf pooled(byte[] bytes, boolean direct) {
        ByteBuf b = direct ? POOL.directBuffer(bytes.length) : POOL.heapBuffer(bytes.length);
        return b.writeBytes(bytes);
    }

    private static List<ObjectNode> project(Framed f) {
        List<ObjectNode> out = new ArrayList<>();
        for (Message m : f.messages()) {
            out.add(StreamingRuns.project(m, f.offsetBase()));
        }
        return out;
    }

    @Test
    void aChunkCopiedIntoTheCumulationIsReleasedAtOnce() {
        byte[] first = TestStreams.kelSingleFirstMessage();
        try (CesrStreamParser parser = new CesrStreamParser()) {
            parser.feed(first, 0, 100); // something buffered: the next chunk is copied
            ByteBuf chunk = pooled(first, true);
            chunk.readerIndex(100);
            Framed f = parser.feed(chunk);
            assertEquals(0, chunk.refCnt());
            assertTrue(f.held());
        }
    }

    @Test
    void anAdoptedChunkIsReleasedAtTheNextCall() {
        byte[] stream = Corpus.bytes(TestStreams.KEL_SINGLE_V1);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            ByteBuf chunk = pooled(stream, false);
            Framed f = parser.feed(chunk);
            assertEquals(8, f.messages().size(), "framed in place; the last message is held");
            assertEquals(1, chunk.refCnt(), "the messages view it until the next call");
            // zero copy: a message's body is a view of the fed buffer
            chunk.setByte(1, 'X');
            assertEquals('X', f.messages().get(0).body().getByte(1));
            chunk.setByte(1, '"');
            Framed end = parser.endOfInput();
            assertEquals(0, chunk.refCnt());
            assertEquals(1, end.messages().size());
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            ByteBuf chunk = pooled(stream, true);
            assertEquals(8, parser.feed(chunk).messages().size());
            assertEquals(1, chunk.refCnt());
            parser.close();
            assertEquals(0, chunk.refCnt(), "close releases it");
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            ByteBuf chunk = pooled(java.util.Arrays.copyOf(stream, 200), false);
            Framed f = parser.feed(chunk);
            assertEquals(0, f.messages().size());
            assertEquals(0, chunk.refCnt(), "nothing framed in it: its bytes were copied and it is released");
            assertEquals(200, f.buffered());
        }
    }

    @Test
    void aChunkFedToAFailedEndedOrClosedParserIsReleased() {
        CesrStreamParser parser = new CesrStreamParser();
        assertTrue(parser.feed(pooled(ascii("!yz"), false)).failed());
        ByteBuf chunk = pooled(ascii("{"), true);
        assertThrows(IllegalStateException.class, () -> parser.feed(chunk));
        assertEquals(0, chunk.refCnt());
        parser.close();
        ByteBuf late = pooled(ascii("{"), false);
        assertThrows(IllegalStateException.class, () -> parser.feed(late));
        assertEquals(0, late.refCnt());
        try (CesrStreamParser ended = new CesrStreamParser()) {
            ended.endOfInput();
            ByteBuf after = pooled(ascii("{"), false);
            assertThrows(IllegalStateException.class, () -> ended.feed(after));
            assertEquals(0, after.refCnt());
        }
    }

    @Test
    void messagesInTheCumulationDieWithTheParser() {
        byte[] stream = concat(TestStreams.kelSingleFirstMessage(), "{");
        CesrStreamParser parser = new CesrStreamParser();
        Framed f = parser.feed(stream); // a byte[] is copied into the cumulation
        Message m = f.messages().get(0);
        assertEquals('{', m.body().getByte(0));
        parser.close();
        assertThrows(IllegalReferenceCountException.class, () -> m.body().getByte(0));
        assertThrows(IllegalReferenceCountException.class, () -> m.groups().get(0).qb64().getByte(0));
        assertThrows(IllegalStateException.class, f::retain, "too late to retain");
    }

    @Test
    void aRetainedResultOutlivesLaterCallsCompactionAndClose() {
        byte[] stream = Corpus.bytes("kel_witnessed.v1.bare.txt.cesr");
        CesrStreamParser parser = new CesrStreamParser();
        Framed kept = parser.feed(stream, 0, 3000).retain();
        List<ObjectNode> before = project(kept);
        assertEquals(3, before.size(), "icp, rct, ixn; the next rct is cut");
        Framed notKept = parser.feed(stream, 3000, 500);
        parser.feed(stream, 3500, 500);
        assertThrows(IllegalStateException.class, notKept::retain, "retain() after the next call");
        // later chunks fill the cumulation: the parser moves to a new buffer, never compacting
        // the retained one under its views
        for (int i = 4000; i < stream.length; i += 500) {
            parser.feed(stream, i, Math.min(500, stream.length - i));
        }
        assertEquals(1, parser.endOfInput().messages().size());
        parser.close();
        assertEquals(before, project(kept), "views unchanged after later calls and close");
        kept.close();
        kept.close();
        assertThrows(IllegalReferenceCountException.class, () -> kept.messages().get(0).body().getByte(0));
    }

    @Test
    void aRetainedInPlaceResultKeepsTheFedBuffer() {
        byte[] stream = Corpus.bytes(TestStreams.KEL_SINGLE_V1);
        ByteBuf chunk = pooled(stream, true);
        List<ObjectNode> before;
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed kept = parser.feed(chunk).retain();
            before = project(kept);
            assertEquals(2, chunk.refCnt());
            parser.feed(ascii("{"));
            parser.endOfInput();
            assertEquals(1, chunk.refCnt());
            parser.close();
            assertEquals(before, project(kept));
            kept.close();
        }
        assertEquals(0, chunk.refCnt());
    }

    @Test
    void theCumulationComesFromTheOptionsAllocatorAndIsReleasedOnClose() {
        CountingAllocator allocator = new CountingAllocator();
        CesrOptions options = CesrOptions.builder().allocator(allocator).build();
        byte[] stream = Corpus.bytes(TestStreams.KEL_SINGLE_V1);
        try (CesrStreamParser parser = new CesrStreamParser(options)) {
            for (int i = 0; i < stream.length; i += 1024) {
                parser.feed(stream, i, Math.min(1024, stream.length - i));
            }
            assertEquals(1, parser.endOfInput().messages().size());
            assertTrue(allocator.buffers() >= 1);
            assertTrue(allocator.buffers() <= 3, "buffers " + allocator.buffers());
        }
    }

    @Test
    void errorPathsLeakNothing() {
        assumeTrue(LeakDetectionExtension.isActive(), "leak detection disabled");
        byte[] good = TestStreams.kelSingleFirstMessage();
        try (LeakDetectionExtension.Scope scope = LeakDetectionExtension.openScope("stream errors")) {
            // a failure, then close without a decision
            CesrStreamParser a = new CesrStreamParser();
            assertTrue(a.feed(pooled(concat(good, "!!"), false)).failed());
            a.close();
            // a failure in an adopted chunk after a message, skip, then a truncation at the end
            CesrStreamParser b = new CesrStreamParser();
            Framed f = b.feed(pooled(concat(good, "{", StreamOf.BAD, good), true));
            assertEquals(1, f.messages().size());
            assertTrue(f.failed());
            Framed s = b.skipToColdStart();
            assertFalse(s.failed(), s::toString);
            Framed mid = b.feed(pooled(java.util.Arrays.copyOf(good, 50), false));
            assertEquals(1, mid.messages().size(), "the held message, released by the next '{'");
            Framed end = b.endOfInput();
            assertInstanceOf(TruncatedException.class, end.error().orElseThrow());
            assertEquals(0, end.messages().size());
            b.close();
            // a frame too large, retained results released late
            CesrStreamParser c = new CesrStreamParser();
            Framed r = c.feed(pooled(concat(good, "--V_____"), false)).retain();
            assertInstanceOf(FrameTooLargeException.class, r.error().orElseThrow());
            c.close();
            r.close();
            assertEquals(Optional.empty(), scope.check());
        }
    }

    @Test
    void feedCopyNeitherKeepsNorReleasesNorMovesTheChunk() {
        byte[] stream = Corpus.bytes(CesrStreamParserTest.KEL_WITNESSED_V1);
        StreamingRuns.Outcome expected = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
        for (boolean direct : new boolean[] {false, true}) {
            List<ObjectNode> got = new ArrayList<>();
            try (CesrStreamParser parser = new CesrStreamParser()) {
                for (int from = 0; from < stream.length; from += 700) {
                    int n = Math.min(700, stream.length - from);
                    ByteBuf chunk = pooled(java.util.Arrays.copyOfRange(stream, from, from + n), direct);
                    Framed f = parser.feedCopy(chunk);
                    assertEquals(1, chunk.refCnt(), "the caller's reference, untouched");
                    assertEquals(0, chunk.readerIndex());
                    assertEquals(n, chunk.writerIndex());
                    // a copy: the messages do not view the chunk
                    chunk.setByte(0, '!');
                    chunk.release();
                    got.addAll(project(f));
                    assertEquals(parser.unconsumed().readableBytes(), parser.buffered());
                    assertEquals(f.buffered(), parser.buffered());
                }
                got.addAll(project(parser.endOfInput()));
                assertEquals(0, parser.buffered());
            }
            assertEquals(expected.messages(), got, direct ? "direct chunks" : "heap chunks");
        }
    }

    @Test
    void feedCopyOnAFailedEndedOrClosedParserThrowsAndLeavesTheChunkToItsOwner() {
        ByteBuf chunk = pooled(ascii("{\"v\":\"KERI10JSON0000zz_\",\"t\":\"icp\"}"), false);
        try {
            CesrStreamParser failed = new CesrStreamParser();
            assertTrue(failed.feedCopy(chunk).failed());
            assertEquals(1, chunk.refCnt());
            assertThrows(IllegalStateException.class, () -> failed.feedCopy(chunk));
            assertEquals(1, chunk.refCnt());
            failed.close();
            assertThrows(IllegalStateException.class, () -> failed.feedCopy(chunk));
            assertThrows(IllegalStateException.class, failed::buffered);
            CesrStreamParser ended = new CesrStreamParser();
            ended.endOfInput();
            assertThrows(IllegalStateException.class, () -> ended.feedCopy(chunk));
            ended.close();
            assertEquals(1, chunk.refCnt());
        } finally {
            chunk.release();
        }
    }

    /**
     * Feeds the parser its own unfinished bytes back (a misuse, but one that must not corrupt the
     * stream): the first 2,535 bytes of the stream, then those of them still buffered, through
     * {@code how}; then the input ends. The result must be the whole-buffer parse of the same
     * bytes. 2,535 bytes leave 1,561 of the 4,096-byte cumulation free, fewer than the bytes fed
     * back, so the parser makes room by moving what it buffers: the bytes that the fed view reads.
     */
    private static void feedsItsOwnBytesBack(
            String how, BiFunction<CesrStreamParser, Framed, Framed> feedBack) {
        byte[] stream = Corpus.bytes("exchange_big.v1.bare.txt.cesr");
        int cut = 2535;
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed first = parser.feed(stream, 0, cut);
            List<ObjectNode> got = new ArrayList<>(project(first));
            byte[] rest = ByteBufUtil.getBytes(parser.unconsumed());
            assertTrue(rest.length > 4096 - cut, "the bytes fed back do not fit beside what is buffered");
            Framed back = feedBack.apply(parser, first);
            got.addAll(project(back));
            // nothing completes: the fed bytes follow the buffered ones, unchanged
            assertEquals(0, back.messages().size(), how);
            assertEquals(latin1(concat(rest, rest)), latin1(ByteBufUtil.getBytes(parser.unconsumed())), how);
            Framed end = parser.endOfInput();
            got.addAll(project(end));
            byte[] expected = concat(java.util.Arrays.copyOf(stream, cut), rest);
            StreamingRuns.Outcome whole = StreamingRuns.whole(expected, CesrOptions.DEFAULT);
            assertEquals(whole.messages(), got, how);
            assertEquals(whole.error(),
                end.error().map(e -> StreamingRuns.describe(e, end.offsetBase())).orElse(null), how);
        }
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Test
    void bytesFedBackFromTheParsersOwnBufferAreCopiedBeforeTheyMove() {
        feedsItsOwnBytesBack("feedCopy(unconsumed())", (p, f) -> p.feedCopy(p.unconsumed()));
        feedsItsOwnBytesBack("feedCopy(a composite of two wrappers of the result buffer's array)", (p, f) -> {
            ByteBuf b = f.buffer();
            int from = b.arrayOffset() + b.readerIndex();
            int half = b.readableBytes() / 2;
            CompositeByteBuf c = Unpooled.compositeBuffer();
            c.addComponents(true, Unpooled.wrappedBuffer(b.array(), from, half),
                Unpooled.wrappedBuffer(b.array(), from + half, b.readableBytes() - half));
            try {
                return p.feedCopy(c);
            } finally {
                c.release();
            }
        });
        feedsItsOwnBytesBack("feed(byte[]) over the result buffer's array", (p, f) -> {
            ByteBuf b = f.buffer();
            return p.feed(b.array(), b.arrayOffset() + b.readerIndex(), b.readableBytes());
        });
        feedsItsOwnBytesBack("feed(Unpooled.wrappedBuffer(the result buffer's array))", (p, f) -> {
            ByteBuf b = f.buffer();
            return p.feed(Unpooled.wrappedBuffer(b.array(), b.arrayOffset() + b.readerIndex(), b.readableBytes()));
        });
        feedsItsOwnBytesBack("feed(unconsumed().retain())", (p, f) -> p.feed(p.unconsumed().retain()));
        // memory cesrj cannot place: a read-only heap ByteBuffer has neither array nor address
        feedsItsOwnBytesBack("feedCopy(a wrapper of unconsumed().nioBuffer())",
            (p, f) -> p.feedCopy(Unpooled.wrappedBuffer(p.unconsumed().nioBuffer())));
        feedsItsOwnBytesBack("feed(a wrapper of unconsumed().nioBuffer())",
            (p, f) -> p.feed(Unpooled.wrappedBuffer(p.unconsumed().nioBuffer())));
    }

    /**
     * The bytes of a fed buffer that the parser framed in place (its last result views it) fed
     * back, and likewise the bytes of its cumulation once it has emptied it: they are read before
     * the parser lets go of that buffer, and the messages framed from them are not written over by
     * what the parser keeps of them. The first two messages of a stream whose messages end at once
     * (grouped attachments), framed in one fed buffer or in the cumulation; then those two again,
     * the second cut in half.
     */
    @Test
    void bytesFedBackFromAnAdoptedBufferAreCopiedBeforeItIsReleased() {
        byte[] stream = Corpus.bytes("exchange.v1.grouped.txt.cesr");
        StreamingRuns.Outcome all = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
        int two = all.messages().get(2).get("offset").asInt();
        int back = two - (two - all.messages().get(1).get("offset").asInt()) / 2;
        List<FeedBack> ways = List.of(
            new FeedBack("feed(a wrapper of the result buffer's array)", true,
                (p, f) -> p.feed(Unpooled.wrappedBuffer(f.buffer().array(),
                    f.buffer().arrayOffset() + f.bufferIndex(0), back))),
            new FeedBack("feed(a retained slice of the result buffer)", false,
                (p, f) -> p.feed(f.buffer().retainedSlice(f.bufferIndex(0), back))),
            new FeedBack("feedCopy(a slice of the result buffer)", false,
                (p, f) -> p.feedCopy(f.buffer().slice(f.bufferIndex(0), back))),
            new FeedBack("feedCopy(a wrapper of the result buffer's nioBuffer)", false,
                (p, f) -> p.feedCopy(Unpooled.wrappedBuffer(f.buffer().nioBuffer(f.bufferIndex(0), back)))),
            new FeedBack("feed(the result buffer's array)", true, (p, f) -> {
                ByteBuf b = f.buffer();
                return p.feed(b.array(), b.arrayOffset() + f.bufferIndex(0), back);
            }));
        byte[] expected = concat(java.util.Arrays.copyOf(stream, two), java.util.Arrays.copyOf(stream, back));
        List<ObjectNode> wanted = StreamingRuns.whole(expected, CesrOptions.DEFAULT).messages();
        for (boolean adopted : new boolean[] {false, true}) {
            for (boolean direct : new boolean[] {false, true}) {
                for (FeedBack way : ways) {
                    if (direct && way.needsArray()) {
                        continue; // a direct buffer has no array to wrap
                    }
                    String how = way.name() + (direct ? ", direct" : ", heap")
                        + (adopted ? ", framed in the fed buffer" : ", framed in the cumulation");
                    try (CesrStreamParser parser = new CesrStreamParser()) {
                        int first = adopted ? 0 : 50;
                        List<ObjectNode> got = new ArrayList<>(project(parser.feed(stream, 0, first)));
                        ByteBuf chunk = pooled(java.util.Arrays.copyOfRange(stream, first, two), direct);
                        Framed f = parser.feed(chunk);
                        assertEquals(adopted, f.buffer() == chunk, how);
                        assertEquals(2, f.messages().size(), how);
                        assertEquals(0, parser.buffered(), how);
                        got.addAll(project(f));
                        got.addAll(project(way.feed().apply(parser, f))); // read before the next call
                        got.addAll(project(parser.endOfInput()));
                        assertEquals(wanted, got, how);
                    }
                }
            }
        }
    }

    /** A way to feed a parser bytes of its last result's buffer. */
    private record FeedBack(String name, boolean needsArray, BiFunction<CesrStreamParser, Framed, Framed> feed) {}

    /** Pieces of bad input. */
    private static final class StreamOf {
        static final byte[] BAD = ascii("\"v\":\"KERI10JSON0000zz_\",\"t\":\"icp\"}");
    }
}
