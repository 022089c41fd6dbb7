package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.group.Group;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.group.Groups;
import dev.cesrj.internal.Source;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Property;

import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Domains} on every corpus stream and primitive: each stream converted to qb2 and to qb64
 * parses to the values keripy recorded for the original (everything but offsets, lengths and the
 * domain's byte counts), equals the corpus file of the other domain where there is one, and
 * converts back to itself byte for byte; every primitive and counter of primitives.json converts
 * to keripy's qb2 and back, and reads the same values from its qb2 bytes.
 */
class DomainsTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

    /** Keys whose values depend on the domain: where things are and how many bytes they take. */
    private static final Set<String> DOMAIN_KEYS = Set.of("offset", "length", "domain", "bytes");

    static List<String> messageStreams() {
        return Property.spread(CorpusConformanceTest.messageStreams());
    }

    static List<String> attachmentStreams() {
        return Property.spread(CorpusConformanceTest.attachmentStreams());
    }

    /** The corpus file of the other domain with the same content, or null if there is none. */
    private static String twin(String file) {
        String other = file.contains(".qb2.") ? file.replace(".qb2.", ".txt.") : file.replace(".txt.", ".qb2.");
        return Corpus.streams().contains(other) ? other : null;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messageStreams")
    void messageStreamsConvertBothWaysAndKeepTheirValues(String file) {
        byte[] bytes = Corpus.bytes(file);
        byte[] qb2 = Domains.messages(bytes, Domain.QB2, OPTIONS);
        byte[] qb64 = Domains.messages(bytes, Domain.QB64, OPTIONS);
        boolean text = "qb64".equals(Corpus.manifestEntry(file).get("domain").asText());
        assertArrayEquals(bytes, text ? qb64 : qb2, file + ": its own domain is a copy");
        assertArrayEquals(qb64, Domains.messages(qb2, Domain.QB64, OPTIONS), file + ": qb2 -> qb64");
        assertArrayEquals(qb2, Domains.messages(qb64, Domain.QB2, OPTIONS), file + ": qb64 -> qb2");
        String twin = twin(file);
        if (twin != null) {
            assertArrayEquals(Corpus.bytes(twin), text ? qb2 : qb64, file + ": the corpus twin " + twin);
        }
        JsonNode expected = Corpus.expected(file);
        assertSameValues(expected, qb2, file + " as qb2");
        assertSameValues(expected, qb64, file + " as qb64");
    }

    private static void assertSameValues(JsonNode expected, byte[] stream, String where) {
        int i = 0;
        try (Messages messages = Messages.copyOf(stream, OPTIONS)) {
            for (Message m : messages) {
                JsonNode record = expected.get(i);
                ObjectNode got = Projection.message(m, true);
                if (ExpectedJson.envelopeRecordedAsGroup(record)) {
                    got.remove("bodyTexter");
                }
                JsonAssert.assertSame(withoutDomainKeys(ExpectedJson.comparable(record)), withoutDomainKeys(got),
                        where + "[" + i++ + "]");
            }
        }
        assertEquals(expected.size(), i, where + ": messages");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("attachmentStreams")
    void attachmentRunsConvertBothWaysAndKeepTheirValues(String file) {
        byte[] bytes = Corpus.bytes(file);
        byte[] qb2 = Domains.attachments(bytes, Domain.QB2, OPTIONS);
        byte[] qb64 = Domains.attachments(bytes, Domain.QB64, OPTIONS);
        boolean text = "qb64".equals(Corpus.manifestEntry(file).get("domain").asText());
        assertArrayEquals(bytes, text ? qb64 : qb2, file);
        assertArrayEquals(qb64, Domains.attachments(qb2, Domain.QB64, OPTIONS), file + ": qb2 -> qb64");
        assertArrayEquals(qb2, Domains.attachments(qb64, Domain.QB2, OPTIONS), file + ": qb64 -> qb2");
        String twin = twin(file);
        if (twin != null) {
            assertArrayEquals(Corpus.bytes(twin), text ? qb2 : qb64, file + ": the corpus twin " + twin);
        }
        JsonNode want = withoutDomainKeys(Corpus.expected(file));
        for (byte[] converted : List.of(qb2, qb64)) {
            ArrayNode got = JsonNodeFactory.instance.arrayNode();
            CesrOptions table = OPTIONS;
            try (Groups groups = Groups.copyOf(converted, OPTIONS)) {
                while (groups.hasNext()) {
                    Group g = groups.next();
                    got.add(Projection.attachment(g));
                    // each group alone converts to its view in the other domain, and back
                    boolean binary = g.domain() == Domain.QB2;
                    byte[] own = bytesOf(binary ? g.qb2() : g.qb64());
                    byte[] other = Domains.group(own, binary ? Domain.QB64 : Domain.QB2, table);
                    assertArrayEquals(bytesOf(binary ? g.qb64() : g.qb2()), other, file);
                    assertArrayEquals(own, Domains.group(other, g.domain(), table), file);
                    table = OPTIONS.toBuilder().defaultTable(groups.table()).build();
                }
            }
            JsonAssert.assertSame(want, withoutDomainKeys(got), file);
        }
    }

    /** A stream that switches domain between groups converts group by group. */
    @Test
    void aRunThatSwitchesDomainsConvertsEachGroup() {
        byte[] text = Corpus.bytes("atc_sigs_K9_S4.v2.txt.cesr");
        byte[] binary = Corpus.bytes("atc_sigs_K9_S4.v2.qb2.cesr");
        // genus-version code in qb2, then the groups alternately in qb64 and qb2
        List<byte[]> pieces = new ArrayList<>();
        try (Groups t = Groups.copyOf(text); Groups b = Groups.copyOf(binary)) {
            int k = 0;
            while (t.hasNext()) {
                Group gt = t.next();
                Group gb = b.next();
                pieces.add(bytesOf(k++ % 2 == 0 ? gb.qb2() : gt.qb64()));
            }
        }
        byte[] mixed = concat(pieces);
        assertArrayEquals(text, Domains.attachments(mixed, Domain.QB64, OPTIONS));
        assertArrayEquals(binary, Domains.attachments(mixed, Domain.QB2, OPTIONS));
        assertTrue(pieces.size() > 2);
    }

    static List<JsonNode> matters() {
        return Property.spread(StreamSupport.stream(Corpus.primitives().get("matter").spliterator(), false)
                .collect(Collectors.toList()));
    }

    static List<JsonNode> indexers() {
        return Property.spread(StreamSupport.stream(Corpus.primitives().get("indexer").spliterator(), false)
                .collect(Collectors.toList()));
    }

    static List<JsonNode> counters() {
        return Property.spread(StreamSupport.stream(Corpus.primitives().get("counter").spliterator(), false)
                .collect(Collectors.toList()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matters")
    void everyMatterCodeConvertsAndReadsTheSameFromQb2(JsonNode row) {
        String qb64 = row.get("qb64").asText();
        byte[] qb2 = HEX.parseHex(row.get("qb2").asText());
        assertArrayEquals(qb2, Domains.matterToQb2(qb64), qb64);
        assertEquals(qb64, Domains.matterToQb64(qb2));
        Matter m = Matter.parseQb2(qb2);
        assertEquals(Domain.QB2, m.domain());
        assertEquals(row.get("code").asText(), m.code().code());
        assertEquals(qb2.length, m.length());
        assertEquals(row.get("raw").asText(), HEX.formatHex(m.raw()));
        assertEquals(Matter.parse(qb64).soft(), m.soft());
        assertEquals(qb64, m.qb64Text());
        // a byte more or less is a typed error
        byte[] longer = java.util.Arrays.copyOf(qb2, qb2.length + 1);
        assertThrows(MalformedException.class, () -> Domains.matterToQb64(longer));
        byte[] shorter = java.util.Arrays.copyOf(qb2, qb2.length - 1);
        dev.cesrj.TruncatedException t = assertThrows(dev.cesrj.TruncatedException.class,
                () -> Domains.matterToQb64(shorter));
        assertEquals(1, t.needed());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("indexers")
    void everyIndexerCodeConvertsAndReadsTheSameFromQb2(JsonNode row) {
        String qb64 = row.get("qb64").asText();
        byte[] qb2 = HEX.parseHex(row.get("qb2").asText());
        assertArrayEquals(qb2, Domains.signatureToQb2(qb64), qb64);
        assertEquals(qb64, Domains.signatureToQb64(qb2));
        IndexedSignature s = IndexedSignature.parseQb2(qb2);
        IndexedSignature t = IndexedSignature.parse(qb64);
        assertEquals(row.get("code").asText(), s.code().code());
        assertEquals(row.get("index").asInt(), s.index());
        assertEquals(t.ondex(), s.ondex());
        assertEquals(row.get("raw").asText(), HEX.formatHex(s.raw()));
        assertEquals(qb2.length, s.length());
        assertArrayEquals(qb2, bytesOf(t.qb2()));
    }

    /** Every counter of both tables reads the same code and count from its 3 or 6 qb2 bytes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("counters")
    void everyCounterReadsTheSameFromQb2(JsonNode row) {
        CounterTable table = "1.0".equals(row.get("cesr").asText()) ? CounterTable.CESR_1_0 : CounterTable.CESR_2_0;
        byte[] qb2 = HEX.parseHex(row.get("qb2").asText());
        String qb64 = row.get("qb64").asText();
        assertArrayEquals(qb2, java.util.Base64.getUrlDecoder().decode(qb64));
        GroupFramer framer = new GroupFramer(new Source(Unpooled.wrappedBuffer(qb2), 0), OPTIONS);
        assertEquals(qb2.length, framer.counter(0, qb2.length, table, 0));
        assertEquals(row.get("code").asText(), framer.code().code());
        assertEquals(row.get("count").asLong(), framer.count());
        // cut anywhere: a truncation that needs exactly the missing bytes once the size is known
        // (the second sextet gives the hard size: -X, --X, -_), before that a small counter's
        for (int n = 1; n < qb2.length; n++) {
            int have = n;
            GroupFramer cut = new GroupFramer(new Source(Unpooled.wrappedBuffer(qb2, 0, n), 0), OPTIONS);
            dev.cesrj.TruncatedException e = assertThrows(dev.cesrj.TruncatedException.class,
                    () -> cut.counter(0, have, table, 0));
            long least = Domain.QB2.chars(n) >= 2 ? qb2.length - n : 3 - n;
            assertEquals(least, e.needed(), qb64 + " cut at " + n);
        }
    }

    @Test
    void badInputIsATypedErrorAtItsOffset() {
        // a value character that is not Base64url: found when the group is decoded
        byte[] group = "-AAB".concat("AA").concat("=".repeat(86)).getBytes(StandardCharsets.US_ASCII);
        MalformedException e = assertThrows(MalformedException.class,
                () -> Domains.group(group, Domain.QB2, OPTIONS));
        assertEquals(6, e.offset());
        // non-zero pad bits in qb2: 'D' then the first value bits in the pad position
        byte[] key = HEX.parseHex("0d" + "00".repeat(32));
        assertThrows(NonCanonicalException.class, () -> Domains.matterToQb64(key));
        // two groups where one is expected
        byte[] two = "-AAA-AAA".getBytes(StandardCharsets.US_ASCII);
        assertEquals(4, assertThrows(MalformedException.class, () -> Domains.group(two, Domain.QB2, OPTIONS))
                .offset());
        assertThrows(MalformedException.class, () -> Domains.group(new byte[0], Domain.QB2, OPTIONS));
    }

    private static JsonNode withoutDomainKeys(JsonNode node) {
        JsonNode copy = node.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode) {
            ((ObjectNode) node).remove(DOMAIN_KEYS);
        }
        for (JsonNode child : node) {
            strip(child);
        }
    }

    private static byte[] bytesOf(io.netty.buffer.ByteBuf b) {
        return io.netty.buffer.ByteBufUtil.getBytes(b);
    }

    private static byte[] concat(List<byte[]> pieces) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        pieces.forEach(p -> out.write(p, 0, p.length));
        return out.toByteArray();
    }
}
