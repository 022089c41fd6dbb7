package dev.cesrj.stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;

import io.netty.buffer.ByteBufUtil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compares what cesrj framed with the records of the real-world streams ({@code
 * src/test/resources/realworld/*.expected.json}, read through {@link dev.cesrj.testing.RealWorld},
 * which maps keripy 1.1.32's two counter names to cesrj's), for the tests of every layer (stream
 * parser, Netty decoder).
 *
 * <p>A message is compared whole: every key of its record except keripy's MsgParseDom lists
 * (message-level lists such as {@code sigers} or {@code sadtsgs}, which repeat the items of the
 * {@code groups} entries whose {@code field} names them; only keys that a group names are
 * dropped). That is the version-string fields, offset, length, envelope, body group, every group
 * (code, name, count, qb64, domain, bytes, depth, field, items and their primitives), and the body
 * fields {@code ilk said pre sn} and {@code route}. The framer does not decode bodies: the body
 * fields are read here from {@link Message#body()} (JSON) or from the primitives of the body group
 * (CESR-native), so they check that the body cesrj framed is the one keripy read.
 */
public final class RealWorldExpectations {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private RealWorldExpectations() {
    }

    /**
     * Asserts that {@code m}, at {@code streamOffset}, is what keripy recorded in {@code expected}
     * (one entry of {@link dev.cesrj.testing.RealWorld#expected}).
     */
    public static void assertMessage(JsonNode expected, Message m, long streamOffset, String path) {
        JsonAssert.assertSame(comparable(expected), project(m, streamOffset), path);
    }

    /**
     * The record without its MsgParseDom lists. Fails on a message-level list that no group of
     * the record names in its {@code field} (it would be dropped unchecked), and on the corpus's
     * recording quirk ({@link ExpectedJson#envelopeRecordedAsGroup}), which these records do not
     * have.
     */
    public static ObjectNode comparable(JsonNode expected) {
        if (ExpectedJson.envelopeRecordedAsGroup(expected)) {
            throw new AssertionError("a real-world record with the corpus's envelope quirk: " + expected);
        }
        if (expected.has("nests")) {
            throw new AssertionError("no real-world record has nested messages: " + expected);
        }
        ObjectNode o = expected.deepCopy();
        for (String key : lists(expected).keySet()) {
            o.remove(key);
        }
        return o;
    }

    /**
     * keripy's MsgParseDom lists of a record ({@code sigers}, {@code wigers}, {@code sadtsgs} ...)
     * with the number of group entries that name each in their {@code field}.
     */
    public static Map<String, Integer> lists(JsonNode expected) {
        Map<String, Integer> named = new TreeMap<>();
        for (JsonNode g : expected.get("groups")) {
            if (g.has("field")) {
                named.merge(g.get("field").asText(), 1, Integer::sum);
            }
        }
        Map<String, Integer> out = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : expected.properties()) {
            String key = e.getKey();
            if (e.getValue().isArray() && !key.equals("groups")) {
                Integer n = named.get(key);
                if (n == null) {
                    throw new AssertionError("list " + key + " is named by no group of " + expected);
                }
                out.put(key, n);
            }
        }
        if (!out.equals(named)) {
            throw new AssertionError("groups name lists " + named + ", the record has " + out.keySet());
        }
        return out;
    }

    /**
     * {@code m} in the records' schema: {@link Projection#message} with {@code streamOffset} as its
     * offset, legacy SadPathSigGroups in the record's layout ({@link #sadPathAsRecorded}) and the
     * body fields ({@link #bodyFields}).
     */
    public static ObjectNode project(Message m, long streamOffset) {
        ObjectNode o = Projection.message(m, true);
        o.put("offset", streamOffset);
        for (JsonNode g : o.get("groups")) {
            if ("SadPathSigGroups".equals(g.get("name").asText())) {
                sadPathAsRecorded((ObjectNode) g);
            }
        }
        o.setAll(bodyFields(m));
        return o;
    }

    /**
     * A legacy {@code -J} SadPathSigGroups entry as keripy 1.1.32 records it (realworld README):
     * the Pather and the signature group of each element are one item per signer of that group,
     * {@code {path, prefixer, number, diger, sigers}}, in the list {@code sadtsgs}; the {@code -F}
     * TransIdxSigGroups counter inside has no entry of its own (its code, count and text are
     * asserted by the callers from the {@link Message}). A NonTransReceiptCouples or
     * ControllerIdxSigs inside (lists {@code sadcigs} and keripy 1.1's other forms) is in no
     * real-world stream and fails here rather than be guessed.
     */
    static void sadPathAsRecorded(ObjectNode g) {
        ArrayNode items = JSON.arrayNode();
        for (JsonNode element : g.get("items")) {
            JsonNode sigs = element.get("group");
            if (!"TransIdxSigGroups".equals(sigs.get("name").asText())) {
                throw new AssertionError("no recorded layout for a " + sigs.get("name") + " in " + g);
            }
            for (JsonNode signer : sigs.get("items")) {
                ObjectNode item = items.addObject();
                item.set("path", element.get("pather"));
                item.setAll((ObjectNode) signer);
            }
        }
        g.put("field", "sadtsgs");
        g.set("items", items);
    }

    /**
     * The body fields as the records hold them: {@code ilk} ({@code t}), {@code said}
     * ({@code d}), {@code pre} ({@code i}), {@code sn} ({@code s}, hex) each text or null, and
     * {@code route} ({@code r}) only where the body has one as text, as keripy's Serder gives
     * them. An ACDC's {@code s} is its schema SAID, not a sequence number: its {@code sn} is null,
     * as in the keripy 1.1.32 records. A CESR-native body's fields are its body group's primitives
     * in keripy's field order for a KERI v2 {@code icp} ({@code v t d i s ...}; the only native
     * message of these streams): the ilk is the Tag3's text, the sequence number the Number's
     * value in hex.
     */
    static ObjectNode bodyFields(Message m) {
        ObjectNode o = JSON.objectNode();
        Group body = m.bodyGroup().orElse(null);
        if (body != null && body.code().layout() == Layout.NATIVE_BODY) {
            List<Element> f = body.elements();
            String proto = ((Matter) f.get(0)).soft().substring(0, 4);
            String ilk = ((Matter) f.get(1)).soft();
            if (!proto.equals("KERI") || !ilk.equals("icp")) {
                throw new AssertionError("no field order here for a native " + proto + " " + ilk);
            }
            o.put("ilk", ilk);
            o.put("said", f.get(2).qb64Text());
            o.put("pre", f.get(3).qb64Text());
            o.put("sn", new BigInteger(1, ((Matter) f.get(4)).raw()).toString(16));
            return o;
        }
        if (m.version().kind() != Kind.JSON) {
            throw new AssertionError("no reader here for a " + m.version().kind() + " body");
        }
        JsonNode sad;
        try {
            sad = MAPPER.readTree(ByteBufUtil.getBytes(m.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean keri = m.version().proto().equals("KERI");
        o.set("ilk", text(sad, "t"));
        o.set("said", text(sad, "d"));
        o.set("pre", text(sad, "i"));
        o.set("sn", keri ? text(sad, "s") : JSON.nullNode());
        if (keri && sad.path("r").isTextual()) {
            o.set("route", sad.get("r"));
        }
        return o;
    }

    private static JsonNode text(JsonNode sad, String label) {
        JsonNode v = sad.get(label);
        return v != null && v.isTextual() ? v : JSON.nullNode();
    }
}
