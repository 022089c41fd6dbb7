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
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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

  // ---- fixed test material (encoded by Qb64 from CESR.md) ----

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
    byte[] bytes = input.getBytes(StandardCharsets.US_ASCII);
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
    // 'Z' is no Indexer code; '1A' neither (Matter 1AAB is ECDSA_256k1)
    String notSig = "Z" + sig(0).substring(1);
    assertError(fails(UnknownCodeException.class, "-AAB" + notSig), 4, "Z");
    String ecdsaKey = Qb64.matter(MatterCode.ECDSA_256k1, new byte[33]);
    assertError(fails(UnknownCodeException.class, "-AAB" + ecdsaKey + "A".repeat(40)), 4, "1A");
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
    // keripy has no parse method for these CESR 2.0 codes (CESR.md 4.3 "no method"): a typed
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
    assertError(e, 32, null);
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
    assertError(e, 4 + 116, null);
    // the genus-version code leading an AttachmentGroup's content is one level deeper too
    CesrOptions one = CesrOptions.builder().maxDepth(1).build();
    e = fails(NestingTooDeepException.class, "-VAC-_AAACAA", one, 0);
    assertError(e, 4, null);
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

  // ---- binary input ----

  @Test
  void binaryAttachmentStreamsAreUnsupported() {
    for (String name : List.of("atc_sigs_K9_S4.v1.qb2.cesr", "atc_sigs_K9_S4.v2.qb2.cesr")) {
      byte[] bytes = Corpus.bytes(name);
      try (Groups groups = Groups.copyOf(bytes)) {
        UnsupportedException e = assertThrows(UnsupportedException.class, groups::next);
        assertError(e, 0, null);
      }
    }
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
