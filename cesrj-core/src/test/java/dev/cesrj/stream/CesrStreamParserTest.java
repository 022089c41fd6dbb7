package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBufUtil;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The push parser on hand-picked cuts of corpus messages: what it returns at every step, what it
 * asks for, its errors (and recovery), limits and held messages.
 */
class CesrStreamParserTest {
    static final String KEL_WITNESSED_V1 = "kel_witnessed.v1.bare.txt.cesr";

    /** kel_witnessed v1: the first rct message starts at 1296; its body is 145 bytes (677 with -CAE). */
    static final int RCT_OFFSET = 1296;
    static final int RCT_BODY = 145;

    /** kel_single v1: the 203-byte ixn at 1182, then -AAB and one 88-char signature (295 bytes). */
    static final int IXN_OFFSET = 1182;
    static final int IXN_LENGTH = 295;

    static byte[] slice(String file, int from, int length) {
        return Arrays.copyOfRange(Corpus.bytes(file), from, from + length);
    }

    static byte[] ixn203() {
        return slice(TestStreams.KEL_SINGLE_V1, IXN_OFFSET, IXN_LENGTH);
    }

    @Test
    void rctBodyCutAfter135BytesAsksForExactly10AndIsTruncatedAtTheEnd() {
        byte[] cut = slice(KEL_WITNESSED_V1, RCT_OFFSET, 135);
        assertEquals("{\"v\":\"KERI10JSON000091_\"", new String(cut, 0, 24, java.nio.charset.StandardCharsets.US_ASCII));
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(cut);
            assertEquals(List.of(), f.messages());
            assertFalse(f.failed());
            assertEquals(10, f.needed());
            assertEquals(135, f.buffered());
            assertEquals(0, f.position());

            Framed end = parser.endOfInput();
            assertEquals(List.of(), end.messages());
            TruncatedException e = assertInstanceOf(TruncatedException.class, end.error().orElseThrow());
            assertEquals(0, e.offset());
            assertEquals(10, e.needed());
            assertEquals("KERI10JSON000091_", e.code());
            assertTrue(e.getMessage().contains("need 145, have 135"), e.getMessage());
            // the whole-buffer framer reports the same truncation at the same offset
            try (Messages whole = Messages.copyOf(cut)) {
                TruncatedException w = assertThrows(TruncatedException.class, whole::hasNext);
                assertEquals(w.offset(), e.offset());
                assertEquals(w.needed(), e.needed());
            }
        }
    }

    @Test
    void aMessageIsFramedOnceWhateverTheChunks() {
        byte[] stream = Corpus.bytes(KEL_WITNESSED_V1);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            // the icp (1296 bytes) and 135 bytes of the rct body: the icp ends at the rct's '{'
            Framed f = parser.feed(stream, 0, RCT_OFFSET + 135);
            assertEquals(1, f.messages().size());
            assertEquals(RCT_OFFSET, f.messages().get(0).length());
            assertEquals(10, f.needed());
            assertEquals(RCT_OFFSET, f.position());
            assertEquals(2, parser.attempts(), "the rct's version string is read, once");
            for (int i = 0; i < 9; i++) {
                f = parser.feed(stream, RCT_OFFSET + 135 + i, 1);
                assertEquals(List.of(), f.messages());
                assertEquals(9 - i, f.needed());
            }
            // the body is complete: the rct is held, attachments may follow
            f = parser.feed(stream, RCT_OFFSET + 144, 1);
            assertTrue(f.held());
            assertEquals(1, f.needed());
            assertEquals(2, parser.attempts());
            // its NonTransReceiptCouples -CAE (4 couples of 132 bytes), cut inside the third
            // couple's prefix: the group is framed once all of it is in, exactly 232 bytes on
            f = parser.feed(stream, RCT_OFFSET + RCT_BODY, 300);
            assertTrue(f.held());
            assertEquals(4 + 4 * 132 - 300, f.needed());
            assertEquals(2, parser.attempts(), "gone on with, not framed again");
            f = parser.feed(stream, RCT_OFFSET + RCT_BODY + 300, stream.length - RCT_OFFSET - RCT_BODY - 300);
            assertEquals(14, f.messages().size(), "the rct and the next 13 messages; the last is held");
            assertEquals(RCT_OFFSET, f.messages().get(0).offset());
            assertEquals(677, f.messages().get(0).length());
            assertTrue(f.held());
            assertEquals(1, parser.endOfInput().messages().size());
            assertEquals(16, parser.attempts(), "each of the 16 messages framed exactly once");
        }
    }

    /** The brief's bad size: {@code 0000zz} is not hex. */
    static final byte[] BAD_HEX = ascii("{\"v\":\"KERI10JSON0000zz_\",\"t\":\"icp\",\"d\":\"\"}");

    @Test
    void badHexSizeIsAVersionStringErrorAndSkippingResumesAtTheNextMessage() {
        byte[] good = TestStreams.kelSingleFirstMessage();
        byte[] stream = concat(BAD_HEX, good, "{");
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream);
            VersionStringException e = assertInstanceOf(VersionStringException.class, f.error().orElseThrow());
            assertEquals(0, e.offset());
            assertEquals(List.of(), f.messages());
            assertEquals(0, f.needed());
            assertSame(e, parser.failure());
            assertEquals(stream.length, parser.unconsumed().readableBytes(), "nothing consumed or lost");
            assertEquals('{', parser.unconsumed().getByte(0));
            assertThrows(IllegalStateException.class, () -> parser.feed(new byte[] {'x'}));

            Framed s = parser.skipToColdStart();
            assertFalse(s.failed());
            assertEquals(BAD_HEX.length, s.skipped());
            assertEquals(1, s.messages().size());
            Message m = s.messages().get(0);
            assertEquals(BAD_HEX.length, m.offset());
            assertEquals(good.length, m.length());
            assertEquals(1, m.signatures().size());
            assertEquals(26, s.needed(), "the lone { waits for the 27 bytes of a version string");
        }
    }

    @Test
    void badHexSizeFedOneByteAtATimeFailsAfter27BytesAndSkipCarriesOn() {
        byte[] good = TestStreams.kelSingleFirstMessage();
        byte[] stream = concat(BAD_HEX, good);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            int i = 0;
            Framed f = null;
            while (i < stream.length) {
                f = parser.feed(stream, i++, 1);
                if (f.failed()) {
                    break;
                }
            }
            assertEquals(27, i, "the version string is judged once keripy's 27 bytes are in");
            assertInstanceOf(VersionStringException.class, f.error().orElseThrow());
            long skipped = parser.skipToColdStart().skipped();
            List<Message> got = new ArrayList<>();
            while (i < stream.length) {
                Framed g = parser.feed(stream, i++, 1);
                assertFalse(g.failed(), () -> "at " + g);
                skipped += g.skipped();
                got.addAll(g.messages());
            }
            assertEquals(List.of(), got, "the last message is held");
            Framed end = parser.endOfInput();
            assertEquals(1, end.messages().size());
            assertEquals(BAD_HEX.length, skipped);
            Message m = end.messages().get(0);
            assertEquals(BAD_HEX.length, m.offset());
            assertEquals(good.length, m.length());
        }
    }

    @Test
    void stoppingAfterAnErrorKeepsEveryByteReadable() {
        byte[] stream = concat(TestStreams.kelSingleFirstMessage(), BAD_HEX, "tail");
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream);
            assertEquals(1, f.messages().size());
            assertEquals(391, f.position());
            CesrException e = f.error().orElseThrow();
            assertEquals(391, e.offset());
            assertEquals(new String(concat(BAD_HEX, "tail"), java.nio.charset.StandardCharsets.US_ASCII),
                    parser.unconsumed().toString(java.nio.charset.StandardCharsets.US_ASCII));
            assertTrue(parser.unconsumed().isReadOnly());
            Framed end = parser.endOfInput();
            assertSame(e, end.error().orElseThrow(), "end of input leaves the failure as it is");
        }
    }

    @Test
    void skippingFindsNoColdStartInAttachmentTextAndWaitsForOne() {
        // a message whose attachments are bad; nothing after it starts a message yet (a body
        // with no '{' inside and no '-' that could start a counter)
        byte[] body = TestStreams.jsonV1("icp", "x");
        byte[] stream = concat(body, "-AAB", "!".repeat(20));
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream);
            assertInstanceOf(CesrException.class, f.error().orElseThrow());
            Framed s = parser.skipToColdStart();
            assertEquals(stream.length, s.skipped());
            assertEquals(0, s.buffered());
            assertFalse(s.failed());
            // an undecided '-' at the end is kept until the byte after it arrives
            s = parser.feed(ascii("xx-"));
            assertEquals(2, s.skipped());
            assertEquals(1, s.buffered());
            assertEquals(1, s.needed());
            s = parser.feed(ascii("_AAABAA"));
            assertEquals(0, s.skipped());
            assertEquals(1, s.needed(), "a genus-version code waits for the message it precedes");
            s = parser.feed(TestStreams.kelSingleFirstMessage());
            assertTrue(s.held());
            assertTrue(s.toString().contains("(held)"), s.toString());
            Framed end = parser.endOfInput();
            assertEquals(1, end.messages().size());
            Message m = end.messages().get(0);
            assertEquals(stream.length + 2, m.offset());
            assertEquals("-_AAABAA", m.genusVersion().orElseThrow().counterText());
        }
    }

    @Test
    void theChunkThatHoldsTheColdStartPointFramesWhatFollowsIt() {
        byte[] good = TestStreams.kelSingleFirstMessage();
        try (CesrStreamParser parser = new CesrStreamParser()) {
            assertTrue(parser.feed(ascii("!!")).failed());
            Framed s = parser.skipToColdStart();
            assertEquals(2, s.skipped());
            assertEquals(0, s.buffered());
            Framed f = parser.feed(concat("xx", good, "{"));
            assertEquals(2, f.skipped());
            assertEquals(1, f.messages().size(), "framed in the same call");
            assertEquals(4, f.messages().get(0).offset());
            assertEquals(26, f.needed());
        }
        CesrStreamParser closed = new CesrStreamParser();
        assertTrue(closed.feed(ascii("!")).failed());
        closed.close();
        assertThrows(IllegalStateException.class, closed::skipToColdStart);
        assertThrows(IllegalStateException.class, closed::unconsumed);
    }

    @Test
    void theTruncationAtTheEndSaysWhatTheMessageNeedsAndHas() {
        byte[] stream = Corpus.bytes(KEL_WITNESSED_V1);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            parser.feed(stream, 0, RCT_OFFSET + 135);
            Framed end = parser.endOfInput();
            TruncatedException e = assertInstanceOf(TruncatedException.class, end.error().orElseThrow());
            assertEquals("at offset 1296, code KERI10JSON000091_: truncated: 10 more bytes needed; expected the rest"
                    + " of the message body (the message at offset 1296: need 145, have 135)", e.getMessage());
            assertInstanceOf(TruncatedException.class, e.getCause(), "the framer's own error is the cause");
            assertEquals(135, end.buffered());
            assertEquals(RCT_OFFSET, end.position());
        }
    }

    @Test
    void anEmptiedLargeCumulationIsGivenBack() {
        byte[] grouped = Corpus.bytes("kel_single.v1.grouped.txt.cesr"); // every message wrapped
        byte[] big = concat(grouped, grouped, grouped, grouped, grouped, grouped, grouped, grouped,
                grouped, grouped, grouped, grouped, grouped, grouped, grouped, grouped, grouped, grouped);
        assertTrue(big.length > 64 * 1024);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(big);
            assertEquals(18 * 9, f.messages().size());
            assertEquals(0, f.buffered());
            assertTrue(parser.cumulationCapacity() >= big.length);
            parser.feed(new byte[0]);
            assertEquals(0, parser.cumulationCapacity(), "released once its messages are no longer viewed");
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            parser.feed(grouped);
            parser.feed(new byte[0]);
            assertEquals(Math.max(grouped.length, CesrStreamParser.MIN_CAPACITY), parser.cumulationCapacity(),
                    "a small one is kept for the next chunk");
        }
    }

    /** A v1 JSON body of exactly {@code size} bytes (no attachments). */
    private static byte[] jsonBody(int size, char fill) {
        String head = "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_\",\"t\":\"icp\",\"x\":\"";
        return ascii(head + String.valueOf(fill).repeat(size - head.length() - 2) + "\"}");
    }

    /**
     * A 90,000-byte frame grows the cumulation to 131,072 bytes (60,000 then 30,000 + k bytes
     * fed); once it is framed, the first k bytes of the next frame are all it holds. At the next
     * call the cumulation is replaced by one of max(k, 4,096) bytes if k is less than a quarter
     * of 131,072 (32,768) and no retained result views it; the next frame is framed the same.
     */
    @Test
    void aLargeCumulationMostlyConsumedIsReplacedByOneOfWhatItHolds() {
        byte[] first = jsonBody(90_000, 'a');
        byte[] second = jsonBody(40_000, 'b');
        int[][] cases = { // k, capacity after the next call
            {30, CesrStreamParser.MIN_CAPACITY}, {5_000, 5_000}, {32_767, 32_767}, {32_768, 131_072}};
        for (int[] c : cases) {
            int k = c[0];
            try (CesrStreamParser parser = new CesrStreamParser()) {
                assertEquals(0, parser.bufferedCapacity());
                parser.feed(first, 0, 60_000);
                assertEquals(60_000, parser.bufferedCapacity());
                Framed f = parser.feed(concat(Arrays.copyOfRange(first, 60_000, 90_000), Arrays.copyOf(second, k)));
                assertEquals(1, f.messages().size());
                assertEquals(90_000, f.messages().get(0).length());
                assertEquals(k, f.buffered());
                assertEquals(131_072, parser.bufferedCapacity(), "grown in powers of two for 90,000 + " + k);
                parser.releaseViews();
                assertEquals(c[1], parser.bufferedCapacity(), "k = " + k);
                assertEquals(k, parser.buffered());
                assertTrue(parser.feed(second, k, second.length - k).held(), "a bare body may go on");
                Framed g = parser.endOfInput();
                assertEquals(1, g.messages().size(), "k = " + k);
                assertEquals(90_000, g.offsetBase() + g.messages().get(0).offset());
                assertEquals(40_000, g.messages().get(0).length());
                assertEquals(ByteBufUtil.hexDump(second), ByteBufUtil.hexDump(g.buffer(), g.bufferIndex(0), second.length));
            }
        }
        // a retained result still views the cumulation: kept until it is released
        try (CesrStreamParser parser = new CesrStreamParser()) {
            parser.feed(first, 0, 60_000);
            Framed f = parser.feed(concat(Arrays.copyOfRange(first, 60_000, 90_000), Arrays.copyOf(second, 30))).retain();
            io.netty.buffer.ByteBuf viewed = f.buffer();
            int at = f.bufferIndex(0);
            parser.releaseViews();
            assertEquals(131_072, parser.bufferedCapacity(), "a retained result views it");
            assertEquals(ByteBufUtil.hexDump(first), ByteBufUtil.hexDump(viewed, at, first.length), "unchanged");
            f.close();
            parser.releaseViews();
            assertEquals(CesrStreamParser.MIN_CAPACITY, parser.bufferedCapacity(), "replaced once released");
            assertEquals(30, parser.buffered());
        }
        // at most 64 KiB: kept however little it holds
        try (CesrStreamParser parser = new CesrStreamParser()) {
            byte[] mid = jsonBody(40_000, 'c');
            parser.feed(mid, 0, 20_000);
            parser.feed(concat(Arrays.copyOfRange(mid, 20_000, 40_000), Arrays.copyOf(second, 30)));
            assertEquals(65_536, parser.bufferedCapacity());
            parser.releaseViews();
            assertEquals(65_536, parser.bufferedCapacity(), "not above 64 KiB: kept");
        }
        CesrStreamParser closed = new CesrStreamParser();
        closed.feed(first, 0, 100);
        assertEquals(CesrStreamParser.MIN_CAPACITY, closed.bufferedCapacity());
        closed.close();
        assertEquals(0, closed.bufferedCapacity(), "nothing held once closed");
    }

    @Test
    void releaseViewsLetsGoOfAnEmptyCumulation() {
        byte[] grouped = Corpus.bytes("kel_single.v1.grouped.txt.cesr");
        try (CesrStreamParser parser = new CesrStreamParser()) {
            parser.feed(grouped, 0, 100).close(); // a message cut: the parser cumulates
            assertEquals(100, parser.buffered());
            assertEquals(CesrStreamParser.MIN_CAPACITY, parser.bufferedCapacity());
            Framed f = parser.feed(grouped, 100, grouped.length - 100);
            assertEquals(9, f.messages().size());
            f.close();
            assertEquals(0, parser.buffered());
            parser.releaseViews(); // between two reads: nothing unfinished, so nothing held
            assertEquals(0, parser.bufferedCapacity());
            Framed again = parser.feed(grouped); // and it frames on as before
            assertEquals(9, again.messages().size());
            again.close();
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            parser.feed(grouped, 0, 100).close();
            parser.releaseViews(); // bytes unfinished: the cumulation that holds them stays
            assertEquals(100, parser.buffered());
            assertEquals(CesrStreamParser.MIN_CAPACITY, parser.bufferedCapacity());
        }
    }

    @Test
    void feedingInChunksKeepsTheCumulationNearTheLargestMessage() {
        // kel_bigmultisig's largest message is 19,512 bytes; 1 KiB chunks
        byte[] stream = Corpus.bytes("kel_bigmultisig.v1.bare.txt.cesr");
        try (CesrStreamParser parser = new CesrStreamParser()) {
            int most = 0;
            for (int i = 0; i < stream.length; i += 1024) {
                Framed f = parser.feed(stream, i, Math.min(1024, stream.length - i));
                assertFalse(f.failed());
                assertTrue(f.buffered() <= 19_512 + 1024, "buffered " + f.buffered());
                most = Math.max(most, parser.cumulationCapacity());
            }
            assertTrue(most <= 2 * (19_512 + 1024), "capacity " + most);
            assertTrue(most < stream.length, "compacted, not grown to the stream");
        }
    }

    // ---- the 203-byte ixn and its signature, cut everywhere --------------------------------

    /** The ixn as the whole-buffer framer sees it. */
    private static ObjectNode ixnWhole() {
        try (Messages messages = Messages.copyOf(ixn203())) {
            Message m = messages.next();
            assertEquals(203, m.version().size());
            assertEquals(IXN_LENGTH, m.length());
            assertEquals(1, m.signatures().size());
            assertFalse(messages.hasNext());
            return StreamingRuns.project(m, 0);
        }
    }

    /** Feeds the ixn in the given pieces, then ends the input; no error and no message before. */
    private static void checkIxn(int... cuts) {
        byte[] ixn = ixn203();
        ObjectNode want = ixnWhole();
        try (CesrStreamParser parser = new CesrStreamParser()) {
            int from = 0;
            for (int k = 0; k <= cuts.length; k++) {
                int to = k < cuts.length ? cuts[k] : ixn.length;
                Framed f = parser.feed(ixn, from, to - from);
                String where = "cuts " + Arrays.toString(cuts) + " piece " + k;
                assertFalse(f.failed(), () -> where + ": " + f);
                assertEquals(List.of(), f.messages(), where);
                assertTrue(f.needed() >= 1, where);
                from = to;
            }
            Framed end = parser.endOfInput();
            assertFalse(end.failed(), () -> end.toString());
            assertEquals(1, end.messages().size());
            Message m = end.messages().get(0);
            assertEquals(1, m.signatures().size());
            assertEquals(want, StreamingRuns.project(m, end.offsetBase()));
        }
    }

    @Test
    void ixnSplitAfterTheCounterDash() {
        assertEquals('-', ixn203()[203]);
        checkIxn(204);
    }

    @Test
    void ixnSplitAfterDashA() {
        checkIxn(205);
    }

    @Test
    void ixnSplitInsideTheSignature() {
        checkIxn(250);
        checkIxn(207, 208, 294);
    }

    @Test
    void ixnFedOneByteAtATime() {
        int[] cuts = new int[IXN_LENGTH - 1];
        for (int i = 0; i < cuts.length; i++) {
            cuts[i] = i + 1;
        }
        checkIxn(cuts);
    }

    @Test
    void ixnAtEveryTwoWaySplit() {
        ObjectNode want = ixnWhole();
        byte[] ixn = ixn203();
        byte[] next = concat(ixn, "{");
        for (int cut = 1; cut < IXN_LENGTH; cut++) {
            checkIxn(cut);
            // and released by the next message's first byte instead of the end of input
            try (CesrStreamParser parser = new CesrStreamParser()) {
                Framed a = parser.feed(next, 0, cut);
                Framed b = parser.feed(next, cut, next.length - cut);
                assertEquals(List.of(), a.messages());
                assertFalse(a.failed() || b.failed());
                assertEquals(1, b.messages().size(), "cut " + cut);
                assertEquals(want, StreamingRuns.project(b.messages().get(0), 0), "cut " + cut);
                assertEquals(26, b.needed());
            }
        }
    }

    // ---- held and complete messages ---------------------------------------------------------

    @Test
    void wrappedAndEnvelopedMessagesCompleteWithoutWaiting() {
        byte[] grouped = Corpus.bytes("kel_single.v1.grouped.txt.cesr");
        byte[] first;
        try (Messages messages = Messages.copyOf(grouped)) {
            Message m = messages.next();
            assertEquals("AttachmentGroup", m.attachments().get(0).name());
            first = Arrays.copyOf(grouped, m.length());
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(first);
            assertEquals(1, f.messages().size());
            assertFalse(f.held());
            assertEquals(0, f.needed());
            assertEquals(0, f.buffered());
        }
        byte[] nested = Corpus.bytes("nested_kel.v1.nested.txt.cesr");
        try (Messages messages = Messages.copyOf(nested)) {
            Message m = messages.next();
            assertTrue(m.envelope().isPresent());
            first = Arrays.copyOf(nested, m.length());
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            for (int i = 0; i < first.length - 1; i++) {
                assertEquals(List.of(), parser.feed(first, i, 1).messages());
            }
            Framed f = parser.feed(first, first.length - 1, 1);
            assertEquals(1, f.messages().size());
            assertFalse(f.held());
        }
    }

    @Test
    void anEmptyAttachmentGroupEndsAMessageAtOnce() {
        byte[] body = TestStreams.kelSingleFirstBody();
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(body);
            assertTrue(f.held());
            f = parser.feed(ascii("-VAA"));
            assertEquals(1, f.messages().size(), "keripy: an empty -VAA ends the message");
            assertEquals(303, f.messages().get(0).length());
        }
    }

    @Test
    void aHeldMessageTakesTheGroupsThatFollow() {
        byte[] first = TestStreams.kelSingleFirstMessage();
        String sigs = TestStreams.kelSingleFirstAttachments();
        try (CesrStreamParser parser = new CesrStreamParser()) {
            assertTrue(parser.feed(first).held());
            // more attachment groups in the next chunk: the same message, now with two groups
            Framed f = parser.feed(ascii(sigs));
            assertTrue(f.held());
            f = parser.endOfInput();
            assertEquals(1, f.messages().size());
            assertEquals(2, f.messages().get(0).attachments().size());
            assertEquals(first.length + 92, f.messages().get(0).length());
        }
    }

    @Test
    void aLongHeldRunIsFramedOnceGroupByGroup() {
        byte[] body = TestStreams.kelSingleFirstBody();
        String group = TestStreams.kelSingleFirstAttachments(); // -AAB and one signature: 92 bytes
        byte[] stream = concat(body, group.repeat(200));
        try (CesrStreamParser parser = new CesrStreamParser()) {
            for (int i = 0; i < stream.length; i += 100) {
                Framed f = parser.feed(stream, i, Math.min(100, stream.length - i));
                assertFalse(f.failed());
                assertEquals(List.of(), f.messages());
                assertTrue(f.held() || f.needed() > 0);
            }
            assertEquals(1, parser.attempts(), "one framing, gone on with as the groups arrived");
            Framed end = parser.endOfInput();
            assertEquals(1, end.messages().size());
            assertEquals(200, end.messages().get(0).attachments().size());
            assertEquals(200, end.messages().get(0).signatures().size());
            assertEquals(1, parser.attempts());
        }
    }

    @Test
    void anErrorInAHeldRunIsFoundAsSoonAsItsGroupIsIn() {
        // an unknown counter -z after the body, then qb64 text: nothing ends the run
        byte[] stream = concat(TestStreams.kelSingleFirstBody(), "-zAA", "A".repeat(5000));
        String whole = StreamingRuns.whole(stream, CesrOptions.DEFAULT).error();
        assertEquals("UnknownCodeException@299", whole);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = null;
            int i = 0;
            while (i < stream.length) {
                f = parser.feed(stream, i, Math.min(256, stream.length - i));
                i += 256;
                if (f.failed()) {
                    break;
                }
            }
            assertTrue(f.failed());
            assertEquals(whole, StreamingRuns.describe(f.error().get(), f.offsetBase()));
            assertEquals(512, i, "found in the chunk that brings the counter");
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream, 0, 300);
            assertFalse(f.failed());
            assertEquals(3, f.needed(), "-: the rest of a counter");
            f = parser.feed(stream, 300, 3);
            assertTrue(f.failed(), "-zAA: no counter code starts so");
            assertEquals(whole, StreamingRuns.describe(f.error().get(), f.offsetBase()));
        }
    }

    // ---- limits ---------------------------------------------------------------------------

    @Test
    void aFourGigabyteAttachmentGroupIsRefusedAsSoonAsItsCounterIsIn() {
        byte[] body = TestStreams.kelSingleFirstBody();
        byte[] stream = concat(body, "--V_____", "AAAA");
        try (CesrStreamParser parser = new CesrStreamParser()) {
            int i = 0;
            Framed f;
            do {
                f = parser.feed(stream, i++, 1);
            } while (!f.failed());
            assertEquals(body.length + 8, i, "refused when the 8th counter character arrives");
            FrameTooLargeException e = assertInstanceOf(FrameTooLargeException.class, f.error().orElseThrow());
            assertEquals(body.length, e.offset());
            assertEquals(8 + 4L * ((1L << 30) - 1), e.declared());
            assertEquals(CesrOptions.DEFAULT_MAX_FRAME_BYTES, e.limit());
            assertEquals(body.length + 8, f.buffered());
            assertTrue(parser.cumulationCapacity() <= CesrStreamParser.MIN_CAPACITY, "cumulation " + parser.cumulationCapacity());
        }
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream);
            assertInstanceOf(FrameTooLargeException.class, f.error().orElseThrow());
        }
    }

    @Test
    void aBodyAboveTheFrameLimitIsRefusedOnItsVersionString() {
        CesrOptions small = CesrOptions.builder().maxFrameBytes(1000).build();
        byte[] stream = Corpus.bytes(KEL_WITNESSED_V1); // the icp body is 580 bytes, its message 1296
        try (CesrStreamParser parser = new CesrStreamParser(CesrOptions.builder().maxFrameBytes(500).build())) {
            Framed f = parser.feed(stream, 0, 22);
            assertEquals(5, f.needed(), "keripy sniffs 27 bytes");
            f = parser.feed(stream, 22, 4);
            assertEquals(1, f.needed());
            f = parser.feed(stream, 26, 1);
            FrameTooLargeException e = assertInstanceOf(FrameTooLargeException.class, f.error().orElseThrow());
            assertEquals(580, e.declared());
            assertEquals(27, f.buffered());
        }
        // an AttachmentGroup that fits the limit after a body that fits it, but not together
        byte[] grouped = Corpus.bytes("kel_single.v1.grouped.txt.cesr");
        for (int chunk : new int[] {1, 50, 4096}) {
            try (CesrStreamParser parser = new CesrStreamParser(CesrOptions.builder().maxFrameBytes(350).build())) {
                Framed f;
                int i = 0;
                do {
                    int n = Math.min(chunk, grouped.length - i);
                    f = parser.feed(grouped, i, n);
                    i += n;
                    assertTrue(f.buffered() <= 350 + MessageFramer.PEEK + chunk, "buffered " + f.buffered());
                } while (!f.failed());
                FrameTooLargeException e = assertInstanceOf(FrameTooLargeException.class, f.error().orElseThrow());
                assertEquals(0, e.offset());
            }
        }
        // the body fits 1000 but the message (body and bare attachments) does not: refused at
        // its offset after at most 1008 bytes (the limit and the 8 that may end a bare run),
        // whatever the chunks
        for (int chunk : new int[] {1, 7, 100, 4096}) {
            try (CesrStreamParser parser = new CesrStreamParser(small)) {
                Framed f;
                int i = 0;
                do {
                    int n = Math.min(chunk, stream.length - i);
                    f = parser.feed(stream, i, n);
                    i += n;
                    assertTrue(f.buffered() <= 1000 + MessageFramer.PEEK + chunk, "buffered " + f.buffered());
                } while (!f.failed());
                FrameTooLargeException e = assertInstanceOf(FrameTooLargeException.class, f.error().orElseThrow());
                assertEquals(0, e.offset());
                // body 580, -AAC and 2 signatures (180), -BAD and 3 signatures (268): at least
                // 1028 bytes, found by framing the first 1008
                assertEquals(1028, e.declared());
                assertEquals(1000, e.limit());
                assertTrue(parser.cumulationCapacity()
                        <= 2 * (1000 + MessageFramer.PEEK + chunk) + CesrStreamParser.MIN_CAPACITY,
                        "capacity " + parser.cumulationCapacity());
            }
        }
    }

    // ---- progress, misuse, binary input ----------------------------------------------------

    @Test
    void emptyChunksAndRepeatedEndsChangeNothing() {
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(new byte[0]);
            assertEquals(0, f.needed());
            assertEquals(0, parser.attempts());
            f = parser.feed(ascii("{\"v\""));
            assertEquals(23, f.needed());
            assertEquals(23, parser.feed(new byte[0]).needed());
            Framed end = parser.endOfInput();
            assertInstanceOf(TruncatedException.class, end.error().orElseThrow());
            assertTrue(end.error().get().getMessage().contains("need 27, have 4"), end.error().get().getMessage());
            assertThrows(IllegalStateException.class, () -> parser.feed(new byte[1]));
            assertEquals(List.of(), parser.endOfInput().messages());
        }
        CesrStreamParser closed = new CesrStreamParser();
        closed.close();
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.feed(new byte[1]));
        assertThrows(IllegalStateException.class, closed::endOfInput);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            assertThrows(IllegalStateException.class, parser::skipToColdStart);
        }
    }

    @Test
    void binaryInputFramesAsInWholeBufferParsing() {
        String qb2 = "kel_single.v1.bare.qb2.cesr";
        byte[] stream = Corpus.bytes(qb2);
        StreamingRuns.Outcome whole = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
        assertNull(whole.error());
        assertEquals(9, whole.messages().size());
        for (int chunk : new int[] {1, 5, 1024, stream.length}) {
            StreamingRuns.Outcome streamed = StreamingRuns.streamed(stream, CesrOptions.DEFAULT,
                    StreamingRuns.Chunker.fixed(chunk), false);
            assertEquals(whole.messages(), streamed.messages());
            assertEquals(whole.error(), streamed.error());
        }
    }

    @Test
    void attachmentsWithoutABodyAreAColdStartError() {
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(ascii(TestStreams.kelSingleFirstAttachments()));
            ColdStartException e = assertInstanceOf(ColdStartException.class, f.error().orElseThrow());
            assertEquals(0, e.offset());
        }
    }

    /**
     * A qb2 counter {@code -AAB} (3 bytes) after a text body: the parser waits for the first byte of
     * its content, which tells the table, consuming nothing; cut there, it is CESR 1.0's
     * truncation at the end (the 66-byte signature).
     */
    @Test
    void aQb2CounterAfterATextBodyWaitsForItsSignature() {
        byte[] stream = concat(TestStreams.kelSingleFirstBody(), new byte[] {(byte) 0xF8, 0, 1});
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(stream);
            assertTrue(f.error().isEmpty());
            // the table inferred: the first byte of the content tells CESR 1.0's
            // ControllerIdxSigs from CESR 2.0's GenericGroup, then the signature's 66 bytes
            assertEquals(1, f.needed());
            assertEquals(ByteBufUtil.hexDump(stream), ByteBufUtil.hexDump(parser.unconsumed()));
            Framed end = parser.endOfInput();
            TruncatedException e = assertInstanceOf(TruncatedException.class, end.error().orElseThrow());
            assertEquals(302, e.offset());
            assertEquals(66, e.needed());
        }
    }

    /**
     * A qb2 AttachmentGroup after a JSON body: once its 3-byte counter is in, the parser waits for
     * exactly {@code 3 * count} bytes (triplets), then returns the message at once (wrapped).
     */
    @Test
    void aQb2AttachmentGroupWaitsForExactlyItsTriplets() {
        byte[] stream = Corpus.bytes("kel_single.v2.grouped.qb2.cesr");
        int bodyStart;
        long size;
        long count;
        int length;
        try (Messages messages = Messages.copyOf(stream)) {
            Message m = messages.next();
            bodyStart = m.genusVersion().orElseThrow().length();
            size = m.version().size();
            count = m.attachments().get(0).count();
            length = m.length();
            assertEquals(dev.cesrj.code.Domain.QB2, m.attachments().get(0).domain());
        }
        int counterEnd = bodyStart + (int) size + 3;
        assertEquals(length, counterEnd + 3 * count);
        try (CesrStreamParser parser = new CesrStreamParser()) {
            Framed f = parser.feed(Arrays.copyOf(stream, counterEnd));
            assertTrue(f.messages().isEmpty());
            assertEquals(3 * count, f.needed());
            f = parser.feed(Arrays.copyOfRange(stream, counterEnd, length - 1));
            assertEquals(1, f.needed());
            f = parser.feed(Arrays.copyOfRange(stream, length - 1, length));
            assertEquals(1, f.messages().size());
            assertEquals(length, f.messages().get(0).length());
            assertFalse(f.held());
        }
    }

    @Test
    void offsetsAreReBasedPastTheEpochAndStayStreamOffsets() {
        byte[] stream = Corpus.bytes(KEL_WITNESSED_V1);
        List<Long> want = new ArrayList<>();
        try (Messages messages = Messages.copyOf(stream)) {
            messages.forEachRemaining(m -> want.add(m.offset()));
        }
        List<Long> got = new ArrayList<>();
        long maxBase = 0;
        try (CesrStreamParser parser = new CesrStreamParser(CesrOptions.DEFAULT, 1000)) {
            for (int i = 0; i < stream.length; i += 333) {
                Framed f = parser.feed(stream, i, Math.min(333, stream.length - i));
                for (Message m : f.messages()) {
                    got.add(f.offsetBase() + m.offset());
                    assertTrue(m.offset() < 1000 + 1296 + 333, "offset " + m.offset());
                }
                maxBase = Math.max(maxBase, f.offsetBase());
            }
            Framed end = parser.endOfInput();
            end.messages().forEach(m -> got.add(end.offsetBase() + m.offset()));
        }
        assertEquals(want, got);
        assertTrue(maxBase > 10_000, "re-based " + maxBase);
    }
}
