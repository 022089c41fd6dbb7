package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.group.OpaqueMaterial;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.testing.Corpus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Layout#content()}, the grammar fact the framer and views dispatch on, against the views. */
class LayoutContentTest {

  /**
   * Every group of every corpus A stream and of keripy's CESR 2.0 substream vector, nested ones
   * included, has the elements its layout's
   * {@link Layout#content()} says: tuples or primitives for TUPLES, groups (and a leading
   * genus-version group) for GROUPS, one Matter for TEXTER, a Pather then opaque bytes for
   * PATHED, primitives and groups for FIELDS, nothing for MESSAGES and NONE.
   */
  @Test
  void everyCorpusGroupHasTheElementsItsContentSays() {
    Set<Layout.Content> seen = EnumSet.noneOf(Layout.Content.class);
    int groups = 0;
    for (String name : Corpus.streams()) {
      byte[] bytes = Corpus.bytes(name);
      if ("only".equals(Corpus.manifestEntry(name).get("attachments").asText())) {
        try (Groups only = Groups.copyOf(bytes)) {
          for (Group g : only) {
            groups += check(g, seen, name);
          }
        }
        continue;
      }
      try (Messages messages = Messages.copyOf(bytes)) {
        for (Message m : messages) {
          groups += check(m, seen, name);
        }
      }
    }
    // keripy's CESR 2.0 substream vector: native bodies (FIELDS) inside a BodyWithAttachmentGroup
    try (Messages messages = Messages.copyOf(
        NativeBodyMessageTest.SUBSTREAM.getBytes(StandardCharsets.US_ASCII),
        NativeBodyMessageTest.V2)) {
      for (Message m : messages) {
        groups += check(m, seen, "SUBSTREAM");
      }
    }
    assertEquals(EnumSet.allOf(Layout.Content.class), seen, "the contents met");
    assertEquals(true, groups > 300, "groups checked: " + groups);
  }

  private static int check(Message m, Set<Layout.Content> seen, String name) {
    int n = 0;
    List<Group> all = new ArrayList<>(m.attachments());
    m.bodyGroup().ifPresent(all::add);
    m.envelope().ifPresent(all::add);
    all.addAll(m.genericGroups());
    for (Group g : all) {
      n += check(g, seen, name);
    }
    for (Message nested : m.nested()) {
      n += check(nested, seen, name);
    }
    return n;
  }

  private static int check(Group g, Set<Layout.Content> seen, String name) {
    Layout.Content content = g.code().layout().content();
    seen.add(content);
    List<Element> elements = g.elements();
    String where = name + " " + g;
    int n = 1;
    switch (content) {
      case TUPLES:
        for (Element e : elements) {
          assertEquals(true, e instanceof Tuple || e instanceof Matter
              || e instanceof IndexedSignature || e instanceof Group, where + " " + e);
        }
        break;
      case GROUPS:
        for (Element e : elements) {
          assertEquals(true, e instanceof Group, where + " " + e);
        }
        break;
      case TEXTER:
        assertEquals(1, elements.size(), where);
        assertEquals(true, elements.get(0) instanceof Matter, where);
        break;
      case PATHED:
        assertEquals(2, elements.size(), where);
        assertEquals(true, elements.get(0) instanceof Matter, where);
        assertEquals(true, elements.get(1) instanceof OpaqueMaterial, where);
        break;
      case FIELDS:
        for (Element e : elements) {
          assertEquals(true, e instanceof Matter || e instanceof Group, where + " " + e);
        }
        break;
      default:
        assertEquals(List.of(), elements, where);
    }
    for (Element e : elements) {
      if (e instanceof Group) {
        n += check((Group) e, seen, name);
      } else if (e instanceof Tuple) {
        for (Element part : ((Tuple) e).parts()) {
          if (part instanceof Group) {
            n += check((Group) part, seen, name);
          }
        }
      }
    }
    return n;
  }
}
