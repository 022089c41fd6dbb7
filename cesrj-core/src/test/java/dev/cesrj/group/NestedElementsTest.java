package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.GroupShape;
import dev.cesrj.primitive.Element;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import io.netty.util.IllegalReferenceCountException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 33, item 1: each group framed once. When {@link Group#elements()} frames a group's
 * content onto a tape, that framing records the items of the groups nested in it too, and the
 * nested groups it makes get their own elements from it ({@link Group#cached()}): reading every
 * nested group of an AttachmentGroup, of a TransIdxSigGroups tuple or of a CESR-native body frames
 * nothing after the first framing ({@link ElementReader#framings()}: one for the top group, none
 * for the groups it holds, at any depth), and gives the views, errors and element limit of a
 * fresh framing ({@link Group#checkedElements()}; the whole corpus is compared view by view in
 * {@link FramedOnceTest}).
 */
@ExtendWith(LeakDetectionExtension.class)
class NestedElementsTest {
  /** Where a nested group whose elements were made with its enclosing group's was met. */
  private enum Place {
    /** Among an AttachmentGroup's groups. */
    ATTACHMENT_GROUP,
    /** A part of a tuple (the signature group of TransIdxSigGroups). */
    TUPLE,
    /** A field of a CESR-native body or field group. */
    NATIVE_FIELDS
  }

  private final Map<Place, Integer> recorded = new EnumMap<>(Place.class);
  private int topFramedOnce;

  @Test
  void everyNestedGroupOfTheCorpusIsReadFromItsEnclosingGroupsFraming() {
    for (String file : Corpus.streams()) {
      throughMessages(Corpus.bytes(file), file);
    }
    for (String file : RealWorld.streams()) {
      throughMessages(RealWorld.bytes(file), file);
    }
    assertTrue(topFramedOnce > 100, () -> topFramedOnce + " top groups framed once");
    for (Place p : Place.values()) {
      // every kind of nesting was met, many times: the count is not vacuous
      int n = recorded.getOrDefault(p, 0);
      assertTrue(n > 5, () -> p + ": " + n + " nested groups made with their enclosing group");
    }
  }

  private void throughMessages(byte[] bytes, String where) {
    try (Messages messages = Messages.copyOf(bytes)) {
      for (Message m : messages) {
        message(m, where);
      }
    } catch (CesrException e) {
      // a stream the corpus marks as failing: the messages before the error were read
    }
  }

  private void message(Message m, String where) {
    List<Group> tops = new ArrayList<>(m.attachments());
    m.bodyGroup().ifPresent(tops::add);
    m.envelope().ifPresent(tops::add);
    for (Group g : tops) {
      top(g, where + "@" + g.offset() + " " + g.name());
    }
    for (Message n : m.nested()) {
      message(n, where);
    }
  }

  /**
   * Reads the elements of {@code g}, a group the message framer made: framed once if its content
   * is read onto a tape, not at all if it is a uniform signature group; then every element of
   * every group nested in it, at any depth, without a framing more.
   */
  private void top(Group g, String where) {
    long before = ElementReader.framings();
    List<Element> elements;
    try {
      elements = g.elements();
    } catch (CesrException e) {
      return; // the element limit or a corpus error: nothing nested is made
    }
    long framed = ElementReader.framings() - before;
    assertTrue(framed <= 1, where + ": framed " + framed + " times");
    if (readsOntoATape(g)) {
      // (a native body read already by the message framer is cached: 0)
      topFramedOnce += (int) framed;
    }
    long nestedBefore = ElementReader.framings();
    nested(elements, g, where);
    assertEquals(0, ElementReader.framings() - nestedBefore, where + ": a nested group framed");
  }

  /** Reads every nested group's elements, recursively, counting those made already. */
  private void nested(List<Element> elements, Group in, String where) {
    for (Element e : elements) {
      if (e instanceof Group) {
        Group n = (Group) e;
        count(n, in.code().layout().content() == Layout.Content.FIELDS
            ? Place.NATIVE_FIELDS : Place.ATTACHMENT_GROUP, where);
        nested(n.elements(), n, where + " > " + n.name());
      } else if (e instanceof Tuple) {
        for (Element part : ((Tuple) e).parts()) {
          if (part instanceof Group) {
            Group n = (Group) part;
            count(n, Place.TUPLE, where);
            nested(n.elements(), n, where + " > " + n.name());
          }
        }
      }
    }
  }

  /**
   * Counts {@code n} if its elements were made with its enclosing group's: every nested group whose
   * content is read onto a tape, the uniform signature groups excepted (read from their counters).
   */
  private void count(Group n, Place p, String where) {
    boolean uniform = GroupShape.fits(n.code(), n.domain(), n.length(), n.count());
    assertEquals(readsOntoATape(n) && !uniform, n.cached(), where + " > " + n);
    if (n.cached()) {
      recorded.merge(p, 1, Integer::sum);
    }
  }

  private static boolean readsOntoATape(Group g) {
    switch (g.code().layout().content()) {
      case TUPLES:
      case GROUPS:
      case FIELDS:
        return true;
      default:
        return false;
    }
  }

  // ---- errors, threads and buffer ----

  /** An AttachmentGroup holding one NonTransReceiptCouples of {@code couples} couples. */
  private static String wrappedCouples(int couples) {
    StringBuilder c = new StringBuilder(counter('C', couples));
    for (int i = 0; i < couples; i++) {
      c.append("B").append(String.valueOf((char) ('A' + i)).repeat(43)); // a prefix
      c.append("0BA").append(String.valueOf((char) ('a' + i)).repeat(85)); // an Ed25519 sig
    }
    int quadlets = c.length() / 4;
    return counter('V', quadlets) + c;
  }

  /** A small counter {@code -X##} of code character {@code code} and count {@code n}. */
  private static String counter(char code, int n) {
    String b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return "-" + code + b64.charAt(n >> 6) + b64.charAt(n & 63);
  }

  @Test
  void theElementLimitRefusesTheSameElementOfANestedGroupWithTheSameError() {
    String stream = wrappedCouples(3);
    for (int max = 1; max <= 3; max++) {
      CesrOptions options = CesrOptions.builder().maxElements(max).build();
      try (Groups groups = Groups.copyOf(stream.getBytes(StandardCharsets.US_ASCII), options)) {
        Group v = groups.next();
        Group couples = (Group) v.elements().get(0);
        // past the limit, not made: its own read frames it and throws
        assertEquals(max >= 3, couples.cached());
        long before = ElementReader.framings();
        if (max < 3) {
          ElementLimitException want =
              assertThrows(ElementLimitException.class, couples::checkedElements);
          ElementLimitException got = assertThrows(ElementLimitException.class, couples::elements);
          assertEquals(want.getMessage(), got.getMessage());
          assertEquals(want.offset(), got.offset());
          assertEquals(want.code(), got.code());
          assertEquals(want.path(), got.path());
          assertEquals(4 + 4 + (44 + 88) * max, got.offset());
          assertNotNull(got.path());
        } else {
          assertEquals(3, couples.elements().size());
          assertEquals(0, ElementReader.framings() - before);
          assertEquals(3, couples.checkedElements().size());
        }
      }
    }
  }

  @Test
  void aNestedGroupIsReadFromTheRecordOnAnotherThread() throws Exception {
    byte[] stream = Corpus.bytes("kel_transreceipts.v1.grouped.txt.cesr");
    ExecutorService other = Executors.newSingleThreadExecutor();
    try (Messages messages = Messages.copyOf(stream)) {
      int read = 0;
      for (Message m : messages) {
        for (Group g : m.attachments()) {
          for (Element e : g.elements()) {
            if (!(e instanceof Group) || !((Group) e).cached()) {
              continue;
            }
            Group n = (Group) e;
            // made on this thread, read on the other (the executor's hand-over publishes them)
            List<Element> there = CompletableFuture.supplyAsync(n::elements, other).get();
            List<Element> fresh = n.checkedElements();
            assertEquals(fresh.size(), there.size());
            for (int i = 0; i < fresh.size(); i++) {
              assertEquals(fresh.get(i).offset(), there.get(i).offset());
              assertEquals(fresh.get(i).length(), there.get(i).length());
              assertEquals(fresh.get(i).getClass(), there.get(i).getClass());
            }
            read++;
          }
        }
      }
      assertTrue(read > 3, read + " nested groups read on another thread");
    } finally {
      other.shutdown();
    }
  }

  @Test
  void aNestedGroupsElementsAfterCloseAreViewsWhoseBytesThrow() {
    Group couples;
    try (Groups groups = Groups.copyOf(wrappedCouples(2).getBytes(StandardCharsets.US_ASCII))) {
      couples = (Group) groups.next().elements().get(0);
      assertTrue(couples.cached());
    }
    assertThrows(IllegalReferenceCountException.class, couples::checkedElements);
    // made with the AttachmentGroup's elements while the buffer was live, as a group's own
    // elements read before close are: the list is there, its views' bytes are gone
    Tuple couple = (Tuple) couples.elements().get(0);
    assertThrows(IllegalReferenceCountException.class, couple::qb64);
    assertThrows(IllegalReferenceCountException.class, couple.parts().get(0)::qb64);
  }
}
