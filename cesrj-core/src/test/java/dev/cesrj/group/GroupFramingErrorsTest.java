package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Exact errors of group framing (CESR 1.0 text unless said): type, offset, code and, for a
 * truncation, the bytes needed. Each case is checked through {@link Groups#copyOf(byte[])},
 * {@link Groups#over(ByteBuf)} and {@link LegacyGroupParser#parseGroup}, which must agree.
 */
class GroupFramingErrorsTest {
  private static final CesrOptions V1 = CesrOptions.DEFAULT;
  private static final CesrOptions V2 =
      CesrOptions.builder().defaultTable(CounterTable.CESR_2_0).build();

  // ---- fixed test material (encoded by the test-side Qb64) ----

  private static String sig(int index) {
    byte[] raw = new byte[64];
    Arrays.fill(raw, (byte) (index + 1));
    return Qb64.indexer(IndexerCode.Ed25519_Sig, index, 0, raw);
  }

  private static final String PREFIX = Qb64.matter(MatterCode.Ed25519, new byte[32]);
  private static final String SN = Qb64.matter(MatterCode.Salt_128, new byte[16]);
  private static final String DIGEST = Qb64.matter(MatterCode.Blake3_256, new byte[32]);

  /**
   * The error {@code input} gives after {@code before} whole groups; the three parsing paths
   * agree on it, the iterator ends, and over() leaves the reader index at the failed group.
   */
  private static <T extends CesrException> T fails(
      Class<T> type, String input, CesrOptions options, int before) {
    return fails(type, input.getBytes(StandardCharsets.US_ASCII), options, before);
  }

  private static <T extends CesrException> T fails(
      Class<T> type, byte[] bytes, CesrOptions options, int before) {
    CesrException viaCopy = null;
    long failedAt = -1;
    try (Groups groups = Groups.copyOf(bytes, options)) {
      for (int i = 0; i < before; i++) {
        groups.next();
      }
      failedAt = groups.position();
      assertTrue(groups.hasNext());
      viaCopy = assertThrows(CesrException.class, groups::next);
      assertFalse(groups.hasNext(), "iterator ends after an error");
    }
    ByteBuf buf = Unpooled.wrappedBuffer(bytes);
    try (Groups groups = Groups.over(buf, options)) {
      for (int i = 0; i < before; i++) {
        groups.next();
      }
      CesrException viaOver = assertThrows(CesrException.class, groups::next);
      assertEquals(Snapshot.end(viaCopy), Snapshot.end(viaOver));
      assertEquals(failedAt, buf.readerIndex(), "reader index stays at the failed group");
    }
    List<Object> legacy = Snapshot.viaLegacy(bytes, options);
    assertEquals(Snapshot.end(viaCopy), legacy.get(legacy.size() - 1), "parseGroup");
    assertEquals(before + 1, legacy.size());
    return assertInstanceOf(type, viaCopy, String.valueOf(viaCopy));
  }

  private static <T extends CesrException> T fails(Class<T> type, String input) {
    return fails(type, input, V1, 0);
  }

  private static void assertError(CesrException e, long offset, String code) {
    assertEquals(offset, e.offset(), e.getMessage());
    assertEquals(code, e.code(), e.getMessage());
  }

  // ---- truncation ----

  @Test
  void sealSourceCoupleWithoutItsDigestNeeds44Bytes() {
    String input = "-GAB0AAAAAAAAAAAAAAAAAAAAAAB";
    assertEquals(28, input.length());
    TruncatedException e = fails(TruncatedException.class, input);
    assertError(e, 28, null);
    assertEquals(44, e.needed());
    assertEquals("a Diger primitive", e.expected());
    // half a digest: the code is known now, 34 chars are missing
    e = fails(TruncatedException.class, input + DIGEST.substring(0, 10));
    assertError(e, 28, "E");
    assertEquals(34, e.needed());
  }

  @Test
  void bigAttachmentGroupCountIsReadFromItsLastFiveCharacters() {
    TruncatedException e = fails(TruncatedException.class, "--VAABAA");
    assertError(e, 0, "--V");
    assertEquals(16_384, e.needed(), "4096 quadlets");
    // with its 4096 quadlets present: 4096 empty AttachmentGroups
    String content = "-VAA".repeat(4096);
    try (Groups groups = Groups.copyOf(("--VAABAA" + content).getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      assertEquals("BigAttachmentGroup", g.name());
      assertEquals(4096, g.count());
      assertEquals(8 + 16_384, g.length());
      assertEquals(4096, g.groups().size());
      assertFalse(groups.hasNext());
    }
  }

  @Test
  void controllerIdxSigsWithFewerSignaturesThanCounted() {
    TruncatedException e = fails(TruncatedException.class, "-AAC" + sig(0));
    assertError(e, 92, null);
    assertEquals(88, e.needed());
    // the second signature begun: its code is read, 78 chars are missing
    e = fails(TruncatedException.class, "-AAC" + sig(0) + sig(1).substring(0, 10));
    assertError(e, 92, "A");
    assertEquals(78, e.needed());
    // nothing but the counter: two whole signatures are missing
    e = fails(TruncatedException.class, "-AAC");
    assertError(e, 4, null);
    assertEquals(176, e.needed());
  }

  @Test
  void truncatedTupleNeedsAtLeastTheSmallestRestOfItsGrammar() {
    // Prefixer 44 + Number 4 (Short) + Diger 44 + ControllerIdxSigs counter 4
    TruncatedException e = fails(TruncatedException.class, "-FAB");
    assertError(e, 4, null);
    assertEquals(96, e.needed());
    // inside the nested -A: the outer rest is counted too (second tuple: 96 more)
    e = fails(TruncatedException.class, "-FAC" + PREFIX + SN + DIGEST + "-AAB");
    assertEquals(4 + 112 + 4, e.offset());
    assertEquals(88 + 96, e.needed());
  }

  @Test
  void counterCutShortIsTruncatedUnlessItsCodeIsAlreadyUnknown() {
    TruncatedException e = fails(TruncatedException.class, "-");
    assertError(e, 0, null);
    assertEquals(3, e.needed());
    e = fails(TruncatedException.class, "-A");
    assertError(e, 0, "-A");
    assertEquals(2, e.needed());
    e = fails(TruncatedException.class, "--");
    assertEquals(6, e.needed());
    e = fails(TruncatedException.class, "-_AAA");
    assertError(e, 0, "-_AAA");
    assertEquals(3, e.needed());
    // prefixes that no counter of the table starts with are unknown at once
    assertError(fails(UnknownCodeException.class, "-z"), 0, "-z");
    assertError(fails(UnknownCodeException.class, "--Q"), 0, "--Q");
    assertError(fails(UnknownCodeException.class, "-_AB"), 0, "-_AB");
    assertError(fails(UnknownCodeException.class, "-1"), 0, "-1");
  }

  // ---- unknown codes ----

  @Test
  void unknownCounterCode() {
    UnknownCodeException e = fails(UnknownCodeException.class, "-zAB");
    assertError(e, 0, "-z");
    assertError(fails(UnknownCodeException.class, "-KAW" + sig(0)), 0, "-K");
    assertError(fails(UnknownCodeException.class, "--dAAAAA", V2, 0), 0, "--d");
    // a genus other than KERI/ACDC (AAA)
    assertError(fails(UnknownCodeException.class, "-_AABBAA"), 0, "-_AAB");
  }

  @Test
  void signatureWhoseCodeIsNotAnIndexerCode() {
    // 'Z' is no Indexer code; no Indexer code starts with '1' (Matter 1AAB is ECDSA_256k1)
    String notSig = "Z" + sig(0).substring(1);
    assertError(fails(UnknownCodeException.class, "-AAB" + notSig), 4, "Z");
    String ecdsaKey = Qb64.matter(MatterCode.ECDSA_256k1, new byte[33]);
    assertError(fails(UnknownCodeException.class, "-AAB" + ecdsaKey + "A".repeat(40)), 4, "1");
    // a counter where a signature must be
    MalformedException m = fails(MalformedException.class, "-AAB-AAB" + sig(0));
    assertError(m, 4, "-");
    // an op code
    assertError(fails(UnknownCodeException.class, "-AAB_" + sig(0).substring(1)), 4, "_");
  }

  // ---- too large ----

  @Test
  void largestBigCountIsTooLargeWithoutWrapping() {
    FrameTooLargeException e = fails(FrameTooLargeException.class, "--V_____");
    assertError(e, 0, "--V");
    assertEquals(4_294_967_300L, e.declared(), "8 + 4 * 1,073,741,823");
    assertEquals(CesrOptions.DEFAULT_MAX_FRAME_BYTES, e.limit());
    CesrOptions max = CesrOptions.builder().maxFrameBytes(Integer.MAX_VALUE).build();
    e = fails(FrameTooLargeException.class, "--V_____", max, 0);
    assertError(e, 0, "--V");
    assertEquals(4_294_967_300L, e.declared());
    assertEquals(Integer.MAX_VALUE, e.limit());
    // CESR 2.0: every big quadlet code, e.g. BigControllerIdxSigs and BigAttachmentGroup
    assertEquals(4_294_967_300L, fails(FrameTooLargeException.class, "--K_____", V2, 0).declared());
    assertEquals(4_294_967_300L, fails(FrameTooLargeException.class, "--C_____", max.toBuilder()
        .defaultTable(CounterTable.CESR_2_0).build(), 0).declared());
  }

  @Test
  void elementCountWhoseLeastSizeExceedsTheLimitIsTooLargeNotTruncated() {
    // -Z counts Texter elements; each takes at least 4 chars: at least 8 + 4 * (64^5 - 1) bytes
    FrameTooLargeException e = fails(FrameTooLargeException.class, "--Z_____");
    assertError(e, 0, "--Z");
    assertEquals(4_294_967_300L, e.declared());
    CesrOptions small = CesrOptions.builder().maxFrameBytes(1000).build();
    // 4095 signatures take at least 4 + 4095 * 88 bytes
    e = fails(FrameTooLargeException.class, "-A__", small, 0);
    assertError(e, 0, "-A");
    assertEquals(4 + 4095L * 88, e.declared());
    assertEquals(1000, e.limit());
    // the same for the signature group nested in a tuple
    e = fails(FrameTooLargeException.class, "-FAB" + PREFIX + SN + DIGEST + "-A__", small, 0);
    assertError(e, 116, "-A");
    assertEquals(4 + 4095L * 88, e.declared());
    // below the limit the same counts are plain truncations
    assertEquals(4095L * 88, fails(TruncatedException.class, "-A__").needed());
  }

  // ---- malformed ----

  @Test
  void nestedSignatureGroupMustBeControllerIdxSigs() {
    String tuple = PREFIX + SN + DIGEST;
    MalformedException e = fails(MalformedException.class, "-FAB" + tuple + "-BAB" + sig(0));
    assertError(e, 116, "-B");
    // CESR 2.0: -L instead of -K in TransIdxSigGroups, and the big --K form
    String sigs = "-LAW" + sig(0);
    long quadlets = (tuple.length() + sigs.length()) / 4;
    e = fails(MalformedException.class, Qb64.counter(CounterTable.CESR_2_0, 'X', quadlets, false)
        + tuple + sigs, V2, 0);
    assertError(e, 116, "-L");
    String big = "--KAAAAW" + sig(0);
    e = fails(MalformedException.class, Qb64.counter(CounterTable.CESR_2_0, 'X',
        (tuple.length() + big.length()) / 4, false) + tuple + big, V2, 0);
    assertError(e, 116, "--K");
  }

  @Test
  void wrongNestedCounterIsMalformedAsSoonAsItsCodeIsRead() {
    String tuple = PREFIX + SN + DIGEST;
    assertError(fails(MalformedException.class, "-FAB" + tuple + "-B"), 116, "-B");
    // the right code with its count still missing is a truncation
    TruncatedException e = fails(TruncatedException.class, "-FAB" + tuple + "-A");
    assertError(e, 116, "-A");
    assertEquals(2, e.needed());
  }

  @Test
  void groupsThatAreNoAttachmentsAreUnsupportedAsSoonAsTheirCodeIsRead() {
    // CESR 2.0 DatagramSegmentGroup, ESSRWrapperGroup, FixBodyGroup, GenericMapGroup
    for (String code : List.of("-D", "-E", "-F", "-I", "--G")) {
      String counter = code.length() == 2 ? code + "AB" : code + "AAAAB";
      UnsupportedException e = fails(UnsupportedException.class, counter, V2, 0);
      assertError(e, 0, code);
      assertError(fails(UnsupportedException.class, counter + "AAAA", V2, 0), 0, code);
    }
  }

  @Test
  void completeSignatureGroupLargerThanTheFrameLimitIsTooLarge() {
    // the whole group is there (heap buffer: the hot path sees it first): still refused
    CesrOptions small = CesrOptions.builder().maxFrameBytes(100).build();
    FrameTooLargeException e =
        fails(FrameTooLargeException.class, "-AAC" + sig(0) + sig(1), small, 0);
    assertError(e, 0, "-A");
    assertEquals(180, e.declared());
    assertEquals(100, e.limit());
    CesrOptions exact = CesrOptions.builder().maxFrameBytes(180).build();
    try (Groups groups = Groups.copyOf(("-AAC" + sig(0) + sig(1)).getBytes(StandardCharsets.US_ASCII), exact)) {
      assertEquals(180, groups.next().length());
    }
  }

  @Test
  void sealGroupsKeripyCannotParseAreUnsupported() {
    // keripy has no parse method for these CESR 2.0 codes (none in parsing.py): a typed
    // unsupported-group error, whole or cut short, small or big
    for (String code : List.of("-Q", "-R", "-U", "-V", "--Q", "--V")) {
      String counter = code.length() == 2 ? code + "AL" : code + "AAAAL";
      UnsupportedException e = fails(UnsupportedException.class, counter + DIGEST, V2, 0);
      assertError(e, 0, code);
      assertError(fails(UnsupportedException.class, counter, V2, 0), 0, code);
    }
  }

  @Test
  void genusVersionOtherThan10And20IsUnsupported() {
    // keripy raises for a minor version above 0 and knows no major version above 2
    for (String gvc : List.of("-_AAACAB", "-_AAABAB", "-_AAADAA", "-_AAAAAA")) {
      UnsupportedException e = fails(UnsupportedException.class, gvc + "-AAB" + sig(0), V1, 0);
      assertError(e, 0, "-_AAA");
    }
  }

  @Test
  void attachmentGroupWhoseContentEndsInsideAGroupIsMalformed() {
    // -V of 1 quadlet holds only "-AAB": its signature is outside the group
    MalformedException e = fails(MalformedException.class, "-VAB-AAB" + sig(0));
    assertError(e, 8, null);
    // -V of 22 quadlets (88 chars) ends 4 chars into the signature
    e = fails(MalformedException.class, "-VAW-AAB" + sig(0));
    assertError(e, 8, "A");
    // the same content as a whole group parses
    try (Groups groups = Groups.copyOf(("-VAX-AAB" + sig(0)).getBytes(StandardCharsets.US_ASCII))) {
      assertEquals(1, groups.next().signatures().size());
    }
  }

  @Test
  void cesr2ControllerIdxSigsCountOffASignatureBoundaryIsMalformed() {
    // 21 quadlets = 84 chars for an 88-char signature
    MalformedException e = fails(MalformedException.class, "-KAV" + sig(0) + "AAAA", V2, 0);
    assertError(e, 4, "A");
    // 23 quadlets = one signature and 4 chars of the next
    e = fails(MalformedException.class, "-_AAACAA-KAX" + sig(0) + sig(1), V1, 1);
    assertError(e, 100, "A");
    // TransIdxSigGroups whose nested -K count (21 quadlets) ends inside its signature
    String tuple = PREFIX + SN + DIGEST;
    assertEquals("-XAy", Qb64.counter(CounterTable.CESR_2_0, 'X', (112 + 88) / 4, false));
    e = fails(MalformedException.class, "-XAy" + tuple + "-KAV" + sig(0), V2, 0);
    assertError(e, 4 + 112 + 4, "A");
    // ... and whose nested -K count (23 quadlets) runs past the TransIdxSigGroups
    e = fails(MalformedException.class, "-XAz" + tuple + "-KAX" + sig(0), V2, 0);
    assertError(e, 4 + 112, "-K");
  }

  @Test
  void genusVersionCodeOnlyFirstInAnAttachmentGroup() {
    String inner = "-AAB" + sig(0) + "-_AAACAA" + "-KAW" + sig(1);
    MalformedException e = fails(MalformedException.class,
        Qb64.counter(CounterTable.CESR_1_0, 'V', inner.length() / 4, false) + inner);
    assertError(e, 4 + 92, "-_AAA");
  }

  @Test
  void unsupportedGenusVersionEndsTheIterator() {
    UnsupportedException e = fails(UnsupportedException.class, "-AAB" + sig(0) + "-_AAADAA" + "-AAB"
        + sig(1), V1, 1);
    assertError(e, 92, "-_AAA");
  }

  // ---- nesting ----

  private static String nestedAttachmentGroups(int levels) {
    String g = "-VAA";
    for (int i = 1; i < levels; i++) {
      g = Qb64.counter(CounterTable.CESR_1_0, 'V', g.length() / 4, false) + g;
    }
    return g;
  }

  @Test
  void nestingBeyondMaxDepthIsRefused() {
    NestingTooDeepException e = fails(NestingTooDeepException.class, nestedAttachmentGroups(9));
    assertError(e, 32, "-V"); // the code of the group that is too deep
    try (Groups groups = Groups.copyOf(nestedAttachmentGroups(8).getBytes(StandardCharsets.US_ASCII))) {
      Group g = groups.next();
      for (int depth = 2; depth <= 8; depth++) {
        g = g.groups().get(0);
        assertEquals(depth, g.depth());
      }
    }
    // a signature group nested in a tuple is one level deeper than its group
    CesrOptions two = CesrOptions.builder().maxDepth(2).build();
    String trans = "-FAB" + PREFIX + SN + DIGEST + "-AAB" + sig(0);
    try (Groups groups = Groups.copyOf(trans.getBytes(StandardCharsets.US_ASCII), two)) {
      Tuple t = (Tuple) groups.next().elements().get(0);
      assertEquals(2, t.group(3).depth());
    }
    e = fails(NestingTooDeepException.class,
        Qb64.counter(CounterTable.CESR_1_0, 'V', trans.length() / 4, false) + trans, two, 0);
    assertError(e, 4 + 116, "-A");
    // the genus-version code leading an AttachmentGroup's content is one level deeper too
    CesrOptions one = CesrOptions.builder().maxDepth(1).build();
    e = fails(NestingTooDeepException.class, "-VAC-_AAACAA", one, 0);
    assertError(e, 4, "-_AAA");
  }

  // ---- table scoping ----

  @Test
  void attachmentGroupLedByGenusVersionReadsItsContentWithThatTableOnly() {
    String inner = "-_AAACAA" + "-KAW" + sig(0);
    String stream = Qb64.counter(CounterTable.CESR_1_0, 'V', inner.length() / 4, false) + inner
        + "-AAB" + sig(1);
    assertEquals("-VAZ", stream.substring(0, 4));
    try (Groups groups = Groups.copyOf(stream.getBytes(StandardCharsets.US_ASCII))) {
      Group v = groups.next();
      assertEquals("AttachmentGroup", v.name());
      assertSame(CounterTable.CESR_1_0, v.table());
      List<Group> inside = v.groups();
      assertEquals(2, inside.size());
      assertEquals("KERIACDCGenusVersion", inside.get(0).name());
      assertEquals(8192, inside.get(0).count());
      assertEquals(12, inside.get(1).offset());
      assertEquals("-K", inside.get(1).code().code());
      assertSame(CounterTable.CESR_2_0, inside.get(1).table());
      assertEquals(22, inside.get(1).count());
      assertEquals(List.of(sig(0)), texts(v.signatures()));
      // the scope ends with the group: -A is ControllerIdxSigs of CESR 1.0 again
      assertSame(CounterTable.CESR_1_0, groups.table());
      Group a = groups.next();
      assertEquals("ControllerIdxSigs", a.name());
      assertSame(CounterTable.CESR_1_0, a.table());
      assertEquals(1, a.count());
      assertFalse(groups.hasNext());
    }
    assertEquals(Snapshot.viaCopy(stream.getBytes(StandardCharsets.US_ASCII), V1),
        Snapshot.viaLegacy(stream.getBytes(StandardCharsets.US_ASCII), V1));
  }

  @Test
  void topLevelGenusVersionSwitchesTheTableForTheRestOfTheStream() {
    String stream = "-_AAACAA-KAW" + sig(0) + "-_AAABAA-AAB" + sig(1);
    try (Groups groups = Groups.copyOf(stream.getBytes(StandardCharsets.US_ASCII))) {
      assertSame(CounterTable.CESR_1_0, groups.next().table());
      assertSame(CounterTable.CESR_2_0, groups.table());
      assertEquals("-K", groups.next().code().code());
      assertSame(CounterTable.CESR_2_0, groups.next().table());
      assertSame(CounterTable.CESR_1_0, groups.table());
      assertEquals("-A", groups.next().code().code());
    }
  }

  private static List<String> texts(List<IndexedSignature> sigs) {
    List<String> out = new ArrayList<>();
    sigs.forEach(s -> out.add(s.qb64Text()));
    return out;
  }

  // ---- edges: exact boundaries, rests carried into nested groups, the fast paths ----

  /** A single byte that is not '-' is no counter at all, not a truncated one. */
  @Test
  void aSingleByteThatCannotStartACounter() {
    assertError(fails(dev.cesrj.ColdStartException.class, "A"), 0, null);
    assertError(fails(dev.cesrj.ColdStartException.class, new byte[] {(byte) 0xDF}, V1, 0), 0, null);
    // 0xE0 and above: tritet 111, a qb2 item, but only a first sextet of 62 starts a counter
    assertError(fails(dev.cesrj.ColdStartException.class, new byte[] {(byte) 0xE0}, V1, 0), 0, null);
    assertError(fails(dev.cesrj.ColdStartException.class, new byte[] {(byte) 0xFC, 0, 0}, V1, 0),
        0, null);
    // 0xF8: the first sextet of a qb2 counter; its 3 bytes need 2 more
    TruncatedException t = fails(TruncatedException.class, new byte[] {(byte) 0xF8}, V1, 0);
    assertError(t, 0, null);
    assertEquals(2, t.needed());
  }

  /**
   * A counter cut short inside a tuple needs what it lacks plus the rest of the tuples: here the
   * second tuple of TransIdxSigGroups, 96 bytes at least.
   */
  @Test
  void aNestedCounterCutShortNeedsTheRestOfTheTuplesToo() {
    String first = "-FAC" + PREFIX + SN + DIGEST;
    TruncatedException e = fails(TruncatedException.class, first);
    assertError(e, 116, null);
    assertEquals(4 + 96, e.needed());
    e = fails(TruncatedException.class, first + "-");
    assertError(e, 116, null);
    assertEquals(3 + 96, e.needed());
    e = fails(TruncatedException.class, first + "-A");
    assertEquals(2 + 96, e.needed());
    e = fails(TruncatedException.class, first + "-AA");
    assertError(e, 116, "-A");
    assertEquals(1 + 96, e.needed());
    // a big code or a genus-version code that has not ruled itself out yet
    e = fails(TruncatedException.class, first + "--");
    assertError(e, 116, null);
    assertEquals(6 + 96, e.needed());
    e = fails(TruncatedException.class, first + "-_");
    assertError(e, 116, null);
    assertEquals(6 + 96, e.needed());
    e = fails(TruncatedException.class, first + "-_AA");
    assertEquals(4 + 96, e.needed());
    // at the top level: the counter alone
    assertEquals(1, fails(TruncatedException.class, "-AA").needed());
    assertEquals(4, fails(TruncatedException.class, "-_AA").needed());
    assertEquals(1, fails(TruncatedException.class, "--VAAAA").needed());
  }

  /** Count characters that are not Base64 are malformed at their offset, on every path. */
  @Test
  void aCountCharacterThatIsNotBase64() {
    assertError(fails(MalformedException.class, "-A*A" + sig(0)), 2, "-A");
    assertError(fails(MalformedException.class, "-AA*" + sig(0)), 3, "-A");
    assertError(fails(MalformedException.class, "-V*A-AAA"), 2, "-V");
    MalformedException big = fails(MalformedException.class, "--VAA*AA");
    assertError(big, 5, "--V");
    assertEquals("at offset 5, code --V: byte 0x2a in a size, count or index; expected a Base64url"
        + " character", big.getMessage());
    assertError(fails(MalformedException.class, "-AAB" + sig(0) + "-B=A", V1, 1), 92 + 2, "-B");
  }

  /**
   * The signature fast path (a heap buffer, -A of CESR 1.0) takes only what the checked path
   * accepts: a bad index or pad character, or non-zero pad bits, give the checked path's error.
   */
  @Test
  void theSignatureFastPathLeavesBadSignaturesToTheCheckedPath() {
    String ok = sig(0);
    assertError(fails(MalformedException.class, "-AAB" + "A*" + ok.substring(2)), 5, "A");
    assertError(fails(MalformedException.class, "-AAB" + "AA*" + ok.substring(3)), 6, "A");
    for (char pad : new char[] {'E', 'Q', 'g', '_'}) {
      NonCanonicalException e = fails(NonCanonicalException.class,
          "-AAB" + "AA" + pad + ok.substring(3));
      assertError(e, 4, "A");
      assertEquals("zero pad bits", e.expected());
    }
    // the second signature of two
    assertError(fails(MalformedException.class, "-AAC" + ok + "B*" + ok.substring(2)), 93, "B");
    assertError(fails(NonCanonicalException.class, "-AAC" + ok + "ABE" + ok.substring(3)), 92,
        "A");
    // too deep for the fast path: -A inside an AttachmentGroup with maxDepth 1
    CesrOptions one = CesrOptions.builder().maxDepth(1).build();
    assertError(fails(NestingTooDeepException.class, "-VAX-AAB" + ok, one, 0), 4, "-A");
    try (Groups groups = Groups.copyOf(("-VAX-AAB" + ok).getBytes(StandardCharsets.US_ASCII),
        CesrOptions.builder().maxDepth(2).build())) {
      assertEquals(2, groups.next().groups().get(0).depth());
    }
  }

  /** A group of exactly maxFrameBytes is allowed; one byte more is too large. */
  @Test
  void aGroupOfExactlyTheFrameLimit() {
    String v = "-VAB-AAA";
    singleOfLength(v, CesrOptions.builder().maxFrameBytes(8).build(), 8);
    FrameTooLargeException e = fails(FrameTooLargeException.class, v,
        CesrOptions.builder().maxFrameBytes(7).build(), 0);
    assertError(e, 0, "-V");
    assertEquals(8, e.declared());
    // element-counted: -C of one Ed25519 Verfer (44) and one Ed25519 Cigar (88): 136 bytes, the least
    String couple = "-CAB" + Qb64.matter(MatterCode.Ed25519N, new byte[32])
        + Qb64.matter(MatterCode.Ed25519_Sig, new byte[64]);
    assertEquals(136, couple.length());
    singleOfLength(couple, CesrOptions.builder().maxFrameBytes(136).build(), 136);
    // with an ECDSA Verfer (48) the least size (136) fits a limit of 136, the walked size does not
    String bigger = "-CAB" + Qb64.matter(MatterCode.ECDSA_256k1, new byte[33])
        + Qb64.matter(MatterCode.Ed25519_Sig, new byte[64]);
    singleOfLength(bigger, CesrOptions.builder().maxFrameBytes(140).build(), 140);
    // the walked size counts from the group's own counter, wherever the group starts
    try (Groups groups = Groups.copyOf(("-AAA" + bigger).getBytes(StandardCharsets.US_ASCII),
        CesrOptions.builder().maxFrameBytes(140).build())) {
      assertEquals(4, groups.next().length());
      assertEquals(140, groups.next().length());
    }
    e = fails(FrameTooLargeException.class, "-AAA" + bigger,
        CesrOptions.builder().maxFrameBytes(139).build(), 1);
    assertError(e, 4, "-C");
    assertEquals(140, e.declared());
  }

  /** The one group of {@code input}, checked with {@code check} while its Groups is open. */
  private static void single(String input, CesrOptions options, Consumer<Group> check) {
    byte[] bytes = input.getBytes(StandardCharsets.US_ASCII);
    try (Groups groups = Groups.copyOf(bytes, options)) {
      check.accept(groups.next());
      assertFalse(groups.hasNext());
    }
    assertEquals(Snapshot.viaCopy(bytes, options), Snapshot.viaLegacy(bytes, options));
  }

  private static void singleOfLength(String input, CesrOptions options, int length) {
    single(input, options, g -> assertEquals(length, g.length()));
  }

  /** The genus-version code leading an AttachmentGroup's content is at depth + 1: maxDepth 2 allows it. */
  @Test
  void aLeadingGenusVersionCodeAtExactlyTheMaximumDepth() {
    single("-VAD-_AAABAA-AAA", CesrOptions.builder().maxDepth(2).build(), v -> {
      assertEquals(2, v.groups().size());
      assertEquals(2, v.groups().get(0).depth());
      assertEquals("KERIACDCGenusVersion", v.groups().get(0).name());
      assertEquals(12, v.groups().get(1).offset());
      assertEquals(2, v.groups().get(1).depth());
    });
    // an unsupported version there is reported at the code, inside the group
    UnsupportedException e = fails(UnsupportedException.class, "-VAC-_AAADAA");
    assertError(e, 4, "-_AAA");
    e = fails(UnsupportedException.class, "-AAA-VAC-_AAACAB", V1, 1);
    assertError(e, 8, "-_AAA");
  }

  /** A NonNativeBodyGroup holds exactly one Bytes primitive. */
  @Test
  void aNonNativeBodyGroupWithBytesLeftOver() {
    MalformedException e = fails(MalformedException.class, "-WAC" + "4BAA" + "AAAA");
    assertError(e, 8, "-W");
    assertEquals("one Bytes primitive filling NonNativeBodyGroup", e.expected());
    assertEquals("4 bytes left over", e.detail());
    assertEquals("at offset 8, code -W: 4 bytes left over; expected one Bytes primitive filling"
        + " NonNativeBodyGroup", e.getMessage());
    singleOfLength("-WAC" + "4BABAAAA", V1, 12);
  }

  @Test
  void overCountsOffsetsAndPositionsFromTheReaderIndex() {
    byte[] two = ("xyz-AAB" + sig(0) + "-AAA").getBytes(StandardCharsets.US_ASCII);
    ByteBuf buf = Unpooled.wrappedBuffer(two);
    buf.readerIndex(3);
    try (Groups groups = Groups.over(buf)) {
      assertEquals(0, groups.position());
      assertEquals(0, groups.next().offset());
      assertEquals(92, groups.position());
      assertEquals(92, groups.next().offset());
      assertEquals(96, groups.position());
      assertFalse(groups.hasNext());
    }
    // the one-argument copies
    try (Groups groups = Groups.copyOf(java.nio.ByteBuffer.wrap(two, 3, 96))) {
      assertEquals(92, groups.next().length());
      assertEquals(4, groups.next().length());
    }
    try (ParsedGroup pg = LegacyGroupParser.parseGroup(two, 3)) {
      assertEquals(92, pg.consumed());
      assertEquals(3, pg.group().offset());
      assertSame(CounterTable.CESR_1_0, pg.nextTable());
    }
  }

  @Test
  void viewsNameThemselves() {
    single("-AAB" + sig(0), V1, g -> assertEquals(
        "ControllerIdxSigs -AAB count 1 at 0 (92 bytes)", g.toString()));
    single("-FAB" + PREFIX + SN + DIGEST + "-AAB" + sig(0), V1, f -> {
      Tuple t = (Tuple) f.elements().get(0);
      assertEquals(4, t.parts().size());
      assertTrue(t.toString().startsWith("Tuple[Ed25519 " + PREFIX + ", "), t.toString());
    });
  }

  // ---- binary input ----

  /**
   * A qb2 attachment stream gives the groups of its qb64 twin: the same codes, counts, counter
   * text and signatures (code, index, qb64, raw), read from the binary bytes.
   */
  @Test
  void binaryAttachmentStreamsGiveTheGroupsOfTheirTextTwin() {
    for (String name : List.of("atc_sigs_K9_S4.v1", "atc_sigs_K9_S4.v2", "atc_bigidx_K8_S6.v2")) {
      List<String> text = describeGroups(Corpus.bytes(name + ".txt.cesr"), Domain.QB64);
      List<String> binary = describeGroups(Corpus.bytes(name + ".qb2.cesr"), Domain.QB2);
      assertEquals(text, binary, name);
      assertTrue(text.size() > 1, name);
    }
  }

  private static List<String> describeGroups(byte[] stream, Domain domain) {
    List<String> out = new ArrayList<>();
    try (Groups groups = Groups.copyOf(stream)) {
      for (Group g : groups) {
        assertEquals(domain, g.domain());
        assertEquals(domain.size(g.code().fs()), g.counterSize());
        out.add(g.name() + " " + g.count() + " " + g.counterText());
        for (IndexedSignature sig : g.signatures()) {
          assertEquals(domain, sig.domain());
          out.add(sig.code().code() + " " + sig.index() + " " + sig.ondex() + " " + sig.qb64Text()
              + " " + java.util.HexFormat.of().formatHex(sig.raw()));
        }
      }
    }
    return out;
  }

  // ---- every strict prefix of a corpus group is a truncation ----

  @Test
  void everyStrictPrefixOfACorpusGroupIsTruncated() {
    List<String> names = new ArrayList<>(Corpus.streams("attachments", "only"));
    names.removeIf(n -> !"qb64".equals(Corpus.manifestEntry(n).get("domain").asText()));
    assertEquals(8, names.size(), names.toString());
    names.add("sigs_v1_K16_S2.qb64");
    names.add("sigs_v2_K16_S2.qb64");
    int checked = 0;
    for (String name : names) {
      byte[] bytes = Corpus.bytes(name);
      // the first group and (after a leading genus-version code) the first one read with its table
      List<Group> firsts = new ArrayList<>();
      List<CounterTable> tables = new ArrayList<>();
      try (Groups groups = Groups.copyOf(bytes)) {
        for (int i = 0; i < 2; i++) {
          tables.add(groups.table());
          Group g = groups.next();
          int start = (int) g.offset();
          int end = start + g.length();
          for (int cut = start; cut < end; cut++) {
            byte[] prefix = Arrays.copyOf(bytes, cut);
            TruncatedException e = truncated(prefix, start, g.table(), name + " cut at " + cut);
            assertTrue(e.needed() > 0 && e.needed() <= end - cut, name + " cut at " + cut + ": " + e);
            assertTrue(e.offset() >= start && e.offset() <= cut, e.getMessage());
            checked++;
          }
          firsts.add(g);
        }
      }
      assertEquals(2, firsts.size());
    }
    assertTrue(checked > 1000, "prefixes checked: " + checked);
  }

  /** The prefix, parsed from {@code start} with {@code table}, is truncated in every path. */
  private static TruncatedException truncated(byte[] prefix, int start, CounterTable table,
      String where) {
    CesrOptions options = CesrOptions.builder().defaultTable(table).build();
    TruncatedException legacy;
    try (ParsedGroup pg = LegacyGroupParser.parseGroup(prefix, start, table, options)) {
      fail(where + ": parsed " + pg.group());
      return null;
    } catch (TruncatedException e) {
      legacy = e;
    } catch (CesrException e) {
      throw new AssertionError(where + ": " + e, e);
    }
    ByteBuf buf = Unpooled.wrappedBuffer(prefix);
    buf.readerIndex(start);
    try (Groups groups = Groups.over(buf, options)) {
      if (prefix.length == start) {
        // nothing of the group yet: a clean end for the iterator
        assertFalse(groups.hasNext(), where);
        return legacy;
      }
      CesrException e = assertThrows(CesrException.class, groups::next, where);
      assertInstanceOf(TruncatedException.class, e, where);
      // over() counts offsets from the reader index
      assertEquals(legacy.offset() - start, e.offset(), where);
      assertEquals(legacy.needed(), ((TruncatedException) e).needed(), where);
      assertEquals(start, buf.readerIndex());
    }
    return legacy;
  }
}
