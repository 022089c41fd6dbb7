package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A handler that replaces the decoder while it handles a frame (a protocol switch) gets every
 * byte after that frame, in stream order: the frames not passed on yet as bytes, then the
 * unfinished message (found by a tester: the unfinished tail used to arrive before the frames
 * that were still to come from the same read).
 */
class DecoderRemovalTest {

    @ParameterizedTest(name = "{0}, removed on frame {1}, first read of {2} bytes")
    @CsvSource({
        "kel_witnessed.v1.grouped.txt.cesr, 1, -100",
        "kel_witnessed.v1.grouped.txt.cesr, 5, -100",
        "kel_witnessed.v1.grouped.txt.cesr, 16, -100",
        "kel_witnessed.v1.grouped.txt.cesr, 1, 0",
        "kel_witnessed.v1.grouped.txt.cesr, 16, 0",
        "kel_witnessed.v1.bare.txt.cesr, 1, -100",
        "kel_witnessed.v1.bare.txt.cesr, 7, 5000",
        "kel_witnessed.v1.bare.txt.cesr, 15, 0",
        "kel_witnessed.v1.bare.txt.cesr, 16, 0",
        "kel_witnessed.v2.grouped.txt.cesr, 3, 2000",
    })
    void theReplacingHandlerGetsEveryLaterByteInOrder(String file, int removeOn, int cut) {
        byte[] stream = Corpus.bytes(file);
        int first = cut <= 0 ? stream.length + cut : cut; // cut 0: one read holds everything
        List<Object> got = new ArrayList<>();
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, new ChannelInboundHandlerAdapter() {
            private int frames;

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                got.add(msg);
                if (msg instanceof CesrFrame && ++frames == removeOn) {
                    ctx.pipeline().remove(decoder);
                }
            }
        });
        try {
            channel.writeInbound(pooled(stream, 0, first));
            if (first < stream.length) {
                channel.writeInbound(pooled(stream, first, stream.length - first));
            }
            channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
            ByteBuf all = Unpooled.buffer();
            int frames = 0;
            boolean bytesSeen = false;
            for (Object o : got) {
                if (o instanceof CesrFrame) {
                    assertTrue(!bytesSeen, "no frame after the decoder has gone");
                    CesrFrame f = (CesrFrame) o;
                    assertEquals(all.readableBytes(), f.streamOffset());
                    all.writeBytes(f.content(), f.content().readerIndex(), f.content().readableBytes());
                    frames++;
                } else {
                    bytesSeen = true;
                    ByteBuf b = (ByteBuf) o;
                    all.writeBytes(b, b.readerIndex(), b.readableBytes());
                }
            }
            assertEquals(removeOn, frames, "frames up to the one the handler removed the decoder on");
            assertArrayEquals(stream, ByteBufUtil.getBytes(all),
                    "arrival order concatenates to the stream: " + ascii(all));
        } finally {
            got.forEach(ReferenceCountUtil::release);
            channel.finishAndReleaseAll();
        }
    }

    /**
     * Removed on the last frame before a bad frame of the same read: no error from the removed
     * decoder follows, only the bytes from that frame on (found by a tester).
     */
    @ParameterizedTest
    @CsvSource({"SKIP_TO_COLD_START", "CLOSE"})
    void removedOnTheLastFrameBeforeAnErrorFiresNoError(OnMalformed onMalformed) {
        byte[] good = Corpus.bytes("kel_witnessed.v1.grouped.txt.cesr");
        int at = 6340; // the start of message 8 (0-based)
        byte[] stream = new byte[good.length + 4];
        System.arraycopy(good, 0, stream, 0, at);
        System.arraycopy("@@@@".getBytes(StandardCharsets.US_ASCII), 0, stream, at, 4);
        System.arraycopy(good, at, stream, at + 4, good.length - at);
        List<Object> got = new ArrayList<>();
        List<Throwable> errors = new ArrayList<>();
        CesrFrameDecoder decoder = new CesrFrameDecoder(dev.cesrj.CesrOptions.DEFAULT, onMalformed);
        EmbeddedChannel channel = new EmbeddedChannel(decoder, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                got.add(msg);
                if (msg instanceof CesrFrame && ((CesrFrame) msg).streamOffset() == 5835) {
                    ctx.pipeline().remove(decoder);
                }
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                errors.add(cause);
            }
        });
        try {
            channel.writeInbound(pooled(stream, 0, stream.length));
            assertEquals(List.of(), errors, "the removed decoder reports nothing");
            assertTrue(channel.isOpen());
            assertEquals(9, got.size(), "8 frames, then the rest as bytes");
            ByteBuf rest = (ByteBuf) got.get(8);
            assertArrayEquals(java.util.Arrays.copyOfRange(stream, at, stream.length), ByteBufUtil.getBytes(rest));
        } finally {
            got.forEach(ReferenceCountUtil::release);
            channel.finishAndReleaseAll();
        }
    }

    /**
     * A truncated last message, and a handler that removes the decoder on the truncation: it gets
     * the message's bytes (found by a tester: they were dropped at the end of the input).
     */
    @org.junit.jupiter.api.Test
    void removedOnATruncationAtTheEndGetsTheUnfinishedBytes() {
        EndRun run = truncatedAtTheEnd((ctx, decoder) -> ctx.pipeline().remove(decoder));
        try {
            assertEquals(1, run.errors.size());
            assertTrue(run.errors.get(0) instanceof dev.cesrj.TruncatedException, run.errors.get(0).toString());
            assertEquals(16, run.got.size(), "15 frames, then the unfinished message as bytes");
            CesrFrame last = (CesrFrame) run.got.get(14);
            int from = (int) (last.streamOffset() + last.content().readableBytes());
            assertArrayEquals(java.util.Arrays.copyOfRange(run.stream, from, run.stream.length),
                    ByteBufUtil.getBytes((ByteBuf) run.got.get(15)));
        } finally {
            run.got.forEach(ReferenceCountUtil::release);
        }
    }

    /** A handler that closes the channel on the truncation at the end sees it once. */
    @org.junit.jupiter.api.Test
    void closingOnATruncationAtTheEndReportsItOnce() {
        EndRun run = truncatedAtTheEnd((ctx, decoder) -> ctx.close());
        try {
            assertEquals(1, run.errors.size(), run.errors.toString());
            assertEquals(15, run.got.size());
        } finally {
            run.got.forEach(ReferenceCountUtil::release);
        }
    }

    /** What a handler got from a stream cut 10 bytes short, then ended: the caller releases got. */
    private record EndRun(byte[] stream, List<Object> got, List<Throwable> errors) {}

    private static EndRun truncatedAtTheEnd(
            java.util.function.BiConsumer<ChannelHandlerContext, CesrFrameDecoder> onError) {
        byte[] whole = Corpus.bytes("kel_witnessed.v1.grouped.txt.cesr");
        EndRun run = new EndRun(java.util.Arrays.copyOf(whole, whole.length - 10), new ArrayList<>(), new ArrayList<>());
        CesrFrameDecoder decoder = new CesrFrameDecoder();
        EmbeddedChannel channel = new EmbeddedChannel(decoder, new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                run.got.add(msg);
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                run.errors.add(cause);
                onError.accept(ctx, decoder);
            }
        });
        try {
            channel.writeInbound(pooled(run.stream, 0, run.stream.length));
            channel.pipeline().fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
            channel.finish();
        } finally {
            channel.finishAndReleaseAll();
        }
        return run;
    }

    private static ByteBuf pooled(byte[] bytes, int from, int n) {
        return PooledByteBufAllocator.DEFAULT.heapBuffer(n).writeBytes(bytes, from, n);
    }

    private static String ascii(ByteBuf b) {
        return b.readableBytes() + " bytes, starting " + b.toString(0, Math.min(40, b.readableBytes()), StandardCharsets.US_ASCII);
    }
}
