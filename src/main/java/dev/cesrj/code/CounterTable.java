package dev.cesrj.code;

import static dev.cesrj.code.CountUnit.ELEMENTS;
import static dev.cesrj.code.CountUnit.QUADLETS;
import static dev.cesrj.code.Layout.ATTACHMENTS;
import static dev.cesrj.code.Layout.BODY_WITH_ATTACHMENTS;
import static dev.cesrj.code.Layout.GENERIC;
import static dev.cesrj.code.Layout.NATIVE_BODY;
import static dev.cesrj.code.Layout.NATIVE_FIELDS;
import static dev.cesrj.code.Layout.NON_NATIVE_BODY;
import static dev.cesrj.code.Layout.PATHED;
import static dev.cesrj.code.Layout.TUPLES;
import static dev.cesrj.code.Layout.UNSUPPORTED;
import static dev.cesrj.code.Layout.UNSUPPORTED_MESSAGE;
import static dev.cesrj.code.Slot.CIGAR;
import static dev.cesrj.code.Slot.DATER;
import static dev.cesrj.code.Slot.DIGER;
import static dev.cesrj.code.Slot.LABELER;
import static dev.cesrj.code.Slot.NONCER;
import static dev.cesrj.code.Slot.NUMBER;
import static dev.cesrj.code.Slot.PREFIXER;
import static dev.cesrj.code.Slot.SIGER;
import static dev.cesrj.code.Slot.SIGS;
import static dev.cesrj.code.Slot.TEXTER;
import static dev.cesrj.code.Slot.VERFER;
import static dev.cesrj.code.Slot.VERSER;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A counter code table: CESR 1.0 or CESR 2.0 as keripy's development head (e70a42db) defines
 * them in {@code CounterCodex_1_0} and {@code CounterCodex_2_0} (CESR.md sections 4.3 and 4.4).
 *
 * <p>Text counters start with {@code -}; the second character gives the hard size: a letter
 * 2, {@code -} 3 (big codes), {@code _} 5 (the genus-version code {@code -_AAA}, shared by both
 * tables). Every CESR 2.0 count counts quadlets; CESR 1.0 counts elements for {@code -A}..{@code
 * -I} and {@code -Z}.
 */
public enum CounterTable {
  /** CESR 1.0 ({@code CounterCodex_1_0}); genus-version {@code -_AAABAA}. */
  CESR_1_0(1),
  /** CESR 2.0 ({@code CounterCodex_2_0}); genus-version {@code -_AAACAA}. */
  CESR_2_0(2);

  /** The genus-version code {@code -_AAA} (KERI/ACDC genus), the same in every table. */
  public static final String GENUS_VERSION_CODE = "-_AAA";

  private final int major;
  private final CounterCode[] small = new CounterCode[128];
  private final CounterCode[] big = new CounterCode[128];
  private final List<CounterCode> all = new ArrayList<>();
  private CounterCode genusVersion;
  private CounterCode controllerIdxSigs;

  CounterTable(int major) {
    this.major = major;
  }

  static {
    CESR_1_0.define10();
    CESR_2_0.define20();
  }

  private void define10() {
    add("A", "ControllerIdxSigs", ELEMENTS, TUPLES, SIGER);
    add("B", "WitnessIdxSigs", ELEMENTS, TUPLES, SIGER);
    add("C", "NonTransReceiptCouples", ELEMENTS, TUPLES, VERFER, CIGAR);
    add("D", "TransReceiptIdxSigGroups", QUADLETS, TUPLES, PREFIXER, NUMBER, DIGER, SIGS);
    add("E", "FirstSeenReplayCouples", ELEMENTS, TUPLES, NUMBER, DATER);
    add("F", "TransIdxSigGroups", ELEMENTS, TUPLES, PREFIXER, NUMBER, DIGER, SIGS);
    add("G", "SealSourceCouples", ELEMENTS, TUPLES, NUMBER, DIGER);
    add("H", "TransLastIdxSigGroups", ELEMENTS, TUPLES, PREFIXER, SIGS);
    add("I", "SealSourceTriples", ELEMENTS, TUPLES, PREFIXER, NUMBER, DIGER);
    addBoth("L", "PathedMaterialCouples", QUADLETS, PATHED);
    addBoth("T", "GenericGroup", QUADLETS, GENERIC);
    addBoth("U", "BodyWithAttachmentGroup", QUADLETS, BODY_WITH_ATTACHMENTS);
    addBoth("V", "AttachmentGroup", QUADLETS, ATTACHMENTS);
    addBoth("W", "NonNativeBodyGroup", QUADLETS, NON_NATIVE_BODY);
    // keripy's table says quadlets, but its CESR 1.0 parser reads `count` Texter elements, and
    // every stream it writes follows the parser [ambiguous in CESR.md 4.4]: cesrj follows both.
    addBoth("Z", "ESSRPayloadGroup", ELEMENTS, TUPLES, TEXTER);
    addGenusVersion();
    controllerIdxSigs = small['A'];
  }

  /**
   * CESR 2.0. DigestSealSingles, MerkleRootSealSingles, SealSourceLastSingles and
   * BackerRegistrarSealCouples keep their element grammar as data but are {@link
   * Layout#UNSUPPORTED}: keripy has no method to parse them as attachments and raises.
   */
  private void define20() {
    addBoth("A", "GenericGroup", QUADLETS, GENERIC);
    addBoth("B", "BodyWithAttachmentGroup", QUADLETS, BODY_WITH_ATTACHMENTS);
    addBoth("C", "AttachmentGroup", QUADLETS, ATTACHMENTS);
    addBoth("D", "DatagramSegmentGroup", QUADLETS, UNSUPPORTED_MESSAGE);
    addBoth("E", "ESSRWrapperGroup", QUADLETS, UNSUPPORTED_MESSAGE);
    addBoth("F", "FixBodyGroup", QUADLETS, NATIVE_BODY);
    addBoth("G", "MapBodyGroup", QUADLETS, NATIVE_BODY);
    addBoth("H", "NonNativeBodyGroup", QUADLETS, NON_NATIVE_BODY);
    addBoth("I", "GenericMapGroup", QUADLETS, NATIVE_FIELDS);
    addBoth("J", "GenericListGroup", QUADLETS, NATIVE_FIELDS);
    addBoth("K", "ControllerIdxSigs", QUADLETS, TUPLES, SIGER);
    addBoth("L", "WitnessIdxSigs", QUADLETS, TUPLES, SIGER);
    addBoth("M", "NonTransReceiptCouples", QUADLETS, TUPLES, VERFER, CIGAR);
    addBoth("N", "TransReceiptIdxSigGroups", QUADLETS, TUPLES, PREFIXER, NUMBER, DIGER, SIGS);
    addBoth("O", "FirstSeenReplayCouples", QUADLETS, TUPLES, NUMBER, DATER);
    addBoth("P", "PathedMaterialCouples", QUADLETS, PATHED);
    addBoth("Q", "DigestSealSingles", QUADLETS, UNSUPPORTED, DIGER);
    addBoth("R", "MerkleRootSealSingles", QUADLETS, UNSUPPORTED, DIGER);
    addBoth("S", "SealSourceCouples", QUADLETS, TUPLES, NUMBER, DIGER);
    addBoth("T", "SealSourceTriples", QUADLETS, TUPLES, PREFIXER, NUMBER, DIGER);
    addBoth("U", "SealSourceLastSingles", QUADLETS, UNSUPPORTED, PREFIXER);
    addBoth("V", "BackerRegistrarSealCouples", QUADLETS, UNSUPPORTED, PREFIXER, DIGER);
    addBoth("W", "TypedDigestSealCouples", QUADLETS, TUPLES, VERSER, DIGER);
    addBoth("X", "TransIdxSigGroups", QUADLETS, TUPLES, PREFIXER, NUMBER, DIGER, SIGS);
    addBoth("Y", "TransLastIdxSigGroups", QUADLETS, TUPLES, PREFIXER, SIGS);
    addBoth("Z", "ESSRPayloadGroup", QUADLETS, TUPLES, TEXTER);
    addBoth("a", "BlindedStateQuadruples", QUADLETS, TUPLES, DIGER, NONCER, NONCER, LABELER);
    addBoth(
        "b",
        "BoundStateSextuples",
        QUADLETS,
        TUPLES,
        DIGER,
        NONCER,
        NONCER,
        LABELER,
        NUMBER,
        NONCER);
    addBoth("c", "TypedMediaQuadruples", QUADLETS, TUPLES, DIGER, NONCER, LABELER, TEXTER);
    addGenusVersion();
    controllerIdxSigs = small['K'];
  }

  private void add(String letter, String name, CountUnit unit, Layout layout, Slot... slots) {
    CounterCode c = new CounterCode(this, "-" + letter, name, unit, layout, slots);
    small[letter.charAt(0)] = c;
    all.add(c);
  }

  private void addBoth(String letter, String name, CountUnit unit, Layout layout, Slot... slots) {
    add(letter, name, unit, layout, slots);
    CounterCode c = new CounterCode(this, "--" + letter, "Big" + name, unit, layout, slots);
    big[letter.charAt(0)] = c;
    all.add(c);
  }

  private void addGenusVersion() {
    genusVersion =
        new CounterCode(
            this, GENUS_VERSION_CODE, "KERIACDCGenusVersion", CountUnit.NONE, Layout.GENUS_VERSION);
    all.add(genusVersion);
  }

  /** The CESR major version of this table: 1 or 2. */
  public int major() {
    return major;
  }

  /** Every code of the table, small codes first in table order, then big forms after each. */
  public List<CounterCode> codes() {
    return Collections.unmodifiableList(all);
  }

  /** The genus-version code {@code -_AAA} of this table. */
  public CounterCode genusVersion() {
    return genusVersion;
  }

  /** ControllerIdxSigs of this table: {@code -A} in CESR 1.0, {@code -K} in CESR 2.0. */
  public CounterCode controllerIdxSigs() {
    return controllerIdxSigs;
  }

  /**
   * The hard size of a text counter from its second character {@code c1} (the first is
   * {@code -}): 2 for a letter, 3 for {@code -}, 5 for {@code _}; 0 if no counter of this table
   * can start so.
   */
  public int hardSize(int c1) {
    if (c1 == '-') {
      return 3;
    }
    if (c1 == '_') {
      return 5;
    }
    return (c1 >= 'A' && c1 <= 'Z') || (c1 >= 'a' && c1 <= 'z') ? 2 : 0;
  }

  /**
   * The small code {@code -X} with {@code X = letter}, or {@code null}. Does not allocate.
   */
  public CounterCode small(int letter) {
    return letter >= 0 && letter < 128 ? small[letter] : null;
  }

  /** The big code {@code --X} with {@code X = letter}, or {@code null}. Does not allocate. */
  public CounterCode big(int letter) {
    return letter >= 0 && letter < 128 ? big[letter] : null;
  }

  /**
   * The code whose hard part is {@code hard} (e.g. {@code "-A"}, {@code "--V"}, {@code "-_AAA"}),
   * or {@code null}. Does not allocate.
   */
  public CounterCode lookup(String hard) {
    int n = hard.length();
    if (n < 2 || hard.charAt(0) != '-' || hardSize(hard.charAt(1)) != n) {
      return null;
    }
    switch (n) {
      case 2:
        return small(hard.charAt(1));
      case 3:
        return big(hard.charAt(2));
      default:
        return GENUS_VERSION_CODE.equals(hard) ? genusVersion : null;
    }
  }

  /**
   * The code named {@code name} as the CESR code table names it (e.g. {@code ControllerIdxSigs},
   * {@code BigAttachmentGroup}, {@code KERIACDCGenusVersion}), or {@code null} if this table has
   * none.
   */
  public CounterCode named(String name) {
    for (CounterCode c : all) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /**
   * The code of this table that writes group {@code name} with {@code count}: its small form
   * ({@code -X}) when the count fits in two Base64 characters (at most 4,095), else its big form
   * ({@code --X}, at most 1,073,741,823), as keripy's encoder promotes a counter above the small
   * form's capacity. {@code name} is the small form's name (e.g. {@code ControllerIdxSigs}: {@code
   * -A} in CESR 1.0, {@code -K} or {@code --K} in CESR 2.0). The count is in the code's {@link
   * CounterCode#unit() unit}.
   *
   * @throws IllegalArgumentException if the table has no group {@code name} (the genus-version
   *     code is not a group), if {@code count} is negative, or if it exceeds the capacity of every
   *     form the table has (CESR 1.0 element-counted groups such as {@code -A} have no big form:
   *     at most 4,095 elements)
   */
  public CounterCode codeFor(String name, long count) {
    CounterCode small = named(name);
    if (small == null || small.isBig() || small.layout() == Layout.GENUS_VERSION) {
      throw new IllegalArgumentException("no group " + name + " in " + this);
    }
    if (count < 0) {
      throw new IllegalArgumentException(name + ": negative count " + count);
    }
    if (count <= small.maxCount()) {
      return small;
    }
    CounterCode big = big(small.code().charAt(1));
    if (big == null) {
      throw new IllegalArgumentException(
          name + " " + small.code() + " (" + this + ") counts at most " + small.maxCount()
              + " and has no big form; count " + count);
    }
    if (count > big.maxCount()) {
      throw new IllegalArgumentException(
          big.name() + " " + big.code() + " (" + this + ") counts at most " + big.maxCount()
              + "; count " + count);
    }
    return big;
  }

  /**
   * The table a genus-version code selects: {@code -_AAABAA} (major 1) or {@code -_AAACAA} (major
   * 2), or {@code null} for any other major version.
   */
  public static CounterTable ofMajor(int major) {
    switch (major) {
      case 1:
        return CESR_1_0;
      case 2:
        return CESR_2_0;
      default:
        return null;
    }
  }
}
