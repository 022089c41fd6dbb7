package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.VersionStringException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.StreamingRuns.Chunker;
import dev.cesrj.stream.StreamingRuns.Outcome;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Qb64;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CESR-native message bodies (CESR 2.0 FixBodyGroup {@code -F} and MapBodyGroup {@code -G};
 * keripy {@code msgParsator}): framed as slices whose fields are primitives and field groups, with
 * the version read from their Verser; at the top of a stream, in envelopes and nested.
 */
@ExtendWith(LeakDetectionExtension.class)
class NativeBodyMessageTest {
    static final CesrOptions V2 = CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();

    /**
     * keripy {@code tests/core/test_parsing.py::test_parser_v2_substream}: a
     * BodyWithAttachmentGroup holding a native exn, its signature, a nested enveloped native icp
     * and a nested native rot with its AttachmentGroup; 1120 characters.
     */
    static final String SUBSTREAM = ""
            + "-BEX-FBP0OKERICAACAAXxipENigDsiL9CrHdU-yn5hOVQM5zKg6xktazQqYLUKpi1Kq0AB8WKheGX-o1b1SzLaxZr"
            + "4uDNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4HxDNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx"
            + "1AAG2026-06-24T20c39c40d737875p00c004AAA-IAA-IAY0J_aEFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5D"
            + "JKWXRN0J_bELd8a717hYxwewOwgmZfNRUaSmpBZpABZsOHduLd1cg8-KAWAADKmJDaLkMGw6NUYyWAYFY4uBWItPnt"
            + "gZflpuIA5hk2WqqlGWj-JMpXbxPYON9eCj47Wj0wqG1IraSpr1huW6kB-BBR-FA50OKERICAACAAXicpEFaYE2LTv8"
            + "dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRNDNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4HxMAAAMAAB-JAL"
            + "DNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4HxMAAB-JALEFXIx7URwmw7AVQTBcMxPXfOOJ2YYA1SJAam69"
            + "DXV8D2MAAA-JAA-JAA-JAA-KAWAADIuhb1P2QTiAdAsff8zRQi4z7DKqXyCWtQj8NllWrD9CQUKpRB3NCpg_SX3LV2"
            + "gAqlpbIkX0vDt61yhQmZfUYN-FBF0OKERICAACAAXrotELd8a717hYxwewOwgmZfNRUaSmpBZpABZsOHduLd1cg8DN"
            + "G2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4HxMAABEFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRN"
            + "MAAB-JALDOwvH3i0ceL1GBqaLxecDIsk6NFDL-Qv6SFq5Gj6JMABMAAB-JALEFOcjb2T4uNP6C20sStcAzOyXDU27_"
            + "2vWpTzAFbTarAcMAAA-JAA-JAA-JAA-JAA-CAX-KAWAAB030oDC6rw-sdMygaNxzsoIFdgl0n02BbIkLEcT-Ot2d26"
            + "rBW6TmIwAeGFicXl1pOwJ8X4Zah4idvMuP3F688P";

    static final String SIG = TestStreams.kelSingleFirstAttachments().substring(4);

    private static List<String> names(List<Element> elements) {
        return elements.stream()
                .map(e -> e instanceof Group ? ((Group) e).counterText() : ((Matter) e).code().code())
                .collect(Collectors.toList());
    }

    /**
     * Checks that the elements of {@code g} tile its content exactly, in order, each nested group
     * one level deeper than {@code g}, and so on down; returns the number of elements met.
     */
    private static int tiles(Group g) {
        List<Element> elements = g.elements();
        long at = g.offset() + g.counterSize();
        int met = 0;
        for (Element e : elements) {
            assertEquals(at, e.offset(), g.counterText() + " at " + g.offset());
            at += e.length();
            met++;
            if (e instanceof Group) {
                Group inner = (Group) e;
                assertEquals(g.depth() + 1, inner.depth(), inner.counterText() + " at " + inner.offset());
                met += tiles(inner);
            }
        }
        assertEquals(g.offset() + g.length(), at, g.counterText() + " at " + g.offset() + ": filled");
        return met;
    }

    @Test
    void theFieldsOfEveryNativeBodyTileItAtEveryLevel() {
        int met = 0;
        try (Messages messages = Messages.copyOf(ascii(SUBSTREAM), V2)) {
            Message m = messages.next();
            met += tiles(m.bodyGroup().orElseThrow());
            for (Message n : m.nested()) {
                met += tiles(n.bodyGroup().orElseThrow());
            }
        }
        assertEquals(46, met, "the elements at every level of the three bodies");
    }

    @Test
    void keripysV2SubstreamFramesEveryLevel() {
        assertEquals(1120, SUBSTREAM.length());
        try (Messages messages = Messages.copyOf(ascii(SUBSTREAM), V2)) {
            Message m = messages.next();
            assertFalse(messages.hasNext());
            assertEquals(1120, m.length());
            assertEquals("-BEX", m.envelope().orElseThrow().counterText());
            assertEquals(279, m.envelope().orElseThrow().count());
            Group body = m.bodyGroup().orElseThrow();
            assertEquals("FixBodyGroup", body.name());
            assertEquals(79, body.count());
            assertEquals(320, body.length());
            assertTrue(m.bodyTexter().isEmpty());
            assertEquals(SUBSTREAM.substring(4, 324), m.body().toString(StandardCharsets.US_ASCII),
                    "the body is the group's text, counter included (what keripy signs)");
            VersionString vs = m.version();
            assertEquals("KERICAACAACESRAAFA.", vs.text());
            assertEquals(Kind.CESR, vs.kind());
            assertEquals(320, vs.size());
            assertEquals(CounterTable.CESR_2_0, m.table());
            assertEquals(List.of("0O", "X", "E", "0A", "D", "D", "1AAG", "4A", "-IAA", "-IAY"),
                    names(body.elements()));
            Group map = (Group) body.elements().get(9);
            assertEquals("GenericMapGroup", map.name());
            assertEquals(3, map.depth());
            assertEquals(List.of("0J", "E", "0J", "E"), names(map.elements()));
            assertEquals("0J_a", ((Matter) map.elements().get(0)).qb64Text());
            // -KAW, then the two nested messages' entries
            assertEquals(List.of("-KAW", "-BBR", "-FBF"),
                    m.groups().stream().map(Group::counterText).collect(Collectors.toList()));
            assertEquals(1, m.signatures().size());
            assertEquals(2, m.nested().size());

            Message icp = m.nested().get(0);
            assertEquals("-BBR", icp.envelope().orElseThrow().counterText());
            assertEquals("-FA5", icp.bodyGroup().orElseThrow().counterText());
            assertEquals(232, icp.version().size());
            assertEquals(1, icp.signatures().size());
            List<Element> fields = icp.bodyGroup().orElseThrow().elements();
            assertEquals(List.of("0O", "X", "E", "D", "M", "M", "-JAL", "M", "-JAL", "M", "-JAA",
                    "-JAA", "-JAA"), names(fields));
            Group keys = (Group) fields.get(6);
            assertEquals("GenericListGroup", keys.name());
            assertEquals(List.of("D"), names(keys.elements()));

            Message rot = m.nested().get(1);
            assertTrue(rot.envelope().isEmpty());
            assertEquals("-FBF", rot.bodyGroup().orElseThrow().counterText());
            assertEquals(280, rot.version().size());
            assertEquals(List.of("-CAX", "-KAW"),
                    rot.groups().stream().map(Group::counterText).collect(Collectors.toList()));
            assertEquals(1, rot.signatures().size());
            assertEquals(1120 - 4 - 320 - 92 - 328, rot.length());
        }
    }

    @Test
    void theSubstreamNeedsCesr20InferredChosenOrFromAGenusCode() {
        CesrOptions v1 = CesrOptions.builder().defaultTable(dev.cesrj.code.CounterTable.CESR_1_0).build();
        try (Messages messages = Messages.copyOf(ascii(SUBSTREAM), v1)) {
            ColdStartException e = assertThrows(ColdStartException.class, messages::hasNext);
            assertEquals("-B", e.code());
        }
        try (Messages messages = Messages.copyOf(ascii(SUBSTREAM))) {
            Message m = messages.next();
            assertEquals(1128 - 8, m.length(), "-B starts a message in CESR 2.0 only");
        }
        try (Messages messages = Messages.copyOf(ascii("-_AAACAA" + SUBSTREAM))) {
            Message m = messages.next();
            assertEquals(1128, m.length());
            assertEquals(2, m.nested().size());
        }
        // under CESR 1.0, -F is TransIdxSigGroups: no message starts so
        try (Messages messages = Messages.copyOf(ascii("-_AAABAA" + SUBSTREAM.substring(4)))) {
            assertEquals("-F", assertThrows(ColdStartException.class, messages::hasNext).code());
        }
    }

    @Test
    void theSubstreamReadsTheSameWholeAndInPieces() {
        byte[] stream = concat(SUBSTREAM, "-_AAACAA", SUBSTREAM);
        Outcome whole = StreamingRuns.whole(stream, V2);
        assertEquals(null, whole.error());
        assertEquals(2, whole.messages().size());
        SplittableRandom random = new SplittableRandom(11);
        for (Chunker c : List.of(Chunker.fixed(1), Chunker.fixed(7), Chunker.random(random, 300))) {
            Outcome streamed = StreamingRuns.streamed(stream, V2, c, false);
            assertTrue(streamed.sameAs(whole), () -> streamed + " vs " + whole);
        }
    }

    /** {@code -G}: label {@code v}, Verser, label {@code t}, ilk {@code icp}. */
    static final String MAP_BODY = "-GAG" + "0J_v" + "0OKERICAACAA" + "0J_t" + "Xicp";

    @Test
    void aMapBodyGroupHasItsVerserSecond() {
        byte[] input = concat("-_AAACAA", MAP_BODY, "-KAW" + SIG, MAP_BODY);
        try (Messages messages = Messages.copyOf(input)) {
            Message m = messages.next();
            assertEquals("MapBodyGroup", m.bodyGroup().orElseThrow().name());
            assertEquals("KERICAACAACESRAAAc.", m.version().text());
            assertEquals(8 + 28 + 92, m.length());
            assertEquals(1, m.signatures().size());
            Message bare = messages.next();
            assertEquals(0, bare.groups().size());
            assertEquals(28, bare.length());
        }
    }

    @Test
    void sealGroupsInsideABodyAreFramedByTheirGrammar() {
        String digest = Qb64.matter(MatterCode.Blake3_256, new byte[32]);
        String seals = "-QAL" + digest;               // DigestSealSingles: one digest
        String list = counter("-J", seals.length() / 4) + seals;
        String fields = "0OKERICAACAA" + "Xixn" + list;
        String body = counter("-F", fields.length() / 4) + fields;
        try (Messages messages = Messages.copyOf(concat("-_AAACAA", body))) {
            Message m = messages.next();
            Group l = (Group) m.bodyGroup().orElseThrow().elements().get(2);
            Group q = (Group) l.elements().get(0);
            assertEquals("DigestSealSingles", q.name());
            assertEquals(digest, ((Matter) q.elements().get(0)).qb64Text());
        }
    }

    private static <T extends CesrException> T fails(Class<T> type, String input) {
        try (Messages messages = Messages.copyOf(ascii("-_AAACAA" + input))) {
            CesrException e = assertThrows(CesrException.class, messages::hasNext);
            return assertInstanceOf(type, e, e.getMessage());
        }
    }

    @Test
    void badNativeBodiesAreTypedErrors() {
        // no Verser first
        VersionStringException v = fails(VersionStringException.class, "-FABXicp");
        assertEquals(12, v.offset());
        v = fails(VersionStringException.class, "-FAA");
        assertEquals(8, v.offset());
        // a Verser of protocol version 1
        v = fails(VersionStringException.class, "-FAD0OKERIBAABAA");
        assertEquals(12, v.offset());
        // an attachment group inside a body
        MalformedException e = fails(MalformedException.class, "-FAG0OKERICAACAA-KAA" + "XicpXicp");
        assertEquals(24, e.offset());
        assertEquals("-K", e.code());
        // a field running past the body's count
        e = fails(MalformedException.class, "-FAE0OKERICAACAA" + "-JAC" + "Xicp");
        assertEquals(24, e.offset());
        assertEquals("-J", e.code());
        // nested field groups deeper than maxDepth
        String deep = "-JAA";
        for (int i = 0; i < 8; i++) {
            deep = counter("-J", deep.length() / 4) + deep;
        }
        String fields = "0OKERICAACAA" + deep;
        String body = counter("-F", fields.length() / 4) + fields;
        assertInstanceOf(NestingTooDeepException.class, fails(NestingTooDeepException.class, body));
        CesrOptions deeper = CesrOptions.builder().maxDepth(10).build();
        try (Messages messages = Messages.copyOf(ascii("-_AAACAA" + body), deeper)) {
            assertEquals(body.length() + 8, messages.next().length());
        }
    }
}
