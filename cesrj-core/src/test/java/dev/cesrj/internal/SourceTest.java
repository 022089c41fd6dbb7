package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
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
}
