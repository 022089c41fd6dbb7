package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * On every text-domain attachment-only stream of corpus A ({@code attachments == "only"},
 * {@code domain == "qb64"}, plus {@code sigs_v{1,2}_K16_S2.qb64}): {@link Groups#copyOf},
 * {@link Groups#over} and a loop of {@link LegacyGroupParser#parseGroup} give the same groups,
 * and those are the groups of keripy's expected parse. (Random synthetic streams are compared
 * the same way in {@link GroupPropertiesTest}.)
 */
class GroupsCorpusTest {

  static List<String> textAttachmentStreams() {
    List<String> names = new ArrayList<>();
    for (String n : Corpus.streams("attachments", "only")) {
      if ("qb64".equals(Corpus.manifestEntry(n).get("domain").asText())) {
        names.add(n);
      }
    }
    assertEquals(8, names.size(), names.toString());
    names.add("sigs_v1_K16_S2.qb64");
    names.add("sigs_v2_K16_S2.qb64");
    return names;
  }

  private static JsonNode expectedOf(String name) {
    return name.endsWith(".qb64")
        ? Corpus.json(name.replace(".qb64", ".expected.json"))
        : Corpus.expected(name);
  }

  @Test
  void allPathsGiveTheSameGroups() {
    for (String name : textAttachmentStreams()) {
      byte[] bytes = Corpus.bytes(name);
      List<Object> copy = Snapshot.viaCopy(bytes, CesrOptions.DEFAULT);
      assertEquals(List.of("end"), copy.get(copy.size() - 1), name);
      assertEquals(expectedOf(name).size() + 1, copy.size(), name);
      assertEquals(copy, Snapshot.viaOver(bytes, CesrOptions.DEFAULT), name);
      assertEquals(copy, Snapshot.viaLegacy(bytes, CesrOptions.DEFAULT), name);
    }
  }

  /** Buffers without a backing array (direct, composite, read-only) give the same groups. */
  @Test
  void everyKindOfBufferGivesTheSameGroups() {
    for (String name : textAttachmentStreams()) {
      byte[] bytes = Corpus.bytes(name);
      List<Object> expected = Snapshot.viaCopy(bytes, CesrOptions.DEFAULT);
      expected = expected.subList(0, expected.size() - 1);
      ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length);
      CompositeByteBuf composite = PooledByteBufAllocator.DEFAULT.compositeDirectBuffer();
      try {
        direct.writeBytes(bytes);
        int third = bytes.length / 3;
        composite.addComponent(true, Unpooled.wrappedBuffer(bytes, 0, third));
        composite.addComponent(true, Unpooled.copiedBuffer(bytes, third, third));
        composite.addComponent(true, Unpooled.wrappedBuffer(bytes, 2 * third,
            bytes.length - 2 * third).asReadOnly());
        for (ByteBuf buf : List.of(direct, composite, direct.duplicate().asReadOnly())) {
          int before = buf.readerIndex();
          List<Object> got = new ArrayList<>();
          try (Groups groups = Groups.over(buf)) {
            groups.forEachRemaining(g -> got.add(Snapshot.of(g)));
          }
          assertEquals(expected, got, name + " over " + buf.getClass().getSimpleName());
          assertEquals(before + bytes.length, buf.readerIndex());
        }
      } finally {
        direct.release();
        composite.release();
      }
    }
  }

  @Test
  void groupsMatchKeripysExpectedParse() {
    int files = 0;
    for (String name : textAttachmentStreams()) {
      JsonNode expected = expectedOf(name);
      byte[] bytes = Corpus.bytes(name);
      Map<String, Integer> groupCounts = new TreeMap<>();
      Map<String, Integer> sigCodes = new TreeMap<>();
      int groupsWithSigs = 0;
      try (Groups groups = Groups.copyOf(bytes)) {
        long offset = 0;
        for (JsonNode entry : expected) {
          String where = name + " at " + offset;
          assertTrue(groups.hasNext(), where);
          Group g = groups.next();
          JsonNode counter = entry.get("counter");
          assertEquals(counter.get("code").asText(), g.code().code(), where);
          assertEquals(counter.get("name").asText(), g.name(), where);
          assertEquals(counter.get("count").asLong(), g.count(), where);
          assertEquals(counter.get("qb64").asText(), g.counterText(), where);
          if (counter.has("domain")) {
            assertEquals("qb64", counter.get("domain").asText(), where);
          }
          if (counter.has("bytes")) {
            assertEquals(counter.get("bytes").asInt(), g.counterSize(), where);
          }
          assertEquals(offset, g.offset(), where);
          if (g.code().code().startsWith("-K")) {
            assertSame(CounterTable.CESR_2_0, g.table(), where);
          }
          JsonNode items = entry.get("items");
          List<Element> elements = g.elements();
          List<IndexedSignature> sigs = g.signatures();
          assertEquals(items.size(), elements.size(), where);
          assertEquals(items.size(), sigs.size(), where);
          for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            IndexedSignature s = (IndexedSignature) elements.get(i);
            assertSame(s, sigs.get(i));
            assertEquals(item.get("code").asText(), s.code().code(), where);
            assertEquals(item.get("index").asInt(), s.index(), where);
            JsonNode ondex = item.get("ondex");
            assertEquals(ondex == null || ondex.isNull() ? OptionalInt.empty()
                : OptionalInt.of(ondex.asInt()), s.ondex(), where + " sig " + i);
            assertEquals(item.get("qb64").asText(), s.qb64Text(), where);
            assertEquals(s.code().rawSize(), s.raw().length);
            sigCodes.merge(s.code().code(), 1, Integer::sum);
          }
          groupCounts.merge(g.code().code(), 1, Integer::sum);
          groupsWithSigs += items.size() > 0 ? 1 : 0;
          offset += g.length();
        }
        assertFalse(groups.hasNext(), name);
        assertEquals(bytes.length, offset, name);
      }
      if (!name.endsWith(".qb64")) {
        JsonNode entry = Corpus.manifestEntry(name);
        assertEquals(entry.get("groups").asInt(), groupsWithSigs, name);
        assertEquals(counts(entry.get("groupCounts")), groupCounts, name);
        assertEquals(counts(entry.get("sigCodes")), sigCodes, name);
      }
      files++;
    }
    assertEquals(10, files);
  }

  private static Map<String, Integer> counts(JsonNode object) {
    Map<String, Integer> m = new TreeMap<>();
    object.properties().forEach(e -> m.put(e.getKey(), e.getValue().asInt()));
    return m;
  }
}
