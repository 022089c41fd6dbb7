package dev.cesrj.stream;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.group.OpaqueMaterial;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;

import java.util.List;
import java.util.Map;

/**
 * Writes what cesrj framed in the schema of the corpus's {@code .expected.json} files (see
 * MANIFEST.json "schema"), so that a whole message can be compared with keripy's parse in one
 * strict {@link JsonAssert#assertSame}. Only framing facts are written (the fields that
 * {@link ExpectedJson#message} keeps); call it while the views' buffer is alive.
 */
final class Projection {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /**
     * keripy's MsgParseDom list that each leaf group fills (the "field" of a group entry), by the
     * group's name in the CESR tables (the big form {@code BigX} fills the same list as {@code X}).
     */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("ControllerIdxSigs", "sigers"),
            Map.entry("WitnessIdxSigs", "wigers"),
            Map.entry("NonTransReceiptCouples", "cigars"),
            Map.entry("TransReceiptIdxSigGroups", "rsgs"),
            Map.entry("FirstSeenReplayCouples", "frcs"),
            Map.entry("TransIdxSigGroups", "tsgs"),
            Map.entry("SealSourceCouples", "sscs"),
            Map.entry("TransLastIdxSigGroups", "lsgs"),
            Map.entry("SealSourceTriples", "ssts"),
            Map.entry("ESSRPayloadGroup", "essrs"),
            Map.entry("PathedMaterialCouples", "ptds"),
            Map.entry("TypedDigestSealCouples", "tdcs"),
            Map.entry("BlindedStateQuadruples", "bsqs"),
            Map.entry("BoundStateSextuples", "bsss"),
            Map.entry("TypedMediaQuadruples", "tmqs"),
            // the legacy CESR 1.0 table (keripy 1.x parsing.py lists)
            Map.entry("TransReceiptQuadruples", "trqs"),
            Map.entry("SadPathSigGroups", "sadsigs"),
            Map.entry("RootSadPathSigGroups", "sadsigs"),
            Map.entry("PathedMaterialGroup", "pathed"));

    /** Key of each tuple slot in a group item. */
    private static final Map<Slot, String> SLOT_KEYS = Map.ofEntries(
            Map.entry(Slot.PREFIXER, "prefixer"),
            Map.entry(Slot.NUMBER, "number"),
            Map.entry(Slot.DIGER, "diger"),
            Map.entry(Slot.SIGS, "sigers"),
            Map.entry(Slot.DATER, "dater"),
            Map.entry(Slot.VERFER, "verfer"),
            Map.entry(Slot.CIGAR, "cigar"),
            Map.entry(Slot.SIGER, "siger"),
            Map.entry(Slot.PATHER, "pather"),
            Map.entry(Slot.SIGNATURE_GROUP, "group"),
            Map.entry(Slot.NONCER, "noncer"),
            Map.entry(Slot.LABELER, "labeler"),
            Map.entry(Slot.VERSER, "verser"),
            Map.entry(Slot.TEXTER, "texter"));

    private Projection() {
    }

    /**
     * One message: version-string fields, offset (top level only: the corpus records none for
     * nested messages), length, genus-version code, envelope, body group and Texter, groups and
     * nested messages.
     */
    static ObjectNode message(Message m, boolean topLevel) {
        ObjectNode o = JSON.objectNode();
        VersionString vs = m.version();
        o.put("proto", vs.proto());
        o.put("pvrsn", vs.protocolVersion());
        if (vs.format() == 2) {
            o.put("gvrsn", vs.genusMajor() + "." + vs.genusMinor());
        }
        o.put("kind", vs.kind().name());
        o.put("size", vs.size());
        o.put("vs", vs.text());
        if (topLevel) {
            o.put("offset", m.offset());
        }
        o.put("length", m.length());
        m.genusVersion().ifPresent(g -> o.set("gvc", counter(g)));
        m.envelope().ifPresent(g -> o.set("envelope", counter(g)));
        m.bodyGroup().ifPresent(g -> o.set("bodyGroup", counter(g)));
        m.bodyTexter().ifPresent(t -> {
            ObjectNode texter = o.putObject("bodyTexter");
            texter.put("code", t.code().code());
            texter.put("rawSize", t.raw().length);
            texter.put("bytes", t.length());
        });
        ArrayNode groups = o.putArray("groups");
        for (Group g : m.groups()) {
            groups.add(group(g, m));
        }
        if (!m.nested().isEmpty()) {
            ArrayNode nests = o.putArray("nests");
            for (Message n : m.nested()) {
                nests.add(message(n, false));
            }
        }
        return o;
    }

    /** A counter: code, name, count, counter text (qb64), domain and counter size in bytes. */
    static ObjectNode counter(Group g) {
        ObjectNode o = JSON.objectNode();
        o.put("code", g.code().code());
        o.put("name", g.name());
        o.put("count", g.count());
        o.put("qb64", g.counterText());
        o.put("domain", g.domain().toString());
        o.put("bytes", g.counterSize());
        return o;
    }

    /**
     * One entry of a message's {@code groups}: the counter, its depth relative to the message
     * (0 right after the body, 1 inside an AttachmentGroup or envelope), and either the index of
     * the nested message it starts ({@code nest}: its envelope, or its body group if it has
     * none) or, for a leaf group, its items.
     */
    static ObjectNode group(Group g, Message m) {
        ObjectNode o = counter(g);
        o.put("depth", g.depth() - m.depth());
        List<Message> nested = m.nested();
        for (int k = 0; k < nested.size(); k++) {
            Message n = nested.get(k);
            if (n.envelope().or(n::bodyGroup).orElse(null) == g) {
                o.put("nest", k);
                return o;
            }
        }
        Layout layout = g.code().layout();
        if (layout == Layout.TUPLES || layout == Layout.PATHED) {
            String field = FIELDS.get(g.code().baseName());
            if (field == null) {
                throw new AssertionError("keripy has no MsgParseDom list for " + g);
            }
            o.put("field", field);
            o.set("items", items(g));
        }
        return o;
    }

    /** The items of a leaf group, one per element (one per group for pathed material). */
    static ArrayNode items(Group g) {
        ArrayNode items = JSON.arrayNode();
        List<Element> elements = g.elements();
        if (g.code().layout() == Layout.PATHED) {
            Matter pather = (Matter) elements.get(0);
            OpaqueMaterial material = (OpaqueMaterial) elements.get(1);
            ObjectNode item = items.addObject();
            item.put("qb64", g.qb64Text().substring(g.code().fs())); // the content, as qb64
            item.set("path", matter(pather));
            item.put("material_qb64", material.qb64Text());
            return items;
        }
        for (Element e : elements) {
            items.add(item(e, g));
        }
        return items;
    }

    private static ObjectNode item(Element e, Group g) {
        if (e instanceof Group) {
            ObjectNode o = counter((Group) e);
            o.set("items", items((Group) e));
            return o;
        }
        if (e instanceof IndexedSignature) {
            return siger((IndexedSignature) e);
        }
        if (e instanceof Matter) {
            ObjectNode o = matter((Matter) e);
            if (g.code().slots().equals(List.of(Slot.TEXTER))) {
                o.put("rawSize", ((Matter) e).raw().length);
            }
            return o;
        }
        if (e instanceof Tuple) {
            Tuple t = (Tuple) e;
            ObjectNode o = JSON.objectNode();
            for (int i = 0; i < t.slots().size(); i++) {
                Slot slot = t.slots().get(i);
                String key = SLOT_KEYS.get(slot);
                if (key == null) {
                    throw new AssertionError("no corpus key for slot " + slot + " of " + g);
                }
                for (int n = 2; o.has(key); n++) { // a slot that repeats: noncer, noncer2, ...
                    key = SLOT_KEYS.get(slot) + n;
                }
                if (slot == Slot.SIGS) {
                    ArrayNode sigs = o.putArray(key);
                    for (Element s : t.group(i).elements()) {
                        sigs.add(siger((IndexedSignature) s));
                    }
                } else if (slot.isGroup() || slot == Slot.SIGER) {
                    o.set(key, item(t.parts().get(i), g));
                } else {
                    o.set(key, matter(t.matter(i)));
                }
            }
            return o;
        }
        throw new AssertionError("unexpected element " + e + " in " + g);
    }

    /** An indexed signature: code, index, ondex ({@code null} for current-only codes), qb64. */
    static ObjectNode siger(IndexedSignature s) {
        ObjectNode o = JSON.objectNode();
        o.put("code", s.code().code());
        o.put("index", s.index());
        if (s.ondex().isPresent()) {
            o.put("ondex", s.ondex().getAsInt());
        } else {
            o.putNull("ondex");
        }
        o.put("qb64", s.qb64Text());
        return o;
    }

    /** A Matter primitive: code and qb64. */
    static ObjectNode matter(Matter m) {
        ObjectNode o = JSON.objectNode();
        o.put("code", m.code().code());
        o.put("qb64", m.qb64Text());
        return o;
    }

    /**
     * One entry of an attachment-only stream: {@code {counter, items}}, items as for a message's
     * leaf group (none for a genus-version code).
     */
    static ObjectNode attachment(Group g) {
        ObjectNode o = JSON.objectNode();
        o.set("counter", counter(g));
        o.set("items", g.code().layout() == Layout.TUPLES ? items(g) : JSON.arrayNode());
        return o;
    }
}
