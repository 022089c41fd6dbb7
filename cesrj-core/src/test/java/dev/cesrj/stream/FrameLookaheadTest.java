package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.Source;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * The lookahead's answers, exactly: a body is handed to {@code MessageFramer.resume} once its
 * version string can be read, a JSON body waits for keripy's 27 bytes before, and a cut envelope
 * or counter at the top lacks exactly the rest (the figure the framer's truncation would give).
 * What a cut body, AttachmentGroup or attachment group lacks is {@link ResumedFramingTest}'s.
 */
class FrameLookaheadTest {
    private static final long MAX = CesrOptions.DEFAULT_MAX_FRAME_BYTES;
    private static final byte[] BODY = TestStreams.kelSingleFirstBody(); // 299 bytes, v1 JSON
    private static final String SIG = TestStreams.kelSingleFirstAttachments(); // -AAB + signature
    private static final String FRAME = "FRAME";
    private static final String RUN = "RUN";

    /** A {@link FrameLookahead.Next#WAIT} for {@code n} bytes, as {@link #decide} writes it. */
    private static String waitFor(long n) {
        return "WAIT " + n;
    }

    /** The decision, with the bytes lacked for a wait (and the fit untouched but reset otherwise). */
    private static String decide(byte[] bytes, CounterTable pinned, long maxFrame) {
        ByteBuf buf = Unpooled.wrappedBuffer(bytes);
        Fit fit = new Fit();
        fit.cut(99); // a previous frame's cut: decide starts afresh
        FrameLookahead.Next next =
                new FrameLookahead(new Source(buf, 0), bytes.length, CounterTable.CESR_1_0, false, maxFrame)
                        .decide(0, pinned, fit);
        if (next != FrameLookahead.Next.WAIT) {
            assertEquals(Fit.Verdict.PENDING, fit.verdict());
            return next.name();
        }
        assertTrue(fit.needed() > 0);
        return waitFor(fit.needed());
    }

    private static String decide(Object... parts) {
        return decide(concat(parts), null, MAX);
    }

    @Test
    void aBodyWithItsVersionStringAtHandIsFramedByResume() {
        for (int cut : new int[] {27, 28, 100, 298, 299}) {
            assertEquals(RUN, decide((Object) Arrays.copyOf(BODY, cut)), "cut " + cut);
        }
        assertEquals(RUN, decide(BODY, SIG));
        assertEquals(RUN, decide(BODY, SIG.substring(0, 50)));
        assertEquals(RUN, decide(BODY, "-"));
        assertEquals(RUN, decide(BODY, SIG, "{"), "where the run ends is for the framer to find");
        assertEquals(RUN, decide(concat(new byte[] {(byte) 0xA5}, new byte[40])), "CBOR");
        assertEquals(RUN, decide(concat(new byte[] {(byte) 0x85}, new byte[40])), "MessagePack");
        assertEquals(FRAME, decide("A".repeat(40)), "no message start: the framer reports it");
        assertEquals(FRAME, decide(Arrays.copyOf(BODY, 150), null, 100), "above the frame limit");
    }

    @Test
    void aBodyBeforeItsVersionStringWaitsForKeripysSniff() {
        // before a version string can be complete: keripy's 27 bytes
        for (int cut = 1; cut < 27; cut++) {
            assertEquals(waitFor(27 - cut), decide((Object) Arrays.copyOf(BODY, cut)), "cut " + cut);
        }
        assertEquals(FRAME, decide("{\"x\""), "not keripy's JSON form: the framer judges");
        assertEquals(FRAME, decide((Object) new byte[] {(byte) 0xA5, 'a', 'v'}), "CBOR: the framer judges");
    }

    @Test
    void anEnvelopeAtTheTopLacksExactlyTheRestOfItsCount() {
        assertEquals(waitFor(3), decide("-"));
        assertEquals(waitFor(6), decide("--"));
        assertEquals(waitFor(2), decide("-U"));
        assertEquals(waitFor(4), decide("-UAB"));
        assertEquals(FRAME, decide("-UABwxyz"));
        assertEquals(waitFor(8 + 4 * 64 - 9), decide("--UAAABA-"));
        assertEquals(FRAME, decide("-_AAABAA"), "a genus-version code: the framer reads it");
        assertEquals(FRAME, decide("-WAB"), "a bare body group: the framer judges");
        assertEquals(FRAME, decide("-BAB"), "-B is no message in CESR 1.0");
        // the table in force decides: -B is a BodyWithAttachmentGroup in CESR 2.0
        assertEquals(waitFor(4), decide(ascii("-BAB"), CounterTable.CESR_2_0, MAX));
    }
}
