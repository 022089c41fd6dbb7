package dev.cesrj.primitive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.cesrj.internal.B64;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.testing.Property;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Round trips: random raw values for random codes, encoded by the test-side encoder
 * ({@link Qb64}), parse back to the same code, soft part, raw value and size, both with
 * {@link Matter#parse} and with {@link TextScan} inside a larger heap or direct buffer.
 */
class PrimitivePropertyTest {
    private static final int CASES = 1000;
    private static final MatterCode[] MATTER = MatterCode.values();
    private static final IndexerCode[] INDEXER = IndexerCode.values();

    /** Where the primitive sits: {@code before} junk bytes, then it, then {@code after} more. */
    record Placement(int before, int after, boolean direct) {
        static Placement random(SplittableRandom r) {
            return new Placement(r.nextInt(8), r.nextInt(9), r.nextBoolean());
        }
    }

    record MatterCase(MatterCode code, String soft, byte[] raw, Placement at) {
        String qb64() {
            return Qb64.matter(code, soft, raw);
        }

        @Override
        public String toString() {
            return code + " soft=" + soft + " raw(" + raw.length + ")="
                    + HexFormat.of().formatHex(raw, 0, Math.min(raw.length, 24)) + " " + at;
        }
    }

    record IndexerCase(IndexerCode code, int index, int ondex, byte[] raw, Placement at) {
        String qb64() {
            return Qb64.indexer(code, index, code.os() > 0 ? ondex : 0, raw);
        }

        @Override
        public String toString() {
            return code + " index=" + index + " ondex=" + ondex + " raw="
                    + HexFormat.of().formatHex(raw, 0, 8) + "... " + at;
        }
    }

    static MatterCase matterCase(SplittableRandom r) {
        MatterCode c = MATTER[r.nextInt(MATTER.length)];
        String soft;
        byte[] raw;
        if (c.isVariable()) {
            int max = c.ss() == 2 ? 4095 : 5000;
            int pick = r.nextInt(100);
            int size = pick < 70 ? r.nextInt(21) : pick < 95 ? r.nextInt(300) : r.nextInt(max + 1);
            if (c.ls() > 0 && size == 0) {
                size = 1;
            }
            raw = bytes(r, 3 * size - c.ls());
            soft = B64.encodeInt(size, c.ss());
        } else {
            raw = bytes(r, c.rawSize());
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < c.ss() - c.xs(); i++) {
                sb.append(B64.charOf(r.nextInt(64)));
            }
            soft = sb.toString();
        }
        return new MatterCase(c, soft, raw, Placement.random(r));
    }

    static IndexerCase indexerCase(SplittableRandom r) {
        IndexerCode c = INDEXER[r.nextInt(INDEXER.length)];
        int index = r.nextInt(c.maxIndex() + 1);
        int ondex = c.currentOnly() ? 0 : c.os() == 0 ? index : r.nextInt(1 << (6 * c.os()));
        return new IndexerCase(c, index, ondex, bytes(r, c.rawSize()), Placement.random(r));
    }

    static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    static List<MatterCase> shrink(MatterCase m) {
        List<MatterCase> out = new ArrayList<>();
        Placement plain = new Placement(0, 0, false);
        if (!m.at().equals(plain)) {
            out.add(new MatterCase(m.code(), m.soft(), m.raw(), plain));
        }
        if (m.code().isVariable()) {
            long size = B64.decodeInt(m.soft());
            int min = m.code().ls() > 0 ? 1 : 0;
            for (long smaller : new long[] {min, size / 2, size - 1}) {
                if (smaller >= min && smaller < size) {
                    byte[] raw = Arrays.copyOf(m.raw(), (int) (3 * smaller - m.code().ls()));
                    out.add(new MatterCase(m.code(), B64.encodeInt(smaller, m.code().ss()), raw,
                            m.at()));
                }
            }
        }
        if (!Arrays.equals(m.raw(), new byte[m.raw().length])) {
            out.add(new MatterCase(m.code(), m.soft(), new byte[m.raw().length], m.at()));
        }
        return out;
    }

    @Test
    void matterRoundTrips() {
        Property.forAll("Matter round trip", CASES, PrimitivePropertyTest::matterCase,
                PrimitivePropertyTest::shrink, PrimitivePropertyTest::checkMatter);
    }

    static void checkMatter(MatterCase m) {
        MatterCode c = m.code();
        String qb64 = m.qb64();
        long fs = c.isVariable() ? c.cs() + 4 * B64.decodeInt(m.soft()) : c.fs();
        assertEquals(fs, qb64.length());

        Matter parsed = Matter.parse(qb64);
        assertSame(c, parsed.code());
        assertEquals(m.soft(), parsed.soft());
        assertArrayEquals(m.raw(), parsed.raw());
        assertEquals(fs, parsed.length());
        assertEquals(qb64, parsed.qb64Text());

        byte[] qb2 = Base64.getUrlDecoder().decode(qb64);
        assertEquals(fs * 3 / 4, qb2.length);
        assertEquals(qb64, Base64.getUrlEncoder().withoutPadding().encodeToString(qb2));

        inBuffer(qb64, m.at(), (buf, s, pos, limit) -> {
            int size = TextScan.matter(s, pos, limit, null, 1 << 26, 0);
            assertEquals(fs, size);
            Matter view = new Matter(buf, pos, size, s.offset(pos), TextScan.matterCode(s, pos));
            assertSame(c, view.code());
            assertEquals(m.soft(), view.soft());
            assertArrayEquals(m.raw(), view.raw());
            assertEquals(qb64, view.qb64Text());
            assertEquals(m.at().before(), view.offset());
        });
    }

    @Test
    void indexedSignatureRoundTrips() {
        Property.forAll("IndexedSignature round trip", CASES, PrimitivePropertyTest::indexerCase,
                s -> s.at().equals(new Placement(0, 0, false)) ? List.of()
                        : List.of(new IndexerCase(s.code(), s.index(), s.ondex(), s.raw(),
                                new Placement(0, 0, false))),
                PrimitivePropertyTest::checkIndexer);
    }

    static void checkIndexer(IndexerCase x) {
        IndexerCode c = x.code();
        String qb64 = x.qb64();
        assertEquals(c.fs(), qb64.length());
        OptionalInt ondex = c.currentOnly() ? OptionalInt.empty() : OptionalInt.of(x.ondex());

        IndexedSignature parsed = IndexedSignature.parse(qb64);
        assertSame(c, parsed.code());
        assertEquals(x.index(), parsed.index());
        assertEquals(ondex, parsed.ondex());
        assertArrayEquals(x.raw(), parsed.raw());
        assertEquals(qb64, parsed.qb64Text());

        byte[] qb2 = Base64.getUrlDecoder().decode(qb64);
        assertEquals(c.fs() * 3 / 4, qb2.length);
        assertEquals(qb64, Base64.getUrlEncoder().withoutPadding().encodeToString(qb2));

        inBuffer(qb64, x.at(), (buf, s, pos, limit) -> {
            assertEquals(c.fs(), TextScan.indexer(s, pos, limit, 0));
            IndexedSignature view = new IndexedSignature(buf, pos, s.offset(pos),
                    TextScan.indexerCode(s, pos));
            assertEquals(x.index(), view.index());
            assertEquals(ondex, view.ondex());
            assertArrayEquals(x.raw(), view.raw());
            assertEquals(x.at().before(), view.offset());
        });
    }

    interface BufferCheck {
        void check(ByteBuf buf, Source s, int pos, int limit);
    }

    /** Runs {@code check} with {@code qb64} inside a pooled heap or direct buffer, then releases it. */
    static void inBuffer(String qb64, Placement at, BufferCheck check) {
        String text = "-_#{}".substring(0, Math.min(5, at.before())) + "A".repeat(
                Math.max(0, at.before() - 5)) + qb64 + "MAAB-AAB".substring(0, at.after());
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        ByteBuf buf = at.direct()
                ? PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length)
                : PooledByteBufAllocator.DEFAULT.heapBuffer(bytes.length);
        try {
            buf.writeBytes(bytes);
            check.check(buf, new Source(buf, 0), at.before(), buf.writerIndex());
        } finally {
            buf.release();
        }
    }
}
