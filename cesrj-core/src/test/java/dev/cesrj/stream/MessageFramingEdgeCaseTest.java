package dev.cesrj.stream;

import static dev.cesrj.stream.TestStreams.ascii;
import static dev.cesrj.stream.TestStreams.concat;
import static dev.cesrj.stream.TestStreams.counter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.Arrays;
import java.util.NoSuchElementException;

import org.junit.jupiter.api.Test;

/**
 * Message framing at the edges: each bad or cut input gives its exact exception type, offset,
 * code and (for truncation) the exact number of bytes still needed; nothing is consumed.
 */
class MessageFramingEdgeCaseTest {

    /** Frames {@code input} (copied) and returns the exception of the first message that fails. */
    private static <T extends CesrException> T firstError(Class<T> type, byte[] input) {
        return firstError(type, input, CesrOptions.DEFAULT);
    }

    private static <T extends CesrException> T firstError(Class<T> type, byte[] input, CesrOptions options) {
        try (Messages messages = Messages.copyOf(input, options)) {
            long position = 0;
            while (true) {
                position = messages.position();
                try {
                    if (!messages.hasNext()) {
                        throw new AssertionError("no error; " + position + " bytes framed");
                    }
                } catch (CesrException e) {
                    assertEquals(position, messages.position(), "the failed message is not consumed");
                    assertFalse(messages.hasNext(), "iteration ends after an error");
                    return assertInstanceOf(type, e);
                }
                messages.next();
            }
        }
    }

    private static <T> T assertInstanceOf(Class<T> type, Object o) {
        assertTrue(type.isInstance(o), () -> "expected " + type.getSimpleName() + " but was " + o);
        return type.cast(o);
    }

    @Test
    void emptyInputHasNoMessages() {
        try (Messages messages = Messages.copyOf(new byte[0])) {
            assertFalse(messages.hasNext());
            assertEquals(0, messages.position());
            assertThrows(NoSuchElementException.class, messages::next);
        }
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.buffer(0);
        try (Messages messages = Messages.over(buf)) {
            assertFalse(messages.hasNext());
            assertEquals(0, buf.readerIndex());
        } finally {
            buf.release();
        }
    }

    @Test
    void bodyCutShortNeedsTheRestOfItsSize() {
        byte[] cut = Arrays.copyOf(TestStreams.kelSingleFirstMessage(), 200);
        TruncatedException e = firstError(TruncatedException.class, cut);
        assertEquals(0, e.offset());
        assertEquals(99, e.needed());
        assertEquals("KERI10JSON00012b_", e.code());
    }

    @Test
    void bodyCutShortOverABufferConsumesNothing() {
        byte[] cut = Arrays.copyOf(TestStreams.kelSingleFirstMessage(), 200);
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.heapBuffer(cut.length);
        try (Messages messages = Messages.over(buf.writeBytes(cut))) {
            TruncatedException e = assertThrows(TruncatedException.class, messages::hasNext);
            assertEquals(99, e.needed());
            assertEquals(0, buf.readerIndex());
        } finally {
            buf.release();
        }
    }

    @Test
    void bodyTooShortForAVersionStringNeedsTwentySevenBytes() {
        TruncatedException e = firstError(TruncatedException.class, Arrays.copyOf(TestStreams.kelSingleFirstMessage(), 10));
        assertEquals(0, e.offset());
        assertEquals(17, e.needed());
    }

    @Test
    void badVersionStringIsAVersionStringError() {
        VersionStringException e = firstError(VersionStringException.class,
                ascii("{\"v\":\"KERI10JSON0000zz_\",\"t\":\"icp\",\"d\":\"\"}"));
        assertEquals(0, e.offset());
    }

    @Test
    void cborVersionOnAJsonBodyIsAVersionStringError() {
        byte[] body = ascii("{\"v\":\"KERI10CBOR00002a_\",\"t\":\"icp\",\"d\":\"\"}");
        assertEquals(0x2a, body.length);
        VersionStringException e = firstError(VersionStringException.class, body);
        assertEquals(0, e.offset());
        assertEquals("KERI10CBOR00002a_", e.code());
    }

    @Test
    void sizeSmallerThanTheVersionStringIsAVersionStringError() {
        VersionStringException e = firstError(VersionStringException.class,
                ascii("{\"v\":\"KERI10JSON000016_\",\"t\":\"icp\",\"d\":\"\"}"));
        assertEquals(0, e.offset());
    }

    @Test
    void bodySizeAboveMaxFrameBytesIsRefusedBeforeItIsAwaited() {
        CesrOptions small = CesrOptions.builder().maxFrameBytes(1024).build();
        FrameTooLargeException e = firstError(FrameTooLargeException.class,
                ascii("{\"v\":\"KERI10JSON100000_\",\"t\":\"icp\",\"d\":\"\"}"), small);
        assertEquals(0, e.offset());
        assertEquals(0x100000, e.declared());
        assertEquals(1024, e.limit());

        // version 2: the largest size a version string can say, 64^4 - 1, within the default limit
        byte[] v2 = ascii("{\"v\":\"KERICAACAAJSON____.\"}");
        assertEquals(27, v2.length);
        TruncatedException t = firstError(TruncatedException.class, v2);
        assertEquals(16_777_215L - 27, t.needed());
        e = firstError(FrameTooLargeException.class, ascii("{\"v\":\"KERICAACAAJSON____.\"}"), small);
        assertEquals(16_777_215L, e.declared());
    }

    @Test
    void envelopeCountAboveMaxFrameBytesIsRefused() {
        FrameTooLargeException e = firstError(FrameTooLargeException.class, ascii("--U_____"));
        assertEquals(0, e.offset());
        assertEquals("--U", e.code());
        assertEquals(8 + 4L * 1_073_741_823L, e.declared());
    }

    @Test
    void annotatedInputIsAColdStartError() {
        byte[] input = concat("\n", TestStreams.kelSingleFirstMessage());
        ColdStartException e = firstError(ColdStartException.class, input);
        assertEquals(0, e.offset());
    }

    @Test
    void annotationWhereAttachmentsMayStartIsAColdStartError() {
        ColdStartException e = firstError(ColdStartException.class,
                concat(TestStreams.kelSingleFirstMessage(), "\n"));
        assertEquals(391, e.offset());
    }

    /** A qb2 counter after a text body is read as qb2: -AAB, then a signature of 66 bytes. */
    @Test
    void binaryAttachmentAfterATextBodyIsFramedAsQb2() {
        byte[] input = concat(TestStreams.kelSingleFirstBody(), new byte[] {(byte) 0xf8, 0x00, 0x01, 0x00});
        TruncatedException e = firstError(TruncatedException.class, input);
        assertEquals(302, e.offset());
        assertEquals(65, e.needed());
    }

    /**
     * A bare run may switch domains at each group: a qb64 ControllerIdxSigs, then the same group
     * in qb2 (its Base64url decoding), both attachments of one message, with the same signature.
     */
    @Test
    void aBareRunSwitchesDomainsBetweenGroups() {
        String text = TestStreams.kelSingleFirstAttachments();
        byte[] binary = java.util.Base64.getUrlDecoder().decode(text);
        byte[] input = concat(TestStreams.kelSingleFirstBody(), text, binary);
        try (Messages messages = Messages.copyOf(input)) {
            Message m = messages.next();
            assertFalse(messages.hasNext());
            assertEquals(input.length, m.length());
            assertEquals(2, m.attachments().size());
            assertEquals(dev.cesrj.code.Domain.QB64, m.attachments().get(0).domain());
            assertEquals(dev.cesrj.code.Domain.QB2, m.attachments().get(1).domain());
            assertEquals(299 + text.length(), m.attachments().get(1).offset());
            assertEquals(m.signatures().get(0).qb64Text(), m.signatures().get(1).qb64Text());
            assertEquals(m.signatures().get(0).index(), m.signatures().get(1).index());
        }
    }

    /** Inside a qb2 AttachmentGroup everything is qb2: a qb64 counter there is malformed. */
    @Test
    void aQb64GroupInsideAQb2AttachmentGroupIsMalformed() {
        String text = TestStreams.kelSingleFirstAttachments(); // -AAB + 88 chars: 23 quadlets
        byte[] wrapper = java.util.Base64.getUrlDecoder().decode(counter("-V", text.length() / 4));
        byte[] input = concat(TestStreams.kelSingleFirstBody(), wrapper, text);
        MalformedException e = firstError(MalformedException.class, input);
        assertEquals(299 + 3, e.offset());
    }

    @Test
    void attachmentGroupCutAtTheEndNeedsExactlyTheRest() {
        byte[] message = TestStreams.kelSingleFirstMessage();
        // inside the signature of -AAB: 41 of its 88 characters are missing
        TruncatedException e = firstError(TruncatedException.class, Arrays.copyOf(message, 350));
        assertEquals(303, e.offset());
        assertEquals(41, e.needed());
        // right after the counter: the whole signature
        e = firstError(TruncatedException.class, Arrays.copyOf(message, 303));
        assertEquals(303, e.offset());
        assertEquals(88, e.needed());
        // inside the counter: the counter's rest (its count is not readable yet)
        e = firstError(TruncatedException.class, Arrays.copyOf(message, 301));
        assertEquals(299, e.offset());
        assertEquals(2, e.needed());
    }

    @Test
    void attachmentGroupWrapperCutAtTheEndNeedsExactlyItsRest() {
        // v1 -VAX: 4 + 23 quadlets
        byte[] v1 = Corpus.bytes("kel_single.v1.grouped.txt.cesr");
        TruncatedException e = firstError(TruncatedException.class, Arrays.copyOf(v1, 350));
        assertEquals(299, e.offset());
        assertEquals("-V", e.code());
        assertEquals(395 - 350, e.needed());
        // v2 -_AAACAA, 301-byte body, -CAX at 309
        byte[] v2 = Corpus.bytes("kel_single.v2.grouped.txt.cesr");
        e = firstError(TruncatedException.class, Arrays.copyOf(v2, 380));
        assertEquals(309, e.offset());
        assertEquals("-C", e.code());
        assertEquals(405 - 380, e.needed());
    }

    @Test
    void secondMessageCutShortLeavesTheFirstOne() {
        byte[] stream = Corpus.bytes(TestStreams.KEL_SINGLE_V1);
        try (Messages messages = Messages.copyOf(Arrays.copyOf(stream, 391 + 100))) {
            assertEquals(391, messages.next().length());
            TruncatedException e = assertThrows(TruncatedException.class, messages::hasNext);
            assertEquals(391, e.offset());
            assertEquals(391, messages.position());
        }
    }

    @Test
    void genusVersion20BeforeAVersion1StreamReadsItsAttachmentsWithTheTable20() {
        // -AAB is GenericGroup in CESR 2.0: it ends the first message's attachments and starts a
        // sub-stream of one quadlet, "AAB7": no message can start with 'A' (tritet 010)
        byte[] input = concat("-_AAACAA", Corpus.bytes(TestStreams.KEL_SINGLE_V1));
        try (Messages messages = Messages.copyOf(input)) {
            Message first = messages.next();
            assertEquals(0, first.offset());
            assertEquals(8 + 299, first.length());
            assertEquals(CounterTable.CESR_2_0, first.table());
            assertTrue(first.groups().isEmpty());
            ColdStartException e = assertThrows(ColdStartException.class, messages::hasNext);
            assertEquals(311, e.offset());
        }
    }

    @Test
    void genusVersionAloneIsNoMessageButSetsTheTable() {
        try (Messages messages = Messages.copyOf(ascii("-_AAACAA"))) {
            assertFalse(messages.hasNext());
            assertEquals(8, messages.position());
            assertEquals(CounterTable.CESR_2_0, messages.streamTable());
        }
        try (Messages messages = Messages.copyOf(new byte[0])) {
            assertNull(messages.streamTable());
        }
    }

    @Test
    void genusVersionCutShortNeedsItsRest() {
        TruncatedException e = firstError(TruncatedException.class, ascii("-_AAAC"));
        assertEquals(0, e.offset());
        assertEquals(2, e.needed());
    }

    @Test
    void genusVersionWithoutATableIsUnsupported() {
        UnsupportedException e = firstError(UnsupportedException.class,
                concat("-_AAADAA", TestStreams.kelSingleFirstMessage()));
        assertEquals(0, e.offset());
        UnknownCodeException u = firstError(UnknownCodeException.class,
                concat("-_AABCAA", TestStreams.kelSingleFirstMessage()));
        assertEquals(0, u.offset());
    }

    @Test
    void attachmentGroupWhereAMessageMustStartIsAColdStartError() {
        ColdStartException e = firstError(ColdStartException.class, ascii(TestStreams.kelSingleFirstAttachments()));
        assertEquals(0, e.offset());
        assertEquals("-A", e.code());
    }

    @Test
    void opCodeOrPrimitiveWhereAMessageMustStartIsAColdStartError() {
        assertEquals(0, firstError(ColdStartException.class, ascii("_AAA")).offset());
        assertEquals(0, firstError(ColdStartException.class, ascii("AAAA")).offset());
    }

    @Test
    void emptyEnvelopeIsMalformed() {
        MalformedException e = firstError(MalformedException.class, ascii("-UAA"));
        assertEquals(4, e.offset());
        assertEquals("-U", e.code());
    }

    @Test
    void envelopeHoldingAnAttachmentGroupInsteadOfABodyIsMalformed() {
        String atc = TestStreams.kelSingleFirstAttachments();
        MalformedException e = firstError(MalformedException.class,
                ascii(counter("-U", atc.length() / 4) + atc));
        assertEquals(4, e.offset());
        assertEquals("-A", e.code());
    }

    @Test
    void envelopeCutShortNeedsItsRest() {
        byte[] nested = Corpus.bytes("nested_kel.v1.nested.txt.cesr");
        TruncatedException e = firstError(TruncatedException.class, Arrays.copyOf(nested, 500));
        assertEquals(0, e.offset());
        assertEquals("-U", e.code());
        assertEquals(996 - 500, e.needed());
    }

    @Test
    void nestingDeeperThanMaxDepthIsRefused() {
        // exchange v1 grouped, message 6 at 3356 (338-byte body): -V (depth 1) > -F (depth 2) >
        // the -A of its tuple (depth 3) after prefixer, number and diger (44 + 24 + 44)
        byte[] stream = Corpus.bytes("exchange.v1.grouped.txt.cesr");
        CesrOptions shallow = CesrOptions.builder().maxDepth(2).build();
        NestingTooDeepException e = firstError(NestingTooDeepException.class, stream, shallow);
        assertEquals(3356 + 338 + 4 + 4 + 44 + 24 + 44, e.offset());
        // message 6 is the first with a group at depth 3: the six before it frame
        try (Messages messages = Messages.copyOf(stream, shallow)) {
            for (int i = 0; i < 6; i++) {
                messages.next();
            }
            assertEquals(3356, messages.position());
        }
    }

    // ---- limits met exactly, depths of what an envelope or AttachmentGroup holds ----

    /** The one message of {@code input}, checked with {@code check} while Messages is open. */
    private static void single(byte[] input, CesrOptions options, java.util.function.Consumer<Message> check) {
        try (Messages messages = Messages.copyOf(input, options)) {
            check.accept(messages.next());
            assertFalse(messages.hasNext());
        }
    }

    @Test
    void aBodyOfExactlyMaxFrameBytes() {
        byte[] message = TestStreams.kelSingleFirstMessage();
        byte[] body = java.util.Arrays.copyOf(message, 299);
        single(body, CesrOptions.builder().maxFrameBytes(299).build(),
                m -> assertEquals(299, m.length()));
        FrameTooLargeException e = firstError(FrameTooLargeException.class, body,
                CesrOptions.builder().maxFrameBytes(298).build());
        assertEquals(0, e.offset());
        assertEquals(299, e.declared());
        assertEquals(298, e.limit());
        // the whole message, body and attachments, is a frame too: as the push parser bounds it
        single(message, CesrOptions.builder().maxFrameBytes(391).build(),
                m -> assertEquals(391, m.length()));
        e = firstError(FrameTooLargeException.class, message, CesrOptions.builder().maxFrameBytes(390).build());
        assertEquals(0, e.offset());
        assertEquals(null, e.code());
        assertEquals(391, e.declared());
    }

    @Test
    void anAttachmentGroupAtExactlyTheFrameAndDepthLimits() {
        byte[] body = TestStreams.jsonV1("icp", "");
        assertEquals(42, body.length);
        String atc = TestStreams.kelSingleFirstAttachments();
        byte[] wrapped = concat(body, counter("-V", atc.length() / 4), atc);
        single(wrapped, CesrOptions.builder().maxFrameBytes(42 + 96).build(), m -> {
            assertEquals(42 + 96, m.length());
            assertEquals(2, m.groups().size());
            assertEquals(1, m.groups().get(0).depth());
            assertEquals(2, m.groups().get(1).depth());
        });
        FrameTooLargeException whole = firstError(FrameTooLargeException.class, wrapped,
                CesrOptions.builder().maxFrameBytes(42 + 95).build());
        assertEquals(0, whole.offset());
        assertEquals(42 + 96, whole.declared());
        // a group above the limit is refused on its counter, before its content is looked at
        FrameTooLargeException e = firstError(FrameTooLargeException.class, wrapped,
                CesrOptions.builder().maxFrameBytes(95).build());
        assertEquals(42, e.offset());
        assertEquals("-V", e.code());
        assertEquals(96, e.declared());
        // an empty AttachmentGroup at depth 1 with maxDepth 1
        CesrOptions one = CesrOptions.builder().maxDepth(1).build();
        single(concat(body, "-VAA"), one, m -> assertEquals(1, m.groups().get(0).depth()));
        NestingTooDeepException deep = firstError(NestingTooDeepException.class, wrapped, one);
        assertEquals(46, deep.offset());
    }

    @Test
    void aGenusVersionCodeLeadingAnAttachmentGroupIsOneLevelDeeper() {
        byte[] body = TestStreams.jsonV1("icp", "");
        String content = "-_AAABAA" + TestStreams.kelSingleFirstAttachments();
        single(concat(body, counter("-V", content.length() / 4), content), CesrOptions.DEFAULT, m -> {
            assertEquals(3, m.groups().size());
            assertEquals("-V", m.groups().get(0).code().code());
            assertEquals(1, m.groups().get(0).depth());
            assertEquals("-_AAA", m.groups().get(1).code().code());
            assertEquals(46, m.groups().get(1).offset());
            assertEquals(2, m.groups().get(1).depth());
            assertEquals(2, m.groups().get(2).depth());
            assertEquals(1, m.signatures().size());
        });
    }

    @Test
    void whatAnEnvelopeHoldsIsOneLevelDeeper() {
        byte[] body = TestStreams.kelSingleFirstBody();
        String inner = "-_AAABAA" + TestStreams.bodyGroupV1(body) + TestStreams.kelSingleFirstAttachments();
        byte[] input = ascii(counter("-U", inner.length() / 4) + inner);
        single(input, CesrOptions.DEFAULT, m -> {
            assertEquals(input.length, m.length());
            assertEquals(1, m.depth());
            assertEquals(1, m.envelope().orElseThrow().depth());
            Group gvc = m.genusVersion().orElseThrow();
            assertEquals(4, gvc.offset());
            assertEquals(2, gvc.depth());
            Group bodyGroup = m.bodyGroup().orElseThrow();
            assertEquals(12, bodyGroup.offset());
            assertEquals(2, bodyGroup.depth());
            assertEquals(1, m.groups().size());
            assertEquals(2, m.groups().get(0).depth());
            assertEquals(m.groups(), m.attachments(), "the envelope's own attachments");
            assertEquals("Message KERI10JSON00012b_ at 0 (" + input.length + " bytes, 1 groups)",
                    m.toString());
            assertEquals(CounterTable.CESR_1_0, m.table());
            assertEquals(299, m.body().readableBytes());
        });
    }

    @Test
    void aNativeBodyInAnEnvelopeNeedsItsVerser() {
        CesrOptions v2 = CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
        VersionStringException e = firstError(VersionStringException.class, ascii("-BAB-FAA"), v2);
        assertEquals(4, e.offset());
        assertEquals("-F", e.code());
        MalformedException m = firstError(MalformedException.class, ascii("-BAB-KAA"), v2);
        assertEquals("a NonNativeBodyGroup or a CESR-native body group", m.expected());
    }

    @Test
    void whatAColdStartErrorExpects() {
        byte[] body = TestStreams.jsonV1("icp", "");
        ColdStartException top = firstError(ColdStartException.class, concat(body, "AAAA"));
        assertEquals(42, top.offset());
        assertEquals("an attachment group or a message", top.expected());
        String inner = TestStreams.bodyGroupV1(body) + "AAAA";
        ColdStartException enclosed = firstError(ColdStartException.class,
                ascii(counter("-U", inner.length() / 4) + inner));
        assertEquals(4 + TestStreams.bodyGroupV1(body).length(), enclosed.offset());
        assertEquals("an attachment group", enclosed.expected());
        ColdStartException annotated = firstError(ColdStartException.class, ascii("\n{}"));
        assertEquals("at offset 0: byte 0x0a is whitespace or a control character, as annotated"
                + " CESR text starts: de-annotate it first (CESR: tritet 000 at a cold-start"
                + " point); expected a message", annotated.getMessage());
        assertEquals("at offset 0: byte 0x23 ('#') starts neither a message body with a version"
                + " string (JSON '{', CBOR or MessagePack) nor a count code ('-' in text, a byte"
                + " 0xe0 to 0xff in binary) (CESR: tritet 001 at a cold-start point); expected a"
                + " message", firstError(ColdStartException.class, ascii("#!/bin/sh")).getMessage());
        assertEquals("byte 0x41 ('A') starts neither a message body with a version string (JSON"
                + " '{', CBOR or MessagePack) nor a count code ('-' in text, a byte 0xe0 to 0xff in"
                + " binary) (CESR: tritet 010 at a cold-start point)", top.detail());
        ColdStartException bodyInGroup = firstError(ColdStartException.class,
                concat(body, counter("-V", 8) + "{" + "A".repeat(31)));
        assertEquals(body.length + 4, bodyInGroup.offset());
        assertEquals("byte 0x7b ('{') starts a message body, which cannot stand here (CESR: tritet"
                + " 011 at a cold-start point)", bodyInGroup.detail());
        assertEquals("an attachment group", bodyInGroup.expected());
    }

    /** A genus-version code cut after "-_" ends the message before it, then needs 6 bytes. */
    @Test
    void aGenusVersionCodeCutAfterTwoBytesEndsTheMessageBeforeIt() {
        byte[] input = concat(TestStreams.kelSingleFirstMessage(), "-_");
        try (Messages messages = Messages.copyOf(input)) {
            assertEquals(391, messages.next().length());
            TruncatedException e = assertThrows(TruncatedException.class, messages::hasNext);
            assertEquals(391, e.offset());
            assertEquals(6, e.needed());
        }
    }

    /** A lone '-' at the very end of a buffer (no spare capacity to read past it). */
    @Test
    void aLoneDashAtTheEndOfAnExactBuffer() {
        byte[] input = concat(TestStreams.kelSingleFirstMessage(), "-");
        try (Messages messages = Messages.over(io.netty.buffer.Unpooled.wrappedBuffer(input))) {
            TruncatedException e = assertThrows(TruncatedException.class, messages::hasNext);
            assertEquals(391, e.offset());
            assertEquals(3, e.needed());
            assertEquals(0, messages.position());
        }
    }

    /**
     * A counter cut short after a whole message keeps that message open: it may still be one of
     * its attachment groups; the truncation is at the counter and needs exactly its rest.
     */
    @Test
    void aCounterCutShortAfterAMessageKeepsTheMessageOpen() {
        byte[] message = TestStreams.kelSingleFirstMessage();
        String[] cuts = {"-", "-A", "-AA", "--", "--U", "--UAAA", "-_", "-_AAAB"};
        int[] needed = {3, 2, 1, 6, 5, 2, 6, 2};
        for (int i = 0; i < cuts.length; i++) {
            TruncatedException e = firstError(TruncatedException.class, concat(message, cuts[i]));
            assertEquals(391, e.offset(), cuts[i]);
            assertEquals(needed[i], e.needed(), cuts[i]);
        }
        // whole, the counter ends the message (a genus-version code) or belongs to it (-AAB)
        try (Messages messages = Messages.copyOf(concat(message, "-_AAABAA"))) {
            assertEquals(391, messages.next().length());
            assertFalse(messages.hasNext());
            assertEquals(399, messages.position());
        }
    }

    @Test
    void closeReleasesTheCopyOnceAndEndsTheIteration() {
        dev.cesrj.alloc.CountingAllocator counting = dev.cesrj.alloc.CountingAllocator.tracking();
        Messages messages = Messages.copyOf(Corpus.bytes(TestStreams.KEL_SINGLE_V1),
                CesrOptions.builder().allocator(counting).build());
        assertTrue(messages.hasNext());
        ByteBuf copy = counting.allocated().get(0);
        assertEquals(1, copy.refCnt());
        messages.close();
        assertEquals(0, copy.refCnt());
        assertFalse(messages.hasNext());
        messages.close();
        assertEquals(0, copy.refCnt());
        assertEquals(1, counting.buffers());
    }
}
