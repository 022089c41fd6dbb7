package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.stream.Message;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every message of every corpus A stream (text and binary) and of every real-world stream
 * ({@code realworld/}, copies of {@code /work/shared/realworld/}) through a {@link
 * CesrFrameEncoder}, in each table, wrapped and bare: its body and groups, given again as an
 * {@link OutgoingMessage} (the groups by name, the elements as qb64), are written on one channel
 * per stream, and a {@link CesrFrameDecoder} with {@link CesrOptions#DEFAULT} reads back each
 * message written, body bytes and groups (names, elements' qb64; codes and counts too when the
 * table is the original's) equal to the original's, in the encoder's table; or the encoder
 * refused it before writing a byte, for one of the reasons it documents. The legacy table's
 * output is read with {@link CesrOptions#legacyCesr10()}, its documented reader. Relaying every
 * frame gives the same messages back.
 *
 * <p>How the originals are read: corpus A and {@code cd_gleif_root_witness} with the default
 * options; {@code cd_qvi_vc} and {@code cd_vlei_vc} (legacy CESR 1.0, {@code -J}) with {@code
 * legacyCesr10}; {@code kp_native_icp_bonds_v2} and {@code kts_native_v2_icp} (a CESR 2.0
 * envelope or native body at the stream start) with CESR 2.0 as the default table; {@code
 * kp_v1body_v2atc_bonds} (a v1 body, CESR 2.0 attachments, no genus-version code: keripy reads
 * it only with CESR 2.0 as its default) with {@code -_AAACAA} put in front, as the encoder now
 * writes it. These are the reader's settings for the original bytes only: what the encoder
 * writes is always read with the defaults.
 */
@Timeout(120)
class CesrFrameEncoderCorpusTest {
    private static final CesrOptions LEGACY = CesrOptions.builder().legacyCesr10(true).build();
    private static final CesrOptions DEFAULT_20 = CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
    private static final List<String> REALWORLD = List.of("cd_gleif_root_witness.cesr", "cd_qvi_vc.cesr",
            "cd_vlei_vc.cesr", "kp_native_icp_bonds_v2.cesr", "kp_v1body_v2atc_bonds.cesr", "kts_native_v2_icp.cesr");

    /** A stream: its name, bytes and the options its original bytes are read with. */
    record Source(String name, byte[] bytes, CesrOptions options) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Source> sources() {
        List<Source> out = new ArrayList<>();
        for (String s : Corpus.streams()) {
            if (!"only".equals(Corpus.manifestEntry(s).get("attachments").asText())) {
                out.add(new Source("corpus/A/" + s, Corpus.bytes(s), CesrOptions.DEFAULT));
            }
        }
        for (String s : REALWORLD) {
            byte[] b = realworld(s);
            CesrOptions o = CesrOptions.DEFAULT;
            if (s.startsWith("cd_qvi") || s.startsWith("cd_vlei")) {
                o = LEGACY;
            } else if (s.startsWith("kp_native") || s.startsWith("kts_")) {
                o = DEFAULT_20;
            } else if (s.startsWith("kp_v1body")) {
                b = concat("-_AAACAA".getBytes(StandardCharsets.US_ASCII), b);
            }
            out.add(new Source("realworld/" + s, b, o));
        }
        return out;
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Source s : sources()) {
            for (CounterTable t : CounterTable.values()) {
                out.add(Arguments.of(s, t, true));
                out.add(Arguments.of(s, t, false));
            }
        }
        return out.stream();
    }

    static List<Source> streams() {
        return sources();
    }

    private static byte[] realworld(String name) {
        try (InputStream in = CesrFrameEncoderCorpusTest.class.getClassLoader()
                .getResourceAsStream("realworld/" + name)) {
            if (in == null) {
                throw new IllegalStateException("not on the class path: realworld/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(name, e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** The frames of {@code bytes} read by a decoder with {@code options} (the caller releases them). */
    private static Recorder read(byte[] bytes, CesrOptions options) {
        Recorder recorder = new Recorder();
        EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameDecoder(options, OnMalformed.CLOSE), recorder);
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
        channel.finish();
        assertEquals(List.of(), recorder.unexpected);
        return recorder;
    }

    private static CesrOptions readerOf(CounterTable table) {
        return table.isLegacy() ? LEGACY : CesrOptions.DEFAULT;
    }

    @ParameterizedTest(name = "{0} {1} wrapped {2}")
    @MethodSource("cases")
    void everyMessageIsReadBackOrRefusedBeforeAnyByte(Source source, CounterTable table, boolean wrap) {
        Recorder original = read(source.bytes(), source.options());
        try {
            assertEquals(List.of(), original.errors, source.name());
            assertTrue(!original.frames.isEmpty(), source.name());
            List<Message> written = new ArrayList<>();
            List<String> refusals = new ArrayList<>();
            ByteBuf all = Unpooled.buffer();
            EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder(table, wrap));
            try {
                for (CesrFrame f : original.frames) {
                    Message m = f.message();
                    OutgoingMessage out = outgoing(m);
                    try {
                        channel.writeOutbound(out);
                        written.add(m);
                    } catch (EncoderException e) {
                        assertInstanceOf(IllegalArgumentException.class, e.getCause(), source.name());
                        String why = e.getCause().getMessage();
                        assertTrue(documented(m, table, why), source.name() + " " + table + " " + m + ": " + why);
                        refusals.add(why);
                    }
                    assertEquals(0, out.refCnt(), "the encoder released the message");
                    int before = all.readableBytes();
                    for (ByteBuf b; (b = channel.readOutbound()) != null; ) {
                        all.writeBytes(b);
                        b.release();
                    }
                    if (written.isEmpty() || written.get(written.size() - 1) != m) {
                        assertEquals(before, all.readableBytes(), "a refused message wrote nothing");
                    }
                }
            } finally {
                channel.finishAndReleaseAll();
            }
            assertEquals(original.frames.size(), written.size() + refusals.size());
            byte[] bytes = ByteBufUtil.getBytes(all);
            all.release();
            Recorder back = read(bytes, readerOf(table));
            try {
                assertEquals(List.of(), back.errors, source.name() + " " + table + ": " + back.errors);
                assertEquals(written.size(), back.frames.size(), source.name() + " " + table);
                for (int i = 0; i < written.size(); i++) {
                    Message want = written.get(i);
                    Message got = back.frames.get(i).message();
                    String what = source.name() + " " + table + " message " + i;
                    assertEquals(ByteBufUtil.hexDump(want.body()), ByteBufUtil.hexDump(got.body()), what);
                    assertEquals(table, got.table(), what);
                    assertSameGroups(flat(want.attachments()), flat(got.attachments()), want.table() == table, what);
                }
                // a code goes in front of the first message whose body implies another table, and stays in force
                boolean another = written.stream().anyMatch(m -> m.version().impliedTable().major() != table.major());
                assertEquals(another ? 1 : 0, back.frames.stream().filter(f -> f.message().genusVersion().isPresent())
                        .count(), source.name() + " " + table + ": genus-version codes written");
                if (another) {
                    assertEquals("-_AAACAA", back.frames.stream().map(f -> f.message().genusVersion())
                            .flatMap(java.util.Optional::stream).findFirst().orElseThrow().counterText());
                }
            } finally {
                back.releaseAll();
            }
        } finally {
            original.releaseAll();
        }
    }

    /**
     * Every frame relayed through an encoder gives the same messages back (body, table, groups,
     * codes and counts) to a decoder with the default options, or with the legacy option for a
     * stream read with it (the reader's option chooses the CESR 1.0 table of a v1 body).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void everyRelayedFrameIsReadBack(Source source) {
        Recorder original = read(source.bytes(), source.options());
        try {
            assertEquals(List.of(), original.errors, source.name());
            List<Message> messages = new ArrayList<>();
            ByteBuf all = Unpooled.buffer();
            EmbeddedChannel channel = new EmbeddedChannel(new CesrFrameEncoder());
            try {
                for (CesrFrame f : original.frames) {
                    messages.add(f.message());
                    channel.writeOutbound(f.retain());
                    for (ByteBuf b; (b = channel.readOutbound()) != null; ) {
                        all.writeBytes(b);
                        b.release();
                    }
                }
            } finally {
                channel.finishAndReleaseAll();
            }
            byte[] bytes = ByteBufUtil.getBytes(all);
            all.release();
            Recorder back = read(bytes, source.options() == LEGACY ? LEGACY : CesrOptions.DEFAULT);
            try {
                assertEquals(List.of(), back.errors, source.name());
                assertEquals(messages.size(), back.frames.size(), source.name());
                for (int i = 0; i < messages.size(); i++) {
                    Message want = messages.get(i);
                    Message got = back.frames.get(i).message();
                    String what = source.name() + " message " + i;
                    assertEquals(ByteBufUtil.hexDump(want.body()), ByteBufUtil.hexDump(got.body()), what);
                    assertEquals(want.table(), got.table(), what);
                    assertSameGroups(want.groups(), got.groups(), true, what);
                }
            } finally {
                back.releaseAll();
            }
        } finally {
            original.releaseAll();
        }
    }

    /**
     * True if {@code why} is a refusal the encoder documents, for a message {@code m} that calls
     * for it: a version-2 body with CESR 1.0 counters; a CESR-native body (no version string); a
     * group the table has not, or that is not an attachment; or a legacy SAD-path group given as
     * qb64 of the legacy table, which another table does not read.
     */
    private static boolean documented(Message m, CounterTable table, String why) {
        if (why.contains("cannot take " + table + " counters")) {
            return m.version().impliedTable().major() > table.major();
        }
        if (why.startsWith("no version string")) {
            return m.bodyGroup().isPresent() && m.bodyGroup().get().code().layout() == Layout.NATIVE_BODY;
        }
        if (why.startsWith("no group ")) {
            return table.named(why.substring("no group ".length(), why.indexOf(" in "))) == null;
        }
        if (why.contains("is not an attachment group")) {
            return !m.nested().isEmpty(); // a nested message's envelope or body group
        }
        return m.table().isLegacy() && !table.isLegacy() && why.contains("is not a group");
    }

    /** {@code m}'s body and attachment groups as an OutgoingMessage, for the encoder's table to write. */
    private static OutgoingMessage outgoing(Message m) {
        OutgoingMessage out = new OutgoingMessage(pooled(m.body()));
        for (Group g : flat(m.attachments())) {
            out.attach(outgoing(g));
        }
        return out;
    }

    /** {@code g} by its small form's name, its elements as qb64 (signature groups as groups). */
    private static OutgoingGroup outgoing(Group g) {
        OutgoingGroup out = OutgoingGroup.of(smallName(g.code()));
        List<Element> elements = g.elements();
        switch (g.code().layout()) {
            case TUPLES: {
                int head = g.code().head().size();
                if (head > 0) {
                    out.head(parts(elements.subList(0, head), g.code().head()));
                }
                for (Element e : elements.subList(head, elements.size())) {
                    out.element(e instanceof Tuple t ? parts(t.parts(), t.slots()) : parts(List.of(e), g.code().slots()));
                }
                return out;
            }
            case ATTACHMENTS:
            case PATHED:
                if (!elements.isEmpty()) {
                    out.element(parts(elements, null));
                }
                return out;
            default:
                // the encoder refuses it: a nested message's envelope or body group
                return out;
        }
    }

    /**
     * The parts of an element: a ControllerIdxSigs in a signature-group slot ({@link Slot#SIGS}), or
     * a group inside an AttachmentGroup ({@code slots} null), as an OutgoingGroup; anything else
     * as its qb64.
     */
    private static Object[] parts(List<Element> elements, List<Slot> slots) {
        Object[] parts = new Object[elements.size()];
        for (int i = 0; i < parts.length; i++) {
            Element e = elements.get(i);
            boolean group = e instanceof Group && (slots == null ? ((Group) e).code().layout() == Layout.TUPLES
                    : slots.get(i) == Slot.SIGS);
            parts[i] = group ? outgoing((Group) e) : pooled(e.qb64());
        }
        return parts;
    }

    private static String smallName(CounterCode c) {
        return c.isBig() ? c.table().small(c.code().charAt(c.code().length() - 1)).name() : c.name();
    }

    private static ByteBuf pooled(ByteBuf b) {
        return PooledByteBufAllocator.DEFAULT.directBuffer(b.readableBytes()).writeBytes(b, b.readerIndex(),
                b.readableBytes());
    }

    /** The groups of an attachment run with AttachmentGroup wrappers opened and genus-version codes left out. */
    private static List<Group> flat(List<Group> groups) {
        List<Group> out = new ArrayList<>();
        for (Group g : groups) {
            Layout l = g.code().layout();
            if (l == Layout.ATTACHMENTS && g.depth() <= 2) {
                out.addAll(flat(g.groups()));
            } else if (l != Layout.GENUS_VERSION) {
                out.add(g);
            }
        }
        return out;
    }

    private static void assertSameGroups(List<Group> want, List<Group> got, boolean sameTable, String what) {
        assertEquals(want.size(), got.size(), what + ": " + want + " / " + got);
        for (int i = 0; i < want.size(); i++) {
            assertSameElement(want.get(i), got.get(i), sameTable, what + " group " + i);
        }
    }

    private static void assertSameElement(Element want, Element got, boolean sameTable, String what) {
        if (want instanceof Group w) {
            if (!(got instanceof Group g)) {
                fail(what + ": " + got + " where " + want + " was");
                return;
            }
            assertEquals(smallName(w.code()), smallName(g.code()), what);
            if (sameTable) {
                assertEquals(w.counterText(), g.counterText(), what);
            }
            List<Element> we = w.elements();
            List<Element> ge = g.elements();
            assertEquals(we.size(), ge.size(), what + " " + w);
            for (int i = 0; i < we.size(); i++) {
                assertSameElement(we.get(i), ge.get(i), sameTable, what + " " + w.name() + "[" + i + "]");
            }
        } else if (want instanceof Tuple w) {
            List<Element> wp = w.parts();
            List<Element> gp = ((Tuple) got).parts();
            assertEquals(wp.size(), gp.size(), what);
            for (int i = 0; i < wp.size(); i++) {
                assertSameElement(wp.get(i), gp.get(i), sameTable, what + "." + i);
            }
        } else {
            assertEquals(want.qb64().toString(StandardCharsets.US_ASCII), got.qb64().toString(StandardCharsets.US_ASCII),
                    what);
        }
    }
}
