package dev.cesrj.netty;

import static dev.cesrj.netty.Wire.pooled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.internal.B64;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.stream.Message;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Qb64;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link CesrFrameEncoder}: what it writes (counters of the table in use, promoted to the big
 * form above 4,095, the AttachmentGroup wrapper), that it copies no part, that a decoder frames
 * what it writes back into the same message, and that it refuses what it cannot write, releasing
 * the message. Pooled buffers under paranoid leak detection.
 */
@Timeout(60)
class CesrFrameEncoderTest {
    private static final String SAID = "E" + "A".repeat(43);

    private static String body(CounterTable table, long sn) {
        return table == CounterTable.CESR_1_0 ? Wire.jsonV1("icp", SAID, sn) : Wire.jsonV2("icp", SAID, sn);
    }

    /** Writes {@code m} through an encoder and returns the bytes written (one buffer), as text. */
    private static String written(CesrFrameEncoder encoder, Object m) {
        EmbeddedChannel channel = new EmbeddedChannel(encoder);
        try {
            channel.writeOutbound(m);
            ByteBuf out = channel.readOutbound();
            try {
                return out.toString(StandardCharsets.US_ASCII);
            } finally {
                out.release();
            }
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /** Frames {@code text} with a decoder and returns its frames (the caller releases them). */
    private static List<CesrFrame> decode(String text) {
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(), recorder);
        channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
        channel.finish();
        assertEquals(List.of(), recorder.errors);
        return recorder.frames;
    }

    private static void release(List<CesrFrame> frames) {
        frames.forEach(CesrFrame::release);
    }

    @ParameterizedTest
    @CsvSource({"CESR_1_0, true, -V, -A", "CESR_1_0, false, , -A", "CESR_2_0, true, -C, -K", "CESR_2_0, false, , -K"})
    void signedMessagesRoundTripThroughTheDecoder(CounterTable table, boolean wrap, String wrapper, String sigs) {
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 1; n <= 5; n++) {
            List<String> signatures = new ArrayList<>();
            OutgoingGroup group = OutgoingGroup.of("ControllerIdxSigs");
            for (int i = 0; i < n; i++) {
                String s = Wire.signature(i, random);
                signatures.add(s);
                group.element(pooled(s));
            }
            String body = body(table, n);
            String text = written(new CesrFrameEncoder(table, wrap), new OutgoingMessage(pooled(body)).attach(group));
            long count = table == CounterTable.CESR_1_0 ? n : 22L * n;
            String want = body + (wrap ? wrapper + B64.encodeInt(1 + 22L * n, 2) : "")
                    + sigs + B64.encodeInt(count, 2) + String.join("", signatures);
            assertEquals(want, text);
            List<CesrFrame> frames = decode(text);
            try {
                assertEquals(1, frames.size());
                Message m = frames.get(0).message();
                assertEquals(body, m.body().toString(StandardCharsets.US_ASCII));
                List<String> got = new ArrayList<>();
                for (IndexedSignature s : m.signatures()) {
                    got.add(s.qb64Text());
                }
                assertEquals(signatures, got);
                assertEquals(table, m.table());
            } finally {
                release(frames);
            }
        }
    }

    /**
     * CESR 2.0, 186 signatures: 4,092 quadlets, small {@code -K}, wrapper {@code -C} 4,093;
     * 187 signatures: 4,114 quadlets, big {@code --K}, wrapper {@code --C} 4,116.
     */
    @ParameterizedTest
    @CsvSource({"186, -K, 2, -C", "187, --K, 5, --C"})
    void countersArePromotedToTheBigFormAboveTheirCapacity(int n, String code, int width, String wrapper) {
        SplittableRandom random = new SplittableRandom(n);
        OutgoingGroup group = OutgoingGroup.of("ControllerIdxSigs");
        StringBuilder sigs = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String s = Wire.signature(i, random);
            sigs.append(s);
            group.element(pooled(s));
        }
        String body = body(CounterTable.CESR_2_0, 1);
        String text = written(new CesrFrameEncoder(CounterTable.CESR_2_0, true),
                new OutgoingMessage(pooled(body)).attach(group));
        long quadlets = 22L * n;
        String counter = code + B64.encodeInt(quadlets, width);
        String wrap = wrapper + B64.encodeInt((counter.length() + 88L * n) / 4, width);
        assertEquals(body + wrap + counter + sigs, text);
        List<CesrFrame> frames = decode(text);
        try {
            Message m = frames.get(0).message();
            assertEquals(n, m.signatures().size());
            Group g = m.groups().get(1);
            assertEquals(code, g.code().code());
            assertEquals(quadlets, g.count());
        } finally {
            release(frames);
        }
    }

    /** CESR 1.0 {@code -A} counts at most 4,095 signatures and has no big form: the write fails, nothing leaks. */
    @Test
    void aCountNoFormOfTheTableHoldsFailsTheWrite() {
        SplittableRandom random = new SplittableRandom(3);
        OutgoingGroup group = OutgoingGroup.of("ControllerIdxSigs");
        for (int i = 0; i < 4096; i++) {
            group.element(pooled(Wire.signature(i % 64, random)));
        }
        OutgoingMessage m = new OutgoingMessage(pooled(body(CounterTable.CESR_1_0, 0))).attach(group);
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder());
        try {
            EncoderException e = assertThrows(EncoderException.class, () -> channel.writeOutbound(m));
            assertInstanceOf(IllegalArgumentException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("no big form"), e.getCause().getMessage());
            assertEquals(0, m.refCnt(), "the encoder released the message");
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /** The body and the parts are the written bytes: a change to them after the write shows in the output. */
    @Test
    void noPartIsCopied() {
        SplittableRandom random = new SplittableRandom(5);
        ByteBuf body = pooled(body(CounterTable.CESR_1_0, 2));
        ByteBuf sig = pooled(Wire.signature(0, random));
        OutgoingMessage m = new OutgoingMessage(body)
                .attach(OutgoingGroup.of("ControllerIdxSigs").element(sig).element(pooled(Wire.signature(1, random))));
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder());
        try {
            channel.writeOutbound(m);
            ByteBuf out = channel.readOutbound();
            try {
                CompositeByteBuf composite = assertInstanceOf(CompositeByteBuf.class, out);
                assertEquals(5, composite.numComponents(), "body, -V, -A, two signatures");
                int b = body.readableBytes();
                body.setByte(body.readerIndex() + 1, 'X');
                assertEquals('X', out.getByte(1));
                sig.setByte(sig.readerIndex() + 5, '_');
                assertEquals('_', out.getByte(b + 8 + 5));
            } finally {
                out.release();
            }
            assertEquals(0, body.refCnt());
            assertEquals(0, sig.refCnt());
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /** Without attachments: an empty wrapper, or the body buffer itself. */
    @Test
    void aMessageWithoutAttachments() {
        String body = body(CounterTable.CESR_1_0, 9);
        assertEquals(body + "-VAA", written(new CesrFrameEncoder(), new OutgoingMessage(pooled(body))));
        ByteBuf buf = pooled(body);
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder(CounterTable.CESR_1_0, false));
        try {
            channel.writeOutbound(new OutgoingMessage(buf));
            ByteBuf out = channel.readOutbound();
            assertSame(buf, out);
            out.release();
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /**
     * A TransIdxSigGroups element (prefixer, number, digest, nested ControllerIdxSigs): counted in
     * elements in CESR 1.0 ({@code -FAB}), in quadlets in 2.0 ({@code -XBJ}: 73).
     */
    @ParameterizedTest
    @CsvSource({"CESR_1_0, -FAB, -AAC", "CESR_2_0, -XBJ, -KAs"})
    void nestedSignatureGroupsAreCountedInTheirOwnUnit(CounterTable table, String outer, String inner) {
        SplittableRandom random = new SplittableRandom(11);
        byte[] digest = new byte[32];
        random.nextBytes(digest);
        String prefixer = Qb64.matter(MatterCode.lookup("E"), digest);
        String number = Qb64.matter(MatterCode.lookup("0A"), new byte[16]);
        String s0 = Wire.signature(0, random);
        String s1 = Wire.signature(1, random);
        OutgoingGroup tsgs = OutgoingGroup.of("TransIdxSigGroups").element(pooled(prefixer), pooled(number),
                pooled(prefixer), OutgoingGroup.of("ControllerIdxSigs").element(pooled(s0)).element(pooled(s1)));
        String body = body(table, 3);
        String text = written(new CesrFrameEncoder(table, false), new OutgoingMessage(pooled(body)).attach(tsgs));
        assertEquals(body + outer + prefixer + number + prefixer + inner + s0 + s1, text);
        List<CesrFrame> frames = decode(text + body(table, 4));
        try {
            Message m = frames.get(0).message();
            assertEquals("TransIdxSigGroups", m.groups().get(0).name());
            assertEquals(2, m.signatures().size());
        } finally {
            release(frames);
        }
    }

    @Test
    void elementsThatDoNotMatchTheGrammarAreRefused() {
        CesrFrameEncoder encoder = new CesrFrameEncoder();
        List<OutgoingGroup> bad = List.of(
                OutgoingGroup.of("TransIdxSigGroups").element(pooled("EAAA"), pooled("0AAA")),
                OutgoingGroup.of("TransLastIdxSigGroups").element(pooled("EAAA"), pooled("-AAA")),
                OutgoingGroup.of("ControllerIdxSigs").element(OutgoingGroup.of("ControllerIdxSigs")),
                OutgoingGroup.of("AttachmentGroup").element(pooled("ABCDE")),
                OutgoingGroup.of("ControllerIdxSigs").element(pooled("ABC")),
                OutgoingGroup.of("NoSuchGroup"));
        for (OutgoingGroup g : bad) {
            OutgoingMessage m = new OutgoingMessage(pooled(body(CounterTable.CESR_1_0, 0))).attach(g);
            EmbeddedChannel channel = new EmbeddedChannel(encoder);
            try {
                EncoderException e = assertThrows(EncoderException.class, () -> channel.writeOutbound(m), g.name());
                assertInstanceOf(IllegalArgumentException.class, e.getCause());
                assertEquals(0, m.refCnt());
            } finally {
                channel.finishAndReleaseAll();
            }
        }
        ByteBuf part = pooled("AAAA");
        assertThrows(IllegalArgumentException.class, () -> OutgoingGroup.of("AttachmentGroup").element(part, "text"));
        assertEquals(0, part.refCnt(), "released with the refused element");
    }

    /**
     * What the decoder would refuse is refused when written, never sent: a group that is not an
     * attachment, a part that is not one item of its slot, and a nested signature group other
     * than ControllerIdxSigs in its small form ({@code -K} holds 186 Ed25519 signatures at most).
     */
    @ParameterizedTest
    @CsvSource({"CESR_1_0", "CESR_2_0"})
    void whatTheDecoderWouldRefuseIsRefused(CounterTable table) {
        SplittableRandom random = new SplittableRandom(17);
        String prefixer = "E" + "A".repeat(43);
        String number = Qb64.matter(MatterCode.lookup("0A"), new byte[16]);
        java.util.function.Function<OutgoingGroup, OutgoingGroup> tsgs = nested -> OutgoingGroup
                .of("TransIdxSigGroups").element(pooled(prefixer), pooled(number), pooled(prefixer), nested);
        java.util.function.IntFunction<OutgoingGroup> sigs = n -> {
            OutgoingGroup g = OutgoingGroup.of("ControllerIdxSigs");
            for (int i = 0; i < n; i++) {
                g.element(pooled(Wire.signature(i % 64, random)));
            }
            return g;
        };
        List<OutgoingGroup> bad = new ArrayList<>(List.of(
                tsgs.apply(OutgoingGroup.of("WitnessIdxSigs").element(pooled(Wire.signature(0, random)))),
                tsgs.apply(OutgoingGroup.of("AttachmentGroup")),
                OutgoingGroup.of("ControllerIdxSigs").element(pooled(prefixer)),
                OutgoingGroup.of("ControllerIdxSigs").element(pooled(Wire.signature(0, random) + "AAAA")),
                OutgoingGroup.of("TransIdxSigGroups").element(pooled(Wire.signature(0, random)),
                        pooled(number), pooled(prefixer), sigs.apply(1)),
                OutgoingGroup.of("GenericGroup"),
                OutgoingGroup.of("BodyWithAttachmentGroup"),
                OutgoingGroup.of("NonNativeBodyGroup"),
                OutgoingGroup.of("KERIACDCGenusVersion")));
        if (table == CounterTable.CESR_2_0) {
            bad.add(tsgs.apply(sigs.apply(187)));
            bad.add(OutgoingGroup.of("FixBodyGroup"));
        }
        CesrFrameEncoder encoder = new CesrFrameEncoder(table, true);
        for (OutgoingGroup g : bad) {
            String what = g.name() + " " + g.elements().size();
            OutgoingMessage m = new OutgoingMessage(pooled(body(table, 0))).attach(g);
            EmbeddedChannel channel = new EmbeddedChannel(encoder);
            try {
                EncoderException e = assertThrows(EncoderException.class, () -> channel.writeOutbound(m), what);
                assertInstanceOf(IllegalArgumentException.class, e.getCause(), what);
                assertEquals(0, m.refCnt(), what);
            } finally {
                channel.finishAndReleaseAll();
            }
        }
        // the largest nested group that fits its small form is written, and read back whole
        int most = table == CounterTable.CESR_2_0 ? 186 : 4095;
        String text = written(encoder, new OutgoingMessage(pooled(body(table, 0))).attach(tsgs.apply(sigs.apply(most))));
        List<CesrFrame> frames = decode(text);
        try {
            assertEquals(most, frames.get(0).message().signatures().size());
        } finally {
            release(frames);
        }
    }

    /**
     * The legacy CESR 1.0 RootSadPathSigGroups ({@code -K}): a root Pather given once as the
     * group's head, then SadPathSigGroups elements (given as qb64); written as keripy 1.x writes
     * it and read back by a decoder with the legacy table. Without its head it is refused.
     */
    @Test
    void aGroupWithAHeadWritesItOnceBeforeItsElements() {
        SplittableRandom random = new SplittableRandom(19);
        String sig = Wire.signature(0, random);
        String sadPath = "-JAB4AABAAAA-AAB" + sig;
        CesrFrameEncoder encoder = new CesrFrameEncoder(CounterTable.CESR_1_0_LEGACY, false);
        String body = body(CounterTable.CESR_1_0, 0);
        String text = written(encoder, new OutgoingMessage(pooled(body)).attach(
                OutgoingGroup.of("RootSadPathSigGroups").head(pooled("4AABAAAA")).element(pooled(sadPath))));
        assertEquals(body + "-KAB4AABAAAA" + sadPath, text);
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(
                dev.cesrj.CesrOptions.builder().legacyCesr10(true).build(), OnMalformed.CLOSE), recorder);
        channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
        channel.finish();
        try {
            assertEquals(List.of(), recorder.errors);
            Message m = recorder.frames.get(0).message();
            assertEquals("RootSadPathSigGroups", m.groups().get(0).name());
            assertEquals(List.of(sig), m.signatures().stream().map(IndexedSignature::qb64Text).toList());
        } finally {
            release(recorder.frames);
        }
        byte[] sadPathQb2 = java.util.Base64.getUrlDecoder().decode(sadPath);
        for (OutgoingGroup bad : List.of(
                OutgoingGroup.of("RootSadPathSigGroups").element(pooled(sadPath)),
                // a group given in qb2 where the text of the group is written
                OutgoingGroup.of("RootSadPathSigGroups").head(pooled("4AABAAAA"))
                        .element(Unpooled.wrappedBuffer(sadPathQb2)).element(Unpooled.wrappedBuffer(sadPathQb2)),
                OutgoingGroup.of("RootSadPathSigGroups").head(pooled(sadPath)).element(pooled(sadPath)),
                OutgoingGroup.of("ControllerIdxSigs").head(pooled("4AABAAAA")).element(pooled(sig)))) {
            OutgoingMessage m = new OutgoingMessage(pooled(body)).attach(bad);
            EmbeddedChannel out = new EmbeddedChannel(encoder);
            try {
                EncoderException e = assertThrows(EncoderException.class, () -> out.writeOutbound(m));
                assertInstanceOf(IllegalArgumentException.class, e.getCause());
                assertEquals(0, m.refCnt());
            } finally {
                out.finishAndReleaseAll();
            }
        }
        ByteBuf first = pooled("4AABAAAA");
        ByteBuf second = pooled("4AABAAAA");
        OutgoingGroup twice = OutgoingGroup.of("RootSadPathSigGroups").head(first);
        assertThrows(IllegalArgumentException.class, () -> twice.head(second));
        assertEquals(0, second.refCnt(), "released with the refused head");
        twice.release();
        assertEquals(0, first.refCnt());
        assertTrue(twice.head().isEmpty() && twice.elements().isEmpty(), "release() empties it");
        ByteBuf again = pooled("4AABAAAA");
        twice.head(again); // an emptied group takes a head again
        assertEquals(List.of(again), twice.head());
        twice.release();
        assertEquals(0, again.refCnt());
    }

    /** Anything else passes through untouched (a ByteBuf written beside CESR messages). */
    @Test
    void otherMessagesPassThrough() {
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder(CounterTable.CESR_2_0, true));
        try {
            ByteBuf raw = pooled("-_AAACAA");
            channel.writeOutbound(raw);
            ByteBuf out = channel.readOutbound();
            assertSame(raw, out);
            out.release();
            assertEquals(CounterTable.CESR_2_0, ((CesrFrameEncoder) channel.pipeline().first()).table());
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /** A received frame is written as the bytes it arrived as: a relay writes the stream it read. */
    @Test
    void framesAreRelayedAsTheyArrived() {
        byte[] stream = Corpus.bytes("exchange.v2.grouped.txt.cesr");
        List<CesrFrame> frames = decode(new String(stream, StandardCharsets.US_ASCII));
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder());
        try {
            List<CesrFrame> written = List.copyOf(frames);
            assertTrue(written.size() > 1);
            frames.clear();
            List<ByteBuf> contents = new ArrayList<>();
            for (CesrFrame f : written) {
                contents.add(f.content());
                channel.writeOutbound(f);
                // the frame is released; the written bytes hold a reference of their own
                assertEquals(0, f.refCnt());
            }
            ByteBuf all = Unpooled.buffer();
            for (ByteBuf b; (b = channel.readOutbound()) != null; ) {
                all.writeBytes(b);
                b.release();
            }
            assertEquals(ByteBufUtil.hexDump(stream), ByteBufUtil.hexDump(all));
            for (ByteBuf c : contents) {
                assertEquals(0, c.refCnt(), "nothing holds the received bytes once they are written");
            }
        } finally {
            release(frames);
            channel.finishAndReleaseAll();
        }
    }

    /** Writes each message through one channel of {@code encoder}; returns the text of each write. */
    private static List<String> writtenInTurn(CesrFrameEncoder encoder, Object... messages) {
        EmbeddedChannel channel = new EmbeddedChannel(encoder);
        try {
            List<String> texts = new ArrayList<>();
            for (Object m : messages) {
                channel.writeOutbound(m);
                ByteBuf out = channel.readOutbound();
                texts.add(out.toString(StandardCharsets.US_ASCII));
                out.release();
                assertTrue(channel.outboundMessages().isEmpty(), "one buffer per message");
            }
            return texts;
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    private static OutgoingMessage signedBy(String body, String sig) {
        return new OutgoingMessage(pooled(body)).attach(OutgoingGroup.of("ControllerIdxSigs").element(pooled(sig)));
    }

    /**
     * The user's case: CESR 2.0 counters after a version-1 body. {@code -_AAACAA} goes in front of
     * the first message only (it stays in force), and a decoder with default options reads every
     * message back in CESR 2.0; without the code the same bytes are refused.
     */
    @Test
    void aV1BodyWithCesr20CountersGetsTheGenusVersionCodeOnce() {
        SplittableRandom random = new SplittableRandom(23);
        String v1a = Wire.jsonV1("icp", SAID, 0);
        String v1b = Wire.jsonV1("ixn", SAID, 1);
        String v2 = Wire.jsonV2("ixn", SAID, 2);
        String s0 = Wire.signature(0, random);
        String s1 = Wire.signature(0, random);
        String s2 = Wire.signature(0, random);
        List<String> texts = writtenInTurn(new CesrFrameEncoder(CounterTable.CESR_2_0, true),
                signedBy(v1a, s0), signedBy(v1b, s1), signedBy(v2, s2));
        // one Ed25519 signature: -K 22 quadlets (W), wrapper -C 23 (X)
        assertEquals(List.of("-_AAACAA" + v1a + "-CAX-KAW" + s0, v1b + "-CAX-KAW" + s1, v2 + "-CAX-KAW" + s2), texts);
        List<CesrFrame> frames = decode(String.join("", texts));
        try {
            assertEquals(3, frames.size());
            List<String> bodies = List.of(v1a, v1b, v2);
            List<String> sigs = List.of(s0, s1, s2);
            for (int i = 0; i < 3; i++) {
                Message m = frames.get(i).message();
                assertEquals(bodies.get(i), m.body().toString(StandardCharsets.US_ASCII));
                assertEquals(CounterTable.CESR_2_0, m.table());
                assertEquals(List.of(sigs.get(i)), m.signatures().stream().map(IndexedSignature::qb64Text).toList());
            }
            assertEquals("-_AAACAA", frames.get(0).message().genusVersion().orElseThrow().counterText());
        } finally {
            release(frames);
        }
        // a reader that chose CESR 1.0 reads the same back (the code in force wins), and refuses
        // the message without its code, as the encoder wrote it before
        dev.cesrj.CesrOptions chosen10 = dev.cesrj.CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(chosen10, OnMalformed.CLOSE), recorder);
        channel.writeInbound(Unpooled.copiedBuffer(String.join("", texts), StandardCharsets.US_ASCII));
        channel.finish();
        assertEquals(List.of(), recorder.errors);
        assertEquals(List.of(CounterTable.CESR_2_0, CounterTable.CESR_2_0, CounterTable.CESR_2_0),
                recorder.frames.stream().map(f -> f.message().table()).toList());
        recorder.releaseAll();
        recorder = new Recorder();
        channel = new EmbeddedChannel(new CesrFrameDecoder(chosen10, OnMalformed.CLOSE), recorder);
        channel.writeInbound(Unpooled.copiedBuffer(texts.get(0).substring(8), StandardCharsets.US_ASCII));
        channel.finish();
        recorder.releaseAll();
        assertInstanceOf(dev.cesrj.CesrException.class, recorder.errors.get(0), "what the encoder wrote before");
    }

    /**
     * A version-2 body cannot take CESR 1.0 (or legacy) counters: the write fails before a byte is
     * written, the message is released and no table is put in force. A version-2 body written
     * alone (no attachments, no wrapper) has no counters and is written.
     */
    @ParameterizedTest
    @CsvSource({"CESR_1_0", "CESR_1_0_LEGACY"})
    void aV2BodyWithCesr10CountersIsRefusedBeforeAnyByte(CounterTable table) {
        SplittableRandom random = new SplittableRandom(29);
        for (boolean wrap : new boolean[] {true, false}) {
            EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder(table, wrap));
            try {
                OutgoingMessage m = signedBy(Wire.jsonV2("icp", SAID, 0), Wire.signature(0, random));
                EncoderException e = assertThrows(EncoderException.class, () -> channel.writeOutbound(m));
                assertInstanceOf(IllegalArgumentException.class, e.getCause());
                assertTrue(e.getCause().getMessage().contains("cannot take " + table + " counters"),
                        e.getCause().getMessage());
                assertEquals(0, m.refCnt());
                assertTrue(channel.outboundMessages().isEmpty(), "nothing written");
                assertEquals(null, CesrFrameEncoder.inForce(channel));
                OutgoingMessage alone = new OutgoingMessage(pooled(Wire.jsonV2("icp", SAID, 1)));
                if (wrap) {
                    assertThrows(EncoderException.class, () -> channel.writeOutbound(alone), "-VAA after it");
                    assertTrue(channel.outboundMessages().isEmpty(), "nothing written");
                } else {
                    channel.writeOutbound(alone);
                    ByteBuf out = channel.readOutbound();
                    assertEquals(Wire.jsonV2("icp", SAID, 1), out.toString(StandardCharsets.US_ASCII));
                    out.release();
                }
            } finally {
                channel.finishAndReleaseAll();
            }
        }
    }

    /** A body without a version string, or whose version string says another size, is refused. */
    @Test
    void aBodyTheDecoderCannotFrameIsRefused() {
        String v1 = Wire.jsonV1("icp", SAID, 0);
        for (String body : List.of("{\"t\":\"icp\"}", v1 + " ", "-FA50OKERICAACAAXicp" + "A".repeat(8))) {
            EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder());
            try {
                OutgoingMessage m = new OutgoingMessage(pooled(body));
                EncoderException e = assertThrows(EncoderException.class, () -> channel.writeOutbound(m), body);
                assertInstanceOf(IllegalArgumentException.class, e.getCause());
                assertEquals(0, m.refCnt());
                assertTrue(channel.outboundMessages().isEmpty());
            } finally {
                channel.finishAndReleaseAll();
            }
        }
    }

    /**
     * The table in force follows relayed frames: a CESR 1.0 frame relayed after {@code -_AAACAA}
     * gets {@code -_AAABAA} in front, and the next CESR 2.0 message {@code -_AAACAA} again; a frame
     * that brings its own code is relayed as it is and puts its table in force. The decoder reads
     * the stream back message by message.
     */
    @Test
    void relayedFramesGetTheCodeOfTheTableTheyWereReadIn() {
        SplittableRandom random = new SplittableRandom(31);
        String v1a = Wire.jsonV1("icp", SAID, 0);
        String v1b = Wire.jsonV1("ixn", SAID, 1);
        String v1c = Wire.jsonV1("ixn", SAID, 2);
        String s0 = Wire.signature(0, random);
        String s1 = Wire.signature(0, random);
        String s2 = Wire.signature(0, random);
        String v1b10 = v1b + "-VAX-AAB" + s1;
        String own = "-_AAACAA" + v1c + "-CAX-KAW" + s2;
        List<CesrFrame> received = decode(v1b10 + own);
        CesrFrame second = received.get(1);
        assertEquals(2, received.size());
        List<String> texts;
        try {
            texts = writtenInTurn(new CesrFrameEncoder(CounterTable.CESR_2_0, true), signedBy(v1a, s0),
                    received.get(0), signedBy(v1a, s0), second.retain(), signedBy(v1a, s0));
        } finally {
            second.release();
        }
        assertEquals(List.of("-_AAACAA" + v1a + "-CAX-KAW" + s0, "-_AAABAA" + v1b10, "-_AAACAA" + v1a + "-CAX-KAW" + s0,
                own, v1a + "-CAX-KAW" + s0), texts);
        List<CesrFrame> frames = decode(String.join("", texts));
        try {
            assertEquals(List.of(CounterTable.CESR_2_0, CounterTable.CESR_1_0, CounterTable.CESR_2_0,
                    CounterTable.CESR_2_0, CounterTable.CESR_2_0), frames.stream().map(f -> f.message().table()).toList());
            assertEquals(List.of(s0, s1, s0, s2, s0), frames.stream()
                    .map(f -> f.message().signatures().get(0).qb64Text()).toList());
        } finally {
            release(frames);
        }
    }

    /**
     * A legacy encoder writes a version-1 message without a code (for a decoder with the legacy
     * option); once a relayed code puts CESR 2.0 in force, nothing switches a reader back to the
     * legacy table: its next message is refused.
     */
    @Test
    void theLegacyTableIsNeverSwitchedBackTo() {
        SplittableRandom random = new SplittableRandom(37);
        String v1 = Wire.jsonV1("icp", SAID, 0);
        String sig = Wire.signature(0, random);
        CesrFrameEncoder legacy = new CesrFrameEncoder(CounterTable.CESR_1_0_LEGACY, true);
        assertEquals(List.of(v1 + "-VAX-AAB" + sig), writtenInTurn(legacy, signedBy(v1, sig)));
        List<CesrFrame> received = decode("-_AAACAA" + v1 + "-CAX-KAW" + sig);
        EmbeddedChannel channel = new EmbeddedChannel(legacy);
        try {
            channel.writeOutbound(received.get(0));
            ByteBuf relayed = channel.readOutbound();
            assertEquals("-_AAACAA" + v1 + "-CAX-KAW" + sig, relayed.toString(StandardCharsets.US_ASCII));
            relayed.release();
            assertEquals(CounterTable.CESR_2_0, CesrFrameEncoder.inForce(channel));
            OutgoingMessage m = signedBy(v1, sig);
            EncoderException e = assertThrows(EncoderException.class, () -> channel.writeOutbound(m));
            assertTrue(e.getCause().getMessage().contains("back to CESR_1_0_LEGACY"), e.getCause().getMessage());
            assertTrue(channel.outboundMessages().isEmpty());
            assertEquals(0, m.refCnt());
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    /**
     * An empty first group after a version 1 body is an empty ControllerIdxSigs in CESR 1.0 and an
     * empty GenericGroup in CESR 2.0: a reader inferring the table refuses it as ambiguous, so the
     * CESR 1.0 encoder puts {@code -_AAABAA} in front (and only there), and the legacy encoder,
     * whose table no code a default reader reads selects, refuses it before writing a byte.
     */
    @Test
    void anEmptyFirstGroupAfterAV1BodyGetsTheGenusVersionCodeOrIsRefused() {
        SplittableRandom random = new SplittableRandom(29);
        String v1 = Wire.jsonV1("icp", SAID, 0);
        String sig = Wire.signature(0, random);
        List<String> texts = writtenInTurn(new CesrFrameEncoder(CounterTable.CESR_1_0, false),
                new OutgoingMessage(pooled(v1)).attach(OutgoingGroup.of("ControllerIdxSigs")),
                signedBy(v1, sig));
        assertEquals(List.of("-_AAABAA" + v1 + "-AAA", v1 + "-AAB" + sig), texts);
        List<CesrFrame> frames = decode(String.join("", texts));
        try {
            assertEquals(2, frames.size());
            assertEquals(CounterTable.CESR_1_0, frames.get(0).message().table());
            assertEquals(CounterTable.CESR_1_0, frames.get(1).message().table());
        } finally {
            release(frames);
        }
        // without a code, the same bytes are ambiguous to a default reader
        Recorder recorder = new Recorder();
        EmbeddedChannel reader = new EmbeddedChannel(new CesrFrameDecoder(), recorder);
        reader.writeInbound(Unpooled.copiedBuffer(v1 + "-AAA", StandardCharsets.US_ASCII));
        reader.finish();
        assertEquals(1, recorder.errors.size());
        assertTrue(recorder.errors.get(0) instanceof dev.cesrj.AmbiguousTableException,
                String.valueOf(recorder.errors));
        release(recorder.frames);
        EmbeddedChannel legacy = new EmbeddedChannel(new CesrFrameEncoder(CounterTable.CESR_1_0_LEGACY, false));
        OutgoingMessage empty = new OutgoingMessage(pooled(v1)).attach(OutgoingGroup.of("ControllerIdxSigs"));
        io.netty.handler.codec.EncoderException e =
                assertThrows(io.netty.handler.codec.EncoderException.class, () -> legacy.writeOutbound(empty));
        assertTrue(e.getCause() instanceof IllegalArgumentException, String.valueOf(e.getCause()));
        assertNull(legacy.readOutbound());
        legacy.finishAndReleaseAll();
    }
}
