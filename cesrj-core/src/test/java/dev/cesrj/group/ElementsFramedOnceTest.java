package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.internal.GroupRecord;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.stream.NativeStreams;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 33, item 1, "each group framed once": the owner of the bytes ({@link Groups}, {@link
 * Messages}) records each group's items as the framer checks them, and {@link Group#elements()}
 * builds its views from that record without framing the group again. Counted with {@link
 * ElementReader#framedAgainCount()} (the reads that frame a group's content again, on this
 * thread) over corpus A and the real-world streams (copied from /work/shared/corpus/A and the
 * three projects' streams, see their README.md); each group's elements are compared with those
 * the same group gives when it is framed again (moved to views without a record, {@link
 * Group#movedTo}), errors included. A group read after its owner's close is refused, even when
 * another owner reuses the record.
 */
@ExtendWith(LeakDetectionExtension.class)
class ElementsFramedOnceTest {

  /** The description of each group read ({@link #describe}), and the reads that framed again. */
  private record Read(List<String> elements, long framings) {}

  @Test
  void messagesElementsAreReadFromTheRecordNotFramedAgain() {
    int groups = 0;
    long elements = 0;
    for (String name : messageStreams()) {
      byte[] bytes = Corpus.bytes(name);
      Read once = readMessages(bytes, CesrOptions.DEFAULT, false);
      assertEquals(0, once.framings(), name + ": elements() framed a group again");
      Read again = readMessages(bytes, CesrOptions.DEFAULT, true);
      assertEquals(again.elements(), once.elements(), name);
      groups += once.elements().size();
      elements += again.framings();
    }
    for (String name : RealWorld.streams()) {
      byte[] bytes = RealWorld.bytes(name);
      Read once = readMessages(bytes, CesrOptions.DEFAULT, false);
      assertEquals(0, once.framings(), name + ": elements() framed a group again");
      Read again = readMessages(bytes, CesrOptions.DEFAULT, true);
      assertEquals(again.elements(), once.elements(), name);
      groups += once.elements().size();
      elements += again.framings();
    }
    // the counter counts: the groups moved off the record were framed again, one read each
    assertTrue(groups > 1_000, "groups read: " + groups);
    assertTrue(elements > 1_000, "groups framed again when moved: " + elements);
  }

  @Test
  void groupsElementsAreReadFromTheRecordNotFramedAgain() {
    int streams = 0;
    for (String name : Corpus.streams("attachments", "only")) {
      byte[] bytes = Corpus.bytes(name);
      Read once = readGroups(bytes, CesrOptions.DEFAULT, false);
      assertEquals(0, once.framings(), name + ": elements() framed a group again");
      Read again = readGroups(bytes, CesrOptions.DEFAULT, true);
      assertTrue(again.framings() > 0, name);
      assertEquals(again.elements(), once.elements(), name);
      streams++;
    }
    assertEquals(16, streams);
  }

  /**
   * Every top-level attachment group of corpus A's messages, framed alone with {@link Groups}:
   * the same elements as {@link Messages} gave it (offsets from the group's own), from the
   * record of each.
   */
  @Test
  void aGroupFramedByGroupsHasTheElementsMessagesGaveIt() {
    int compared = 0;
    for (String name : messageStreams()) {
      try (Messages ms = Messages.copyOf(Corpus.bytes(name))) {
        for (Message m : ms) {
          if (m.depth() != 1) {
            continue;
          }
          for (Group a : m.attachments()) {
            if (a.depth() != 1) {
              continue; // inside an envelope: a Groups would frame it at depth 1
            }
            long before = ElementReader.framedAgainCount();
            String viaMessages = describe(a, a.offset());
            byte[] alone = ByteBufUtil.getBytes(a.domain() == Domain.QB64 ? a.qb64() : a.qb2());
            CesrOptions options = CesrOptions.builder().defaultTable(m.table()).build();
            try (Groups gs = Groups.copyOf(alone, options)) {
              Group g = gs.next();
              assertEquals(viaMessages, describe(g, 0), name + " " + a);
            }
            assertEquals(before, ElementReader.framedAgainCount(), name + " " + a);
            compared++;
          }
        }
      }
    }
    assertTrue(compared > 400, "groups compared: " + compared);
  }

  /**
   * {@link CesrOptions#maxElements()} when the elements are read: the same error from the record
   * as when the group is framed again (type, message, offset, code, path), on every group of
   * corpus A with limits of 1 and 2 elements.
   */
  @Test
  void theElementLimitGivesTheSameErrorFromTheRecord() {
    int refused = 0;
    for (int limit = 1; limit <= 2; limit++) {
      CesrOptions options = CesrOptions.builder().maxElements(limit).build();
      for (String name : messageStreams()) {
        Read once;
        Read again;
        try {
          once = readMessages(Corpus.bytes(name), options, false);
          again = readMessages(Corpus.bytes(name), options, true);
        } catch (CesrException framing) {
          continue; // a run of more groups than the limit is refused by the framing itself
        }
        assertEquals(0, once.framings(), name);
        assertEquals(again.elements(), once.elements(), name);
        refused += (int) once.elements().stream().filter(e -> e.contains("refused ")).count();
      }
    }
    assertTrue(refused > 100, "groups refused: " + refused);
  }

  /**
   * CESR-native bodies (keripy {@code test_parser_v2_substream}: an envelope holding a native
   * exn, a nested enveloped native icp, a nested native rot with its attachments): their fields
   * and every group around them from the record.
   */
  @Test
  void nativeBodiesAndNestedMessagesAreReadFromTheRecord() {
    CesrOptions v2 = CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
    String sub = NativeStreams.substream();
    for (String stream : List.of(sub, "-_AAACAA" + sub + "-_AAACAA" + sub)) {
      Read once = readMessages(ascii(stream), v2, false);
      assertEquals(0, once.framings(), stream);
      Read again = readMessages(ascii(stream), v2, true);
      assertEquals(again.elements(), once.elements());
      assertTrue(again.framings() >= 10, "" + again.framings());
    }
  }

  /**
   * The one path of {@link Messages} left to frame again: an AttachmentGroup holding a message
   * with a CESR-native body. The group framer refuses that body inside an AttachmentGroup (an
   * {@code UnsupportedException}), so its elements are framed again and refused as before.
   */
  @Test
  void anAttachmentGroupHoldingANativeBodyMessageFramesAgainAndRefusesIt() {
    CesrOptions v2 = CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();
    String body = NativeStreams.mapBody();
    assertEquals(0, body.length() % 4);
    String stream = body + "-CA" + (char) ('A' + body.length() / 4) + body;
    try (Messages ms = Messages.copyOf(ascii(stream), v2)) {
      Message m = ms.next();
      Group wrapper = m.attachments().get(0);
      assertEquals("-C", wrapper.code().code());
      assertEquals(1, m.nested().size());
      long before = ElementReader.framedAgainCount();
      String viaRecord = describe(wrapper, 0);
      assertEquals(before + 1, ElementReader.framedAgainCount());
      assertTrue(viaRecord.contains("refused UnsupportedException"), viaRecord);
      assertEquals(describe(framedAgain(wrapper), 0), viaRecord);
    }
  }

  @Test
  void aGroupReadAfterItsGroupsClosedIsRefusedEvenWhenAnotherGroupsReusedTheRecord() {
    byte[] first = ascii("-AAB" + signature('A'));
    byte[] second = ascii("-AAC" + signature('B') + signature('C'));
    CesrOptions v1 = CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();
    Group closed;
    GroupRecord record;
    try (Groups gs = Groups.copyOf(first, v1)) {
      closed = gs.next();
      record = closed.views().record();
      assertNotNull(record);
    }
    try (Groups other = Groups.copyOf(second, v1)) {
      Group g = other.next();
      assertSame(record, g.views().record(), "the record given back is lent to the next Groups");
      IllegalStateException e = assertThrows(IllegalStateException.class, closed::elements);
      assertEquals("Group -A at offset 0: elements read after its Groups was closed, which gave"
          + " back the record of what it framed; read a group's elements before closing the"
          + " Groups that framed it", e.getMessage());
      // the other stream's group reads its own entries
      assertEquals(2, g.elements().size());
      assertEquals(2, ((IndexedSignature) g.elements().get(1)).index());
    }
  }

  /** Over the caller's buffer, still readable: the record is given back all the same. */
  @Test
  void aGroupOfMessagesReadAfterCloseIsRefusedNamingMessages() {
    Group sigs;
    try (Messages ms = Messages.over(
        io.netty.buffer.Unpooled.wrappedBuffer(Corpus.bytes("kel_single.v1.bare.txt.cesr")))) {
      sigs = ms.next().attachments().get(0);
    }
    try (Groups other = Groups.copyOf(ascii("-AAB" + signature('A')),
        CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build())) {
      assertSame(sigs.views().record(), other.next().views().record(), "reused by a Groups");
      IllegalStateException e = assertThrows(IllegalStateException.class, sigs::elements);
      assertEquals("Group -A at offset 299: elements read after its Messages was closed, which"
          + " gave back the record of what it framed; read a group's elements before closing the"
          + " Messages that framed it", e.getMessage());
    }
  }

  /** Elements read before the close stay readable (cached), and need no record after it. */
  @Test
  void elementsReadBeforeTheCloseStay() {
    Group g;
    List<Element> read;
    try (Groups gs = Groups.over(io.netty.buffer.Unpooled.wrappedBuffer(
        ascii("-AAB" + signature('A'))),
        CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build())) {
      g = gs.next();
      read = g.elements();
    }
    assertSame(read, g.elements());
    assertEquals(signature('A'), read.get(0).qb64Text());
  }

  /**
   * A record grown past {@link GroupRecord#KEPT_ENTRIES} is dropped at close; a small one is
   * lent again.
   */
  @Test
  void aLargeRecordIsDroppedNotPooled() {
    CesrOptions v1 = CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();
    StringBuilder large = new StringBuilder();
    for (int i = 0; i < 1_100; i++) {
      large.append("-AAC").append(signature('A')).append(signature('B')); // 4 entries each
    }
    GroupRecord big;
    try (Groups gs = Groups.copyOf(ascii(large.toString()), v1)) {
      Group g = gs.next();
      big = g.views().record();
      while (gs.hasNext()) {
        gs.next();
      }
      assertTrue(big.tape().capacity() > GroupRecord.KEPT_ENTRIES, "" + big.tape().capacity());
    }
    GroupRecord small;
    try (Groups gs = Groups.copyOf(ascii("-AAB" + signature('A')), v1)) {
      small = gs.next().views().record();
      assertNotSame(big, small);
    }
    try (Groups gs = Groups.copyOf(ascii("-AAB" + signature('A')), v1)) {
      assertSame(small, gs.next().views().record());
    }
  }

  /** A moved group carries no entry: it frames its content again, with the same elements. */
  @Test
  void aMovedGroupFramesAgain() {
    CesrOptions v1 = CesrOptions.builder().defaultTable(CounterTable.CESR_1_0).build();
    try (Groups gs = Groups.copyOf(ascii("-AAC" + signature('A') + signature('B')), v1)) {
      Group g = gs.next();
      GroupViews views = g.views();
      Group moved = g.movedTo(GroupViews.over(views.buf, views.origin, views.options));
      long before = ElementReader.framedAgainCount();
      assertEquals(describe(g, 0), describe(moved, 0));
      assertEquals(before + 1, ElementReader.framedAgainCount());
    }
  }

  // ---- helpers ----

  /** The streams of corpus A that hold messages (not only attachments). */
  private static List<String> messageStreams() {
    List<String> names = new ArrayList<>(Corpus.streams());
    names.removeAll(Corpus.streams("attachments", "only"));
    assertEquals(90, names.size());
    return names;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** An Ed25519 indexed signature of index {@code c}'s value ({@code A}: 0), zero bytes. */
  private static String signature(char c) {
    return "A" + c + "A".repeat(86);
  }

  /**
   * Every group of every message of {@code bytes} with its elements described ({@link
   * #describe}), read from the record, or from {@link Group#movedTo} copies that frame again if
   * {@code again}; and how many reads framed a group again.
   */
  private static Read readMessages(byte[] bytes, CesrOptions options, boolean again) {
    List<String> out = new ArrayList<>();
    long before = ElementReader.framedAgainCount();
    try (Messages ms = Messages.copyOf(bytes, options)) {
      for (Message m : ms) {
        describeParts(m, again, out);
      }
    }
    return new Read(out, ElementReader.framedAgainCount() - before);
  }

  private static void describeParts(Message m, boolean again, List<String> out) {
    List<Group> parts = new ArrayList<>();
    m.genusVersion().ifPresent(parts::add);
    m.envelope().ifPresent(parts::add);
    m.bodyGroup().ifPresent(parts::add);
    parts.addAll(m.groups());
    parts.addAll(m.genericGroups());
    for (Group g : parts) {
      out.add(describe(again ? framedAgain(g) : g, 0));
    }
    for (Message n : m.nested()) {
      describeParts(n, again, out);
    }
  }

  private static Read readGroups(byte[] bytes, CesrOptions options, boolean again) {
    List<String> out = new ArrayList<>();
    long before = ElementReader.framedAgainCount();
    try (Groups gs = Groups.copyOf(bytes, options)) {
      for (Group g : gs) {
        out.add(describe(again ? framedAgain(g) : g, 0));
      }
    }
    return new Read(out, ElementReader.framedAgainCount() - before);
  }

  /** {@code g} over views of the same bytes without a record: its elements frame again. */
  private static Group framedAgain(Group g) {
    GroupViews v = g.views();
    return g.movedTo(GroupViews.over(v.buf, v.origin, v.options));
  }

  /**
   * {@code g} and its elements, nested ones included (each nested group's read as it is: from
   * the record of its group, or framed again), offsets from {@code base}; an error as its type,
   * kind, offset, code, message and path.
   */
  static String describe(Group g, long base) {
    StringBuilder sb = new StringBuilder();
    describe(g, base, sb);
    return sb.toString();
  }

  private static void describe(Element e, long base, StringBuilder sb) {
    sb.append(e.getClass().getSimpleName()).append(' ').append(e.offset() - base).append('+')
        .append(e.length()).append(' ').append(e.domain());
    if (e instanceof Matter) {
      sb.append(' ').append(((Matter) e).code());
    } else if (e instanceof IndexedSignature) {
      IndexedSignature s = (IndexedSignature) e;
      sb.append(' ').append(s.code()).append(' ').append(s.index()).append('/').append(s.ondex());
    } else if (e instanceof Tuple) {
      sb.append(" (");
      for (Element p : ((Tuple) e).parts()) {
        describe(p, base, sb);
        sb.append("; ");
      }
      sb.append(')');
    } else if (e instanceof Group) {
      Group g = (Group) e;
      sb.append(' ').append(g.code().code()).append(" count ").append(g.count())
          .append(" depth ").append(g.depth()).append(" [");
      try {
        for (Element x : g.elements()) {
          describe(x, base, sb);
          sb.append(", ");
        }
      } catch (CesrException x) {
        sb.append("refused ").append(x.getClass().getSimpleName()).append(' ').append(x.kind())
            .append(' ').append(x.offset() - base).append(' ').append(x.code()).append(' ')
            .append(x.getMessage()).append(' ').append(x.path());
      }
      sb.append(']');
    }
  }
}
