package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link OutgoingGroup}'s checks are the decoder's group framer: every attachment group of the
 * corpus, given as parts, is accepted, and its written bytes frame as the same group (code, count,
 * elements); and for seeded mutants of the parts' bytes, {@link OutgoingGroup#written} refuses
 * exactly when {@link Groups} refuses the bytes it would write (the group's counter, then the
 * mutated content).
 */
class OutgoingGroupFramerTest {
    /** A corpus group to write: its qb64 text and the table it was read with. */
    private record Sample(String text, CounterTable table, String where) {
    }

    /** The top-level attachment groups of every text stream of the corpus with an element grammar. */
    private static List<Sample> corpusGroups() {
        List<Sample> out = new ArrayList<>();
        for (String file : Corpus.streams()) {
            if (!file.contains(".txt.")) {
                continue;
            }
            try (Messages messages = Messages.copyOf(Corpus.bytes(file))) {
                for (Message m : messages) {
                    for (Group g : m.attachments()) {
                        Layout l = g.code().layout();
                        if (l == Layout.TUPLES || l == Layout.ATTACHMENTS || l == Layout.PATHED) {
                            out.add(new Sample(g.qb64().toString(StandardCharsets.US_ASCII), g.table(),
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

    private static CesrOptions reading(CounterTable t) {
        return CesrOptions.builder().defaultTable(t).build();
    }

    /** The one group of {@code text} read with {@code t}; the caller closes the Groups. */
    private static Groups read(ByteBuf text, CounterTable t) {
        return Groups.over(text, reading(t));
    }

    /**
     * Where the bytes of each primitive part of the group at the start of {@code text} lie, relative
     * to the group ({@code {from, to}}), as {@link #outgoing} gives them.
     */
    private static List<int[]> partSpans(Group g) {
        List<int[]> spans = new ArrayList<>();
        spans(g, g.offset(), spans);
        return spans;
    }

    private static void spans(Group g, long base, List<int[]> out) {
        for (Element e : g.elements()) {
            if (e instanceof Tuple t) {
                for (Element p : t.parts()) {
                    span(p, base, out);
                }
            } else {
                span(e, base, out);
            }
        }
    }

    private static void span(Element e, long base, List<int[]> out) {
        if (e instanceof Group inner && inner.code().layout() == Layout.TUPLES) {
            spans(inner, base, out); // given as a nested OutgoingGroup: its counter is written anew
        } else {
            out.add(new int[] {(int) (e.offset() - base), (int) (e.offset() - base + e.length())});
        }
    }

    /**
     * {@code g} as an OutgoingGroup whose parts' bytes are taken from {@code bytes} (the group's
     * bytes, mutated or not) at the parts' places: by its small form's name, tuple groups nested in
     * a signature slot or an AttachmentGroup as OutgoingGroups, every other element as its bytes.
     */
    private static OutgoingGroup outgoing(Group g, byte[] bytes, long base) {
        OutgoingGroup out = OutgoingGroup.of(smallName(g.code()));
        List<Element> elements = g.elements();
        if (g.code().layout() != Layout.TUPLES) {
            if (!elements.isEmpty()) {
                out.element(parts(elements, null, bytes, base));
            }
            return out;
        }
        int head = g.code().head().size();
        if (head > 0) {
            out.head(parts(elements.subList(0, head), g.code().head(), bytes, base));
        }
        for (Element e : elements.subList(head, elements.size())) {
            out.element(e instanceof Tuple t
                    ? parts(t.parts(), t.slots(), bytes, base)
                    : parts(List.of(e), g.code().slots(), bytes, base));
        }
        return out;
    }

    private static Object[] parts(List<Element> elements, List<Slot> slots, byte[] bytes, long base) {
        Object[] parts = new Object[elements.size()];
        for (int i = 0; i < parts.length; i++) {
            Element e = elements.get(i);
            boolean group = e instanceof Group inner && inner.code().layout() == Layout.TUPLES
                    && (slots == null || slots.get(i) == Slot.SIGS);
            int from = (int) (e.offset() - base);
            parts[i] = group ? outgoing((Group) e, bytes, base)
                    : Unpooled.copiedBuffer(bytes, from, e.length());
        }
        return parts;
    }

    private static String smallName(CounterCode c) {
        return c.isBig() ? c.table().small(c.code().charAt(c.code().length() - 1)).name() : c.name();
    }

    private static String text(ByteBuf b) {
        return b.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void everyCorpusGroupIsAcceptedAndReadBackAsTheSameGroup() {
        List<Sample> samples = corpusGroups();
        assertTrue(samples.size() > 300, "groups " + samples.size());
        for (Sample s : samples) {
            byte[] bytes = s.text().getBytes(StandardCharsets.US_ASCII);
            ByteBuf original = Unpooled.wrappedBuffer(bytes);
            try (Groups groups = read(original, s.table())) {
                Group g = groups.next();
                OutgoingGroup out = outgoing(g, bytes, g.offset());
                try {
                    ByteBuf written = out.written(s.table(), 1);
                    try (Groups back = read(written, s.table())) {
                        Group w = back.next();
                        assertTrue(!back.hasNext(), s.where());
                        assertSame(g, w, s.where());
                    } finally {
                        written.release();
                    }
                } finally {
                    out.release();
                }
            }
        }
    }

    private static void assertSame(Element want, Element got, String what) {
        if (want instanceof Group w) {
            Group g = (Group) got;
            assertEquals(smallName(w.code()), smallName(g.code()), what);
            assertEquals(w.count(), g.count(), what);
            assertEquals(w.elements().size(), g.elements().size(), what);
            for (int i = 0; i < w.elements().size(); i++) {
                assertSame(w.elements().get(i), g.elements().get(i), what + " " + w.name() + "[" + i + "]");
            }
        } else if (want instanceof Tuple w) {
            List<Element> gp = ((Tuple) got).parts();
            for (int i = 0; i < w.parts().size(); i++) {
                assertSame(w.parts().get(i), gp.get(i), what + "." + i);
            }
        } else {
            assertEquals(text(want.qb64()), text(got.qb64()), what);
        }
    }

    /** True if {@link Groups} reads {@code bytes} as exactly one whole group, elements included. */
    /**
     * Whether the decoder's group framer reads {@code bytes} as one whole group; a group with an
     * element grammar (TUPLES) with every value character checked, as the encoder writes it.
     */
    private static boolean groupsAccept(byte[] bytes, CounterTable t, Group original) {
        CesrOptions options = original.code().layout() == dev.cesrj.code.Layout.TUPLES
                ? CesrOptions.builder().defaultTable(t).checkValueCharacters(true).build()
                : reading(t);
        try (Groups groups = Groups.over(Unpooled.wrappedBuffer(bytes), options)) {
            Group g = groups.next();
            walk(g);
            return g.length() == bytes.length && !groups.hasNext();
        } catch (CesrException e) {
            return false;
        }
    }

    private static void walk(Group g) {
        for (Element e : g.elements()) {
            if (e instanceof Group inner) {
                walk(inner);
            }
        }
    }

    @Test
    void aMutantIsRefusedExactlyWhenGroupsRefusesTheBytesWritten() {
        List<Sample> samples = corpusGroups();
        SplittableRandom random = new SplittableRandom(17);
        int refused = 0;
        int accepted = 0;
        for (int round = 0; round < 6_000; round++) {
            Sample s = samples.get(random.nextInt(samples.size()));
            byte[] bytes = s.text().getBytes(StandardCharsets.US_ASCII);
            try (Groups groups = read(Unpooled.wrappedBuffer(bytes), s.table())) {
                Group g = groups.next();
                List<int[]> spans = partSpans(g);
                if (spans.isEmpty()) {
                    continue;
                }
                byte[] mutant = bytes.clone();
                int flips = 1 + random.nextInt(2);
                for (int k = 0; k < flips; k++) {
                    int[] span = spans.get(random.nextInt(spans.size()));
                    // half the time in the first characters, where codes, sizes and indexes are
                    int width = span[1] - span[0];
                    int at = span[0] + random.nextInt(random.nextBoolean() ? Math.min(4, width) : width);
                    mutant[at] = (byte) (random.nextBoolean()
                            ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".charAt(random.nextInt(64))
                            : random.nextInt(256));
                }
                OutgoingGroup out = outgoing(g, mutant, g.offset());
                String where = s.where() + " mutant " + round;
                boolean decoder = groupsAccept(mutant, s.table(), g);
                try {
                    ByteBuf written = out.written(s.table(), 1);
                    try {
                        assertEquals(s.text().substring(0, g.counterSize()), text(written.slice(0, g.counterSize())),
                                where + ": the counter written is the original's");
                        assertTrue(decoder, where + ": written, but Groups refuses " + new String(mutant, StandardCharsets.US_ASCII));
                        assertArrayEquals(mutant, ByteBufUtil.getBytes(written), where);
                        accepted++;
                    } finally {
                        written.release();
                    }
                } catch (IllegalArgumentException e) {
                    if (decoder) {
                        fail(where + ": refused, but Groups reads it: " + e.getMessage());
                    }
                    refused++;
                } finally {
                    out.release();
                }
            }
        }
        assertTrue(refused > 1_000, "refused " + refused);
        assertTrue(accepted > 1_000, "accepted " + accepted);
    }

    @Test
    void aRefusalNamesThePartWhereTheFramerStopped() {
        String sig = "A" + "A".repeat(87);
        OutgoingGroup bad = OutgoingGroup.of("ControllerIdxSigs")
                .element(Unpooled.copiedBuffer(sig, StandardCharsets.US_ASCII))
                .element(Unpooled.copiedBuffer("!" + sig.substring(1), StandardCharsets.US_ASCII));
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> bad.written(CounterTable.CESR_1_0, 1));
            assertTrue(e.getMessage().startsWith("ControllerIdxSigs element 1 part 0 (SIGER) is not an indexed signature"
                    + " as the decoder reads it: at offset 92"), e.getMessage());
        } finally {
            bad.release();
        }
        OutgoingGroup more = OutgoingGroup.of("ControllerIdxSigs")
                .element(Unpooled.copiedBuffer(sig + "AAAA", StandardCharsets.US_ASCII));
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> more.written(CounterTable.CESR_1_0, 1));
            assertEquals("ControllerIdxSigs element 0 part 0 (SIGER) is not an indexed signature as the decoder"
                    + " reads it: the group read ends at byte 92 of the 96 written, 4 more follow", e.getMessage());
        } finally {
            more.release();
        }
        OutgoingGroup good = OutgoingGroup.of("ControllerIdxSigs").element(Unpooled.copiedBuffer(sig, StandardCharsets.US_ASCII));
        try {
            ByteBuf w = good.written(CounterTable.CESR_1_0, 1);
            try {
                assertEquals("-AAB" + sig, text(w));
                assertEquals(sig, text(Unpooled.wrappedBuffer(ByteBufUtil.getBytes(w, 4, 88))));
            } finally {
                w.release();
            }
        } finally {
            good.release();
        }
    }
}
