package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.RealWorld;

import io.netty.buffer.PooledByteBufAllocator;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With {@link CesrOptions#DEFAULT} (the table of each message inferred), every real-world stream
 * ({@code src/test/resources/realworld}: three projects' streams, keripy's parse of each in its
 * {@code .expected.json}) gives its expected parse, message by message, through {@link Messages}
 * over the whole stream and through a {@link CesrStreamParser} fed the whole stream, 7-byte
 * chunks and one byte at a time: offset, length, version-string fields, envelope and body group,
 * every group with its items and their primitives, and the body fields ({@link
 * RealWorldExpectations}). The records of {@code cd_qvi_vc} and {@code cd_vlei_vc} were made with
 * keripy 1.1.32: their two counter names are mapped to cesrj's by {@link
 * RealWorld#KERIPY_1_1_32_NAMES}, and their {@code -J} items are in 1.1.32's layout ({@link
 * RealWorldExpectations#sadPathAsRecorded}).
 *
 * <p>Where the record cannot say what cesrj does, the exact value is asserted here from the
 * stream: the table each message is read in, the signatures of {@link Message#signatures()},
 * the {@code -F} counter inside each {@code -J} element, and which messages come before the end
 * of input. {@code kts_native_v2_icp} (one native {@code icp}, no attachments) is the one record
 * keripy could make only with a shim: keripy HEAD has no end-of-stream signal and raises
 * {@code ShortageError} with no message, so its record was made with {@code sniff} reading an
 * empty buffer as "no attachment follows" (README). cesrj needs no such help: it frames the
 * message at the end of the buffer ({@link Messages}) or at {@link
 * CesrStreamParser#endOfInput()}, and not before (nothing in the stream says that no attachment
 * follows).
 */
class RealWorldConformanceTest {
    private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

    /** What the record does not hold, as cesrj gives it for each stream. */
    record Facts(List<CounterTable> tables, int signatures, List<String> sadPathSignatureGroups, int beforeEnd) {
    }

    private static final CounterTable V1 = CounterTable.CESR_1_0;
    private static final CounterTable V2 = CounterTable.CESR_2_0;
    private static final CounterTable LEGACY = CounterTable.CESR_1_0_LEGACY;

    /**
     * Per stream: the table of each message (the legacy table only where a {@code -J} stands: the
     * ACDCs; a CESR 1.0 table reads the other messages and names their counters alike), the
     * signatures in all (keripy 1.1.32 counts 17 and 34, realworld README), the {@code -F}
     * counters inside {@code -J} elements, and the messages a parser gives before
     * {@link CesrStreamParser#endOfInput()} (each {@code -V}/{@code -C} AttachmentGroup ends its
     * message; the bonds streams' last group is their AttachmentGroup or envelope).
     */
    static final Map<String, Facts> FACTS = Map.of(
            "cd_gleif_root_witness.cesr", new Facts(Collections.nCopies(8, V1), 24, List.of(), 8),
            "cd_qvi_vc.cesr", new Facts(List.of(V1, V1, V1, V1, V1, LEGACY), 17, List.of("-FAB"), 6),
            "cd_vlei_vc.cesr", new Facts(List.of(V1, V1, V1, V1, V1, V1, V1, V1, V1, V1, LEGACY, LEGACY), 34,
                    List.of("-FAB", "-FAB"), 12),
            "kp_native_icp_bonds_v2.cesr", new Facts(List.of(V2), 0, List.of(), 1),
            "kp_v1body_v2atc_bonds.cesr", new Facts(List.of(V2), 0, List.of(), 1),
            "kts_native_v2_icp.cesr", new Facts(List.of(V2), 0, List.of(), 0));

    static List<String> streams() {
        return RealWorld.streams();
    }

    /** The records in the folder are those of {@link RealWorld#STREAMS}, each next to its stream. */
    @Test
    void everyRecordOfTheFolderIsTested() throws IOException, URISyntaxException {
        Path dir = Path.of(RealWorld.class.getClassLoader().getResource(RealWorld.ROOT + "README.md").toURI())
                .getParent();
        List<String> records;
        try (Stream<Path> files = Files.list(dir)) {
            records = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".expected.json"))
                    .map(n -> n.substring(0, n.length() - ".expected.json".length())).sorted()
                    .collect(Collectors.toList());
        }
        assertEquals(RealWorld.streams(), records);
        for (String s : records) {
            assertTrue(Files.isRegularFile(dir.resolve(s)), s);
        }
        assertEquals(Set.copyOf(RealWorld.streams()), FACTS.keySet());
    }

    /**
     * The name table replaces exactly the 1.1.32 names: every {@code -V} (one per message) and
     * {@code -J} (one per ACDC) of the two 1.1.32 records, nothing in the others, and no 1.1.32
     * name is left.
     */
    @Test
    void keripy1132CounterNamesAreMappedWhereTheyStandAndNowhereElse() {
        assertEquals(6 + 1, RealWorld.renamed("cd_qvi_vc.cesr"));
        assertEquals(12 + 2, RealWorld.renamed("cd_vlei_vc.cesr"));
        for (String s : RealWorld.streams()) {
            if (!RealWorld.KERIPY_1_1_32.contains(s)) {
                assertEquals(0, RealWorld.renamed(s), s);
            }
            String text = RealWorld.expected(s).toString();
            assertFalse(text.contains("\"AttachedMaterialQuadlets\""), s);
            assertFalse(text.contains("\"SadPathSig\""), s);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void messagesOverTheWholeStreamGiveTheRecord(String file) {
        JsonNode expected = RealWorld.expected(file);
        Facts facts = FACTS.get(file);
        List<CounterTable> tables = new ArrayList<>();
        List<String> sadPath = new ArrayList<>();
        int signatures = 0;
        long next = 0;
        try (Messages messages = Messages.copyOf(RealWorld.bytes(file), OPTIONS)) {
            for (Message m : messages) {
                int i = tables.size();
                assertTrue(i < expected.size(), file + ": more messages than the record's " + expected.size());
                assertEquals(next, m.offset(), file + "[" + i + "]: messages follow each other");
                RealWorldExpectations.assertMessage(expected.get(i), m, m.offset(), file + "[" + i + "]");
                List<String> sigs = new ArrayList<>();
                for (IndexedSignature s : m.signatures()) {
                    sigs.add(s.qb64Text());
                }
                assertEquals(ExpectedJson.signatures(expected.get(i)), sigs, file + "[" + i + "]: signatures()");
                signatures += sigs.size();
                sadPath.addAll(sadPathSignatureGroups(m));
                tables.add(m.table());
                next = m.offset() + m.length();
            }
            assertFalse(messages.hasNext());
        }
        assertEquals(expected.size(), tables.size(), file + ": messages");
        assertEquals(RealWorld.bytes(file).length, next, file + ": every byte is in a message");
        assertEquals(facts.tables(), tables, file + ": tables");
        assertEquals(facts.signatures(), signatures, file + ": signatures");
        assertEquals(facts.sadPathSignatureGroups(), sadPath, file + ": -F counters inside -J");
    }

    /** The counter text of the signature group of each {@code -J} element of {@code m}. */
    private static List<String> sadPathSignatureGroups(Message m) {
        List<String> out = new ArrayList<>();
        for (Group g : m.groups()) {
            if (g.name().equals("SadPathSigGroups")) {
                for (Element e : g.elements()) {
                    Group sigs = ((Tuple) e).group(1);
                    assertEquals("TransIdxSigGroups", sigs.name());
                    out.add(sigs.counterText());
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void parserFedWholeGivesTheRecord(String file) {
        byte[] stream = RealWorld.bytes(file);
        assertParserRun(file, "whole", (parser, run) -> run.take(parser.feed(stream)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void parserFed7ByteChunksGivesTheRecord(String file) {
        byte[] stream = RealWorld.bytes(file);
        assertParserRun(file, "7-byte chunks", (parser, run) -> {
            for (int i = 0, k = 0; i < stream.length; i += 7, k++) {
                int n = Math.min(7, stream.length - i);
                // pooled heap and direct buffers in turn, which the parser takes over
                run.take(parser.feed((k & 1) == 0
                        ? PooledByteBufAllocator.DEFAULT.heapBuffer(n).writeBytes(stream, i, n)
                        : PooledByteBufAllocator.DEFAULT.directBuffer(n).writeBytes(stream, i, n)));
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void parserFedOneByteAtATimeGivesTheRecord(String file) {
        byte[] stream = RealWorld.bytes(file);
        assertParserRun(file, "one byte at a time", (parser, run) -> {
            for (int i = 0; i < stream.length; i++) {
                run.take(parser.feed(stream, i, 1));
            }
        });
    }

    /** One parse: each message is compared with its record as it comes, while its views are valid. */
    private static final class Run {
        final String file;
        final String how;
        final JsonNode expected;
        int framed;

        Run(String file, String how) {
            this.file = file;
            this.how = how;
            this.expected = RealWorld.expected(file);
        }

        void take(Framed f) {
            assertTrue(f.error().isEmpty(), () -> file + " " + how + ": " + f.error().get());
            for (Message m : f.messages()) {
                String path = file + " " + how + "[" + framed + "]";
                assertTrue(framed < expected.size(), path + ": more messages than the record's");
                RealWorldExpectations.assertMessage(expected.get(framed), m, f.offsetBase() + m.offset(), path);
                assertEquals(FACTS.get(file).tables().get(framed), m.table(), path + ": table");
                framed++;
            }
        }
    }

    private static void assertParserRun(String file, String how, BiConsumer<CesrStreamParser, Run> feed) {
        Run run = new Run(file, how);
        try (CesrStreamParser parser = new CesrStreamParser(OPTIONS)) {
            feed.accept(parser, run);
            assertEquals(FACTS.get(file).beforeEnd(), run.framed, file + " " + how + ": messages before the end of input");
            Framed last = parser.endOfInput();
            run.take(last);
            assertEquals(0, last.buffered(), file + " " + how + ": bytes left");
        }
        assertEquals(run.expected.size(), run.framed, file + " " + how + ": messages");
    }
}
