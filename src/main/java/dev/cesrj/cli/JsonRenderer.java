package dev.cesrj.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.group.Group;
import dev.cesrj.group.OpaqueMaterial;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.VersionString;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the framed stream as JSON in the schema of the corpus's {@code .expected.json} files
 * (corpus A MANIFEST.json "schema"; keripy's parse as its recorder writes it): a list with one
 * object per top-level message ({@code proto pvrsn [gvrsn] kind size ilk said pre sn vs [route]},
 * keripy's MsgParseDom lists, {@code offset length [gvc] [envelope] [bodyGroup] [bodyTexter]
 * groups [nests]}), or for an attachment-only stream one {@code {counter, items}} per group.
 *
 * <p>{@code ilk said pre sn route} come from the body ({@link BodyFields}); everything else from
 * the framing. Counters are recorded with the domain they were read in ({@code "qb64"} or
 * {@code "qb2"}) and their size in bytes of that domain; values are given in qb64 either way.
 */
final class JsonRenderer implements Renderer {
  /**
   * keripy's MsgParseDom list that each leaf group fills, by group name (a {@code Big} form fills
   * the same list), in the order the recorder writes the lists.
   */
  private static final Map<String, String> FIELDS = new LinkedHashMap<>();

  static {
    FIELDS.put("ControllerIdxSigs", "sigers");
    FIELDS.put("WitnessIdxSigs", "wigers");
    FIELDS.put("NonTransReceiptCouples", "cigars");
    FIELDS.put("TransReceiptIdxSigGroups", "rsgs");
    FIELDS.put("TransIdxSigGroups", "tsgs");
    FIELDS.put("TransLastIdxSigGroups", "lsgs");
    FIELDS.put("FirstSeenReplayCouples", "frcs");
    FIELDS.put("SealSourceCouples", "sscs");
    FIELDS.put("SealSourceTriples", "ssts");
    FIELDS.put("ESSRPayloadGroup", "essrs");
    FIELDS.put("PathedMaterialCouples", "ptds");
  }

  private final JsonGenerator json;

  JsonRenderer(OutputStream out) throws IOException {
    this.json = new JsonFactory().createGenerator(out);
    json.useDefaultPrettyPrinter();
    json.writeStartArray();
  }

  @Override
  public void message(Message m, long base, int ordinal) throws IOException {
    message(m, base, true);
  }

  @Override
  public void attachment(Group g, int ordinal) throws IOException {
    json.writeStartObject();
    json.writeFieldName("counter");
    counter(g);
    json.writeArrayFieldStart("items");
    if (g.code().layout() == Layout.TUPLES) {
      items(g);
    }
    json.writeEndArray();
    json.writeEndObject();
  }

  @Override
  public void end(long framedTo, Failure failure) throws IOException {
    // a message whose rendering failed half-way is closed, so that the output stays JSON
    while (!json.getOutputContext().inRoot()) {
      if (json.getOutputContext().inArray()) {
        json.writeEndArray();
      } else {
        json.writeEndObject();
      }
    }
    json.writeRaw('\n');
    json.flush();
  }

  private void message(Message m, long base, boolean topLevel) throws IOException {
    VersionString vs = m.version();
    BodyFields f = BodyFields.read(vs.kind(), Parts.body(m));
    json.writeStartObject();
    json.writeStringField("proto", vs.proto());
    json.writeStringField("pvrsn", vs.protocolVersion());
    if (vs.format() == 2) {
      json.writeStringField("gvrsn", vs.genusMajor() + "." + vs.genusMinor());
    }
    json.writeStringField("kind", vs.kind().name());
    json.writeNumberField("size", vs.size());
    json.writeStringField("ilk", f.ilk());
    json.writeStringField("said", f.said());
    json.writeStringField("pre", f.pre());
    json.writeStringField("sn", f.sn());
    json.writeStringField("vs", vs.text());
    if (f.route() != null) {
      json.writeStringField("route", f.route());
    }
    lists(m);
    if (topLevel) {
      json.writeNumberField("offset", base + m.offset());
    }
    json.writeNumberField("length", m.length());
    if (m.genusVersion().isPresent()) {
      json.writeFieldName("gvc");
      counter(m.genusVersion().get());
    }
    if (m.envelope().isPresent()) {
      json.writeFieldName("envelope");
      counter(m.envelope().get());
    }
    if (m.bodyGroup().isPresent()) {
      json.writeFieldName("bodyGroup");
      counter(m.bodyGroup().get());
    }
    if (m.bodyTexter().isPresent()) {
      Matter t = m.bodyTexter().get();
      json.writeObjectFieldStart("bodyTexter");
      json.writeStringField("code", t.code().code());
      json.writeNumberField("rawSize", t.raw().length);
      json.writeNumberField("bytes", t.length());
      json.writeEndObject();
    }
    json.writeArrayFieldStart("groups");
    for (Group g : m.groups()) {
      group(g, m);
    }
    json.writeEndArray();
    if (!m.nested().isEmpty()) {
      json.writeArrayFieldStart("nests");
      for (Message n : m.nested()) {
        message(n, base, false);
      }
      json.writeEndArray();
    }
    json.writeEndObject();
  }

  /** keripy's MsgParseDom lists: the items of the message's leaf groups, by the list they fill. */
  private void lists(Message m) throws IOException {
    Map<String, List<Group>> byField = new LinkedHashMap<>();
    for (String field : FIELDS.values()) {
      byField.put(field, new ArrayList<>());
    }
    for (Group g : m.groups()) {
      String field = field(g);
      if (field != null && !isNest(g, m)) {
        byField.get(field).add(g);
      }
    }
    for (Map.Entry<String, List<Group>> e : byField.entrySet()) {
      if (!e.getValue().isEmpty()) {
        json.writeArrayFieldStart(e.getKey());
        for (Group g : e.getValue()) {
          domItems(g, e.getKey());
        }
        json.writeEndArray();
      }
    }
  }

  /** One group's entries of a MsgParseDom list, in the recorder's short forms. */
  private void domItems(Group g, String field) throws IOException {
    if (g.code().layout() == Layout.PATHED) {
      json.writeString(contentQb64(g));
      return;
    }
    for (Element e : g.elements()) {
      if (e instanceof IndexedSignature) {
        siger((IndexedSignature) e);
      } else if (e instanceof Matter) {
        matter((Matter) e);
      } else if ("cigars".equals(field)) {
        Tuple t = (Tuple) e;
        Matter verfer = t.matter(t.slots().indexOf(Slot.VERFER));
        Matter cigar = t.matter(t.slots().indexOf(Slot.CIGAR));
        json.writeStartObject();
        json.writeStringField("code", cigar.code().code());
        json.writeStringField("verfer", verfer.qb64Text());
        json.writeStringField("qb64", cigar.qb64Text());
        json.writeEndObject();
      } else {
        Tuple t = (Tuple) e;
        json.writeStartArray();
        for (int i = 0; i < t.parts().size(); i++) {
          if (t.slots().get(i) == Slot.SIGS) {
            sigers(t.group(i));
          } else {
            matter(t.matter(i));
          }
        }
        json.writeEndArray();
      }
    }
  }

  private static String field(Group g) {
    String name = g.name().startsWith("Big") ? g.name().substring(3) : g.name();
    Layout layout = g.code().layout();
    return layout == Layout.TUPLES || layout == Layout.PATHED ? FIELDS.get(name) : null;
  }

  /** The index of the nested message {@code g} starts (its envelope or body group), or -1. */
  private static int nestIndex(Group g, Message m) {
    List<Message> nested = m.nested();
    for (int k = 0; k < nested.size(); k++) {
      Message n = nested.get(k);
      if (n.envelope().or(n::bodyGroup).orElse(null) == g) {
        return k;
      }
    }
    return -1;
  }

  private static boolean isNest(Group g, Message m) {
    return nestIndex(g, m) >= 0;
  }

  /** The content of {@code g} in qb64 (a qb2 group's converted): its qb64 after the counter. */
  private static String contentQb64(Group g) {
    return g.qb64Text().substring(g.counterText().length());
  }

  /** A counter: code, name, count, counter text, domain and counter size in bytes. */
  private void counter(Group g) throws IOException {
    json.writeStartObject();
    counterFields(g);
    json.writeEndObject();
  }

  private void counterFields(Group g) throws IOException {
    json.writeStringField("code", g.code().code());
    json.writeStringField("name", g.name());
    json.writeNumberField("count", g.count());
    json.writeStringField("qb64", g.counterText());
    json.writeStringField("domain", g.domain() == Domain.QB2 ? "qb2" : "qb64");
    json.writeNumberField("bytes", g.counterSize());
  }

  /**
   * One entry of a message's {@code groups}: the counter, its depth relative to the message,
   * and either the nested message it starts ({@code nest}) or, for a leaf group, the list it
   * fills ({@code field}) and its items.
   */
  private void group(Group g, Message m) throws IOException {
    json.writeStartObject();
    counterFields(g);
    json.writeNumberField("depth", g.depth() - m.depth());
    int nest = nestIndex(g, m);
    if (nest >= 0) {
      json.writeNumberField("nest", nest);
    } else {
      String field = field(g);
      if (field != null) {
        json.writeStringField("field", field);
        json.writeArrayFieldStart("items");
        items(g);
        json.writeEndArray();
      } else if (g.code().layout() == Layout.TUPLES) {
        throw new IllegalStateException("keripy has no MsgParseDom list for " + g);
      }
    }
    json.writeEndObject();
  }

  /** The items of a leaf group: one per element, one per group for pathed material. */
  private void items(Group g) throws IOException {
    List<Element> elements = g.elements();
    if (g.code().layout() == Layout.PATHED) {
      Matter pather = (Matter) elements.get(0);
      json.writeStartObject();
      json.writeStringField("qb64", contentQb64(g));
      json.writeObjectFieldStart("path");
      json.writeStringField("code", pather.code().code());
      json.writeStringField("qb64", pather.qb64Text());
      json.writeArrayFieldStart("parts");
      for (String part : PathParts.of(pather)) {
        json.writeString(part);
      }
      json.writeEndArray();
      json.writeEndObject();
      json.writeStringField("material_qb64", ((OpaqueMaterial) elements.get(1)).qb64Text());
      json.writeEndObject();
      return;
    }
    boolean texter = g.code().slots().equals(List.of(Slot.TEXTER));
    for (Element e : elements) {
      if (e instanceof IndexedSignature) {
        siger((IndexedSignature) e);
      } else if (e instanceof Matter) {
        Matter matter = (Matter) e;
        json.writeStartObject();
        json.writeStringField("code", matter.code().code());
        json.writeStringField("qb64", matter.qb64Text());
        if (texter) {
          json.writeNumberField("rawSize", matter.raw().length);
        }
        json.writeEndObject();
      } else {
        tuple((Tuple) e);
      }
    }
  }

  private void tuple(Tuple t) throws IOException {
    json.writeStartObject();
    for (int i = 0; i < t.slots().size(); i++) {
      Slot slot = t.slots().get(i);
      if (slot == Slot.SIGS) {
        json.writeFieldName("sigers");
        sigers(t.group(i));
      } else {
        json.writeFieldName(Parts.slotName(slot));
        matter(t.matter(i));
      }
    }
    json.writeEndObject();
  }

  private void sigers(Group sigs) throws IOException {
    json.writeStartArray();
    for (Element s : sigs.elements()) {
      siger((IndexedSignature) s);
    }
    json.writeEndArray();
  }

  /** An indexed signature: code, index, ondex ({@code null} for current-only codes), qb64. */
  private void siger(IndexedSignature s) throws IOException {
    json.writeStartObject();
    json.writeStringField("code", s.code().code());
    json.writeNumberField("index", s.index());
    json.writeFieldName("ondex");
    if (s.ondex().isPresent()) {
      json.writeNumber(s.ondex().getAsInt());
    } else {
      json.writeNull();
    }
    json.writeStringField("qb64", s.qb64Text());
    json.writeEndObject();
  }

  private void matter(Matter m) throws IOException {
    json.writeStartObject();
    json.writeStringField("code", m.code().code());
    json.writeStringField("qb64", m.qb64Text());
    json.writeEndObject();
  }
}
