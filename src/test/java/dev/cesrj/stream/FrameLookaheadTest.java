package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.Source;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The lookahead's answers, exactly: how many bytes a cut body, counter, AttachmentGroup or
 * envelope still lacks (the figure the framer's truncation would give), when a body with a bare
 * run is held, what can end a run, and that it never claims a body size that the version-string
 * sniffer would not give (a seeded property over corpus bodies with changed bytes).
 */
class FrameLookaheadTest {
    private static final long SEED = Long.getLong("cesrj.seed", 0x5eed_cE5AL);
    private static final long MAX = CesrOptions.DEFAULT_MAX_FRAME_BYTES;
    private static final byte[] BODY = TestStreams.kelSingleFirstBody(); // 299 bytes, v1 JSON
    private static final String SIG = TestStreams.kelSingleFirstAttachments(); // -AAB + signature
    private static final long FRAME = FrameLookahead.FRAME;
    private static final long HOLD = -1;

    private static long decide(byte[] bytes, CounterTable pinned, long maxFrame) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        return new FrameLookahead(new Source(buf, 0), 0, bytes.length, CounterTable.CESR_1_0, maxFrame)
                .decide(0, pinned);
    }

    private static long decide(Object... parts) {
        return decide(concat(parts), null, MAX);
    }

    @Test
    void aCutBodyLacksExactlyTheRestOfItsSize() {
        for (int cut : new int[] {27, 28, 100, 298}) {
            assertEquals(299 - cut, decide((Object) Arrays.copyOf(BODY, cut)), "cut " + cut);
        }
        // before a version string can be complete: keripy's 27 bytes
        for (int cut = 1; cut < 23; cut++) {
            assertEquals(27 - cut, decide((Object) Arrays.copyOf(BODY, cut)), "cut " + cut);
        }
        for (int cut = 23; cut < 27; cut++) {
            assertEquals(FRAME, decide((Object) Arrays.copyOf(BODY, cut)), "cut " + cut + ": the framer judges");
        }
        assertEquals(FRAME, decide("{\"x\""), "not keripy's JSON form: the framer judges");
        assertEquals(FRAME, decide((Object) new byte[] {(byte) 0xA5, 'a', 'v'}), "CBOR: the framer judges");
    }

    @Test
    void aCompleteBodyWithABareRunIsHeld() {
        assertEquals(HOLD, decide(BODY));
        assertEquals(HOLD, decide(BODY, SIG));
        assertEquals(HOLD, decide(BODY, SIG.substring(0, 50)));
        assertEquals(HOLD, decide(BODY, SIG, SIG));
    }

    @Test
    void aCutCounterLacksTheRestOfIt() {
        assertEquals(3, decide(BODY, "-"));
        assertEquals(2, decide(BODY, "-V"));
        assertEquals(6, decide(BODY, "--"));
        assertEquals(5, decide(BODY, "--V"));
        assertEquals(4, decide(BODY, "--V_"));
        assertEquals(1, decide(BODY, "-VA"));
    }

    @Test
    void anAttachmentGroupLacksExactlyTheRestOfItsCount() {
        assertEquals(4, decide(BODY, "-VAB"));
        assertEquals(1, decide(BODY, "-VABxyz"));
        assertEquals(FRAME, decide(BODY, "-VABwxyz"), "complete: the message ends with it");
        assertEquals(FRAME, decide(BODY, "-VAA"), "an empty AttachmentGroup completes the message");
        assertEquals(4 * 4095L, decide(BODY, "-V__"));
        assertEquals(4L * ((1L << 30) - 1), decide(concat(BODY, "--V_____"), null, Long.MAX_VALUE));
        assertEquals(FRAME, decide(BODY, "--V_____"), "above the frame limit: the framer refuses it");
        assertEquals(FRAME, decide(concat(BODY, "-V__"), null, 1000));
        assertEquals(FRAME, decide(BODY, "-V!!"), "a bad count: the framer reports it");
        assertEquals(HOLD, decide(BODY, "-CAB"), "-C is not an AttachmentGroup in CESR 1.0: a bare run");
    }

    @Test
    void aRunEndsAtAMessageStartAGenusVersionCodeOrAMessageCounter() {
        assertEquals(FRAME, decide(BODY, SIG, "{"));
        assertEquals(FRAME, decide(BODY, "{"));
        assertEquals(FRAME, decide(BODY, SIG, "-_AAA"));
        assertEquals(HOLD, decide(BODY, SIG, "-_AA"), "undecided until the hard code is in");
        assertEquals(HOLD, decide(BODY, SIG, "-_AAB"), "not the genus-version code");
        // CESR 1.0 BodyWithAttachmentGroup -U: its content starts with a counter
        assertEquals(FRAME, decide(BODY, SIG, "-UAB-"));
        assertEquals(FRAME, decide(BODY, SIG, "--UAAAAB-"));
        assertEquals(HOLD, decide(BODY, SIG, "-UABx"), "-UAB in Base64 text");
        assertEquals(HOLD, decide(BODY, SIG, "-UAB"), "undecided until its content starts");
        assertEquals(HOLD, decide(BODY, SIG, "--U"), "undecided");
        // NonNativeBodyGroup -W: its content is a Bytes primitive
        assertEquals(FRAME, decide(BODY, SIG, "-WAB4"));
        assertEquals(FRAME, decide(BODY, SIG, "-WAB9"));
        assertEquals(HOLD, decide(BODY, SIG, "-WAB3"));
        assertEquals(HOLD, decide(BODY, SIG, "-WABA"));
        // GenericGroup -T: content starts with a message or a counter
        assertEquals(FRAME, decide(BODY, SIG, "-TAB{"));
        assertEquals(HOLD, decide(BODY, SIG, "-TABa"));
        // a counter that does not end a run, anywhere in it
        assertEquals(HOLD, decide(BODY, SIG, "-BAB"));
        // any byte that is not qb64 text
        assertEquals(FRAME, decide(BODY, SIG, "\n"));
        assertEquals(FRAME, decide(concat(BODY, SIG, new byte[] {(byte) 0xE0})));
    }

    @Test
    void aCounterInTheRunThatDeclaresMoreThanTheLimitIsFramedAtOnce() {
        byte[] small = TestStreams.jsonV1("icp", ""); // 42 bytes; with SIG 134
        long limit = 300;
        assertEquals(HOLD, decide(concat(small, SIG, "-AAC"), null, limit), "4 + 2 * 88 = 180");
        assertEquals(HOLD, decide(concat(small, SIG, "-AAD"), null, limit), "4 + 3 * 88 = 268: each group alone");
        assertEquals(FRAME, decide(concat(small, SIG, "-AAE"), null, limit), "4 + 4 * 88 = 356 > 300");
        assertEquals(HOLD, decide(concat(small, SIG, "-VBA"), null, limit), "4 + 4 * 64 = 260");
        assertEquals(FRAME, decide(concat(small, SIG, "-VCA"), null, limit), "4 + 4 * 128 = 516");
        assertEquals(FRAME, decide(concat(small, SIG, "--Z_____"), null, MAX), "big ESSRPayloadGroup: 8 + 4 * (2^30 - 1)");
        assertEquals(HOLD, decide(concat(small, SIG, "--ZAAAAB"), null, MAX));
        assertEquals(HOLD, decide(concat(small, SIG, "--Z____"), null, MAX), "undecided until its count is in");
        assertEquals(HOLD, decide(concat(small, SIG), null, 134));
        assertEquals(FRAME, decide(concat(small, SIG), null, 133), "the message itself exceeds the limit");
    }

    @Test
    void anEnvelopeAtTheTopLacksExactlyTheRestOfItsCount() {
        assertEquals(3, decide("-"));
        assertEquals(6, decide("--"));
        assertEquals(2, decide("-U"));
        assertEquals(4, decide("-UAB"));
        assertEquals(FRAME, decide("-UABwxyz"));
        assertEquals(8 + 4 * 64 - 9, decide("--UAAABA-"));
        assertEquals(FRAME, decide("-_AAABAA"), "a genus-version code: the framer reads it");
        assertEquals(FRAME, decide("-WAB"), "a bare body group: the framer judges");
        assertEquals(FRAME, decide("-BAB"), "-B is no message in CESR 1.0");
        // the table in force decides: -B is a BodyWithAttachmentGroup in CESR 2.0
        assertEquals(4, decide(ascii("-BAB"), CounterTable.CESR_2_0, MAX));
    }

    @Test
    void aVersion2BodyNeedsATableThatAdmitsIt() {
        byte[] v2 = TestStreams.jsonV2("icp", "x");
        byte[] cut = Arrays.copyOf(v2, 30);
        assertEquals(v2.length - 30, decide(cut, null, MAX));
        assertEquals(v2.length - 30, decide(cut, CounterTable.CESR_2_0, MAX));
        assertEquals(FRAME, decide(cut, CounterTable.CESR_1_0, MAX), "the framer refuses it");
        // its bare run is read with CESR 2.0, where -C is the AttachmentGroup
        assertEquals(4, decide(concat(v2, "-CAB"), null, MAX));
        assertEquals(HOLD, decide(concat(v2, "-VAB"), null, MAX), "-V is no AttachmentGroup in CESR 2.0");
        assertEquals(FRAME, decide(Arrays.copyOf(v2, 30), null, v2.length - 1), "above the frame limit");
    }

    // ---- the body size: never other than the sniffer's -------------------------------------

    /** First bytes of every JSON body of the corpus's v1 and v2 text streams, with the table pinned there. */
    private static List<Object[]> corpusBodies() {
        List<Object[]> out = new ArrayList<>();
        for (String file : CorpusConformanceTest.messageStreams()) {
            byte[] stream = Corpus.bytes(file);
            try (Messages messages = Messages.copyOf(stream)) {
                for (Message m : messages) {
                    if (m.version().kind() != Kind.JSON || m.bodyGroup().isPresent()) {
                        continue;
                    }
                    int at = (int) m.offset() + m.genusVersion().map(g -> g.length()).orElse(0);
                    CounterTable pinned = messages.streamTable();
                    out.add(new Object[] {Arrays.copyOfRange(stream, at, Math.min(stream.length, at + 64)),
                            pinned, m.version().size(), file});
                }
            }
        }
        return out;
    }

    @Test
    void theBodySizeIsTheSniffersOnEveryCorpusBody() {
        List<Object[]> bodies = corpusBodies();
        assertTrue(bodies.size() > 300, "bodies " + bodies.size());
        for (Object[] b : bodies) {
            byte[] head = (byte[]) b[0];
            long size = FrameLookahead.jsonBodySize(new Source(Unpooled.wrappedBuffer(head), 0), 0, head.length,
                    (CounterTable) b[1], MAX);
            assertEquals((long) b[2], size, (String) b[3]);
        }
    }

    @Test
    void aClaimedBodySizeIsAlwaysTheSniffersForChangedVersionStrings() {
        List<Object[]> bodies = corpusBodies();
        SplittableRandom random = new SplittableRandom(SEED);
        String alphabet = "0123456789abcdefABCDEFKERIJSONCBORMGPKACDC_.-\"{x";
        int claimed = 0;
        for (int i = 0; i < 20_000; i++) {
            Object[] b = bodies.get(random.nextInt(bodies.size()));
            byte[] head = ((byte[]) b[0]).clone();
            for (int e = random.nextInt(1, 3); e > 0; e--) {
                head[random.nextInt(27)] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            CounterTable pinned = random.nextBoolean() ? (CounterTable) b[1]
                    : random.nextBoolean() ? CounterTable.CESR_1_0 : CounterTable.CESR_2_0;
            long maxFrame = random.nextBoolean() ? MAX : random.nextInt(4, 2000);
            ByteBuf buf = Unpooled.wrappedBuffer(head);
            long size = FrameLookahead.jsonBodySize(new Source(buf, 0), 0, head.length, pinned, maxFrame);
            if (size < 0) {
                continue;
            }
            claimed++;
            String where = new String(head, 0, 27, java.nio.charset.StandardCharsets.ISO_8859_1) + " (seed " + SEED + ")";
            VersionString vs;
            try {
                vs = VersionSniffer.read(new Source(buf, 0), 0, head.length, false, 0);
            } catch (CesrException e) {
                throw new AssertionError(where + ": claimed " + size + " but the sniffer says " + e, e);
            }
            assertNotNull(vs);
            assertEquals(vs.size(), size, where);
            assertEquals(Kind.JSON, vs.kind(), where);
            assertTrue(size <= maxFrame, where);
            if (pinned != null) {
                assertTrue(vs.major() <= pinned.major() && vs.genusMajor() <= pinned.major(), where);
            }
        }
        assertTrue(claimed > 1000, "claimed " + claimed);
    }

    // ---- the scan for a possible run end ----------------------------------------------------

    @Test
    void theEightByteScanFindsWhatAByteByByteScanFinds() {
        SplittableRandom random = new SplittableRandom(SEED ^ 0x5ca1);
        String text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:@[`";
        for (int i = 0; i < 2000; i++) {
            int n = random.nextInt(1, 80);
            byte[] b = new byte[n + 3];
            for (int k = 0; k < b.length; k++) {
                b[k] = (byte) text.charAt(random.nextInt(text.length()));
            }
            int marks = random.nextInt(0, 3);
            for (int k = 0; k < marks; k++) {
                b[random.nextInt(b.length)] = (byte) "\"{}, \u00e0\u00ff~|".charAt(random.nextInt(9));
            }
            int floor = 3 + random.nextInt(0, n);
            int want = -1;
            for (int k = b.length - 1; k >= floor; k--) {
                int c = b[k] & 0xFF;
                if (c < 0x30 || c > 0x7A) {
                    want = k;
                    break;
                }
            }
            // an array with an offset (a slice of a larger one), and a direct buffer (no array)
            ByteBuf heap = Unpooled.wrappedBuffer(concat(new byte[] {'x', 'y', 'z'}, b), 3, b.length);
            ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(b.length).writeBytes(b);
            try {
                for (ByteBuf buf : new ByteBuf[] {heap, direct}) {
                    int got = new FrameLookahead(new Source(buf, 0), floor, b.length, CounterTable.CESR_1_0, MAX)
                            .lastRunEnd(CounterTable.CESR_1_0);
                    assertEquals(want, got, new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)
                            + " floor " + floor + (buf.hasArray() ? " array" : " direct"));
                }
            } finally {
                direct.release();
            }
        }
    }
}
