package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link GroupFit} against the framer it stands in for: every qb64 top-level attachment group of
 * the corpus's text streams, cut after each of its characters (counter complete), is judged
 * whole exactly when all of it is in, and a cut group never lacks fewer bytes than the framer
 * finds missing (exactly as many for a quadlet count); and a bad code in a cut group is left to
 * the framer, which reports it.
 */
class GroupFitTest {
    private static final long MAX = CesrOptions.DEFAULT_MAX_FRAME_BYTES;

    /** A group's text and the table it was read with. */
    private record Sample(byte[] text, CounterTable table, String where) {
    }

    private static List<Sample> corpusGroups() {
        List<Sample> out = new ArrayList<>();
        for (String file : Corpus.streams()) {
            if (!file.contains(".txt.") || "only".equals(Corpus.manifestEntry(file).get("attachments").asText())) {
                continue;
            }
            try (Messages messages = Messages.copyOf(Corpus.bytes(file))) {
                for (Message m : messages) {
                    for (Group g : m.attachments()) {
                        if (g.domain() == Domain.QB64) {
                            out.add(new Sample(ByteBufUtil.getBytes(g.qb64()), g.table(),
                                    file + "@" + g.offset() + " " + g.name()));
                        }
                    }
                }
            } catch (CesrException e) {
                // a stream the corpus marks as failing: its groups before the error are taken
            }
        }
        return out;
    }

    @Test
    void aCutGroupIsJudgedAsTheFramerFramesIt() {
        List<Sample> groups = corpusGroups();
        assertTrue(groups.size() > 400, "groups " + groups.size());
        int cuts = 0;
        int quadletCuts = 0;
        int leastCuts = 0;
        for (Sample g : groups) {
            byte[] text = g.text();
            for (int limit = 4; limit <= text.length; limit++) {
                Source s = new Source(Unpooled.wrappedBuffer(text, 0, limit), 0);
                GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
                int fs;
                try {
                    fs = framer.counter(0, limit, g.table(), 0);
                } catch (TruncatedException e) {
                    continue; // a big counter not all in yet: the caller waits for it
                }
                GroupFit sizer = new GroupFit();
                GroupFit.Verdict verdict = sizer.check(s, 0, limit, framer.code(), framer.count(), fs, MAX);
                String where = g.where() + " cut at " + limit + " of " + text.length;
                if (limit == text.length) {
                    assertNotEquals(GroupFit.Verdict.CUT, verdict, where + ": judged cut when whole");
                    continue;
                }
                assertNotEquals(GroupFit.Verdict.FITS, verdict, where + ": judged whole when cut");
                long fit = verdict == GroupFit.Verdict.CUT ? sizer.needed() : 0;
                long missing = text.length - limit;
                CounterCode code = framer.code();
                boolean least = code.unit() == CountUnit.ELEMENTS && code.headMinSize() == 0
                        && text.length == fs + framer.count() * code.tupleMinSize() && primitives(code);
                if (least) {
                    // elements of their least size each, stepped over: the exact rest, never unjudged
                    leastCuts++;
                    assertEquals(GroupFit.Verdict.CUT, verdict, where);
                    assertEquals(missing, fit, where);
                }
                if (verdict == GroupFit.Verdict.CUT) {
                    cuts++;
                    assertTrue(fit <= missing, where + ": lacks " + missing + ", judged " + fit);
                    if (code.unit() == CountUnit.QUADLETS) {
                        quadletCuts++;
                        assertEquals(missing, fit, where);
                    }
                }
            }
        }
        assertTrue(cuts > 10_000, "cuts " + cuts);
        assertTrue(quadletCuts > 1_000, "quadlet cuts " + quadletCuts);
        assertTrue(leastCuts > 5_000, "cuts of least-size groups " + leastCuts);
    }

    /** True if every slot of {@code code} holds a primitive (Matter or indexed signature). */
    private static boolean primitives(CounterCode code) {
        for (int i = 0; i < code.slotCount(); i++) {
            if (!code.slot(i).isMatter() && code.slot(i) != Slot.SIGER) {
                return false;
            }
        }
        return code.slotCount() > 0;
    }

    /** A variable-size element: an ESSRPayloadGroup ({@code -Z}, CESR 1.0) of one Bytes primitive. */
    @Test
    void aVariableSizeElementLacksExactlyItsRestOnceItsSizeIsIn() {
        // 30 raw bytes: no lead bytes, 10 quadlets: 4BAK and 40 characters (small Bytes code)
        String texter = "4BAK" + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[30]);
        byte[] b = ("-ZAB" + texter).getBytes(StandardCharsets.US_ASCII);
        assertEquals(48, b.length);
        for (int limit = 4; limit <= b.length; limit++) {
            Source s = new Source(Unpooled.wrappedBuffer(b, 0, limit), 0);
            GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
            int fs = framer.counter(0, limit, CounterTable.CESR_1_0, 0);
            GroupFit sizer = new GroupFit();
            GroupFit.Verdict verdict = sizer.check(s, 0, limit, framer.code(), framer.count(), fs, MAX);
            if (limit == b.length) {
                assertNotEquals(GroupFit.Verdict.CUT, verdict, "whole");
                continue;
            }
            assertEquals(GroupFit.Verdict.CUT, verdict, "cut at " + limit);
            if (limit >= 8) {
                assertEquals(b.length - limit, sizer.needed(), "cut at " + limit + ": its size is in");
            } else {
                // the code is cut: at least the rest of the smallest Bytes primitive (4 characters)
                assertEquals(Math.max(1, 8 - limit), sizer.needed(), "cut at " + limit);
            }
        }
        // a size above the frame limit is the framer's to refuse
        Source s = new Source(Unpooled.wrappedBuffer(b, 0, 20), 0);
        GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
        int fs = framer.counter(0, 20, CounterTable.CESR_1_0, 0);
        assertEquals(GroupFit.Verdict.UNJUDGED, new GroupFit().check(s, 0, 20, framer.code(), framer.count(), fs, 40));
    }

    @Test
    void aBadCodeInACutGroupIsLeftToTheFramer() {
        // ControllerIdxSigs of 2, then a byte that starts no indexed signature
        for (String text : new String[] {"-AAC!", "-AAC" + "A".repeat(88) + "!", "-AAB_AAA"}) {
            byte[] b = text.getBytes(StandardCharsets.US_ASCII);
            Source s = new Source(Unpooled.wrappedBuffer(b), 0);
            GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
            int fs = framer.counter(0, b.length, CounterTable.CESR_1_0, 0);
            assertEquals(GroupFit.Verdict.UNJUDGED,
                    new GroupFit().check(s, 0, b.length, framer.code(), framer.count(), fs, MAX), text);
            try {
                framer.group(0, b.length, CounterTable.CESR_1_0, 1);
                fail(text + ": framed");
            } catch (TruncatedException e) {
                fail(text + ": the framer should report the bad code, not wait: " + e);
            } catch (CesrException e) {
                assertEquals(text.length() - 1 - (text.endsWith("AAA") ? 3 : 0), e.offset(), text);
            }
        }
    }

    @Test
    void aGroupLargerThanTheLeastOfItsElementsIsLikelyWhole() {
        // one Ed448 signature (0A, 156 characters), 100 of them in: at least 88, at most 160
        byte[] b = ("-AAB0AAA" + "A".repeat(96)).getBytes(StandardCharsets.US_ASCII);
        Source s = new Source(Unpooled.wrappedBuffer(b), 0);
        GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
        int fs = framer.counter(0, b.length, CounterTable.CESR_1_0, 0);
        assertEquals(GroupFit.Verdict.LIKELY,
                new GroupFit().check(s, 0, b.length, framer.code(), framer.count(), fs, MAX));
        // a count whose least size is above the frame limit: the framer refuses it
        assertEquals(GroupFit.Verdict.UNJUDGED,
                new GroupFit().check(s, 0, b.length, framer.code(), 4095, fs, 1000));
    }
}
