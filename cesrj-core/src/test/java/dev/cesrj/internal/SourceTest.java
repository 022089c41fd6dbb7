package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.testing.BufferKinds;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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

}
