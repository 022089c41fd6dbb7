package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.AmbiguousTableException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.internal.Source;
import dev.cesrj.stream.StreamingRuns.Chunker;
import dev.cesrj.stream.StreamingRuns.Outcome;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every case of the table in {@code docs/guide/counter-tables.md} ("Which counter table applies"), with the table inferred
 * ({@link CesrOptions#DEFAULT}): the table each message is read in, the group codes, and that the
 * stream gives the same whole, one byte at a time, in 7-byte pieces and in random pieces. Then
 * the explicit choices that win, and {@link TableRule}'s readings one by one.
 */
@ExtendWith(LeakDetectionExtension.class)
class TableRuleTest {
    static final CesrOptions INFERRED = CesrOptions.DEFAULT;
    static final CesrOptions V1_CHOSEN =
            CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();
    static final CesrOptions V2_CHOSEN =
            CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();

    static final byte[] V1_BODY = TestStreams.kelSingleFirstBody();
    static final byte[] V2_BODY = TestStreams.jsonV2("icp", "x");
    /** An Ed25519 indexed signature, index 0 (88 chars). */
    static final String SIG = TestStreams.kelSingleFirstAttachments().substring(4);
    static final String PATHER = "4AAB-a-b";
    static final String QUADRUPLE = Qb64.matter(MatterCode.Ed25519, new byte[32])
            + Qb64.matter(MatterCode.Salt_128, new byte[16])
            + Qb64.matter(MatterCode.Blake3_256, new byte[32])
            + Qb64.indexer(IndexerCode.Ed25519_Sig, 2, 0, new byte[64]);

    /** Each message of {@code input} as its table, then each group's code: one line each. */
    static List<String> read(byte[] input, CesrOptions options) {
        List<String> out = new ArrayList<>();
        try (Messages messages = Messages.copyOf(input, options)) {
            for (Message m : messages) {
                StringBuilder sb = new StringBuilder(m.table().name());
                for (Group g : m.groups()) {
                    sb.append(' ').append(g.code().code());
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    /** {@link #read} with the table inferred, after checking that whole and chunked agree. */
    static List<String> inferred(byte[] input) {
        sameWholeAndChunked(input);
        return read(input, INFERRED);
    }

    static void sameWholeAndChunked(byte[] input) {
        Outcome whole = StreamingRuns.whole(input, INFERRED);
        SplittableRandom random = new SplittableRandom(16);
        for (Chunker c : List.of(Chunker.fixed(1), Chunker.fixed(7), Chunker.random(random, 64))) {
            Outcome streamed = StreamingRuns.streamed(input, INFERRED, c, false);
            assertTrue(streamed.sameAs(whole), () -> streamed + " vs " + whole);
        }
    }

    static AmbiguousTableException ambiguous(byte[] input) {
        sameWholeAndChunked(input);
        try (Messages messages = Messages.copyOf(input, INFERRED)) {
            return assertThrows(AmbiguousTableException.class, () -> {
                while (messages.hasNext()) {
                    messages.next();
                }
            });
        }
    }

    /** A version 1 JSON body whose size is a whole number of quadlets, as a GenericGroup's content needs. */
    static byte[] alignedBody() {
        String d = "x";
        while (TestStreams.jsonV1("icp", d).length % 4 != 0) {
            d += "x";
        }
        return TestStreams.jsonV1("icp", d);
    }

    static byte[] realWorld(String name) {
        try (InputStream in = TableRuleTest.class.getResourceAsStream("/realworld/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- the rows of the table in docs/guide/counter-tables.md ----

    @Test
    void aVersion1BodyWithASignatureGroupIsCesr10() {
        assertEquals(List.of("CESR_1_0 -A"), inferred(concat(V1_BODY, "-AAB" + SIG)));
    }

    @Test
    void aVleiExportWithSadPathGroupsIsLegacy() {
        String sad = "-JAB" + PATHER + "-AAB" + SIG;
        byte[] input = concat(V1_BODY, counter("-V", sad.length() / 4), sad);
        assertEquals(List.of("CESR_1_0_LEGACY -V -J"), inferred(input));
        // and the real one: the QVI credential export of the realworld folder
        List<String> qvi = inferred(realWorld("cd_qvi_vc.cesr"));
        assertEquals(6, qvi.size());
        assertTrue(qvi.get(5).startsWith("CESR_1_0_LEGACY -V -J"), qvi.get(5));
    }

    @Test
    void aLegacyQuadrupleIsLegacy() {
        assertEquals(List.of("CESR_1_0_LEGACY -D"), inferred(concat(V1_BODY, "-DAB" + QUADRUPLE)));
    }

    @Test
    void keripy2MessagizeOutputIsCesr20() {
        byte[] wrapped = concat(V1_BODY, "-CAX-KAW" + SIG);
        assertEquals(List.of("CESR_2_0 -C -K"), inferred(wrapped));
        List<String> bonds = inferred(realWorld("kp_v1body_v2atc_bonds.cesr"));
        assertEquals(List.of("CESR_2_0 -C -T -S -a -b -c"), bonds);
    }

    @Test
    void aVersion1BodyWithCesr20SignaturesIsCesr20() {
        assertEquals(List.of("CESR_2_0 -K"), inferred(concat(V1_BODY, "-KAW" + SIG)));
    }

    @Test
    void aVersion2BodyIsCesr20() {
        assertEquals(List.of("CESR_2_0 -K"), inferred(concat(V2_BODY, "-KAW" + SIG)));
    }

    @Test
    void aCesr20EnvelopeIsCesr20AndSoAreTheAttachmentsOfTheVersion1BodyInside() {
        String body = TestStreams.texter(V1_BODY);
        String content = counter("-H", body.length() / 4) + body + "-KAW" + SIG;
        byte[] envelope = ascii(counter("-B", content.length() / 4) + content);
        assertEquals(List.of("CESR_2_0 -K"), inferred(envelope));
        assertEquals(List.of("CESR_2_0 -T -S -a -b -c"),
                inferred(realWorld("kp_native_icp_bonds_v2.cesr")));
    }

    @Test
    void aNativeBodyIsCesr20() {
        assertEquals(List.of("CESR_2_0"), inferred(realWorld("kts_native_v2_icp.cesr")));
    }

    @Test
    void cesr10MessageStartsAreCesr10() {
        byte[] message = concat(alignedBody(), "-AAB" + SIG);
        byte[] generic = concat(counter("-T", message.length / 4), message);
        assertEquals(List.of("CESR_1_0 -A"), inferred(generic));
        String envelope = TestStreams.bodyGroupV1(V1_BODY) + "-AAB" + SIG;
        assertEquals(List.of("CESR_1_0 -A"),
                inferred(ascii(counter("-U", envelope.length() / 4) + envelope)));
    }

    @Test
    void aTopLevelWIsCesr10sBodyGroupOrTheLegacyGenericGroupByItsContent() {
        String bodyGroup = TestStreams.bodyGroupV1(V1_BODY);
        assertEquals(List.of("CESR_1_0 -A"), inferred(concat(bodyGroup, "-AAB" + SIG)));
        byte[] message = concat(alignedBody(), "-AAB" + SIG);
        byte[] generic = concat(counter("-W", message.length / 4), message);
        try (Messages messages = Messages.copyOf(generic, INFERRED)) {
            Message m = messages.next();
            assertEquals("GenericGroup", m.genericGroups().get(0).name());
            assertEquals(CounterTable.CESR_1_0_LEGACY, m.genericGroups().get(0).table());
            assertEquals(CounterTable.CESR_1_0_LEGACY, m.table(), "its content is read in its table");
        }
        sameWholeAndChunked(generic);
    }

    @Test
    void anEmptyFirstGroupAfterAVersion1BodyIsAmbiguous() {
        AmbiguousTableException a = ambiguous(concat(V1_BODY, "-AAA"));
        assertEquals(299, a.offset());
        assertEquals("-A", a.code());
        assertEquals(List.of(CounterTable.CESR_1_0, CounterTable.CESR_2_0), a.readings());
        assertTrue(a.getMessage().contains("ControllerIdxSigs in CESR_1_0, and GenericGroup in CESR_2_0"),
                a.getMessage());
        a = ambiguous(concat(V1_BODY, "-CAA", V1_BODY));
        assertEquals(299, a.offset());
        assertTrue(a.getMessage().contains("NonTransReceiptCouples in CESR_1_0, and AttachmentGroup"
                + " in CESR_2_0"), a.getMessage());
    }

    @Test
    void theLegacyGenusVersionCodeIsAmbiguous() {
        AmbiguousTableException a = ambiguous(concat("--AAABAA", V1_BODY, "-AAB" + SIG));
        assertEquals(0, a.offset());
        assertEquals(List.of(CounterTable.CESR_2_0, CounterTable.CESR_1_0_LEGACY), a.readings());
    }

    // ---- an explicit choice wins ----

    @Test
    void aChosenTableOrAGenusVersionCodeWins() {
        byte[] empty = concat(V1_BODY, "-CAA", V1_BODY);
        assertEquals(List.of("CESR_1_0 -C", "CESR_1_0"), read(empty, V1_CHOSEN));
        assertEquals(List.of("CESR_2_0 -C", "CESR_2_0"), read(empty, V2_CHOSEN));
        assertEquals(List.of("CESR_2_0 -C", "CESR_2_0"), read(concat("-_AAACAA", empty), INFERRED));
        assertEquals(List.of("CESR_1_0 -C", "CESR_1_0"), read(concat("-_AAABAA", empty), INFERRED));
        // a chosen CESR 1.0 is not the legacy table: -J is unknown there
        String sad = "-JAB" + PATHER + "-AAB" + SIG;
        byte[] legacy = concat(V1_BODY, counter("-V", sad.length() / 4), sad);
        try (Messages messages = Messages.copyOf(legacy, V1_CHOSEN)) {
            assertThrows(dev.cesrj.UnknownCodeException.class, messages::hasNext);
        }
    }

    @Test
    void aVersion1BodyWithNoAttachmentsIsCesr10() {
        assertEquals(List.of("CESR_1_0", "CESR_1_0 -A"),
                inferred(concat(V1_BODY, V1_BODY, "-AAB" + SIG)));
    }

    // ---- found by attacking the rule: each decides alike whole and in pieces ----

    @Test
    void theTableIsToldOnlyOnceTheBytesTellIt() {
        byte[] b1 = TestStreams.jsonV1("icp", "x");
        // CESR 1.0 and the legacy table cannot read these; CESR 2.0's reading waits for its
        // content, which refutes it: CESR 1.0's error, whole and in pieces
        for (String run : List.of("-QAA", "-TAB23AA", "-TAY23AsMcB", "--DAAAAA", "--EAAA0k",
                "--ImQ_QJ", "-RAB")) {
            sameWholeAndChunked(concat(b1, run));
        }
        // --A starts a message in CESR 2.0 only (a BigGenericGroup): its declared size is refused
        // before its content is looked at, whole and in pieces alike
        byte[] big = ascii("--AB____A");
        sameWholeAndChunked(big);
        try (Messages messages = Messages.copyOf(big, INFERRED)) {
            assertThrows(dev.cesrj.FrameTooLargeException.class, messages::hasNext);
        }
        // where its content refutes the only table that starts a message there, the default
        // table's error is reported: a ControllerIdxSigs where a message must start
        byte[] attachments = ascii("-AAB" + SIG);
        sameWholeAndChunked(attachments);
        try (Messages messages = Messages.copyOf(attachments, INFERRED)) {
            dev.cesrj.ColdStartException e =
                    assertThrows(dev.cesrj.ColdStartException.class, messages::hasNext);
            assertEquals(0, e.offset());
            assertEquals("-A", e.code());
        }
        // the legacy -K needs its root path even when it counts no elements: before a body, only
        // CESR 2.0's empty ControllerIdxSigs reads -KAA
        byte[] k = concat(b1, "-KAA", b1);
        sameWholeAndChunked(k);
        assertEquals(List.of("CESR_2_0 -K", "CESR_1_0"), read(k, INFERRED));
        // an empty -D reads in both CESR 1.0 tables: CESR 1.0's reading is taken
        assertEquals(List.of("CESR_1_0 -D"), inferred(concat(b1, "-DAA")));
    }

    // ---- the readings, one by one ----

    static TableRule.Reading reading(CounterTable t, String text) {
        byte[] b = ascii(text);
        return TableRule.reading(t, new Source(Unpooled.wrappedBuffer(b), 0), 0, b.length);
    }

    static CounterTable version1(String text) {
        byte[] b = ascii(text);
        return TableRule.forVersion1Run(new Source(Unpooled.wrappedBuffer(b), 0), 0, b.length);
    }

    @Test
    void eachReadingLooksAtTheCounterAndTheStartOfItsContent() {
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_1_0, "-AAB" + SIG));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-AAB" + SIG));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-AAB{"));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-AAB-AAA"));
        assertEquals(TableRule.Reading.UNDECIDED, reading(CounterTable.CESR_2_0, "-AAB"));
        assertEquals(TableRule.Reading.UNDECIDED, reading(CounterTable.CESR_1_0, "-AA"));
        // a signature that does not fit the quadlets counted
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-KAB" + SIG));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-KAW" + SIG));
        // an AttachmentGroup holds counters; a receipt couple starts with a key
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-CAX-KAW"));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_1_0, "-CAX-KAW"));
        assertEquals(TableRule.Reading.POSSIBLE,
                reading(CounterTable.CESR_1_0, "-CAB" + Qb64.matter(MatterCode.Ed25519N, new byte[32])));
        // groups keripy has no method for, and unknown codes
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-VAB" + PATHER));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-DAB" + QUADRUPLE));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-IAB" + PATHER));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_1_0, "-KAB" + PATHER));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_1_0, "-*AB" + PATHER));
        // legacy -K starts with a path, CESR 2.0 -K with a signature
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_1_0_LEGACY, "-KAB6AABAAA-"));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-KAB6AABAAA-"));
        // a native body starts with its Verser (Fix) or a label and then its Verser (Map)
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-FAZ0OKERICAACAA"));
        assertEquals(TableRule.Reading.REFUTED,
                reading(CounterTable.CESR_2_0, "-FAZ" + Qb64.matter(MatterCode.Ed25519, new byte[32])));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-GAZ0J_v0OKERICAACAA"));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-GAZMAAA"
                + Qb64.matter(MatterCode.Blake3_256, new byte[32])));
        // an empty body group holds no body; an empty attachment group can be anything
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-BAA"));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-CAA"));
        // a NonNativeBodyGroup holds a Bytes primitive
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-HAB4BAA"));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-HAB" + PATHER));
        // in qb2: the same, read from sextets
        byte[] qb2 = {(byte) 0xF8, 0, 1, (byte) 0xD8};
        assertEquals(TableRule.Reading.REFUTED, TableRule.reading(CounterTable.CESR_2_0,
                new Source(Unpooled.wrappedBuffer(qb2), 0), 0, qb2.length));
    }

    @Test
    void aVersion1RunIsToldByTheFamilyThatCanReadIt() {
        assertEquals(CounterTable.CESR_1_0, version1("-AAB" + SIG));
        assertEquals(CounterTable.CESR_2_0, version1("-KAW" + SIG));
        assertEquals(CounterTable.CESR_1_0, version1("-VAB-AAA")); // -V: no 2.0 attachment group
        assertEquals(CounterTable.CESR_2_0, version1("-MAB")); // -M: in CESR 2.0 only
        assertEquals(CounterTable.CESR_1_0, version1("-JAB" + PATHER)); // the legacy table's
        assertEquals(CounterTable.CESR_1_0, version1("-*AB")); // none: CESR 1.0 reports it
        assertNull(version1("-AAB")); // the content tells
        assertNull(version1("-A"));
        assertThrows(AmbiguousTableException.class, () -> version1("-AAA"));
    }

    static long needed(byte[] b) {
        return TableRule.needed(new Source(Unpooled.wrappedBuffer(b), 0), 0, b.length);
    }

    @Test
    void whatTheRuleWaitsForIsTheRestOfTheCounterThenOneByte() {
        assertEquals(3, needed(ascii("-")));
        assertEquals(2, needed(ascii("-A")));
        assertEquals(1, needed(ascii("-AA")));
        assertEquals(1, needed(ascii("-AAB")));
        assertEquals(6, needed(ascii("--")));
        assertEquals(5, needed(ascii("--A")));
        assertEquals(3, needed(ascii("-_AAA")));
        assertEquals(6, needed(ascii("-0")));
        assertEquals(1, needed(ascii("-*")), "no counter starts so: nothing to wait for");
        assertEquals(2, needed(new byte[] {(byte) 0xF8}), "a qb2 counter: 3 bytes");
        assertEquals(2, needed(new byte[] {(byte) 0xFB}), "its second character not in yet");
        assertEquals(4, needed(new byte[] {(byte) 0xFB, (byte) 0xE0}), "a qb2 big counter --: 6 bytes");
        // the counter at a message start: told once all of it is in
        byte[] cut = ascii("-_AAACA");
        assertNull(TableRule.forCounterFrame(
                new Source(Unpooled.wrappedBuffer(cut), 0), 0, cut.length, CounterTable.CESR_1_0));
    }

    @Test
    void aFirstElementMustFitTheQuadletsCounted() {
        String prefixer = Qb64.matter(MatterCode.Ed25519, new byte[32]); // 44 chars
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-TAK" + prefixer));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-TAL" + prefixer));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_2_0, "-KAV" + SIG));
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_2_0, "-KAW" + SIG));
        // counted in elements: no bound from the count
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_1_0, "-IAB" + prefixer));
        // a four-character code (ECDSA secp256k1 key) as a prefix
        assertEquals(TableRule.Reading.POSSIBLE, reading(CounterTable.CESR_1_0,
                "-FAB" + Qb64.matter(MatterCode.ECDSA_256k1N, new byte[33])));
        // a code no table has, where a primitive must be
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_1_0, "-FAB1zzz"));
        assertEquals(TableRule.Reading.REFUTED, reading(CounterTable.CESR_1_0, "-AAB" + "-AAA"));
        assertEquals(TableRule.Reading.UNDECIDED, reading(CounterTable.CESR_1_0, "-FAB1AA"));
        assertEquals(TableRule.Reading.UNDECIDED, reading(CounterTable.CESR_1_0, "-AAB2"));
    }

    @Test
    void groupsKeripyHasNoMethodForAreReadInNoTable() {
        assertEquals(CounterTable.CESR_1_0, version1("-DAB" + QUADRUPLE)); // 2.0: a message-level code
        assertEquals(CounterTable.CESR_1_0, version1("-IAB" + QUADRUPLE)); // 2.0: a native field map
        assertEquals(CounterTable.CESR_1_0, version1("-EAB" + "0AAA")); // 2.0: ESSRWrapperGroup
        assertEquals(CounterTable.CESR_1_0, version1("-QAB" + PATHER)); // in none: CESR 1.0's error
        assertEquals(CounterTable.CESR_2_0, version1("-SAB" + "MAAA")); // 2.0 only
    }

    @Test
    void tableInferenceTellsWritersWhatAReaderMakesOfTheirCounters() {
        io.netty.buffer.ByteBuf buf = Unpooled.copiedBuffer(concat("xx-AAB", SIG));
        assertEquals(java.util.Optional.of(CounterTable.CESR_1_0),
                TableInference.afterVersion1Body(buf, 2, buf.readableBytes() - 2));
        assertEquals(java.util.Optional.empty(), TableInference.afterVersion1Body(buf, 2, 3));
        assertEquals(java.util.Optional.empty(), TableInference.afterVersion1Body(buf, 2, 0));
        assertEquals(java.util.Optional.of(CounterTable.CESR_1_0),
                TableInference.afterVersion1Body(buf, 0, 2), "no counter: no attachments");
        assertThrows(IllegalArgumentException.class,
                () -> TableInference.afterVersion1Body(buf, -1, 2));
        assertThrows(IllegalArgumentException.class,
                () -> TableInference.afterVersion1Body(buf, 2, buf.readableBytes()));
        assertEquals(0, buf.readerIndex(), "indexes untouched");
        buf.release();
        io.netty.buffer.ByteBuf v2 = Unpooled.copiedBuffer(ascii("-KAW" + SIG));
        assertEquals(java.util.Optional.of(CounterTable.CESR_2_0),
                TableInference.afterVersion1Body(v2, 0, v2.readableBytes()));
        v2.release();
        io.netty.buffer.ByteBuf empty = Unpooled.copiedBuffer(ascii("-AAA"));
        assertThrows(AmbiguousTableException.class,
                () -> TableInference.afterVersion1Body(empty, 0, 4));
        empty.release();
    }

    @Test
    void ofTwoRefusalsTheOneFurtherIntoTheStreamIsReported() {
        dev.cesrj.CesrException near = new dev.cesrj.MalformedException(10, "-D", "x", "near");
        dev.cesrj.CesrException far = new dev.cesrj.MalformedException(11, "-D", "x", "far");
        dev.cesrj.CesrException tie = new dev.cesrj.UnknownCodeException(10, "-J", "x", "tie");
        assertEquals(far, TableRule.furthest(near, far));
        assertEquals(far, TableRule.furthest(far, near));
        assertEquals(near, TableRule.furthest(near, tie), "CESR 1.0's on a tie");
        assertTrue(TableRule.refusesGrammar(near));
        assertTrue(TableRule.refusesGrammar(tie));
        assertTrue(TableRule.refusesGrammar(new dev.cesrj.ColdStartException(0, null, "x", "y")));
        assertTrue(!TableRule.refusesGrammar(new dev.cesrj.TruncatedException(0, null, "x", 1)));
    }
}
