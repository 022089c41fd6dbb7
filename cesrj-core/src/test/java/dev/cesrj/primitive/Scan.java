package dev.cesrj.primitive;

import dev.cesrj.internal.B64;
import dev.cesrj.code.MatterCode;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/** Test helpers: runs {@link TextScan} over text placed at a non-zero buffer index. */
final class Scan {
    /** Bytes placed before the primitive, so that offsets are checked against a real position. */
    static final String LEAD = "#####";

    private Scan() {
    }

    /** {@link TextScan#matter} on {@code text} at offset 5 with {@code limit} chars readable. */
    static int matter(String text, int limit, long maxFrame, long rest) {
        ByteBuf b = Unpooled.copiedBuffer(LEAD + text, StandardCharsets.ISO_8859_1);
        try {
            return TextScan.matter(new Source(b, 0), LEAD.length(), LEAD.length() + limit, null,
                    maxFrame, rest);
        } finally {
            b.release();
        }
    }

    static int matter(String text) {
        return matter(text, text.length(), Long.MAX_VALUE, 0);
    }

    /** {@link TextScan#indexer} on {@code text} at offset 5 with {@code limit} chars readable. */
    static int indexer(String text, int limit, long rest) {
        ByteBuf b = Unpooled.copiedBuffer(LEAD + text, StandardCharsets.ISO_8859_1);
        try {
            return TextScan.indexer(new Source(b, 0), LEAD.length(), LEAD.length() + limit, rest);
        } finally {
            b.release();
        }
    }

    static int indexer(String text) {
        return indexer(text, text.length(), 0);
    }

    /** {@code text} with character {@code i} replaced by {@code ch}. */
    static String with(String text, int i, char ch) {
        return text.substring(0, i) + ch + text.substring(i + 1);
    }

    /** {@code text} with bit {@code bit} (0 = top bit of the first sextet) of {@code [from..]} set. */
    static String withBit(String text, int from, int bit) {
        int i = from + bit / 6;
        int v = B64.value(text.charAt(i)) | (1 << (5 - bit % 6));
        return with(text, i, B64.charOf(v));
    }

    /** A soft value of the right length for a fixed code with a soft part ({@code ss - xs}). */
    static String soft(MatterCode c) {
        return "icpKERIrotXY".substring(0, c.ss() - c.xs());
    }
}
