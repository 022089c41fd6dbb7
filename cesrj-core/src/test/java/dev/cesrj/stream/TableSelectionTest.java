package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cesrj.AmbiguousTableException;
import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.MalformedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.StreamingRuns.Chunker;
import dev.cesrj.stream.StreamingRuns.Outcome;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Qb64;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Which counter table reads a message's attachments, rule by rule (cesrj's choice): a
 * genus-version code with keripy's scoping wins; else the protocol
 * version of the body the attachments follow; else the configured default. keripy's development
 * head only uses configuration; the last tests show streams it reads only when configured that
 * cesrj reads without.
 */
@ExtendWith(LeakDetectionExtension.class)
class TableSelectionTest {
    static final CesrOptions V2_DEFAULT =
            CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
    static final CesrOptions LEGACY = CesrOptions.builder().legacyCesr10(true).build();
    static final CesrOptions V1_CHOSEN =
            CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();

    /** The signature of kel_single's first message, without its -AAB counter (88 chars). */
    static final String SIG = TestStreams.kelSingleFirstAttachments().substring(4);
    static final byte[] V1_BODY = TestStreams.kelSingleFirstBody();

    static final String QUADRUPLE = Qb64.matter(MatterCode.Ed25519, new byte[32])
            + Qb64.matter(MatterCode.Salt_128, new byte[16])
            + Qb64.matter(MatterCode.Blake3_256, new byte[32])
            + Qb64.indexer(IndexerCode.Ed25519_Sig, 2, 0, new byte[64]);

    /** The messages of {@code input}, their tables and group codes, as one line each. */
    static List<String> read(byte[] input, CesrOptions options) {
        List<String> out = new ArrayList<>();
        try (Messages messages = Messages.copyOf(input, options)) {
            for (Message m : messages) {
                StringBuilder sb = new StringBuilder(m.table().name());
                for (Group g : m.groups()) {
                    sb.append(' ').append(g.code().code()).append(':').append(g.table().name());
                }
                sb.append(" sigs ").append(m.signatures().size());
                out.add(sb.toString());
            }
        }
        return out;
    }

    static <T extends CesrException> T fails(Class<T> type, byte[] input, CesrOptions options) {
        try (Messages messages = Messages.copyOf(input, options)) {
            CesrException e = assertThrows(CesrException.class, () -> {
                while (messages.hasNext()) {
                    messages.next();
                }
            });
            return assertInstanceOf(type, e, e.getMessage());
        }
    }

    // ---- rule 1: a genus-version code wins, with keripy's scoping ----

    @Test
    void aGenusVersionCodeAtAMessageStartHoldsForTheRestOfTheStream() {
        byte[] input = concat("-_AAACAA", V1_BODY, "-KAW" + SIG, V1_BODY, "-KAW" + SIG);
        assertEquals(List.of("CESR_2_0 -K:CESR_2_0 sigs 1", "CESR_2_0 -K:CESR_2_0 sigs 1"),
                read(input, CesrOptions.DEFAULT));
    }

    @Test
    void aGenusVersionCodeLeadingAnAttachmentGroupHoldsForThatGroupOnly() {
        String content = "-_AAACAA" + "-KAW" + SIG;
        byte[] input = concat(V1_BODY, counter("-V", content.length() / 4) + content,
                V1_BODY, "-AAB" + SIG);
        assertEquals(List.of("CESR_1_0 -V:CESR_1_0 -_AAA:CESR_1_0 -K:CESR_2_0 sigs 1",
                "CESR_1_0 -A:CESR_1_0 sigs 1"), read(input, CesrOptions.DEFAULT));
    }

    @Test
    void aGenusVersionCodeInsideAGroupButNotFirstIsMalformed() {
        String content = "-AAB" + SIG + "-_AAACAA";
        byte[] input = concat(V1_BODY, counter("-V", content.length() / 4) + content);
        MalformedException e = fails(MalformedException.class, input, CesrOptions.DEFAULT);
        assertEquals(299 + 4 + 92, e.offset());
        assertEquals("-_AAA", e.code());
    }

    @Test
    void theLegacyGenusVersionCodeSelectsTheLegacyTableUnderTheLegacyProfile() {
        byte[] input = concat("--AAABAA", V1_BODY, "-DAB" + QUADRUPLE, V1_BODY, "-AAB" + SIG);
        assertEquals(List.of("CESR_1_0_LEGACY -D:CESR_1_0_LEGACY sigs 1",
                "CESR_1_0_LEGACY -A:CESR_1_0_LEGACY sigs 1"), read(input, LEGACY));
        try (Messages messages = Messages.copyOf(input, LEGACY)) {
            Message m = messages.next();
            assertEquals("--AAABAA", m.genusVersion().orElseThrow().counterText());
            assertEquals(CounterTable.CESR_1_0_LEGACY, messages.streamTable());
        }
        // CESR 1.0 chosen: the legacy code is unknown, and the error names the legacy table
        UnknownCodeException e = fails(UnknownCodeException.class, input, V1_CHOSEN);
        assertEquals(0, e.offset());
        assertTrue(e.getMessage().contains("--A starts the genus-version code --AAA of the legacy"
                + " CESR 1.0 table"), e.getMessage());
        // the table inferred: --AAABAA is the legacy code or a CESR 2.0 BigGenericGroup of 4,096
        // quadlets whose content starts with a body; cesrj does not guess
        AmbiguousTableException a = fails(AmbiguousTableException.class, input, CesrOptions.DEFAULT);
        assertEquals(0, a.offset());
        assertEquals(List.of(CounterTable.CESR_2_0, CounterTable.CESR_1_0_LEGACY), a.readings());
        assertTrue(a.getMessage().contains("BigGenericGroup in CESR_2_0, and KERIACDCGenusVersion"
                + " in CESR_1_0_LEGACY"), a.getMessage());
        // and the universal code switches a legacy reader to the current tables
        byte[] v2 = concat("-_AAACAA", V1_BODY, "-KAW" + SIG);
        assertEquals(List.of("CESR_2_0 -K:CESR_2_0 sigs 1"), read(v2, LEGACY));
    }

    // ---- rule 2: else a chosen table for version 1 bodies, or the one inferred ----

    @Test
    void aVersion1BodyReadsItsAttachmentsWithTheChosenTableOrTheInferredOne() {
        byte[] input = concat(V1_BODY, "-AAB" + SIG);
        assertEquals(List.of("CESR_1_0 -A:CESR_1_0 sigs 1"), read(input, V1_CHOSEN));
        // inferred: as a CESR 2.0 GenericGroup, -AAB would hold a frame, and a signature is none
        assertEquals(List.of("CESR_1_0 -A:CESR_1_0 sigs 1"), read(input, CesrOptions.DEFAULT));
        // CESR 2.0 chosen, as keripy's parser configured for 2.0: -AAB is a GenericGroup
        ColdStartException e = fails(ColdStartException.class, input, V2_DEFAULT);
        assertEquals(299 + 4, e.offset());
        // keripy 2.x: a version 1 body with CESR 2.0 attachments, read inferred and chosen alike
        byte[] v2Attachments = concat(V1_BODY, "-KAW" + SIG);
        assertEquals(List.of("CESR_2_0 -K:CESR_2_0 sigs 1"), read(v2Attachments, CesrOptions.DEFAULT));
        assertEquals(List.of("CESR_2_0 -K:CESR_2_0 sigs 1"), read(v2Attachments, V2_DEFAULT));
        byte[] wrapped = concat(V1_BODY, "-CAX" + "-KAW" + SIG);
        assertEquals(List.of("CESR_2_0 -C:CESR_2_0 -K:CESR_2_0 sigs 1"),
                read(wrapped, CesrOptions.DEFAULT));
    }

    @Test
    void aVersion1BodyReadsTheLegacyTableWhereCesr10RefusesIt() {
        byte[] input = concat(V1_BODY, "-DAB" + QUADRUPLE);
        assertEquals(List.of("CESR_1_0_LEGACY -D:CESR_1_0_LEGACY sigs 1"), read(input, LEGACY));
        assertEquals(List.of("CESR_1_0_LEGACY -D:CESR_1_0_LEGACY sigs 1"),
                read(input, CesrOptions.DEFAULT));
        // keripy's head counts -D in quadlets: one quadlet cannot hold the quadruple
        MalformedException e = fails(MalformedException.class, input, V1_CHOSEN);
        assertEquals(299 + 4, e.offset());
        // refused by both: the error further into the stream is reported (the legacy table's)
        byte[] bad = concat(V1_BODY, "-DAB" + QUADRUPLE.substring(0, 44) + "####");
        CesrException both = fails(CesrException.class, bad, CesrOptions.DEFAULT);
        assertEquals(299 + 4 + 44, both.offset(), both.getMessage());
    }

    @Test
    void aVersion2BodyReadsItsAttachmentsWithCesr20WhateverTheDefault() {
        byte[] v2 = kelSingleV2WithoutGenusCode();
        for (CesrOptions options : List.of(CesrOptions.DEFAULT, V2_DEFAULT, LEGACY)) {
            List<String> got = read(v2, options);
            assertEquals(9, got.size());
            for (String line : got) {
                assertEquals("CESR_2_0 -K:CESR_2_0 sigs 1", line);
            }
        }
    }

    // ---- rule 3: else the configured default ----

    @Test
    void withNeitherAGenusCodeNorABodyTheConfiguredDefaultDecides() {
        // a top-level CESR 2.0 envelope -B holding a NonNativeBodyGroup -H: its counter comes
        // before any body
        String bodyGroup = TestStreams.texter(TestStreams.jsonV2("icp", ""));
        bodyGroup = counter("-H", bodyGroup.length() / 4) + bodyGroup;
        byte[] input = ascii(counter("-B", bodyGroup.length() / 4) + bodyGroup);
        assertEquals(List.of("CESR_2_0 sigs 0"), read(input, V2_DEFAULT));
        // inferred: -B starts a message in CESR 2.0 only
        assertEquals(List.of("CESR_2_0 sigs 0"), read(input, CesrOptions.DEFAULT));
        // under a chosen CESR 1.0, -B is WitnessIdxSigs, which cannot start a message
        ColdStartException e = fails(ColdStartException.class, input, V1_CHOSEN);
        assertEquals(0, e.offset());
        assertEquals("-B", e.code());
        // attachment-only input has no body: Groups reads it with the default
        try (Groups groups = Groups.copyOf(ascii("-AAB" + SIG), V2_DEFAULT)) {
            assertEquals("GenericGroup", groups.next().name());
        }
        try (Groups groups = Groups.copyOf(ascii("-AAB" + SIG), CesrOptions.DEFAULT)) {
            assertEquals("ControllerIdxSigs", groups.next().name());
        }
    }

    // ---- streams keripy reads only when configured ----

    /** kel_single v2 bare without its leading -_AAACAA: v2 bodies, each followed by -KAW + a signature. */
    static byte[] kelSingleV2WithoutGenusCode() {
        byte[] s = Corpus.bytes("kel_single.v2.bare.txt.cesr");
        assertEquals("-_AAACAA", new String(s, 0, 8, java.nio.charset.StandardCharsets.US_ASCII));
        return Arrays.copyOfRange(s, 8, s.length);
    }

    /**
     * keripy reads a v2 body with {@code -K} attachments and no genus-version code only with a
     * parser configured for 2.0 (the corpus's parser is configured 1.0 and needs the leading
     * {@code -_AAACAA}); reading the attachments by configuration alone, as keripy does, fails
     * under 1.0. cesrj reads the stream under its default (1.0) configuration, message for message
     * as keripy reads the stream with the genus-version code.
     */
    @Test
    void aVersion2StreamWithoutAGenusCodeReadsWithoutConfiguration() {
        byte[] bare = kelSingleV2WithoutGenusCode();
        byte[] withCode = Corpus.bytes("kel_single.v2.bare.txt.cesr");
        List<ObjectNode> want = projections(withCode, CesrOptions.DEFAULT, 8);
        List<ObjectNode> got = projections(bare, CesrOptions.DEFAULT, 0);
        assertEquals(9, got.size());
        assertEquals(want, got);
        // configuration alone (the table keripy's parser was given) misreads the attachments
        int attachments = 301;
        try (Groups groups = Groups.copyOf(Arrays.copyOfRange(bare, attachments, attachments + 92),
                CesrOptions.DEFAULT)) {
            UnknownCodeException e = assertThrows(UnknownCodeException.class, groups::next);
            assertEquals("-K", e.code());
        }
    }

    /**
     * The other way round: keripy's head parser defaults to 2.0 and misreads a legacy v1 stream
     * ({@code -AAB} is a GenericGroup of one quadlet there, keripy {@code parsing.py}); cesrj
     * configured for 2.0 reads it by its bodies' version.
     */
    @Test
    void aVersion1StreamReadsInferredButNotUnderAChosen20() {
        byte[] v1 = Corpus.bytes(TestStreams.KEL_SINGLE_V1);
        List<String> got = read(v1, CesrOptions.DEFAULT);
        assertEquals(read(v1, V1_CHOSEN), got);
        for (String line : got) {
            assertTrue(line.startsWith("CESR_1_0 -A:CESR_1_0"), line);
        }
        // chosen 2.0, as keripy's head parser: -AAB is a GenericGroup
        fails(ColdStartException.class, v1, V2_DEFAULT);
        try (Groups groups = Groups.copyOf(ascii(TestStreams.kelSingleFirstAttachments()), V2_DEFAULT)) {
            Group misread = groups.next();
            assertEquals("GenericGroup", misread.name());
            assertEquals(8, misread.length());
        }
    }

    /**
     * The projections of the messages of {@code input}, as if its first {@code shift} bytes (a
     * leading genus-version code) were not there.
     */
    private static List<ObjectNode> projections(byte[] input, CesrOptions options, int shift) {
        List<ObjectNode> out = new ArrayList<>();
        try (Messages messages = Messages.copyOf(input, options)) {
            for (Message m : messages) {
                ObjectNode o = StreamingRuns.project(m, -shift);
                o.remove("gvc");
                if (shift > 0 && m.genusVersion().isPresent()) {
                    o.put("length", m.length() - 8);
                    o.put("offset", o.get("offset").asLong() + 8);
                }
                out.add(o);
            }
        }
        return out;
    }

    // ---- a legacy stream fed in pieces ----

    @Test
    void aLegacyStreamReadsTheSameWholeAndInPieces() {
        String pather = "4AAB-a-b";
        String wrapped = "-AAB" + SIG + "-DAB" + QUADRUPLE;
        String sad = "-KAC" + "6AABAAA-" + "-JAB" + pather + "-AAB" + SIG
                + "-JAB" + pather + "-FAB" + QUADRUPLE.substring(0, 112) + "-AAB" + SIG;
        byte[] stream = concat(V1_BODY, "-0VAAA" + counter("-V", wrapped.length() / 4).substring(2),
                wrapped,
                V1_BODY, sad, "--AAABAA", V1_BODY, "-LAZ" + pather + "-AAB" + SIG);
        Outcome whole = StreamingRuns.whole(stream, LEGACY);
        assertEquals(null, whole.error());
        assertEquals(3, whole.messages().size());
        assertEquals(List.of("CESR_1_0_LEGACY -0V:CESR_1_0_LEGACY -A:CESR_1_0_LEGACY"
                        + " -D:CESR_1_0_LEGACY sigs 2",
                "CESR_1_0_LEGACY -K:CESR_1_0_LEGACY sigs 2", "CESR_1_0_LEGACY -L:CESR_1_0_LEGACY sigs 0"),
                read(stream, LEGACY));
        SplittableRandom random = new SplittableRandom(7);
        for (Chunker chunker : List.of(Chunker.fixed(1), Chunker.fixed(3), Chunker.random(random, 200))) {
            Outcome streamed = StreamingRuns.streamed(stream, LEGACY, chunker, false);
            assertTrue(streamed.sameAs(whole), () -> streamed + " vs " + whole);
        }
        // CESR 1.0 chosen: a typed error naming the legacy table, the same whole and streamed
        Outcome refused = StreamingRuns.whole(stream, V1_CHOSEN);
        assertEquals("UnknownCodeException@299", refused.error());
        assertFalse(StreamingRuns.streamed(stream, V1_CHOSEN, Chunker.fixed(5), false)
                .messages().size() > 0);
        // inferred: the two legacy messages read, then the legacy genus-version code mid-stream
        // is ambiguous (a CESR 2.0 BigGenericGroup too), whole and streamed alike
        Outcome inferred = StreamingRuns.whole(stream, CesrOptions.DEFAULT);
        assertEquals(2, inferred.messages().size());
        assertEquals("AmbiguousTableException@1238", inferred.error());
        for (Chunker chunker : List.of(Chunker.fixed(1), Chunker.fixed(7), Chunker.random(random, 200))) {
            Outcome streamed = StreamingRuns.streamed(stream, CesrOptions.DEFAULT, chunker, false);
            assertTrue(streamed.sameAs(inferred), () -> streamed + " vs " + inferred);
        }
    }
}
