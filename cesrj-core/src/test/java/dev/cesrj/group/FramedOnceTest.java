package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ElementLimitException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.B64;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.IllegalReferenceCountException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.function.Supplier;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 33, item 1: a uniform signature group (a CESR 1.0 qb64 {@code -A}/{@code -B} of
 * one-character-code signatures, 88 characters each, under a 4-character counter; {@link
 * dev.cesrj.internal.GroupShape}) gives its element views without framing its content again,
 * wherever it was framed, as its own facts show (nothing is carried from the framer), and they are
 * exactly the views a fresh framing gives ({@link Group#checkedElements()}, read by {@link
 * ElementReader} onto a tape): class, code, index, ondex, offset, length, domain, qb64 and qb2
 * bytes, depth, errors. {@link ElementReader#framings()} counts the framings of this thread.
 */
@ExtendWith(LeakDetectionExtension.class)
class FramedOnceTest {
  private static final String B64URL =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  /** Uniform signature groups compared so far (read without framing again). */
  private int comparedUniform;
  /** Other groups compared so far (read by framing their content again, or from a record). */
  private int comparedChecked;
  /** Nested groups compared so far whose elements their enclosing group's read made. */
  private int comparedRecorded;
  /** Groups whose elements were read, so that a cached read is not counted again. */
  private final Set<Group> read = Collections.newSetFromMap(new IdentityHashMap<>());

  // ---- (1) the whole corpus and the real-world streams, every path that makes group views ----

  @Test
  void everyCorpusAndRealWorldGroupReadsTheElementsOfAFreshFraming() {
    for (String file : Corpus.streams()) {
      byte[] bytes = Corpus.bytes(file);
      throughMessages(bytes, CesrOptions.DEFAULT, file);
      throughPushParser(bytes, 61, file);
    }
    for (String file : List.of("sigs_v1_K16_S2.qb64", "sigs_v1_K16_S2.qb2",
        "sigs_v2_K16_S2.qb64", "sigs_v2_K16_S2.qb2")) {
      throughGroups(Corpus.bytes(file), CesrOptions.DEFAULT, file);
    }
    for (String file : RealWorld.streams()) {
      byte[] bytes = RealWorld.bytes(file);
      throughMessages(bytes, CesrOptions.DEFAULT, file);
      throughPushParser(bytes, 997, file);
    }
    // both kinds were met, many times: the comparison is not vacuous
    assertTrue(comparedUniform > 100, () -> comparedUniform + " uniform");
    assertTrue(comparedChecked > 100, () -> comparedChecked + " checked");
    assertTrue(comparedRecorded > 100, () -> comparedRecorded + " recorded");
  }

  /** Every message's groups (nested messages' too), and its attachments again through Groups. */
  private void throughMessages(byte[] bytes, CesrOptions options, String where) {
    try (Messages messages = Messages.copyOf(bytes, options)) {
      for (Message m : messages) {
        compareMessage(m, where);
        throughGroups(attachmentBytes(m), options.toBuilder().defaultTable(m.table()).build(),
            where + "@" + m.offset() + " attachments");
      }
    } catch (CesrException e) {
      // a stream the corpus marks as failing: the messages before the error were compared
    }
  }

  private void compareMessage(Message m, String where) {
    List<Group> groups = new ArrayList<>(m.groups());
    groups.addAll(m.attachments());
    groups.addAll(m.genericGroups());
    m.envelope().ifPresent(groups::add);
    m.bodyGroup().ifPresent(groups::add);
    for (Group g : groups) {
      compareElements(g, where + "@" + g.offset() + " " + g.name());
    }
    for (Message n : m.nested()) {
      compareMessage(n, where);
    }
  }

  private void throughGroups(byte[] bytes, CesrOptions options, String where) {
    try (Groups groups = Groups.copyOf(bytes, options)) {
      for (Group g : groups) {
        compareElements(g, where + "@" + g.offset() + " " + g.name() + " (Groups)");
      }
    }
  }

  /** The push parser fed {@code chunk} bytes at a time: its views, moved between cumulations. */
  private void throughPushParser(byte[] bytes, int chunk, String where) {
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int i = 0; i <= bytes.length; i += chunk) {
        boolean end = i >= bytes.length;
        try (Framed f = end
            ? parser.endOfInput()
            : parser.feed(bytes, i, Math.min(chunk, bytes.length - i))) {
          for (Message m : f.messages()) {
            compareMessage(m, where + " (push)");
          }
          if (f.failed()) {
            return;
          }
        }
      }
    }
  }

  /** The own-domain bytes of a message's attachment run, group after group. */
  private static byte[] attachmentBytes(Message m) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Group g : m.attachments()) {
      byte[] b = ownBytes(g);
      out.write(b, 0, b.length);
    }
    return out.toByteArray();
  }

  private static byte[] ownBytes(Element e) {
    return ByteBufUtil.getBytes(e.domain() == Domain.QB64 ? e.qb64() : e.qb2());
  }

  /**
   * Compares {@code g.elements()} with the elements a fresh framing of its bytes gives, and for
   * a group read for the first time here, that reading it framed nothing again if it is a uniform
   * signature group ({@link #uniform}, by the fresh framing's elements), exactly once if it is
   * another signature group, and at most once otherwise.
   */
  private void compareElements(Group g, String where) {
    boolean first = read.add(g);
    boolean made = g.cached(); // by an enclosing group's read, from its framing
    long before = ElementReader.framings();
    Object got = elementsOrError(g);
    long framed = ElementReader.framings() - before;
    Object want = elementsOrError(g::checkedElements);
    if (first && want instanceof List) {
      if (uniform(g, (List<?>) want)) {
        comparedUniform++;
        assertEquals(0, framed, where + ": a uniform signature group framed again");
        assertEquals(Layout.TUPLES, g.code().layout(), where);
        assertEquals(Domain.QB64, g.domain(), where);
      } else {
        comparedChecked++;
        if (made) {
          // made by its enclosing group's read, from that framing's tape
          comparedRecorded++;
          assertEquals(0, framed, where + ": a nested group framed again");
        } else if (g.code().countsSignatures()) {
          assertEquals(1, framed, where + ": a signature group the arithmetic cannot read");
        } else if (readsOntoATape(g)) {
          // once, or not at all if the framing layer read it already (a native body's Verser)
          assertTrue(framed <= 1, where + ": a checked group framed " + framed + " times");
        }
      }
    }
    if (want instanceof CesrException || want instanceof RuntimeException) {
      assertSameError((RuntimeException) want, got, where);
      return;
    }
    assertInstanceOf(List.class, got, where);
    List<?> gotList = (List<?>) got;
    List<?> wantList = (List<?>) want;
    assertEquals(wantList.size(), gotList.size(), where);
    for (int i = 0; i < wantList.size(); i++) {
      assertSameElement((Element) wantList.get(i), (Element) gotList.get(i), where + " #" + i);
    }
  }

  /**
   * Whether {@code g}, whose fresh framing gave {@code want}, is a uniform signature group, by
   * what a reader of the CESR 1.0 table sees: a qb64 signature group ({@code -A}/{@code -B}) of a
   * 4-character counter whose every element is an indexed signature of a one-character code.
   */
  private static boolean uniform(Group g, List<?> want) {
    if (!g.code().countsSignatures() || g.domain() != Domain.QB64 || g.counterSize() != 4) {
      return false;
    }
    for (Object e : want) {
      if (!(e instanceof IndexedSignature)
          || ((IndexedSignature) e).code().hs() != 1) {
        return false;
      }
    }
    return true;
  }

  /** True for the layouts whose elements are read from a tape (tuples, groups, fields). */
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

  /**
   * Reads {@code g}'s elements for the first time (marked read, so that {@link #compareElements}
   * does not count it again) and {@return how many group contents that framed again}
   */
  private long framingsToRead(Group g) {
    assertTrue(read.add(g), "read before");
    long before = ElementReader.framings();
    elementsOrError(g);
    return ElementReader.framings() - before;
  }

  private static Object elementsOrError(Group g) {
    return elementsOrError(g::elements);
  }

  private static Object elementsOrError(Supplier<List<Element>> read) {
    try {
      return read.get();
    } catch (RuntimeException e) {
      return e;
    }
  }

  private static void assertSameError(RuntimeException want, Object got, String where) {
    assertInstanceOf(RuntimeException.class, got, where + ": " + want);
    RuntimeException e = (RuntimeException) got;
    assertEquals(want.getClass(), e.getClass(), where);
    assertEquals(want.getMessage(), e.getMessage(), where);
    if (want instanceof CesrException) {
      CesrException w = (CesrException) want;
      CesrException x = (CesrException) e;
      assertEquals(w.kind(), x.kind(), where);
      assertEquals(w.offset(), x.offset(), where);
      assertEquals(w.code(), x.code(), where);
      assertEquals(w.path(), x.path(), where);
    }
  }

  private void assertSameElement(Element want, Element got, String where) {
    assertEquals(want.getClass(), got.getClass(), where);
    assertEquals(want.offset(), got.offset(), where);
    assertEquals(want.length(), got.length(), where);
    assertEquals(want.domain(), got.domain(), where);
    assertArrayEquals(bytes(want, Domain.QB64), bytes(got, Domain.QB64), where + " qb64");
    assertArrayEquals(bytes(want, Domain.QB2), bytes(got, Domain.QB2), where + " qb2");
    if (want instanceof IndexedSignature) {
      IndexedSignature w = (IndexedSignature) want;
      IndexedSignature s = (IndexedSignature) got;
      assertEquals(w.code(), s.code(), where);
      assertEquals(w.index(), s.index(), where);
      assertEquals(w.ondex(), s.ondex(), where);
    } else if (want instanceof Matter) {
      assertEquals(((Matter) want).code(), ((Matter) got).code(), where);
    } else if (want instanceof Tuple) {
      List<Element> w = ((Tuple) want).parts();
      List<Element> t = ((Tuple) got).parts();
      assertEquals(((Tuple) want).slots(), ((Tuple) got).slots(), where);
      assertEquals(w.size(), t.size(), where);
      for (int k = 0; k < w.size(); k++) {
        assertSameElement(w.get(k), t.get(k), where + " part " + k);
      }
    } else if (want instanceof Group) {
      Group w = (Group) want;
      Group h = (Group) got;
      assertEquals(w.code(), h.code(), where);
      assertEquals(w.count(), h.count(), where);
      assertEquals(w.depth(), h.depth(), where);
      compareElements(h, where + " > " + h.name());
    }
  }

  /** The bytes of {@code e} in domain {@code d} (a conversion made is released), or its error. */
  private static Object bytes(Element e, Domain d) {
    ByteBuf b;
    try {
      b = d == Domain.QB64 ? e.qb64() : e.qb2();
    } catch (CesrException x) {
      return x.getClass() + " " + x.getMessage();
    }
    try {
      return ByteBufUtil.getBytes(b);
    } finally {
      if (e.domain() != d) {
        b.release();
      }
    }
  }

  private static void assertArrayEquals(Object want, Object got, String where) {
    if (want instanceof byte[] && got instanceof byte[]) {
      org.junit.jupiter.api.Assertions.assertArrayEquals((byte[]) want, (byte[]) got, where);
    } else {
      assertEquals(want, got, where);
    }
  }

  // ---- (2) what frames again and what does not ----

  @Test
  void aStreamOfOnlySignatureGroupsIsReadWithoutFramingAgain() {
    byte[] stream = Corpus.bytes("sigs_v1_K16_S2.qb64");
    long before = ElementReader.framings();
    int sigs = 0;
    try (Groups groups = Groups.copyOf(stream)) {
      for (Group g : groups) {
        sigs += g.signatures().size();
      }
    }
    assertEquals(32, sigs);
    assertEquals(0, ElementReader.framings() - before);
    // the same groups in qb2 are read by the checked path: one framing per group
    try (Groups groups = Groups.copyOf(Corpus.bytes("sigs_v1_K16_S2.qb2"))) {
      for (Group g : groups) {
        assertEquals(Domain.QB2, g.domain());
        assertEquals(2, g.elements().size());
      }
    }
    assertEquals(16, ElementReader.framings() - before);
  }

  @Test
  void aCheckedGroupIsFramedAgainButNotItsNestedUniformSignatureGroup() {
    // TransIdxSigGroups -FAB: prefix, sn, digest, then -AAB and one signature; framed by the
    // checked path, its nested -A too, whose own facts still say uniform
    String tuple = "E" + "B".repeat(43) + "0AAAAAAAAAAAAAAAAAAAAAAA" + "E" + "C".repeat(43);
    String trans = "-FAB" + tuple + "-AAB" + signature('A', 'A', 'A', "D".repeat(85));
    try (Groups groups = Groups.copyOf(trans.getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      long before = ElementReader.framings();
      List<IndexedSignature> sigs = g.signatures();
      assertEquals(1, sigs.size());
      assertEquals(4 + tuple.length() + 4, sigs.get(0).offset());
      // the TransIdxSigGroups content only: its nested ControllerIdxSigs is read by arithmetic
      assertEquals(1, ElementReader.framings() - before);
      read.add(g);
      compareElements(g, "TransIdxSigGroups");
    }
    // the same with an Ed448 signature in the nested -A: that group is framed again too
    byte[] ed448 = ("-FAB" + tuple + "-AAB" + "0ABC" + "A".repeat(152))
        .getBytes(StandardCharsets.US_ASCII);
    try (Groups groups = Groups.copyOf(ed448)) {
      Group g = groups.next();
      long before = ElementReader.framings();
      List<IndexedSignature> sigs = g.signatures();
      assertEquals(IndexerCode.Ed448_Sig, sigs.get(0).code());
      // the -A not uniform: its elements made from the -F's framing, not framed again
      assertEquals(1, ElementReader.framings() - before);
    }
    try (Groups groups = Groups.copyOf(ed448)) {
      compareElements(groups.next(), "TransIdxSigGroups, Ed448"); // the -A made with the -F
    }
  }

  @Test
  void aMessageWhoseAttachmentsAreSignatureGroupsIsReadWithoutFramingAgain() {
    String body = "{\"v\":\"KERI10JSON00002a_\",\"t\":\"rpy\",\"d\":\"\"}";
    body = body.replace("00002a", String.format("%06x", body.length()));
    String atc = "-AAB" + signature('A', 'B', 'A', "E".repeat(85))
        + "-BAC" + signature('B', 'C', 'B', "F".repeat(85))
        + signature('C', '_', 'C', "G".repeat(85));
    byte[] stream = (body + atc).getBytes(StandardCharsets.US_ASCII);
    long before = ElementReader.framings();
    try (Messages messages = Messages.copyOf(stream)) {
      Message m = messages.next();
      assertEquals(2, m.attachments().size());
      List<IndexedSignature> sigs = new ArrayList<>();
      for (Group g : m.attachments()) {
        sigs.addAll(g.signatures());
      }
      assertEquals(0, ElementReader.framings() - before);
      assertEquals(List.of(1, 2, 63), sigs.stream().map(IndexedSignature::index).toList());
      assertEquals(IndexerCode.Ed25519_Crt_Sig, sigs.get(1).code());
      assertTrue(sigs.get(1).ondex().isEmpty());
      assertEquals(63, sigs.get(2).ondex().getAsInt());
      compareMessage(m, "message");
    }
  }

  @Test
  void theSignatureGroupsOfAnAttachmentGroupAreReadWithoutFramingAgain() {
    String a = "-AAB" + signature('A', 'A', 'A', "O".repeat(85));
    String b = "-BAB" + signature('B', 'B', 'A', "P".repeat(85));
    String wrapped = counter('V', (a.length() + b.length()) / 4) + a + b;
    try (Groups groups = Groups.copyOf(wrapped.getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      long before = ElementReader.framings();
      List<Group> nested = g.groups();
      assertEquals(1, ElementReader.framings() - before, "the AttachmentGroup's content");
      assertEquals(2, nested.size());
      for (Group n : nested) {
        assertEquals(2, n.depth());
        assertEquals(1, n.elements().size());
      }
      assertEquals(1, ElementReader.framings() - before, "nested signature groups framed again");
      assertEquals(List.of(0, 1), g.signatures().stream().map(IndexedSignature::index).toList());
      compareElements(g, "AttachmentGroup");
    }
  }

  @Test
  void theSignatureGroupOfALegacySadPathSigGroupIsReadWithoutFramingAgain() {
    // keripy's legacy -J SadPathSigGroups: a tuple of a path and one signature group, the group
    // framed as a group (not as a tuple's signatures), so by the fast path
    String sig = signature('A', 'C', 'A', "S".repeat(85));
    String j = "-JAB" + LegacyGroupsTest.PATH + "-AAB" + sig;
    try (Groups groups =
        Groups.copyOf(j.getBytes(StandardCharsets.US_ASCII), LegacyGroupsTest.LEGACY)) {
      Group g = groups.next();
      assertEquals("SadPathSigGroups", g.name());
      long before = ElementReader.framings();
      Group nested = ((Tuple) g.elements().get(0)).group(1);
      assertEquals(1, ElementReader.framings() - before, "the -J group's content");
      IndexedSignature s = (IndexedSignature) nested.elements().get(0);
      assertEquals(1, ElementReader.framings() - before, "its signature group not framed again");
      assertEquals(2, s.index());
      assertEquals(sig, s.qb64Text());
      compareElements(g, "SadPathSigGroups");
    }
  }

  @Test
  void aGroupWhoseFactsDoNotFitIsReadByTheCheckedPath() {
    // a framing layer's view whose facts are not those of a uniform signature group, over the
    // bytes of one: one signature too many for its length, or a code that counts no signatures,
    // is read by framing its content again, with the checked path's verdict
    String sigs = "-AAB" + signature('A', 'A', 'A', "T".repeat(85));
    try (Groups groups = Groups.copyOf(sigs.getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      dev.cesrj.internal.GroupViews views = dev.cesrj.internal.GroupViews.over(
          Unpooled.copiedBuffer(sigs, StandardCharsets.US_ASCII), 0, CesrOptions.DEFAULT);
      try {
        // (the checked read walks the content to its end: one signature, not two past the end)
        Group twoForOne = Group.framed(views, 0, 92, g.code(), 2, 1);
        assertEquals(1, framingsToRead(twoForOne));
        assertEquals(1, twoForOne.elements().size());
        compareElements(twoForOne, "count 2");
        Group couples =
            Group.framed(views, 0, 92, dev.cesrj.code.CounterTable.CESR_1_0.small('C'), 1, 1);
        assertEquals(1, framingsToRead(couples));
        compareElements(couples, "NonTransReceiptCouples");
        // the same facts as the framer's: by arithmetic
        Group right = Group.framed(views, 0, 92, g.code(), 1, 1);
        assertEquals(0, framingsToRead(right));
        assertEquals(1, right.elements().size());
        compareElements(right, "count 1");
      } finally {
        views.buf.release();
      }
    }
  }

  // ---- (3) the fast path's edge cases ----

  @Test
  void countZeroIsAUniformGroupWithoutElements() {
    try (Groups groups = Groups.copyOf("-AAA-BAA".getBytes(StandardCharsets.US_ASCII))) {
      for (Group g : groups) {
        assertEquals(0, framingsToRead(g));
        assertEquals(List.of(), g.elements());
        compareElements(g, g.name());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 63, 64, 65, 200})
  void randomUniformGroupsGiveTheViewsOfAFreshFraming(int n) {
    long seed = Long.getLong("cesrj.seed", 0x33_01L) + n;
    SplittableRandom random = new SplittableRandom(seed);
    String codes = "ABCDEF";
    StringBuilder s = new StringBuilder(counter('A', n));
    List<Integer> indexes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // the index character at the alphabet's ends as often as inside it
      int index = switch (i % 4) {
        case 0 -> 0;
        case 1 -> 63;
        case 2 -> 62;
        default -> random.nextInt(64);
      };
      indexes.add(index);
      StringBuilder value = new StringBuilder();
      for (int k = 0; k < 85; k++) {
        value.append(B64URL.charAt(random.nextInt(64)));
      }
      s.append(signature(codes.charAt(random.nextInt(6)), B64URL.charAt(index),
          "ABCD".charAt(random.nextInt(4)), value.toString()));
    }
    try (Groups groups = Groups.copyOf(s.toString().getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      assertEquals(0, framingsToRead(g), "seed " + seed);
      List<Element> e = g.elements();
      assertEquals(n, e.size());
      for (int i = 0; i < n; i++) {
        IndexedSignature sig = (IndexedSignature) e.get(i);
        assertEquals(indexes.get(i), sig.index(), "seed " + seed + " #" + i);
        assertEquals(4 + 88L * i, sig.offset());
      }
      compareElements(g, "seed " + seed);
    }
  }

  @Test
  void aPadOrCodeTheFastPathRefusesLeavesTheGroupToTheCheckedPath() {
    // a two-character code among one-character ones: checked, and read as before
    String big = "-AAC" + signature('A', 'A', 'A', "H".repeat(85))
        + "2AAAAA" + "A".repeat(86);
    try (Groups groups = Groups.copyOf(big.getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      assertEquals(1, framingsToRead(g));
      compareElements(g, "big index");
      assertEquals(2, g.elements().size());
    }
    // a pad character with a non-zero pad bit: the checked path's error, as before
    String pad = "-AAB" + signature('A', 'A', 'E', "H".repeat(85));
    try (Groups groups = Groups.copyOf(pad.getBytes(StandardCharsets.US_ASCII))) {
      CesrException e = assertThrows(CesrException.class, groups::next);
      assertEquals(4, e.offset());
    }
  }

  @Test
  void aGroupCutByItsBufferIsTruncatedAsBefore() {
    String whole = "-AAB" + signature('A', 'A', 'A', "I".repeat(85));
    byte[] cut = whole.substring(0, whole.length() - 1).getBytes(StandardCharsets.US_ASCII);
    try (Groups groups = Groups.copyOf(cut)) {
      TruncatedException e = assertThrows(TruncatedException.class, groups::next);
      assertEquals(1, e.needed());
      assertEquals(4, e.offset()); // the signature that is cut
    }
    // Groups.over a buffer whose writer index cuts the group: the same
    ByteBuf b = Unpooled.buffer(whole.length());
    try {
      b.writeBytes(cut);
      Groups groups = Groups.over(b);
      TruncatedException e = assertThrows(TruncatedException.class, groups::next);
      assertEquals(1, e.needed());
      assertEquals(0, b.readerIndex());
    } finally {
      b.release();
    }
  }

  @Test
  void elementsAfterCloseThrowAsTheCheckedReadDoes() {
    String sigs = "-AAB" + signature('A', 'A', 'A', "J".repeat(85));
    Group g;
    try (Groups groups = Groups.copyOf(sigs.getBytes(StandardCharsets.US_ASCII))) {
      g = groups.next();
    }
    IllegalReferenceCountException want =
        assertThrows(IllegalReferenceCountException.class, g::checkedElements);
    IllegalReferenceCountException got =
        assertThrows(IllegalReferenceCountException.class, g::elements);
    assertEquals(want.getMessage(), got.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0!", "1!", "2!", "2Q", "50!", "88!", "89!", "90Q", "02", "880", "882"})
  void bytesWrittenIntoTheBufferAfterFramingGetTheCheckedPathsVerdict(String written) {
    // the position in the content and the character written there: a code (0, 88), an index
    // character (1, 89), the first pad character, not Base64 or with its pad bits set (2, 90), a
    // value character (50); the first character of a two-character code (0 and 88: 2A, 0B, 2B),
    // so that the group's length still says uniform but a signature's head does not
    int at = Integer.parseInt(written.substring(0, written.length() - 1));
    char ch = written.charAt(written.length() - 1);
    String sigs = "-AAC" + signature('A', 'A', 'A', "Q".repeat(85))
        + signature('E', 'B', 'A', "R".repeat(85));
    ByteBuf b = Unpooled.copiedBuffer(sigs, StandardCharsets.US_ASCII);
    try {
      Group g = Groups.over(b).next();
      b.setByte(4 + at, ch);
      for (int max : new int[] {1, 2}) {
        CesrOptions options = CesrOptions.builder().maxElements(max).build();
        Group moved = g.movedTo(dev.cesrj.internal.GroupViews.over(b, 0, options));
        Object want = elementsOrError(moved::checkedElements);
        Object got = elementsOrError(moved);
        if (want instanceof RuntimeException) {
          assertSameError((RuntimeException) want, got, "at " + at + ", max " + max);
        } else {
          compareElements(moved, "at " + at + ", max " + max);
        }
      }
    } finally {
      b.release();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4})
  void theElementLimitRefusesTheSameSignatureWithTheSameError(int max) {
    String sigs = "-AAD" + signature('A', 'A', 'A', "K".repeat(85))
        + signature('B', 'B', 'A', "L".repeat(85)) + signature('C', 'C', 'A', "M".repeat(85));
    CesrOptions options = CesrOptions.builder().maxElements(max).build();
    try (Groups groups = Groups.copyOf(
        ("-AAA" + sigs).getBytes(StandardCharsets.US_ASCII), options)) {
      groups.next();
      Group g = groups.next();
      Object want = elementsOrError(g::checkedElements);
      Object got = elementsOrError(g);
      if (max < 3) {
        ElementLimitException e = assertInstanceOf(ElementLimitException.class, want);
        assertEquals(4 + 4 + 88L * max, e.offset());
        assertEquals("ABC".substring(max, max + 1), e.code());
        assertSameError(e, got, "max " + max);
        assertNotNull(e.path());
      } else {
        compareElements(g, "max " + max);
        assertEquals(3, ((List<?>) got).size());
      }
    }
  }

  @Test
  void valueCharactersOutsideBase64AreReadAsTheCheckedPathReadsThem() {
    // the fast path checks code, index and pad character only, as the checked path does
    String sigs = "-AAB" + signature('A', 'A', 'A', "!".repeat(85));
    try (Groups groups = Groups.copyOf(sigs.getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      compareElements(g, "value characters");
    }
    CesrOptions checking = CesrOptions.builder().checkValueCharacters(true).build();
    try (Groups groups = Groups.copyOf(sigs.getBytes(StandardCharsets.US_ASCII), checking)) {
      CesrException e = assertThrows(CesrException.class, groups::next);
      assertEquals(7, e.offset());
    }
  }

  @Test
  void aGroupMovedToAnotherBufferIsStillReadByArithmetic() {
    String sigs = "-AAB" + signature('D', 'Q', 'A', "N".repeat(85));
    byte[] bytes = sigs.getBytes(StandardCharsets.US_ASCII);
    ByteBuf other = Unpooled.buffer(bytes.length + 3);
    try (Groups groups = Groups.copyOf(bytes)) {
      Group g = groups.next();
      other.writeBytes(new byte[3]).writeBytes(bytes);
      Group moved = g.movedTo(dev.cesrj.internal.GroupViews.over(other, 3, CesrOptions.DEFAULT));
      long before = ElementReader.framings();
      IndexedSignature s = (IndexedSignature) moved.elements().get(0);
      assertEquals(0, ElementReader.framings() - before);
      assertEquals(B64.value('Q'), s.index());
      assertEquals(4, s.offset());
      compareElements(moved, "moved");
    } finally {
      other.release();
    }
  }

  // ---- (4) the layout derived from the group's own facts, wherever it was framed ----

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void randomSignatureGroupsAreReadByArithmeticExactlyWhenEverySignatureHasAOneCharacterCode(
      long n) {
    long seed = Long.getLong("cesrj.seed", 0x33_19L) * 31 + n;
    SplittableRandom random = new SplittableRandom(seed);
    int uniformBefore = comparedUniform;
    int checkedBefore = comparedChecked;
    for (int round = 0; round < 40; round++) {
      String where = "seed " + seed + " round " + round;
      boolean mixed = random.nextInt(3) == 0;
      // top level, among an AttachmentGroup's groups, or in a TransIdxSigGroups tuple (an -A)
      int place = random.nextInt(3);
      char code = place == 2 || random.nextBoolean() ? 'A' : 'B';
      String sigs = signatureGroup(random, code, mixed);
      String stream = switch (place) {
        case 0 -> sigs;
        case 1 -> counter('V', sigs.length() / 4) + sigs;
        default -> "-FAB" + "E" + "B".repeat(43) + "0AAAAAAAAAAAAAAAAAAAAAAA" + "E"
            + "C".repeat(43) + sigs;
      };
      try (Groups groups = Groups.copyOf(stream.getBytes(StandardCharsets.US_ASCII))) {
        Group g = groups.next();
        compareElements(g, where);
        Group s = g.code().countsSignatures() ? g : signatureGroupIn(g);
        List<Element> e = s.elements();
        boolean one = e.stream().allMatch(x -> ((IndexedSignature) x).code().hs() == 1);
        assertEquals(!mixed || e.isEmpty(), one, where);
      }
    }
    // both reads were met: the comparison is not vacuous
    int uniform = comparedUniform - uniformBefore;
    int checked = comparedChecked - checkedBefore;
    assertTrue(uniform > 10, "uniform " + uniform);
    assertTrue(checked > 10, "checked " + checked);
  }

  /** The signature group nested in {@code g}, a -V or a -F of one tuple. */
  private static Group signatureGroupIn(Group g) {
    Element e = g.elements().get(g.elements().size() - 1);
    if (e instanceof Tuple) {
      return ((Tuple) e).group(3);
    }
    return (Group) e;
  }

  /**
   * A random group of {@code code} ({@code A} or {@code B}) of 0 to 5 signatures (at least one
   * when {@code mixed}): one-character codes, or, when {@code mixed}, at least one of a
   * two-character code (Ed448 {@code 0A}, 156 characters; Ed25519 big {@code 2A}, 92; Ed448 big
   * {@code 3A}, 160) among them.
   */
  private static String signatureGroup(SplittableRandom random, char code, boolean mixed) {
    int n = mixed ? 1 + random.nextInt(5) : random.nextInt(6);
    int big = mixed ? random.nextInt(n) : -1;
    StringBuilder s = new StringBuilder(counter(code, n));
    for (int i = 0; i < n; i++) {
      if (i == big || (mixed && random.nextInt(3) == 0)) {
        String[] codes = {"0A", "2A", "3A"};
        int[] soft = {2, 4, 6};
        int[] size = {156, 92, 160};
        int k = random.nextInt(3);
        s.append(codes[k]).append(b64(random, soft[k]));
        s.append('A').append(b64(random, size[k] - 3 - soft[k]));
      } else {
        s.append(signature("ABCDEF".charAt(random.nextInt(6)), B64URL.charAt(random.nextInt(64)),
            "ABCD".charAt(random.nextInt(4)), b64(random, 85)));
      }
    }
    return s.toString();
  }

  private static String b64(SplittableRandom random, int n) {
    StringBuilder s = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      s.append(B64URL.charAt(random.nextInt(64)));
    }
    return s.toString();
  }

  // ---- helpers ----

  /** A small counter {@code -X##} of code character {@code c} and count {@code n}. */
  private static String counter(char c, int n) {
    return "-" + c + B64URL.charAt(n >> 6) + B64URL.charAt(n & 63);
  }

  /** An 88-character one-character-code indexed signature: code, index, pad character, value. */
  private static String signature(char code, char index, char pad, String value) {
    assertEquals(85, value.length());
    return "" + code + index + pad + value;
  }
}
