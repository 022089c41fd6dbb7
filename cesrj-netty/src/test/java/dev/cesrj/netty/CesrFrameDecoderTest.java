package dev.cesrj.netty;

import static dev.cesrj.netty.Wire.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.netty.DecoderRuns.Buffers;
import dev.cesrj.netty.DecoderRuns.Chunks;
import dev.cesrj.netty.DecoderRuns.Outcome;
import dev.cesrj.stream.CorpusExpectations;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.IllegalReferenceCountException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link CesrFrameDecoder} in an {@code EmbeddedChannel}: who owns the frames' bytes, the end of
 * the input (truncation, held messages, input shutdown), the limits and policies of the options,
 * and handing bytes on when removed. Pooled buffers throughout, under the paranoid leak
 * detection that fails any test leaking one, error paths included.
 */
@Timeout(60)
class CesrFrameDecoderTest {
    private static final PooledByteBufAllocator POOL = PooledByteBufAllocator.DEFAULT;
    private static final String KEL = "kel_single.v1.bare.txt.cesr";
    private static final String GROUPED = "kel_witnessed.v1.grouped.txt.cesr";

    private static ByteBuf pooled(byte[] bytes, int from, int n) {
        return POOL.heapBuffer(n).writeBytes(bytes, from, n);
    }

    /** A message that arrives in one read is a view of that read's buffer, held by the frame alone. */
    @Test
    void framesHoldTheReadBufferUntilTheyAreReleased() {
        byte[] stream = Corpus.bytes(GROUPED);
        Recorder recorder = new Recorder();
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, recorder);
        try {
            ByteBuf read = pooled(stream, 0, stream.length);
            channel.writeInbound(read);
            assertEquals(16, recorder.frames.size(), "AttachmentGroup-wrapped: every message at once");
            assertEquals(16, read.refCnt(), "each frame holds one reference on the read buffer; the decoder none");
            assertEquals(0, decoder.buffered());
            CesrFrame first = recorder.frames.get(0);
            // zero copy: the body is a view of the read buffer
            read.setByte(1, 'X');
            assertEquals('X', first.message().body().getByte(1));
            assertEquals('X', first.content().getByte(1));
            read.setByte(1, '"');
            for (int i = 0; i < 15; i++) {
                CesrFrame f = recorder.frames.set(i, null);
                assertTrue(f.release(), "a frame's own count");
                assertEquals(15 - i, read.refCnt(), "the other frames still hold the read");
                assertThrows(IllegalReferenceCountException.class, f::release, "released twice");
                assertThrows(IllegalReferenceCountException.class, f::content);
                assertThrows(IllegalReferenceCountException.class, f::message);
                assertEquals(15 - i, read.refCnt(), "a second release gives back nothing");
            }
            assertEquals(1, read.refCnt(), "the last frame still holds it");
            CesrFrame last = recorder.frames.set(15, null);
            assertEquals(last.message().length(), last.content().readableBytes());
            assertTrue(last.release());
            assertEquals(0, read.refCnt(), "released with the last frame: the parser let go at the read's end");
            assertThrows(IllegalReferenceCountException.class, () -> last.message().body().getByte(0));
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    /**
     * A frame may be retained and released like any reference-counted message; its count is its
     * own, and it holds one reference on the read buffer whatever its count.
     */
    @Test
    void aFrameIsReferenceCounted() {
        byte[] stream = Corpus.bytes(GROUPED);
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(), recorder);
        try {
            channel.writeInbound(pooled(stream, 0, stream.length));
            CesrFrame f = recorder.frames.get(3);
            ByteBuf read = f.content().unwrap();
            assertEquals(1, f.refCnt());
            assertEquals(16, read.refCnt(), "one reference per frame of the read");
            assertEquals(f, f.retain().touch("test"));
            assertEquals(2, f.refCnt());
            assertEquals(16, read.refCnt(), "retaining a frame does not touch the buffer");
            assertEquals(3, recorder.frames.get(0).retain(2).refCnt());
            assertFalse(recorder.frames.get(0).release(2));
            assertFalse(f.release());
            assertEquals(1, f.refCnt());
            assertEquals(16, read.refCnt());
            assertTrue(f.toString().startsWith("CesrFrame KERI10JSON"), f.toString());
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    /** Half a frame, then the end of the input: a truncation error that says what is missing, and no message. */
    @Test
    void halfAFrameThenTheEndGivesATruncationAndNoMessage() {
        byte[] stream = Corpus.bytes(GROUPED);
        int firstLength = CorpusExpectations.whole(stream, CesrOptions.DEFAULT).messages().get(0).get("length").asInt();
        int half = firstLength / 2;
        Recorder recorder = new Recorder();
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, recorder);
        try {
            channel.writeInbound(pooled(stream, 0, half));
            assertEquals(half, decoder.buffered(), "the unfinished message is kept by the parser");
            assertTrue(recorder.events.isEmpty());
            channel.finish();
            assertEquals(List.of("TruncatedException"), recorder.events);
            TruncatedException e = (TruncatedException) recorder.errors.get(0);
            assertEquals(CorpusExpectations.whole(Arrays.copyOf(stream, half), CesrOptions.DEFAULT).error(),
                    DecoderRuns.describe(e), "as the whole-buffer parse of the same bytes");
            assertTrue(e.getMessage().contains("the message at offset 0: need " + firstLength + ", have " + half),
                    e.getMessage());
            assertEquals(0, decoder.buffered(), "released at the end");
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    /**
     * A bare attachment run that reaches the end of the bytes is held until the input ends; an
     * input shutdown ends it once (the channel's closing later adds nothing).
     */
    @Test
    void aHeldMessageIsPassedOnOnceWhenTheInputIsShutDown() {
        byte[] stream = Corpus.bytes(KEL);
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(), recorder);
        try {
            channel.writeInbound(pooled(stream, 0, stream.length));
            assertEquals(8, recorder.frames.size(), "the ninth message's bare run may go on");
            channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
            assertEquals(9, recorder.frames.size());
            channel.finish();
            assertEquals(9, recorder.frames.size());
            assertTrue(recorder.errors.isEmpty());
            CesrFrame last = recorder.frames.get(8);
            assertEquals(stream.length, last.streamOffset() + last.content().readableBytes());
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    /**
     * A 4 GB AttachmentGroup is refused as soon as its counter is in: nothing of it is awaited
     * or buffered, the error names its declared size, and the channel is closed.
     */
    @Test
    void aFourGigabyteGroupIsRefusedAsSoonAsItsCounterArrives() {
        String body = Wire.jsonV1("icp", "E" + "A".repeat(43), 0);
        Recorder recorder = new Recorder();
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, recorder);
        try {
            byte[] head = ascii(body + "--V_____");
            channel.writeInbound(pooled(head, 0, head.length));
            assertEquals(List.of("FrameTooLargeException"), recorder.events);
            FrameTooLargeException e = (FrameTooLargeException) recorder.errors.get(0);
            assertTrue(e.getMessage().contains("4294967292") || e.getMessage().contains("4294967300"), e.getMessage());
            assertFalse(channel.isOpen(), "closed");
            assertEquals(0, decoder.buffered());
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    /** A frame over the configured maximum is refused before its bytes arrive. */
    @Test
    void theMaximumFrameSizeIsTheOptionsOne() {
        byte[] stream = Corpus.bytes(GROUPED);
        CesrOptions small = CesrOptions.builder().maxFrameBytes(256).build();
        CorpusExpectations.Reference want = CorpusExpectations.whole(stream, small);
        assertTrue(want.error().startsWith("FrameTooLargeException@0"), want.error());
        Outcome got = DecoderRuns.run(stream, small, OnMalformed.CLOSE, Chunks.fixed(64), Buffers.POOLED);
        assertEquals(want.error(), got.error());
        assertEquals(0, got.messages().size());
        assertFalse(got.open(), "closed after the first 64 bytes");
    }

    @Test
    void theNestingDepthIsTheOptionsOne() {
        byte[] stream = Corpus.bytes("nested_kel.v1.nested.txt.cesr");
        CesrOptions shallow = CesrOptions.builder().maxDepth(1).build();
        CorpusExpectations.Reference want = CorpusExpectations.whole(stream, shallow);
        assertTrue(want.error().startsWith(NestingTooDeepException.class.getSimpleName()), want.error());
        Outcome got = DecoderRuns.run(stream, shallow, OnMalformed.CLOSE, Chunks.fixed(100), Buffers.POOLED);
        assertEquals(want.error(), got.error());
    }

    /**
     * The default counter table: a legacy CESR 1.0 stream without a genus-version code, whose
     * bodies say KERI 1.0, frames with either default; attachments of a stream of bare CESR 2.0
     * groups after KERI 1.0 bodies ({@code -K}: a GenericGroup in 1.0?) follow the body version.
     */
    @Test
    void theDefaultTableIsTheOptionsOne() {
        byte[] v2 = Corpus.bytes("kel_single.v2.bare.txt.cesr");
        // drop the leading genus-version code: the table now comes from the bodies' version (KERI 2.0)
        byte[] headless = Arrays.copyOfRange(v2, 8, v2.length);
        assertEquals("-_AAACAA", new String(v2, 0, 8, StandardCharsets.US_ASCII));
        for (CounterTable t : CounterTable.values()) {
            CesrOptions options = CesrOptions.builder().defaultTable(t).build();
            CorpusExpectations.Reference want = CorpusExpectations.whole(headless, options);
            Outcome got = DecoderRuns.run(headless, options, OnMalformed.CLOSE, Chunks.fixed(333), Buffers.POOLED);
            assertEquals(want.error(), got.error(), t.name());
            assertEquals(want.messages(), got.messages(), t.name());
            assertEquals(9, got.messages().size(), t.name());
        }
    }

    /**
     * CLOSE: the messages before a malformed frame are passed on, then the exception, then the
     * channel closes and the rest is dropped unread.
     */
    @Test
    void onCloseTheMessagesBeforeTheErrorComeFirstThenTheChannelCloses() {
        byte[] stream = corruptedAfterTwoMessages();
        Recorder recorder = new Recorder();
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, recorder);
        try {
            channel.writeInbound(pooled(stream, 0, stream.length));
            assertEquals(List.of("frame", "frame", "ColdStartException"), recorder.events);
            assertFalse(channel.isOpen());
            assertEquals(0, decoder.buffered(), "the parser's bytes are released at once");
            CorpusExpectations.Reference want = CorpusExpectations.whole(stream, CesrOptions.DEFAULT);
            assertEquals(want.error(), DecoderRuns.describe(recorder.errors.get(0)));
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }

    /** SKIP_TO_COLD_START: the exception is fired, the junk dropped, and framing carries on. */
    @Test
    void onSkipTheDecoderCarriesOnAtTheNextColdStartPoint() {
        byte[] stream = corruptedAfterTwoMessages();
        byte[] whole = Corpus.bytes(GROUPED);
        for (int chunk : new int[] {stream.length, 977, 1}) {
            Recorder recorder = new Recorder();
            EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(CesrOptions.DEFAULT,
                    OnMalformed.SKIP_TO_COLD_START), recorder);
            try {
                for (int i = 0; i < stream.length; i += chunk) {
                    channel.writeInbound(pooled(stream, i, Math.min(chunk, stream.length - i)));
                }
                channel.finish();
                List<String> want = new ArrayList<>(List.of("frame", "frame", "ColdStartException"));
                for (int i = 0; i < 14; i++) {
                    want.add("frame");
                }
                assertEquals(want, recorder.events, "chunk " + chunk);
                // the third message onwards: the stream's own bytes after the junk
                CesrFrame third = recorder.frames.get(2);
                int at = (int) third.streamOffset();
                byte[] got = ByteBufUtil.getBytes(third.content());
                int original = at - JUNK.length();
                assertTrue(Arrays.equals(whole, original, original + got.length, got, 0, got.length), "chunk " + chunk);
            } finally {
                recorder.releaseAll();
                channel.finishAndReleaseAll();
            }
        }
    }

    private static final String JUNK = "AAAA#not CESR#";

    /** kel_witnessed v1 grouped with junk between its second and third messages. */
    private static byte[] corruptedAfterTwoMessages() {
        byte[] whole = Corpus.bytes(GROUPED);
        CorpusExpectations.Reference ref = CorpusExpectations.whole(whole, CesrOptions.DEFAULT);
        int cut = ref.messages().get(2).get("offset").asInt();
        byte[] junk = ascii(JUNK);
        byte[] out = new byte[whole.length + junk.length];
        System.arraycopy(whole, 0, out, 0, cut);
        System.arraycopy(junk, 0, out, cut, junk.length);
        System.arraycopy(whole, cut, out, cut + junk.length, whole.length - cut);
        return out;
    }

    /** SKIP at the end of the input: a truncated last message is reported, nothing is held back. */
    @Test
    void onSkipATruncatedEndIsReportedOnce() {
        byte[] whole = Corpus.bytes(GROUPED);
        byte[] cut = Arrays.copyOf(whole, whole.length - 10);
        Outcome got = DecoderRuns.run(cut, CesrOptions.DEFAULT, OnMalformed.SKIP_TO_COLD_START, Chunks.fixed(500),
                Buffers.POOLED);
        assertEquals(15, got.messages().size());
        assertEquals(1, got.errors());
        assertTrue(got.error().startsWith("TruncatedException@"), got.error());
    }

    /** Removed in mid-message, the decoder hands the unfinished bytes to the next handler. */
    @Test
    void removedInMidMessageItHandsOnTheBytesItHolds() {
        byte[] stream = Corpus.bytes(GROUPED);
        List<String> passed = new ArrayList<>();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof CesrFrame) {
                    passed.add("frame");
                    ((CesrFrame) msg).release();
                } else {
                    ByteBuf b = (ByteBuf) msg;
                    passed.add(b.toString(StandardCharsets.US_ASCII));
                    b.release();
                }
            }
        });
        try {
            channel.writeInbound(pooled(stream, 0, 100));
            channel.pipeline().remove(CesrFrameDecoder.class);
            assertEquals(List.of(new String(stream, 0, 100, StandardCharsets.US_ASCII)), passed);
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void singleDecodeIsRefused() {
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        assertThrows(UnsupportedOperationException.class, () -> decoder.setSingleDecode(true));
        decoder.setSingleDecode(false);
        assertFalse(decoder.isSingleDecode());
        assertEquals(OnMalformed.CLOSE, decoder.onMalformed());
        assertThrows(NullPointerException.class, () -> new CesrFrameDecoder(null, OnMalformed.CLOSE));
        assertThrows(NullPointerException.class, () -> new CesrFrameDecoder(CesrOptions.DEFAULT, null));
    }

    /**
     * Binary (qb2) attachments frame in the pipeline as in a whole-buffer parse, in 7-byte reads:
     * the same messages as the text twin of the stream, no error.
     */
    @Test
    void binaryAttachmentsFrameAsTheirTextTwin() {
        byte[] qb2 = Corpus.bytes("kel_single.v1.bare.qb2.cesr");
        Outcome got = DecoderRuns.run(qb2, CesrOptions.DEFAULT, OnMalformed.CLOSE, Chunks.fixed(7), Buffers.POOLED);
        CorpusExpectations.Reference want = CorpusExpectations.whole(qb2, CesrOptions.DEFAULT);
        assertNull(want.error());
        assertNull(got.error());
        assertEquals(want.messages(), got.messages());
        byte[] qb64 = Corpus.bytes("kel_single.v1.bare.txt.cesr");
        assertEquals(CorpusExpectations.whole(qb64, CesrOptions.DEFAULT).messages().size(), got.messages().size());
    }

    /** A random byte soup never escapes as anything but a typed error, under either policy. */
    @Test
    void randomBytesGiveTypedErrorsOnly() {
        SplittableRandom random = new SplittableRandom(Long.getLong("cesrj.seed", 42));
        byte[] stream = Corpus.bytes(GROUPED);
        for (int round = 0; round < 40; round++) {
            byte[] input = stream.clone();
            for (int k = 0; k < 3; k++) {
                input[random.nextInt(input.length)] = (byte) random.nextInt(256);
            }
            CorpusExpectations.Reference want = CorpusExpectations.whole(input, CesrOptions.DEFAULT);
            Outcome got = DecoderRuns.run(input, CesrOptions.DEFAULT, OnMalformed.CLOSE, Chunks.random(random, 300),
                    Buffers.POOLED);
            assertEquals(want.error(), got.error(), "round " + round);
            assertEquals(want.messages(), got.messages(), "round " + round);
            Outcome skipping = DecoderRuns.run(input, CesrOptions.DEFAULT, OnMalformed.SKIP_TO_COLD_START,
                    Chunks.random(random, 300), Buffers.POOLED);
            assertTrue(skipping.messages().size() >= got.messages().size(), "round " + round);
        }
    }

    /** The error passed on is the parser's own typed exception. */
    @Test
    void theExceptionIsTheCesrExceptionItself() {
        byte[] bad = ascii(Wire.jsonV1("icp", "E" + "A".repeat(43), 0) + "-VAB-AAB");
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(), recorder);
        try {
            channel.writeInbound(Unpooled.wrappedBuffer(bad));
            channel.finish();
            assertEquals(1, recorder.errors.size());
            assertInstanceOf(dev.cesrj.CesrException.class, recorder.errors.get(0));
            assertFalse(recorder.errors.get(0) instanceof MalformedException && recorder.frames.size() > 0);
        } finally {
            recorder.releaseAll();
            channel.finishAndReleaseAll();
        }
    }
}
