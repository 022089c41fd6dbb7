package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.BufferKinds;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.IllegalReferenceCountException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SourceTest {
    private static final byte[] TEXT = "xx{\"v\":\"KERI10JSON00012b_\",\u0001\u007f\u00ff}~\u007f \u001f".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void textOfPrintableBytesIsTheBytesAsLatin1InBothKindsOfBuffer() {
        ByteBuf heap = Unpooled.wrappedBuffer(TEXT);
        ByteBuf direct = Unpooled.directBuffer(TEXT.length).writeBytes(TEXT);
        try {
            for (ByteBuf b : new ByteBuf[] {heap, direct}) {
                Source s = new Source(b, 2);
                assertEquals("KERI10JSON00012b_", s.text(8, 17));
                assertEquals("{\"v\":\"", s.text(2, 6));
                assertEquals("", s.text(5, 0));
            }
        } finally {
            heap.release();
            direct.release();
        }
    }

    @Test
    void textShowsEachByteOutsidePrintableAsciiAsAQuestionMarkInBothKindsOfBuffer() {
        ByteBuf heap = Unpooled.wrappedBuffer(TEXT);
        ByteBuf direct = Unpooled.directBuffer(TEXT.length).writeBytes(TEXT);
        try {
            for (ByteBuf b : new ByteBuf[] {heap, direct}) {
                Source s = new Source(b, 0);
                assertEquals("_\",???}", s.text(24, 7));
                assertEquals("~", s.text(31, 1), "0x7E is the last printable byte");
                assertEquals("?", s.text(32, 1), "0x7F is not printable");
                assertEquals(" ", s.text(33, 1), "0x20 is the first printable byte");
                assertEquals("?", s.text(34, 1), "0x1F is not printable");
            }
        } finally {
            heap.release();
            direct.release();
        }
    }

    @Test
    void textReadsFromTheBufferIndexThroughAnArrayOffset() {
        ByteBuf slice = Unpooled.wrappedBuffer(TEXT).slice(2, 25);
        try {
            Source s = new Source(slice, 0);
            assertEquals(2, slice.arrayOffset());
            assertEquals("KERI10JSON00012b_", s.text(6, 17));
        } finally {
            slice.release();
        }
    }

    /** The reads of a heap array, byte by byte, big-endian. */
    private static int quadletOf(byte[] b, int i) {
        return (b[i] & 0xFF) << 24 | (b[i + 1] & 0xFF) << 16 | (b[i + 2] & 0xFF) << 8 | (b[i + 3] & 0xFF);
    }

    private static int mediumOf(byte[] b, int i) {
        return (b[i] & 0xFF) << 16 | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF);
    }

    /**
     * Every kind of buffer (heap, direct through its memory, slices, read-only, a little-endian
     * view, composites) reads the bytes, quadlets and mediums of the array it holds, in stream
     * order, at every index.
     */
    @Test
    void everyKindOfBufferReadsTheBytesItHoldsBigEndian() {
        byte[] bytes = new byte[97];
        new SplittableRandom(33).nextBytes(bytes);
        for (BufferKinds kind : BufferKinds.values()) {
            BufferKinds.Made made = kind.make(bytes);
            try {
                ByteBuf b = made.buf();
                int r = b.readerIndex();
                Source s = new Source(b, r);
                for (int i = 0; i < bytes.length; i++) {
                    assertEquals(bytes[i] & 0xFF, s.at(r + i), kind + " byte " + i);
                    if (i + 4 <= bytes.length) {
                        assertEquals(quadletOf(bytes, i), s.quadlet(r + i), kind + " quadlet " + i);
                    }
                    if (i + 3 <= bytes.length) {
                        assertEquals(mediumOf(bytes, i), s.medium(r + i), kind + " medium " + i);
                    }
                }
            } finally {
                made.release();
            }
        }
    }

    /**
     * A direct buffer that grows moves to new memory: the source says its bytes are no longer the
     * same, and after a reset reads the new memory.
     */
    @Test
    void aDirectBufferThatGrewIsNotTheSameBytes() {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(8, 1 << 16).writeBytes(TEXT, 0, 8);
        try {
            Source s = new Source(b, 0);
            assertTrue(s.sameBytes(b, 0));
            assertEquals(TEXT[3] & 0xFF, s.at(3));
            b.writeBytes(new byte[4096]); // past its capacity: new memory
            b.setByte(3, 'Q');
            assertFalse(s.sameBytes(b, 0));
            s.reset(b, 0);
            assertTrue(s.sameBytes(b, 0));
            assertEquals('Q', s.at(3));
            assertEquals(0, s.at(4000));
        } finally {
            b.release();
        }
    }

    /** More direct buffers than a thread keeps regions for, read in turn, each read right. */
    @Test
    void directBuffersReadInTurnEachReadTheirOwnBytes() {
        ByteBuf[] bufs = new ByteBuf[9];
        try {
            for (int k = 0; k < bufs.length; k++) {
                bufs[k] = PooledByteBufAllocator.DEFAULT.directBuffer(16).writeBytes(new byte[16]);
                bufs[k].setByte(5, 'a' + k);
            }
            Source s = new Source(bufs[0], 0);
            for (int round = 0; round < 3; round++) {
                for (int k = 0; k < bufs.length; k++) {
                    if (!s.sameBytes(bufs[k], 0)) {
                        s.reset(bufs[k], 0);
                    }
                    assertEquals('a' + k, s.at(5), "buffer " + k + " round " + round);
                }
            }
        } finally {
            for (ByteBuf b : bufs) {
                if (b != null) {
                    b.release();
                }
            }
        }
    }

    /** A source is not made over a released direct buffer: its memory may be another's now. */
    @Test
    void aReleasedDirectBufferIsRefused() {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(16).writeBytes(new byte[16]);
        b.release();
        assertThrows(IllegalReferenceCountException.class, () -> new Source(b, 0));
    }

    /**
     * A direct buffer released after its source was made is refused at the next {@link
     * Source#recheck()}, the check an owner makes before each frame, rather than read through a
     * stale view of memory that may be another buffer's now.
     */
    @Test
    void recheckRefusesADirectBufferReleasedSinceTheSourceWasMade() {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(16).writeBytes(new byte[16]);
        Source s = new Source(b, 0);
        s.recheck();
        b.release();
        assertThrows(IllegalReferenceCountException.class, s::recheck);
    }

    /** A direct buffer that grew since the source was made is read from its new memory after a recheck. */
    @Test
    void recheckFollowsADirectBufferIntoTheMemoryItGrewInto() {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(8, 1 << 16).writeBytes(TEXT, 0, 8);
        try {
            Source s = new Source(b, 0);
            b.writeBytes(new byte[4096]);
            b.setByte(2, 'Z');
            s.recheck();
            assertEquals('Z', s.at(2));
            assertEquals(0, s.at(4000));
        } finally {
            b.release();
        }
    }
}
