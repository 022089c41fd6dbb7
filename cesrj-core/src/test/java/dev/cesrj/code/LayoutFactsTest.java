package dev.cesrj.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The facts each {@link Layout} carries, checked against the reference: which counters keripy's
 * parser reads in an attachment run, which select the table, which are body groups, which hold
 * a nested stream or attachments, which keripy does not parse at all, per table. {@code
 * dev.cesrj.stream.LayoutContentTest} checks {@link Layout#content()} against the views.
 */
class LayoutFactsTest {

  /**
   * keripy {@code src/keri/core/parsing.py}, {@code Parser.Methods[1][0]}: the counter names the
   * parser has an attachment method for in a CESR 1.0 stream (keripy development head, mirrored
   * here). The AttachmentGroup and the message-level groups are read by {@code msgParsator}
   * itself, outside this table.
   */
  private static final Set<String> KERIPY_METHODS_1 = Set.of(
      "BigESSRPayloadGroup", "BigPathedMaterialCouples", "ControllerIdxSigs", "ESSRPayloadGroup",
      "FirstSeenReplayCouples", "NonTransReceiptCouples", "PathedMaterialCouples",
      "SealSourceCouples", "SealSourceTriples", "TransIdxSigGroups", "TransLastIdxSigGroups",
      "TransReceiptIdxSigGroups", "WitnessIdxSigs");

  /** keripy {@code Parser.Methods[2][0]}: the same for a CESR 2.0 stream. */
  private static final Set<String> KERIPY_METHODS_2 = Set.of(
      "BigBlindedStateQuadruples", "BigBoundStateSextuples", "BigControllerIdxSigs",
      "BigESSRPayloadGroup", "BigFirstSeenReplayCouples", "BigNonTransReceiptCouples",
      "BigPathedMaterialCouples", "BigSealSourceCouples", "BigSealSourceTriples",
      "BigTransIdxSigGroups", "BigTransLastIdxSigGroups", "BigTransReceiptIdxSigGroups",
      "BigTypedDigestSealCouples", "BigTypedMediaQuadruples", "BigWitnessIdxSigs",
      "BlindedStateQuadruples", "BoundStateSextuples", "ControllerIdxSigs", "ESSRPayloadGroup",
      "FirstSeenReplayCouples", "NonTransReceiptCouples", "PathedMaterialCouples",
      "SealSourceCouples", "SealSourceTriples", "TransIdxSigGroups", "TransLastIdxSigGroups",
      "TransReceiptIdxSigGroups", "TypedDigestSealCouples", "TypedMediaQuadruples",
      "WitnessIdxSigs");

  @Test
  void anAttachmentIsParsedInRunExactlyWhenKeripyHasAMethodForIt() {
    List<String> wrong = new ArrayList<>();
    check(CounterTable.CESR_1_0, KERIPY_METHODS_1, wrong);
    check(CounterTable.CESR_2_0, KERIPY_METHODS_2, wrong);
    assertEquals(List.of(), wrong);
  }

  private static void check(CounterTable table, Set<String> methods, List<String> wrong) {
    for (CounterCode c : table.codes()) {
      Layout l = c.layout();
      if (l.startsMessage() || l.content() == Layout.Content.GROUPS || l.selectsTable()) {
        continue; // read by msgParsator itself, not through Parser.Methods
      }
      if (l.parsedInRun() != methods.contains(c.name())) {
        wrong.add(table + " " + c.name() + " " + l + " parsedInRun=" + l.parsedInRun());
      }
    }
  }

  /** keripy {@code src/keri/core/counting.py}, {@code BUDex_1_0}: the CESR 1.0 body groups. */
  private static final Set<String> KERIPY_BODY_GROUPS_1 =
      Set.of("NonNativeBodyGroup", "BigNonNativeBodyGroup");

  /** keripy {@code BUDex_2_0}: the CESR 2.0 body groups. */
  private static final Set<String> KERIPY_BODY_GROUPS_2 = Set.of(
      "FixBodyGroup", "BigFixBodyGroup", "MapBodyGroup", "BigMapBodyGroup", "NonNativeBodyGroup",
      "BigNonNativeBodyGroup");

  /**
   * keripy {@code SUDex_1_0} and {@code SUDex_2_0} (the same names): the special universal
   * groups, which {@code Parser.groupParsator} (GenericGroup) and {@code Parser.msgParsator}
   * (BodyWithAttachmentGroup, AttachmentGroup) read themselves.
   */
  private static final Set<String> KERIPY_SPECIAL_GROUPS = Set.of(
      "GenericGroup", "BigGenericGroup", "BodyWithAttachmentGroup", "BigBodyWithAttachmentGroup",
      "AttachmentGroup", "BigAttachmentGroup");

  /**
   * The field groups of a CESR-native body, which keripy reads inside one ({@code
   * src/keri/core/serdering.py} {@code Serder._loads}, {@code src/keri/core/mapping.py} {@code
   * Mapper._inhale}).
   */
  private static final Set<String> KERIPY_FIELD_GROUPS = Set.of(
      "GenericMapGroup", "BigGenericMapGroup", "GenericListGroup", "BigGenericListGroup");

  /** keripy's genus-version code, {@code CtrDex_1_0.KERIACDCGenusVersion} and 2.0's. */
  private static final String GENUS_VERSION = "KERIACDCGenusVersion";

  /**
   * {@link Layout#selectsTable()}: exactly keripy's genus-version code, which {@code
   * Parser.msgParsator} reads to set {@code self.version}.
   */
  @Test
  void exactlyTheGenusVersionCodeSelectsTheTable() {
    assertEquals(List.of(), mismatches(Layout::selectsTable, n -> n.equals(GENUS_VERSION),
        n -> n.equals(GENUS_VERSION)));
  }

  /** {@link Layout#isBodyGroup()}: exactly keripy's {@code BUDex} of each version. */
  @Test
  void theBodyGroupsAreKeripysBodyUniversalCodes() {
    assertEquals(List.of(), mismatches(Layout::isBodyGroup, KERIPY_BODY_GROUPS_1::contains,
        KERIPY_BODY_GROUPS_2::contains));
  }

  /**
   * {@link Layout#holdsStream()}: exactly GenericGroup, the code {@code Parser.groupParsator}
   * nests a top-level stream into.
   */
  @Test
  void exactlyTheGenericGroupHoldsAStream() {
    Predicate<String> generic = n -> n.equals("GenericGroup") || n.equals("BigGenericGroup");
    assertEquals(List.of(), mismatches(Layout::holdsStream, generic, generic));
  }

  /**
   * {@link Layout#holdsBody()} without being a body group: exactly BodyWithAttachmentGroup, which
   * {@code Parser.msgParsator} opens before the body group it holds.
   */
  @Test
  void exactlyTheBodyWithAttachmentGroupHoldsABodyGroup() {
    Predicate<String> envelope =
        n -> n.equals("BodyWithAttachmentGroup") || n.equals("BigBodyWithAttachmentGroup");
    assertEquals(List.of(), mismatches(l -> l.holdsBody() && !l.isBodyGroup(), envelope,
        envelope));
  }

  /**
   * {@link Layout.Content#GROUPS}: exactly AttachmentGroup, whose content {@code
   * Parser.msgParsator} reads as the message's attachments ({@code codes.AttachmentGroup}).
   */
  @Test
  void exactlyTheAttachmentGroupHoldsAttachmentGroups() {
    Predicate<String> wrapper = n -> n.equals("AttachmentGroup") || n.equals("BigAttachmentGroup");
    assertEquals(List.of(), mismatches(l -> l.content() == Layout.Content.GROUPS, wrapper,
        wrapper));
  }

  /**
   * {@link Layout#supported()}: a code is supported exactly when keripy reads it somewhere: an
   * attachment method ({@code Parser.Methods}), a special universal group, a body group, the
   * genus-version code, or a field group of a native body. In CESR 2.0 the others are
   * DatagramSegmentGroup, ESSRWrapperGroup and four seal groups.
   */
  @Test
  void aCodeIsSupportedExactlyWhenKeripyReadsIt() {
    Predicate<String> read1 = n -> KERIPY_METHODS_1.contains(n)
        || KERIPY_SPECIAL_GROUPS.contains(n) || KERIPY_BODY_GROUPS_1.contains(n)
        || n.equals(GENUS_VERSION) || KERIPY_FIELD_GROUPS.contains(n);
    Predicate<String> read2 = n -> KERIPY_METHODS_2.contains(n)
        || KERIPY_SPECIAL_GROUPS.contains(n) || KERIPY_BODY_GROUPS_2.contains(n)
        || n.equals(GENUS_VERSION) || KERIPY_FIELD_GROUPS.contains(n);
    assertEquals(List.of(), mismatches(Layout::supported, read1, read2));
    Set<String> unsupported = new TreeSet<>();
    for (CounterCode c : CounterTable.CESR_2_0.codes()) {
      if (!c.isBig() && !c.layout().supported()) {
        unsupported.add(c.name());
      }
    }
    assertEquals(new TreeSet<>(Set.of("DatagramSegmentGroup", "ESSRWrapperGroup",
        "DigestSealSingles", "MerkleRootSealSingles", "SealSourceLastSingles",
        "BackerRegistrarSealCouples")), unsupported);
  }

  /**
   * The facts are the layout: no two layouts share every fact, so a site that asks the facts
   * tells apart any two layouts a comparison of names could, and a new layout with the facts of
   * an existing kind is read as that kind everywhere.
   */
  @Test
  void noTwoLayoutsShareTheirFacts() {
    Map<List<Object>, Layout> seen = new HashMap<>();
    for (Layout l : Layout.values()) {
      Layout before = seen.put(facts(l), l);
      assertEquals(null, before, l + " has the facts of " + before);
    }
    assertEquals(Layout.values().length, seen.size());
  }

  /**
   * The facts hold together: a body group holds a body and starts a message; a group holding a
   * stream or a body starts a message; a genus-version code has no content and starts none; an
   * unsupported code is not parsed in a run; only a layout of {@link Layout.Content#MESSAGES}
   * holds a stream.
   */
  @Test
  void theFactsHoldTogether() {
    Set<String> wrong = new HashSet<>();
    for (Layout l : Layout.values()) {
      if (l.isBodyGroup() && !(l.holdsBody() && l.startsMessage())) {
        wrong.add(l + " body group");
      }
      if ((l.holdsStream() || l.holdsBody()) && !l.startsMessage()) {
        wrong.add(l + " holds a stream or body but starts no message");
      }
      if (l.selectsTable() && (l.content() != Layout.Content.NONE || l.startsMessage())) {
        wrong.add(l + " genus-version");
      }
      if (!l.supported() && l.parsedInRun()) {
        wrong.add(l + " unsupported yet parsed in a run");
      }
    }
    assertEquals(Set.of(), wrong);
  }

  private static List<Object> facts(Layout l) {
    return List.of(l.content(), l.startsMessage(), l.holdsBody(), l.parsedInRun(),
        l.selectsTable(), l.supported(), l.isBodyGroup(), l.holdsStream());
  }

  /**
   * The codes of CESR 1.0 and 2.0 whose layout's {@code fact} differs from keripy's, {@code
   * keripy1} and {@code keripy2} telling by the code's name.
   */
  private static List<String> mismatches(
      Predicate<Layout> fact, Predicate<String> keripy1, Predicate<String> keripy2) {
    List<String> wrong = new ArrayList<>();
    for (CounterCode c : CounterTable.CESR_1_0.codes()) {
      if (fact.test(c.layout()) != keripy1.test(c.name())) {
        wrong.add("1.0 " + c.name() + " " + c.layout());
      }
    }
    for (CounterCode c : CounterTable.CESR_2_0.codes()) {
      if (fact.test(c.layout()) != keripy2.test(c.name())) {
        wrong.add("2.0 " + c.name() + " " + c.layout());
      }
    }
    return wrong;
  }
}
