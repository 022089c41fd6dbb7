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

    private static ByteBuf pooled(byte[] bytes, int from, int n) {
        return PooledByteBufAllocator.DEFAULT.heapBuffer(n).writeBytes(bytes, from, n);
    }

    private static String ascii(ByteBuf b) {
        return b.readableBytes() + " bytes, starting " + b.toString(0, Math.min(40, b.readableBytes()), StandardCharsets.US_ASCII);
    }
}
