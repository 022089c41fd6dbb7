package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link B64}: Base64 integers at the edges of their widths, and characters that are not Base64. */
class B64Test {

    @Test
    void encodeIntAtTheEdgesOfItsWidths() {
        assertEquals("", B64.encodeInt(0, 0));
        assertEquals("A", B64.encodeInt(0, 1));
        assertEquals("_", B64.encodeInt(63, 1));
        assertEquals("BA", B64.encodeInt(64, 2));
        assertEquals("AAAAAAAAAA", B64.encodeInt(0, 10));
        assertEquals("P_________", B64.encodeInt((1L << 58) - 1, 10));
        assertThrows(IllegalArgumentException.class, () -> B64.encodeInt(1, 0));
        assertThrows(IllegalArgumentException.class, () -> B64.encodeInt(64, 1));
        assertThrows(IllegalArgumentException.class, () -> B64.encodeInt(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> B64.encodeInt(0, -1));
        assertThrows(IllegalArgumentException.class, () -> B64.encodeInt(0, 11));
    }

    @Test
    void decodeIntInABufferReadsOnlyItsRange() {
        byte[] text = "-AAB--V_____x*".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Source s = new Source(io.netty.buffer.Unpooled.wrappedBuffer(text), 0);
        assertEquals(1, B64.decodeInt(s, 2, 2), "the count of -AAB");
        assertEquals((1L << 30) - 1, B64.decodeInt(s, 7, 5), "the count of --V_____");
        assertEquals(0, B64.decodeInt(s, 3, 0));
        assertEquals(-1, B64.decodeInt(s, 12, 2), "* is not Base64url");
        assertEquals(62, B64.decodeInt(s, 0, 1), "- is a Base64url digit");
    }

    @Test
    void decodeIntOfBase64AndOfOtherCharacters() {
        assertEquals(0, B64.decodeInt(""));
        assertEquals(64, B64.decodeInt("BA"));
        assertEquals(4095, B64.decodeInt("__"));
        assertEquals(-1, B64.decodeInt("A*"));
        assertEquals(-1, B64.decodeInt("=A"));
        assertEquals(-1, B64.decodeInt("A\u0141"));
    }
}
