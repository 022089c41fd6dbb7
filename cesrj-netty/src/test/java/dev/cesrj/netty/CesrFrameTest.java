package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.IllegalReferenceCountException;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link CesrFrame}: a count of its own, one reference on its buffer, no use after release. */
class CesrFrameTest {

    @Test
    void aFrameOverContentOwnsItAndGivesItBack() {
        byte[] stream = Corpus.bytes("kel_witnessed.v1.grouped.txt.cesr");
        ByteBuf content = PooledByteBufAllocator.DEFAULT.heapBuffer(stream.length).writeBytes(stream);
        Message first;
        try (Messages messages = Messages.over(content.duplicate())) {
            first = messages.next();
        }
        ByteBuf own = content.retainedSlice(0, first.length());
        content.release();
        CesrFrame frame = new CesrFrame(first, own, 42);
        assertSame(own, frame.content());
        assertEquals(42, frame.streamOffset());
        assertEquals(1, frame.refCnt());
        assertEquals(3, frame.retain().retain(1).refCnt());
        assertEquals(1, own.refCnt(), "the frame holds one reference whatever its own count");
        assertFalse(frame.release(2));
        assertEquals('{', frame.message().body().getByte(0));
        assertTrue(frame.release(), "its own count reached 0");
        assertEquals(0, own.refCnt(), "and its content was given back");
        assertThrows(IllegalReferenceCountException.class, frame::content);
        assertThrows(IllegalReferenceCountException.class, frame::message);
        assertThrows(IllegalReferenceCountException.class, frame::release);
        assertThrows(IllegalReferenceCountException.class, () -> frame.release(1));
        assertThrows(NullPointerException.class, () -> new CesrFrame(null, own, 0));
        assertThrows(NullPointerException.class, () -> new CesrFrame(first, null, 0));
    }

    /**
     * On an event-loop thread a freed pooled buffer object is handed to the next allocation: a
     * frame released once and then released or read again must fail, never act on the buffer's
     * new owner (found by a tester: with a count shared with its buffer, the second release freed
     * another owner's buffer).
     */
    @Test
    void aReleasedFrameNeverTouchesTheNextOwnerOfItsBuffer() throws Exception {
        byte[] stream = Corpus.bytes("kel_witnessed.v1.grouped.txt.cesr");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread loop = new FastThreadLocalThread(() -> {
            List<CesrFrame> frames = new ArrayList<>();
            EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(), new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    frames.add((CesrFrame) msg);
                }
            });
            ByteBuf other = null;
            try {
                channel.writeInbound(PooledByteBufAllocator.DEFAULT.heapBuffer(stream.length).writeBytes(stream));
                assertEquals(16, frames.size());
                CesrFrame first = frames.get(0);
                frames.forEach(CesrFrame::release);
                other = PooledByteBufAllocator.DEFAULT.heapBuffer(stream.length);
                other.writeBytes("someone else's bytes".getBytes(StandardCharsets.US_ASCII));
                assertEquals(0, first.refCnt());
                assertThrows(IllegalReferenceCountException.class, first::content);
                assertThrows(IllegalReferenceCountException.class, first::message);
                assertThrows(IllegalReferenceCountException.class, first::release);
                assertThrows(IllegalReferenceCountException.class, first::retain);
                assertEquals(1, other.refCnt(), "the new owner's buffer is untouched");
                other.writeByte('!');
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                if (other != null) {
                    other.release();
                }
                channel.finishAndReleaseAll();
            }
        });
        loop.start();
        loop.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }
}
