package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.bodyGroupV1;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * GenericGroup sub-streams (keripy {@code Parser.groupParsator}): the
 * group is framed whole by its count, and its messages come out one by one, each as it frames at
 * the top of a stream, with the enclosing groups in {@link Message#genericGroups()}. Inputs are
 * corpus messages wrapped in counters computed here.
 */
@ExtendWith(LeakDetectionExtension.class)
class GenericGroupTest {
    private static final CesrOptions V2 =
            CesrOptions.DEFAULT.toBuilder().defaultTable(CounterTable.CESR_2_0).build();

    /** A corpus stream whose first three messages take 1,512 bytes (485 + 406 + 621). */
    private static final String DELEGATED = "kel_delegated.v1.bare.txt.cesr";

    /**
     * The first messages of kel_delegated v1 bare whose lengths add up to whole quadlets (a
     * GenericGroup counts its content in quadlets; JSON bodies are not aligned), at least two.
     */
    static byte[] alignedV1Messages() {
        byte[] stream = Corpus.bytes(DELEGATED);
        try (Messages messages = Messages.copyOf(stream)) {
            int end = 0;
            int n = 0;
            for (Message m : messages) {
                end += m.length();
                n++;
                if (n >= 2 && end % 4 == 0) {
                    return Arrays.copyOf(stream, end);
                }
            }
        }
        throw new AssertionError("no aligned prefix of messages");
    }

    /** A GenericGroup of {@code code} ({@code -T}, {@code --T}, {@code -A}, ...) around {@code content}. */
    static byte[] generic(String code, byte[] content) {
        assertEquals(0, content.length % 4, "content in whole quadlets");
        return concat(counter(code, content.length / 4), content);
    }

    private static List<Message> all(byte[] input, CesrOptions options) {
        List<Message> out = new ArrayList<>();
        // an unpooled buffer the messages may view after the iteration
        try (Messages messages = Messages.over(Unpooled.wrappedBuffer(input), options)) {
            for (Message m : messages) {
                out.add(m);
            }
        }
        return out;
    }

    /** What a message is, without where it is: body, table, signatures. */
    private static String content(Message m) {
        List<String> sigs = new ArrayList<>();
        for (IndexedSignature s : m.signatures()) {
            sigs.add(s.qb64Text());
        }
        return ByteBufUtil.hexDump(m.body()) + " " + m.table().name() + " " + sigs;
    }

    @Test
    void aTopLevelGenericGroupYieldsItsMessagesAsTheyFrameBare() {
        byte[] inner = alignedV1Messages();
        byte[] input = concat(generic("-T", inner), Corpus.bytes(TestStreams.KEL_SINGLE_V1));
        try (Messages bare = Messages.copyOf(inner);
                Messages messages = Messages.copyOf(input)) {
            int n = 0;
            for (Message expected : bare) {
                Message m = messages.next();
                assertEquals(4 + expected.offset(), m.offset());
                assertEquals(expected.length(), m.length());
                assertEquals(2, m.depth());
                assertEquals(content(expected), content(m));
                assertFalse(m.signatures().isEmpty());
                assertEquals(1, m.genericGroups().size());
                Group g = m.genericGroups().get(0);
                assertEquals("GenericGroup", g.name());
                assertEquals("-T", g.code().code());
                assertEquals(0, g.offset());
                assertEquals(4 + inner.length, g.length());
                assertEquals(inner.length / 4, g.count());
                assertEquals(1, g.depth());
                n++;
            }
            assertEquals(3, n);
            // the group's end: the stream goes on with the top-level messages
            Message after = messages.next();
            assertEquals(4 + inner.length, after.offset());
            assertEquals(1, after.depth());
            assertTrue(after.genericGroups().isEmpty());
        }
    }

    @Test
    void nestedGenericGroupsAndBigCodes() {
        byte[] inner = alignedV1Messages();
        byte[] nested = generic("--T", inner);
        byte[] input = generic("-T", concat(inner, nested));
        List<Message> ms = all(input, CesrOptions.DEFAULT);
        List<Message> once = all(inner, CesrOptions.DEFAULT);
        assertEquals(2 * once.size(), ms.size());
        for (int i = 0; i < once.size(); i++) {
            Message outer = ms.get(i);
            Message deep = ms.get(once.size() + i);
            assertEquals(content(once.get(i)), content(outer));
            assertEquals(content(once.get(i)), content(deep));
            assertEquals(2, outer.depth());
            assertEquals(3, deep.depth());
            assertEquals(4 + inner.length + 8 + once.get(i).offset(), deep.offset());
            assertEquals(List.of("GenericGroup", "BigGenericGroup"),
                    deep.genericGroups().stream().map(Group::name).toList());
            assertEquals(4 + inner.length, deep.genericGroups().get(1).offset());
        }
    }

    @Test
    void aLeadingGenusVersionCodeScopesTheTableToTheGroup() {
        byte[] inner = alignedV1Messages();
        // stream table 2.0; the group's content is read with 1.0 (its -AAB are signatures); after
        // the group 2.0 holds again, so -AAA is an empty GenericGroup (under 1.0 an empty
        // ControllerIdxSigs, which cannot start a message)
        byte[] input = concat("-_AAACAA", generic("-A", concat("-_AAABAA", inner)), "-AAA");
        try (Messages messages = Messages.copyOf(input)) {
            Message first = messages.next();
            assertEquals(CounterTable.CESR_1_0, first.table());
            assertEquals("-_AAABAA", first.genusVersion().orElseThrow().qb64Text());
            assertFalse(first.signatures().isEmpty());
            while (messages.hasNext()) {
                assertEquals(CounterTable.CESR_1_0, messages.next().table());
            }
            assertEquals(input.length, messages.position());
            assertEquals(CounterTable.CESR_2_0, messages.streamTable());
        }
        // without the scoping code, the content's -AAB is a GenericGroup of one quadlet: its
        // content (the signature's first 4 characters) is no message
        byte[] unscoped = concat("-_AAACAA", generic("-A", inner));
        assertThrows(dev.cesrj.ColdStartException.class, () -> all(unscoped, CesrOptions.DEFAULT));
    }

    @Test
    void truncationSaysExactlyWhatTheGroupLacks() {
        byte[] input = generic("-T", alignedV1Messages());
        for (int cut : new int[] {2, 4, 5, 400, input.length - 1}) {
            byte[] part = Arrays.copyOf(input, cut);
            TruncatedException e = assertThrows(TruncatedException.class,
                    () -> all(part, CesrOptions.DEFAULT));
            assertEquals(0, e.offset());
            if (cut >= 4) {
                assertEquals(input.length - cut, e.needed());
            }
            try (CesrStreamParser parser = new CesrStreamParser()) {
                Framed f = parser.feed(part);
                assertTrue(f.messages().isEmpty());
                assertFalse(f.failed());
                if (cut >= 4) {
                    assertEquals(input.length - cut, f.needed());
                }
                Framed end = parser.endOfInput();
                assertTrue(end.error().orElseThrow() instanceof TruncatedException);
            }
        }
    }

    @Test
    void aCountTooSmallOrTooLargeIsATypedError() {
        byte[] inner = alignedV1Messages();
        int q = inner.length / 4;
        // one quadlet short: the last signature ends outside the group
        byte[] small = concat(counter("-T", q - 1), inner);
        MalformedException e = assertThrows(MalformedException.class,
                () -> all(small, CesrOptions.DEFAULT));
        assertTrue(e.getMessage().contains("GenericGroup"), e.getMessage());
        // one quadlet more, then another message: the group swallows its first 4 bytes
        byte[] large = concat(counter("-T", q + 1), inner, TestStreams.kelSingleFirstMessage());
        assertThrows(MalformedException.class, () -> all(large, CesrOptions.DEFAULT));
        // one quadlet more at the end of input: 4 bytes missing
        byte[] end = concat(counter("-T", q + 1), inner);
        assertEquals(4, assertThrows(TruncatedException.class,
                () -> all(end, CesrOptions.DEFAULT)).needed());
        // an error anywhere in the group: none of its messages is returned
        try (Messages messages = Messages.copyOf(small)) {
            assertThrows(MalformedException.class, messages::hasNext);
            assertEquals(0, messages.position());
        }
    }

    @Test
    void nestingDeeperThanTheLimitIsRefused() {
        byte[] inner = alignedV1Messages();
        CesrOptions three = CesrOptions.DEFAULT.toBuilder().maxDepth(3).build();
        byte[] two = generic("-T", generic("-T", inner));
        assertEquals(all(inner, CesrOptions.DEFAULT).size(), all(two, three).size());
        assertEquals(3, all(two, three).get(0).depth());
        byte[] deeper = generic("-T", two);
        NestingTooDeepException e = assertThrows(NestingTooDeepException.class,
                () -> all(deeper, three));
        assertTrue(e.offset() >= 12, "inside the third group: " + e.offset());
        byte[] tooDeep = generic("-T", deeper);
        assertEquals(12, assertThrows(NestingTooDeepException.class,
                () -> all(tooDeep, three)).offset());
    }

    @Test
    void emptyGroupsYieldNothingAndTheReaderIndexFollows() {
        byte[] message = TestStreams.kelSingleFirstMessage();
        byte[] inner = alignedV1Messages();
        byte[] input = concat("-TAA", generic("-T", inner), "-TAA", message);
        io.netty.buffer.ByteBuf buf = Unpooled.wrappedBuffer(input);
        try (Messages messages = Messages.over(buf)) {
            Message first = messages.next();
            assertEquals(8, first.offset());
            assertEquals(4 + first.offset() + first.length(), 4 + buf.readerIndex());
            int n = 1;
            while (messages.hasNext()) {
                Message m = messages.next();
                n++;
                if (m.genericGroups().isEmpty()) {
                    assertEquals(input.length - message.length, m.offset());
                    assertEquals(input.length, buf.readerIndex());
                } else if (n == all(inner, CesrOptions.DEFAULT).size()) {
                    assertEquals(8 + inner.length, buf.readerIndex(), "past the group's end");
                }
            }
            assertEquals(all(inner, CesrOptions.DEFAULT).size() + 1, n);
        }
        assertEquals(List.of(), all(ascii("-TAA"), CesrOptions.DEFAULT));
    }

    @Test
    void insideAnAttachmentGroupAGenericGroupIsUnsupportedAsInKeripy() {
        byte[] body = TestStreams.kelSingleFirstBody();
        String atc = TestStreams.kelSingleFirstAttachments();
        String wrapped = counter("-V", (atc.length() + 4) / 4) + atc + "-TAA";
        UnsupportedException e = assertThrows(UnsupportedException.class,
                () -> all(concat(body, wrapped), CesrOptions.DEFAULT));
        assertEquals(body.length + 4 + atc.length(), e.offset());
        assertEquals("-T", e.code());
    }

    @Test
    void streamedWholeChunkedAndByteByByteAlikeBothDomains() {
        byte[] inner = alignedV1Messages();
        byte[] v1 = concat(Corpus.bytes(TestStreams.KEL_SINGLE_V1), generic("-T",
                concat(inner, generic("-T", inner))), "-TAA", TestStreams.kelSingleFirstMessage());
        byte[] v2 = concat("-_AAACAA", generic("-A", concat("-_AAABAA", inner)), "-AAA");
        byte[] cut = Arrays.copyOf(v1, v1.length - 100);
        byte[] qb2 = Domains.messages(envelopedSubStream(), Domain.QB2, CesrOptions.DEFAULT);
        SplittableRandom random = new SplittableRandom(7);
        for (byte[] s : List.of(v1, v2, cut, qb2)) {
            StreamingRuns.Outcome whole = StreamingRuns.whole(s, CesrOptions.DEFAULT);
            for (StreamingRuns.Chunker c : List.of(StreamingRuns.Chunker.whole(),
                    StreamingRuns.Chunker.fixed(1), StreamingRuns.Chunker.fixed(7),
                    StreamingRuns.Chunker.random(random, 600))) {
                for (boolean bufs : new boolean[] {false, true}) {
                    StreamingRuns.Outcome streamed =
                            StreamingRuns.streamed(s, CesrOptions.DEFAULT, c, bufs);
                    assertTrue(whole.sameAs(streamed), whole + "\n" + streamed);
                }
            }
        }
        assertNull(StreamingRuns.whole(v1, CesrOptions.DEFAULT).error());
        assertTrue(StreamingRuns.whole(cut, CesrOptions.DEFAULT).error().startsWith("Truncated"));
    }

    /**
     * A GenericGroup of CESR only (a NonNativeBodyGroup carrying the first kel_single body, its
     * signature; then the same enveloped in a BodyWithAttachmentGroup), so that it converts to qb2
     * whole.
     */
    static byte[] envelopedSubStream() {
        String first = bodyGroupV1(TestStreams.kelSingleFirstBody())
                + TestStreams.kelSingleFirstAttachments();
        String envelope = counter("-U", first.length() / 4) + first;
        return generic("-T", ascii(first + envelope));
    }

    @Test
    void qb2SubStreamsFrameAsTheirQb64() {
        byte[] qb64 = envelopedSubStream();
        byte[] qb2 = Domains.messages(qb64, Domain.QB2, CesrOptions.DEFAULT);
        assertEquals(qb64.length * 3 / 4, qb2.length);
        assertEquals(0xF8, qb2[0] & 0xFC, "a qb2 counter");
        assertArrayEquals(qb64, Domains.messages(qb2, Domain.QB64, CesrOptions.DEFAULT));
        List<Message> text = all(qb64, CesrOptions.DEFAULT);
        List<Message> binary = all(qb2, CesrOptions.DEFAULT);
        assertEquals(2, text.size());
        assertEquals(text.size(), binary.size());
        for (int i = 0; i < text.size(); i++) {
            assertEquals(content(text.get(i)), content(binary.get(i)));
            assertEquals(text.get(i).offset() * 3 / 4, binary.get(i).offset());
            assertEquals(Domain.QB2, binary.get(i).genericGroups().get(0).domain());
        }
        assertTrue(text.get(1).envelope().isPresent());
        assertEquals(ByteBufUtil.hexDump(TestStreams.kelSingleFirstBody()),
                ByteBufUtil.hexDump(binary.get(1).body()));
        // a JSON body cannot be in a qb2 group: converting one is a typed error
        assertThrows(CesrException.class, () -> Domains.messages(
                generic("-T", alignedV1Messages()), Domain.QB2, CesrOptions.DEFAULT));
    }

    @Test
    void v2KeripyCodesAndTheLegacyProfile() {
        byte[] inner = alignedV1Messages();
        // CESR 2.0 -A, read with 2.0 configured: the content's v1 messages need their table
        List<Message> v2 = all(generic("-A", concat("-_AAABAA", inner)), V2);
        assertEquals(all(inner, CesrOptions.DEFAULT).size(), v2.size());
        // legacy 1.0: -W is GenericGroup, --AAABAA the legacy genus-version code
        CesrOptions legacy = CesrOptions.DEFAULT.toBuilder().legacyCesr10(true).build();
        List<Message> old = all(generic("-W", inner), legacy);
        assertEquals(v2.size(), old.size());
        assertEquals("GenericGroup", old.get(0).genericGroups().get(0).name());
        assertEquals(CounterTable.CESR_1_0_LEGACY, old.get(0).table());
        assertEquals(content(v2.get(0)).replace("CESR_1_0", "CESR_1_0_LEGACY"),
                content(old.get(0)));
    }

  /**
   * A frame that the inferred table reads as a GenericGroup whose content is cut by the group's
   * end (malformed), a reading then refuted and the frame read with the default table: the cut
   * recorded on the framer's {@code Fit} for the first reading is not left there, so the error is
   * the default table's (found by the mutants of the session 21 review: it was the first
   * reading's cut, "a version string" at offset 3). In qb2, {@code f8 00 01} is {@code -AAB}: a
   * GenericGroup of one quadlet in CESR 2.0, ControllerIdxSigs in CESR 1.0; {@code 0xc8} at offset
   * 3 starts a message body (tritet 110) whose version string cannot lie within the group.
   */
  @Test
  void aRefutedReadingOfAGenericGroupLeavesNoCutBehind() {
    byte[] b = Corpus.bytes("atc_sigs_K12_S1.v1.qb2.cesr").clone();
    assertEquals(0xf8, b[0] & 0xff);
    b[3] = (byte) 0xc8;
    CesrOptions v1 = CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();
    CesrException expected = firstError(b, v1);
    assertEquals(dev.cesrj.ErrorKind.COLD_START, expected.kind());
    assertEquals(0, expected.offset());
    CesrException inferred = firstError(b, CesrOptions.DEFAULT);
    assertEquals(expected.getClass(), inferred.getClass());
    assertEquals(expected.getMessage(), inferred.getMessage());
    // the cursor's messages mode, fed every byte, and the push parser say the same
    CesrCursor cursor = CesrCursor.messages(CesrOptions.DEFAULT)
        .reset(Unpooled.wrappedBuffer(b)).endOfInput();
    CesrException c = assertThrows(CesrException.class, cursor::next);
    assertEquals(expected.getMessage(), c.getMessage());
    try (CesrStreamParser parser = new CesrStreamParser(CesrOptions.DEFAULT)) {
      parser.feed(b).close();
      assertEquals(expected.getMessage(), parser.failure().getMessage());
    }
  }

  private static CesrException firstError(byte[] b, CesrOptions options) {
    return assertThrows(CesrException.class, () -> {
      try (Messages m = Messages.over(Unpooled.wrappedBuffer(b), options)) {
        while (m.hasNext()) {
          m.next();
        }
      }
    });
  }
}
