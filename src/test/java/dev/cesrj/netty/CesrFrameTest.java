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
import org.junit.jupiter.api.Test;

/** A {@link CesrFrame} made by hand: it owns the content it is given, one reference. */
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
        assertEquals(2, frame.retain().refCnt());
        assertFalse(frame.release());
        assertEquals('{', frame.message().body().getByte(0));
        assertTrue(frame.release(), "the last reference frees the content");
        assertEquals(0, own.refCnt());
        assertThrows(NullPointerException.class, () -> new CesrFrame(null, own, 0));
        assertThrows(NullPointerException.class, () -> new CesrFrame(first, null, 0));
    }
}
