package dev.cesrj.stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads keripy's expected parses (corpus {@code .expected.json}, schema in MANIFEST.json) for a
 * strict comparison with {@link Projection}: which recorded fields are framing facts, the one
 * recording quirk of the corpus, and the MANIFEST-level counts.
 *
 * <p>Everything a record holds is compared except {@link #NOT_FRAMING} keys and the decoded
 * {@code path.parts} of pathed material; a key the corpus adds later fails the comparison until
 * it is projected or listed here.
 */
public final class ExpectedJson {
    /**
     * Message keys that are not framing: keripy's reading of the body ({@code ilk said pre sn
     * route}; the framer never decodes a body) and its MsgParseDom lists, which repeat the items
     * of the {@code groups} entries (their {@code field} names the list).
     */
    static final Set<String> NOT_FRAMING = Set.of(
            "ilk", "said", "pre", "sn", "route",
            "sigers", "wigers", "cigars", "rsgs", "tsgs", "lsgs", "frcs", "sscs", "ssts", "essrs", "ptds");

    private ExpectedJson() {
    }

    /**
     * Compares one top-level message with its record, nested messages included.
     *
     * @param expected the record from the {@code .expected.json} list
     * @param actual {@link Projection#message} of the message cesrj framed
     */
    static void assertMessage(JsonNode expected, ObjectNode actual, String path) {
        ObjectNode got = actual;
        if (envelopeRecordedAsGroup(expected)) {
            got = actual.deepCopy();
            got.remove("bodyTexter");
        }
        JsonAssert.assertSame(comparable(expected), got, path);
    }

    /**
     * What a projection must equal: the record's framing fields ({@link #select}), with the
     * {@linkplain #envelopeRecordedAsGroup recording quirk} undone (such a record has no
     * {@code bodyTexter}).
     */
    static ObjectNode comparable(JsonNode expected) {
        ObjectNode want = select(expected);
        return envelopeRecordedAsGroup(expected) ? undoEnvelopeQuirk(want) : want;
    }

    /** The record without the keys that are not framing facts (nested records too). */
    static ObjectNode select(JsonNode expected) {
        ObjectNode o = expected.deepCopy();
        o.remove(NOT_FRAMING);
        for (JsonNode g : o.path("groups")) {
            if ("ptds".equals(g.path("field").asText())) {
                for (JsonNode item : g.get("items")) {
                    // keripy's decoded path segments; the framer keeps the Pather as qb64.
                    ((ObjectNode) item.get("path")).remove("parts");
                }
            }
        }
        if (o.has("nests")) {
            ArrayNode nests = o.putArray("nests");
            for (JsonNode n : expected.get("nests")) {
                nests.add(select(n));
            }
        }
        return o;
    }

    /**
     * The corpus's one recording quirk: when a top-level BodyWithAttachmentGroup follows a
     * genus-version code ({@code nested_kel.v2.nested.txt.cesr}, message 0: {@code -_AAACAA-BD5
     * -HC0...}), keripy's recorder lists the envelope as the first entry of {@code groups} at depth
     * 0 (no {@code envelope}, no {@code nest}), the groups inside it at depth 0, and no
     * {@code bodyTexter}. The other three messages of that file, without the code in front, are
     * recorded with {@code envelope} and depth 1. Offset, length and every counter are recorded
     * as usual.
     */
    public static boolean envelopeRecordedAsGroup(JsonNode expected) {
        JsonNode groups = expected.path("groups");
        return expected.has("gvc") && expected.has("bodyGroup") && !expected.has("envelope")
                && !expected.has("bodyTexter") && groups.size() > 0
                && "BodyWithAttachmentGroup".equals(groups.get(0).path("name").asText())
                && !groups.get(0).has("nest");
    }

    /**
     * The record as the other envelope messages are recorded: the first group becomes the
     * {@code envelope}, the groups inside it one level deeper. The missing {@code bodyTexter}
     * stays missing (the caller drops it from the projection).
     */
    public static ObjectNode undoEnvelopeQuirk(ObjectNode record) {
        ObjectNode o = record.deepCopy();
        ArrayNode groups = (ArrayNode) o.get("groups");
        ObjectNode envelope = (ObjectNode) groups.remove(0);
        envelope.remove("depth");
        o.set("envelope", envelope);
        for (JsonNode g : groups) {
            ((ObjectNode) g).put("depth", g.get("depth").asInt() + 1);
        }
        return o;
    }

    /**
     * Counters by code over messages in the corpus schema (records or projections), as MANIFEST
     * "groupCounts" counts them: genus-version codes, envelopes, body groups and every group
     * entry, nested messages included (the entry of a nested envelope is counted once, as that
     * message's envelope).
     */
    static Map<String, Long> groupCounts(Iterable<? extends JsonNode> messages) {
        Map<String, Long> counts = new TreeMap<>();
        for (JsonNode m : messages) {
            countGroups(m, counts);
        }
        return counts;
    }

    private static void countGroups(JsonNode m, Map<String, Long> counts) {
        for (String key : List.of("gvc", "envelope", "bodyGroup")) {
            if (m.has(key)) {
                counts.merge(m.get(key).get("code").asText(), 1L, Long::sum);
            }
        }
        for (JsonNode g : m.get("groups")) {
            if (!g.has("nest")) {
                counts.merge(g.get("code").asText(), 1L, Long::sum);
            }
        }
        for (JsonNode n : m.path("nests")) {
            countGroups(n, counts);
        }
    }

    /**
     * How many ControllerIdxSigs counters stand inside tuple items (MANIFEST
     * "sigGroupCountersInsideTransGroups" counts them under the table's ControllerIdxSigs code;
     * items record only their signatures).
     */
    static long sigGroupsInsideTuples(Iterable<? extends JsonNode> messages) {
        long n = 0;
        for (JsonNode m : messages) {
            for (JsonNode g : m.get("groups")) {
                for (JsonNode item : g.path("items")) {
                    if (item.has("sigers") && item.has("prefixer")) {
                        n++;
                    }
                }
            }
            n += sigGroupsInsideTuples(m.path("nests"));
        }
        return n;
    }

    /** Messages including nested ones (MANIFEST "messagesInclNested"). */
    static long messagesInclNested(Iterable<? extends JsonNode> messages) {
        long n = 0;
        for (JsonNode m : messages) {
            n += 1 + messagesInclNested(m.path("nests"));
        }
        return n;
    }

    /**
     * The qb64 of every indexed signature in a message's group items in stream order (signatures
     * nested in tuple items included, nested messages excluded): what {@link Message#signatures()}
     * returns.
     */
    static List<String> signatures(JsonNode m) {
        List<String> out = new ArrayList<>();
        for (JsonNode g : m.get("groups")) {
            for (JsonNode item : g.path("items")) {
                if (item.has("index")) {
                    out.add(item.get("qb64").asText());
                }
                for (JsonNode s : item.path("sigers")) {
                    out.add(s.get("qb64").asText());
                }
            }
        }
        return out;
    }
}
