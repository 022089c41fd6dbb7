package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ErrorKind;
import dev.cesrj.MalformedException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.testing.Property;

import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link GroupFramer#frameOrCut} against {@link GroupFramer#group}, the framing it reports a cut
 * of: for every top-level attachment group of the corpus, in qb64 and in qb2, cut after each of
 * its bytes, and for seeded mutants of them, a group that {@code group} frames is {@link
 * Fit.Verdict#WHOLE} with the same end and the same tape; one it finds truncated is {@link
 * Fit.Verdict#CUT} needing exactly the bytes the {@link TruncatedException} says, with the tape
 * as it was; any other error is thrown alike (class, kind, offset, message).
 */
class FrameOrCutTest {
    /** What one of the two framings did. */
    private record Outcome(String what, int end, long needed, GroupTape tape) {
    }

    private static Outcome framed(byte[] b, int limit, CounterTable table, boolean orCut) {
        Source s = new Source(Unpooled.wrappedBuffer(b, 0, limit), 0);
        GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
        GroupTape tape = new GroupTape();
        tape.matter(0, 4, dev.cesrj.code.MatterCode.values()[0], 1, Domain.QB64); // held before
        try {
            if (!orCut) {
                return new Outcome("whole", framer.group(0, limit, table, 1, tape), 0, tape);
            }
            Fit fit = new Fit();
            Fit.Verdict v = framer.frameOrCut(0, limit, table, 1, tape, fit);
            assertSame(v, fit.verdict());
            return v == Fit.Verdict.WHOLE
                    ? new Outcome("whole", fit.end(), 0, tape)
                    : new Outcome(
                            "cut " + Truncations.describe(fit.error()), 0, fit.needed(), tape);
        } catch (TruncatedException e) {
            assertTrue(!orCut, "frameOrCut threw " + e);
            return new Outcome("cut " + Truncations.describe(e), 0, e.needed(), null);
        } catch (CesrException e) {
            return new Outcome(e.getClass().getSimpleName() + " " + e.kind() + " @" + e.offset() + " "
                    + e.getMessage(), 0, 0, null);
        }
    }

    /** Frames {@code b[0, limit)} both ways and checks they agree; returns the verdict's word. */
    private static String agree(byte[] b, int limit, CounterTable table, String where) {
        Outcome expected = framed(b, limit, table, false);
        Outcome got = framed(b, limit, table, true);
        assertEquals(expected.what(), got.what(), where);
        assertEquals(expected.end(), got.end(), where);
        assertEquals(expected.needed(), got.needed(), where);
        if (expected.what().equals("whole")) {
            assertTapesEqual(expected.tape(), got.tape(), where);
        } else if (expected.what().startsWith("cut")) {
            assertEquals(1, got.tape().size(), where + ": the tape keeps only what it held");
        }
        return expected.what();
    }

    private static void assertTapesEqual(GroupTape a, GroupTape b, String where) {
        assertEquals(a.size(), b.size(), where);
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.step(i), b.step(i), where + " entry " + i);
            assertEquals(a.start(i), b.start(i), where + " entry " + i);
            assertEquals(a.length(i), b.length(i), where + " entry " + i);
            assertEquals(a.depth(i), b.depth(i), where + " entry " + i);
        }
    }

    @Test
    void everyCutOfEveryCorpusGroupIsReportedAsTheFramerThrowsIt() {
        List<CorpusGroupBytes.Sample> all = CorpusGroupBytes.bothDomains();
        assertTrue(all.size() > 800, "groups " + all.size());
        // every group at scale 1; an even spread of them under PIT's case scale
        List<CorpusGroupBytes.Sample> groups = Property.spread(all);
        int cuts = 0;
        int wholes = 0;
        for (CorpusGroupBytes.Sample g : groups) {
            byte[] b = g.bytes();
            for (int limit = 1; limit <= b.length; limit++) {
                String what = agree(b, limit, g.table(), g.where() + " cut at " + limit + " of " + b.length);
                if (limit == b.length) {
                    assertEquals("whole", what, g.where());
                    wholes++;
                } else if (what.startsWith("cut")) {
                    cuts++;
                }
            }
        }
        assertEquals(groups.size(), wholes, "wholes");
        assertTrue(cuts > 50 * groups.size(), "cuts " + cuts + " in " + groups.size() + " groups");
    }

    @Test
    void seededMutantsAreReportedAsTheFramerReportsThem() {
        List<CorpusGroupBytes.Sample> groups = CorpusGroupBytes.bothDomains();
        Random random = new Random(17);
        int errors = 0;
        int cuts = 0;
        int rounds = Property.cases(20_000);
        for (int round = 0; round < rounds; round++) {
            CorpusGroupBytes.Sample g = groups.get(random.nextInt(groups.size()));
            byte[] b = g.bytes().clone();
            int flips = 1 + random.nextInt(3);
            for (int k = 0; k < flips; k++) {
                b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            }
            int limit = 1 + random.nextInt(b.length);
            String what = agree(b, limit, g.table(), g.where() + " mutant " + round + " cut at " + limit);
            if (what.startsWith("cut")) {
                cuts++;
            } else if (!what.equals("whole")) {
                errors++;
            }
        }
        assertTrue(errors > rounds / 40, "errors " + errors + " in " + rounds);
        assertTrue(cuts > rounds / 10, "cuts " + cuts + " in " + rounds);
    }

    @Test
    void contentThatRunsPastItsCountedEndIsMalformedNotCut() {
        // an AttachmentGroup of 1 quadlet holding a ControllerIdxSigs counter of 1: the content
        // ends 88 bytes short of its signature, inside the group, whose end is the end of the bytes
        byte[] b = "-VAB-AAB".getBytes(StandardCharsets.US_ASCII);
        Source s = new Source(Unpooled.wrappedBuffer(b), 0);
        GroupFramer framer = new GroupFramer(s, CesrOptions.DEFAULT);
        MalformedException e = assertThrows(MalformedException.class,
                () -> framer.frameOrCut(0, b.length, CounterTable.CESR_1_0, 1, null, new Fit()));
        assertEquals(ErrorKind.MALFORMED_CONTENT_CUT, e.kind());
        assertEquals(8, e.offset(), "the signature cut by the group's end");
        // the same group with more content declared than is in: cut, exactly the rest
        byte[] c = "-VAC-AAB".getBytes(StandardCharsets.US_ASCII);
        Fit fit = new Fit();
        assertEquals(Fit.Verdict.CUT, new GroupFramer(new Source(Unpooled.wrappedBuffer(c), 0), CesrOptions.DEFAULT)
                .frameOrCut(0, c.length, CounterTable.CESR_1_0, 1, null, fit));
        assertEquals(4, fit.needed());
    }

    @Test
    void aCutInsideANestedGroupNeedsWhatTheEnclosingGroupStillNeeds() {
        // TransIdxSigGroups of 2 (CESR 1.0 -F): prefix, sn, said, then -A##; the second tuple
        // follows. Cut inside the first ControllerIdxSigs' signature.
        String pre = "B" + "A".repeat(43);
        String snu = "0A" + "A".repeat(22);
        String dig = "E" + "A".repeat(43);
        String sig = "A" + "A".repeat(87);
        String tuple = pre + snu + dig + "-AAB" + sig;
        byte[] b = ("-FAB" + tuple).getBytes(StandardCharsets.US_ASCII);
        Fit fit = new Fit();
        GroupFramer f = new GroupFramer(new Source(Unpooled.wrappedBuffer(b, 0, b.length - 10), 0), CesrOptions.DEFAULT);
        assertEquals(Fit.Verdict.CUT, f.frameOrCut(0, b.length - 10, CounterTable.CESR_1_0, 1, null, fit));
        assertEquals(10, fit.needed());
        GroupFramer whole = new GroupFramer(new Source(Unpooled.wrappedBuffer(b), 0), CesrOptions.DEFAULT);
        assertEquals(Fit.Verdict.WHOLE, whole.frameOrCut(0, b.length, CounterTable.CESR_1_0, 1, null, fit));
        assertEquals(b.length, fit.end());
        assertNotNull(whole.code());
        assertEquals("-F", whole.code().code());
        assertEquals(1, whole.count());
    }
}
