package dev.cesrj.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import dev.cesrj.EnclosingGroup;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the framed stream as JSON in the schema of the corpus's {@code .expected.json} files
 * (corpus A MANIFEST.json "schema"; keripy's parse as its recorder writes it): a list with one
 * object per top-level message ({@code proto pvrsn [gvrsn] kind size ilk said pre sn vs [route]},
 * keripy's MsgParseDom lists, {@code offset length [genericGroups] [gvc] [envelope] [bodyGroup]
 * [bodyTexter] groups [nests]}), or for an attachment-only stream one {@code {counter, items}} per
 * group. The lists and each leaf group's {@code field} are named by {@link DomLists}, for every
 * group of every table. After an error the list ends with {@code {"error": {type, offset,
 * message, kind, path}}} ({@code kind} the {@link dev.cesrj.ErrorKind}, {@code path} the groups
 * enclosing the error, outermost first, as {@code {code, name, offset}}), the message being rendered closed where it stopped: the output is one JSON document
 * whatever the input. Strings are printable ASCII (everything else escaped).
 *
 * <p>{@code ilk said pre sn route} come from the body ({@link BodyFields}); everything else from
 * the framing. Counters are recorded with the domain they were read in ({@code "qb64"} or
 * {@code "qb2"}) and their size in bytes of that domain; values are given in qb64 either way.
 */
final class JsonRenderer implements Renderer {
  /** Writes one entry of a message-level list. */
  private interface Entry {
    void write() throws IOException;
  }

  private final JsonGenerator json;

  JsonRenderer(OutputStream out) throws IOException {
    this.json = generator(out);
    json.writeStartArray();
  }

  /**
   * A pretty-printing generator on {@code out} (not closed with it) whose strings are printable
   * ASCII ({@link AsciiEscapes}): the one every JSON output of the tool is written with.
   */
  static JsonGenerator generator(OutputStream out) throws IOException {
    JsonGenerator json = new JsonFactory().createGenerator(out);
    json.setCharacterEscapes(AsciiEscapes.INSTANCE);
    json.setHighestNonEscapedChar(0x7E);
    json.useDefaultPrettyPrinter();
    return json;
  }

  /**
   * Escapes {@code DEL} as well as the control characters JSON escapes: with {@link
   * JsonGenerator#setHighestNonEscapedChar} at {@code ~}, every character outside printable ASCII
   * is a backslash-u escape, and the output is printable ASCII whatever the body's strings hold.
   */
  private static final class AsciiEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    static final AsciiEscapes INSTANCE = new AsciiEscapes();
    private final int[] ascii = CharacterEscapes.standardAsciiEscapesForJSON();

    private AsciiEscapes() {
      ascii[0x7F] = CharacterEscapes.ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii.clone();
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return null; // the generic escape
    }
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
    if (g.code().layout().content() == Layout.Content.TUPLES) {
      items(g);
    }
    json.writeEndArray();
    json.writeEndObject();
  }

  @Override
  public void end(long framedTo, Failure failure) throws IOException {
    // a message whose rendering failed half-way is closed, so that the output stays JSON
    while (!json.getOutputContext().inRoot()) {
      if (json.getOutputContext().inArray() && json.getOutputContext().getParent().inRoot()) {
        break; // the top-level list
      }
      if (json.getOutputContext().inArray()) {
        json.writeEndArray();
      } else {
        json.writeEndObject();
      }
    }
    if (failure != null) {
      json.writeStartObject();
      error(json, failure);
      json.writeEndObject();
    }
    if (json.getOutputContext().inArray()) {
      json.writeEndArray();
    }
    json.writeRaw('\n');
    json.flush();
  }

  /**
   * Writes the field {@code "error": {type, offset, message, kind, path}} of {@code failure} into
   * the object being written.
   */
  static void error(JsonGenerator json, Failure failure) throws IOException {
    json.writeObjectFieldStart("error");
    json.writeStringField("type", failure.error().getClass().getSimpleName());
    json.writeNumberField("offset", failure.offset());
    json.writeStringField("message", failure.error().getMessage());
    json.writeStringField("kind", failure.error().kind().name());
    json.writeArrayFieldStart("path");
    for (EnclosingGroup g : failure.error().path()) {
      json.writeStartObject();
      json.writeStringField("code", g.code().code());
      json.writeStringField("name", g.code().name());
      json.writeNumberField("offset", g.offset() + (failure.offset() - failure.error().offset()));
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeEndObject();
  }

  private void message(Message m, long base, boolean topLevel) throws IOException {
    VersionString vs = m.version();
    BodyFields f = BodyFields.of(m);
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
    if (!m.genericGroups().isEmpty()) {
      // cesrj's addition (the corpus schema has no GenericGroup): the ones around the message
      json.writeArrayFieldStart("genericGroups");
      for (Group g : m.genericGroups()) {
        counter(g);
      }
      json.writeEndArray();
    }
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
    Map<String, List<Entry>> byField = new LinkedHashMap<>();
    for (String field : DomLists.names()) {
      byField.put(field, new ArrayList<>());
    }
    for (Group g : m.groups()) {
      if (isNest(g, m)) {
        continue;
      }
      if (DomLists.isSadPath(g)) {
        for (DomLists.SadItem item : DomLists.sadItems(g)) {
          byField.get(item.list()).add(() -> sadDomItems(item));
        }
        continue;
      }
      String field = DomLists.of(g);
      if (field != null) {
        byField.get(field).add(() -> domItems(g, field));
      }
    }
    for (Map.Entry<String, List<Entry>> e : byField.entrySet()) {
      if (!e.getValue().isEmpty()) {
        json.writeArrayFieldStart(e.getKey());
        for (Entry entry : e.getValue()) {
          entry.write();
        }
        json.writeEndArray();
      }
    }
  }

  /**
   * One SAD-path element's entries of its list in keripy 1.1's list forms: {@code [path,
   * prefixer, number, diger, [sigers]]} per signer of a TransIdxSigGroups, {@code [path,
   * cigar]} per couple of a NonTransReceiptCouples, {@code [path, [sigers]]} for a
   * ControllerIdxSigs.
   */
  private void sadDomItems(DomLists.SadItem item) throws IOException {
    Group sigs = item.signatures();
    if (sigs.code().slots().size() == 1) {
      json.writeStartArray();
      element(item.path());
      sigers(sigs);
      json.writeEndArray();
      return;
    }
    for (Element e : sigs.elements()) {
      Tuple t = (Tuple) e;
      json.writeStartArray();
      element(item.path());
      if (t.slots().contains(Slot.CIGAR)) {
        cigar(t);
      } else {
        for (int i = 0; i < t.parts().size(); i++) {
          element(t.parts().get(i));
        }
      }
      json.writeEndArray();
    }
  }

  /** A primitive, a signature, or a signature group as the list of its signatures. */
  private void element(Element e) throws IOException {
    if (e instanceof IndexedSignature) {
      siger((IndexedSignature) e);
    } else if (e instanceof Matter) {
      matter((Matter) e);
    } else if (e instanceof Group) {
      sigers((Group) e);
    } else if (e instanceof Tuple) {
      json.writeStartArray();
      for (Element part : ((Tuple) e).parts()) {
        element(part);
      }
      json.writeEndArray();
    } else {
      json.writeString(e.qb64Text());
    }
  }

  /** A couple of NonTransReceiptCouples as keripy's cigar: {@code {code, verfer, qb64}}. */
  private void cigar(Tuple t) throws IOException {
    Matter verfer = t.matter(t.slots().indexOf(Slot.VERFER));
    Matter cigar = t.matter(t.slots().indexOf(Slot.CIGAR));
    json.writeStartObject();
    json.writeStringField("code", cigar.code().code());
    json.writeStringField("verfer", verfer.qb64Text());
    json.writeStringField("qb64", cigar.qb64Text());
    json.writeEndObject();
  }

  /** One group's entries of a MsgParseDom list, in the recorder's short forms. */
  private void domItems(Group g, String field) throws IOException {
    if (g.code().layout().content() == Layout.Content.PATHED) {
      json.writeString(contentQb64(g));
      return;
    }
    for (Element e : g.elements()) {
      if (e instanceof IndexedSignature) {
        siger((IndexedSignature) e);
      } else if (e instanceof Matter) {
        matter((Matter) e);
      } else if ("cigars".equals(field) && e instanceof Tuple) {
        cigar((Tuple) e);
      } else {
        element(e);
      }
    }
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
      if (DomLists.isLeaf(g.code().layout())) {
        // every leaf group of every table has a list (DomLists); one that had none would still
        // show its items, under a null field
        json.writeStringField("field", DomLists.of(g));
        json.writeArrayFieldStart("items");
        items(g);
        json.writeEndArray();
      }
    }
    json.writeEndObject();
  }

  /** The items of a leaf group: one per element, one per group for pathed material. */
  private void items(Group g) throws IOException {
    if (DomLists.isSadPath(g)) {
      for (DomLists.SadItem item : DomLists.sadItems(g)) {
        sadItems(item);
      }
      return;
    }
    List<Element> elements = g.elements();
    if (g.code().layout().content() == Layout.Content.PATHED) {
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

  /**
   * The items of one SAD-path element, in the layout of keripy 1.1's record (realworld README):
   * {@code {path, prefixer, number, diger, sigers}} per signer of a TransIdxSigGroups, {@code
   * {path, cigar}} per couple of a NonTransReceiptCouples, {@code {path, sigers}} for a
   * ControllerIdxSigs; {@code root} first, the root Pather, inside a RootSadPathSigGroups.
   */
  private void sadItems(DomLists.SadItem item) throws IOException {
    Group sigs = item.signatures();
    List<Element> elements = sigs.code().slots().size() == 1 ? List.of(sigs) : sigs.elements();
    for (Element e : elements) {
      json.writeStartObject();
      if (item.root() != null) {
        json.writeFieldName("root");
        element(item.root());
      }
      json.writeFieldName("path");
      element(item.path());
      if (e instanceof Group) {
        json.writeFieldName("sigers");
        sigers((Group) e);
      } else if (((Tuple) e).slots().contains(Slot.CIGAR)) {
        json.writeFieldName("cigar");
        cigar((Tuple) e);
      } else {
        tupleFields((Tuple) e);
      }
      json.writeEndObject();
    }
  }

  private void tuple(Tuple t) throws IOException {
    json.writeStartObject();
    tupleFields(t);
    json.writeEndObject();
  }

  /**
   * A tuple's parts by slot name; a slot name met again gets its ordinal ({@code noncer},
   * {@code noncer2}, {@code noncer3}), as the recorder writes them.
   */
  private void tupleFields(Tuple t) throws IOException {
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < t.slots().size(); i++) {
      Slot slot = t.slots().get(i);
      Element part = t.parts().get(i);
      String name = slot == Slot.SIGS ? "sigers" : Parts.slotName(slot);
      int n = seen.merge(name, 1, Integer::sum);
      json.writeFieldName(n == 1 ? name : name + n);
      element(part);
    }
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
