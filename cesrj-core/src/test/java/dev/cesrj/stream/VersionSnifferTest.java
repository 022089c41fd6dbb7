package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.TruncatedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link VersionSniffer}: where in a body the version string may stand (offset 0 to 8), what the
 * body's first byte must be for its kind, and how many bytes a short body still needs.
 */
class VersionSnifferTest {

    private static VersionString sniff(byte[] body, boolean complete) {
        ByteBuf buf = Unpooled.wrappedBuffer(body);
        return VersionSniffer.read(new Source(buf, 0), 0, body.length, complete, 100);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The version string may start at offset 0 to 8 of the body, not later. */
    @Test
    void theSnifferLooksAtOffsets0To8() {
        // {"abc":" is 8 bytes; the body ends right after the version string: size 25
        VersionString at8 = sniff(ascii("{\"abc\":\"KERI10JSON000019_"), true);
        assertEquals(8, at8.offset());
        assertEquals(25, at8.size());
        VersionStringException at9 = assertThrows(VersionStringException.class,
                () -> sniff(ascii("{\"abcd\":\"KERI10JSON00001a_\"}"), true));
        assertEquals(100, at9.offset());
        assertNull(at9.code());
        // a size one byte short of covering the version string
        VersionStringException small = assertThrows(VersionStringException.class,
                () -> sniff(ascii("{\"abc\":\"KERI10JSON000018_"), true));
        assertEquals("KERI10JSON000018_", small.code());
        // too few bytes yet: how many the sniffer still wants
        TruncatedException t = assertThrows(TruncatedException.class,
                () -> sniff(ascii("{\"v\":\"KERI10JSON"), false));
        assertEquals(27 - 16, t.needed());
        assertEquals(100, t.offset());
    }

    /** The first byte must start a body of the kind the version string says. */
    @Test
    void theFirstByteMustFitTheKind() {
        String mgpk = "KERI10MGPK000020_";
        for (int first : new int[] {0x81, 0x8f, 0xde, 0xdf}) {
            byte[] body = concat(first, "\u00a1v\u00b1" + mgpk + "..........");
            assertEquals(Kind.MGPK, sniff(body, true).kind(), Integer.toHexString(first));
            assertEquals(4, sniff(body, true).offset());
        }
        for (int first : new int[] {0xdd, 0xdc, 0xa1, '{', 0x7b}) {
            byte[] body = concat(first, "\u00a1v\u00b1" + mgpk + "..........");
            VersionStringException e = assertThrows(VersionStringException.class,
                    () -> sniff(body, true), Integer.toHexString(first));
            assertEquals(mgpk, e.code());
        }
        byte[] cbor = concat(0xa1, "av" + "qKERI10CBOR000020_" + ".........");
        assertEquals(Kind.CBOR, sniff(cbor, true).kind());
        byte[] notCbor = concat(0x81, "av" + "qKERI10CBOR000020_" + ".........");
        assertThrows(VersionStringException.class, () -> sniff(notCbor, true));
    }

    private static byte[] concat(int first, String rest) {
        byte[] tail = ascii(rest);
        byte[] out = new byte[1 + tail.length];
        out[0] = (byte) first;
        System.arraycopy(tail, 0, out, 1, tail.length);
        return out;
    }
}
