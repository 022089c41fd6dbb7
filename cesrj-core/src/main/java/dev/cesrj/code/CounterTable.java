package dev.cesrj.code;

import static dev.cesrj.code.CounterCode.Trait.MAP_BODY;
import static dev.cesrj.code.CounterCode.Trait.SAD_PATH;
import static dev.cesrj.code.CounterCode.Trait.SAD_PATH_SIGNATURES;
import static dev.cesrj.code.CounterCode.Trait.SEAL;
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
import static dev.cesrj.code.Slot.PATHER;
import static dev.cesrj.code.Slot.PREFIXER;
import static dev.cesrj.code.Slot.SAD_PATH_SIG_GROUP;
import static dev.cesrj.code.Slot.SIGER;
import static dev.cesrj.code.Slot.SIGNATURE_GROUP;
import static dev.cesrj.code.Slot.SIGS;
import static dev.cesrj.code.Slot.TEXTER;
import static dev.cesrj.code.Slot.VERFER;
import static dev.cesrj.code.Slot.VERSER;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A counter code table: CESR 1.0 or CESR 2.0 as keripy's development head (e70a42db) defines
 * them in {@code CounterCodex_1_0} and {@code CounterCodex_2_0} ({@code counting.py}),
 * or the legacy CESR 1.0 table that deployed keripy 1.1 to 1.3, signify-ts and cesride write
 * (keripy 1.1 {@code coring.py}, 1.2 and 1.3 {@code counting.py}).
 *
 * <p>Text counters start with {@code -}; the second character gives the hard size. CESR 1.0 and
 * 2.0: a letter 2, {@code -} 3 (big codes {@code --X}), {@code _} 5 (the genus-version code
 * {@code -_AAA}). Legacy: a letter 2, {@code 0} 3 (big codes {@code -0X}), {@code -} 5 (its
 * genus-version code {@code --AAA}); it reads the universal {@code -_AAA} too, so that a
 * genus-version code can switch any stream to the current tables. Every CESR 2.0 count counts
 * quadlets; CESR 1.0 counts elements for {@code -A}..{@code -I} and {@code -Z}, the legacy table
 * also for {@code -D}, {@code -J} and {@code -K}.
 */
public enum CounterTable {
  /** CESR 1.0 ({@code CounterCodex_1_0}); genus-version {@code -_AAABAA}. */
  CESR_1_0(1),
  /** CESR 2.0 ({@code CounterCodex_2_0}); genus-version {@code -_AAACAA}. */
  CESR_2_0(2),
  /**
   * The legacy CESR 1.0 table of keripy 1.1 to 1.3 ({@code CounterCodex_1_0} of keripy 1.2.x and
   * 1.3.x, {@code CounterCodex} of 1.1.x), signify-ts and cesride; genus-version {@code --AAABAA}.
   * Differs from {@link #CESR_1_0}: {@code -D} TransReceiptQuadruples counted in elements; the
   * SAD-path signature groups {@code -J}/{@code -K}; big codes {@code -0L}, {@code -0V}, {@code
   * -0W}, {@code -0Z}; {@code -W} is a GenericGroup; no {@code -T}/{@code -U} and no NonNativeBody
   * group. Opt-in: {@link dev.cesrj.CesrOptions.Builder#legacyCesr10(boolean)}.
   */
  CESR_1_0_LEGACY(1);

  /** The legacy genus-version code {@code --AAA} (keripy 1.x {@code KERIACDCGenusVersion}). */
  public static final String LEGACY_GENUS_VERSION_CODE = "--AAA";

  /** The genus-version code {@code -_AAA} (KERI/ACDC genus), the same in every table. */
  public static final String GENUS_VERSION_CODE = "-_AAA";

  private final int major;
  private final CounterCode[] small = new CounterCode[128];
  private final CounterCode[] big = new CounterCode[128];
  private final List<CounterCode> all = new ArrayList<>();
  private CounterCode genusVersion;
  private CounterCode universalGenusVersion;
  private CounterCode controllerIdxSigs;

  CounterTable(int major) {
    this.major = major;
  }

  static {
    CESR_1_0.define10();
    CESR_2_0.define20();
    CESR_1_0_LEGACY.defineLegacy10();
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
    // every stream it writes follows the parser ({@code counting.py} against {@code parsing.py}):
    // cesrj follows both.
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
    addBoth(MAP_BODY, "G", "MapBodyGroup", QUADLETS, NATIVE_BODY);
    addBoth("H", "NonNativeBodyGroup", QUADLETS, NON_NATIVE_BODY);
    addBoth("I", "GenericMapGroup", QUADLETS, NATIVE_FIELDS);
    addBoth("J", "GenericListGroup", QUADLETS, NATIVE_FIELDS);
    addBoth("K", "ControllerIdxSigs", QUADLETS, TUPLES, SIGER);
    addBoth("L", "WitnessIdxSigs", QUADLETS, TUPLES, SIGER);
    addBoth("M", "NonTransReceiptCouples", QUADLETS, TUPLES, VERFER, CIGAR);
    addBoth("N", "TransReceiptIdxSigGroups", QUADLETS, TUPLES, PREFIXER, NUMBER, DIGER, SIGS);
    addBoth("O", "FirstSeenReplayCouples", QUADLETS, TUPLES, NUMBER, DATER);
    addBoth("P", "PathedMaterialCouples", QUADLETS, PATHED);
    addBoth(SEAL, "Q", "DigestSealSingles", QUADLETS, UNSUPPORTED, DIGER);
    addBoth(SEAL, "R", "MerkleRootSealSingles", QUADLETS, UNSUPPORTED, DIGER);
    addBoth(SEAL, "S", "SealSourceCouples", QUADLETS, TUPLES, NUMBER, DIGER);
    addBoth(SEAL, "T", "SealSourceTriples", QUADLETS, TUPLES, PREFIXER, NUMBER, DIGER);
    addBoth(SEAL, "U", "SealSourceLastSingles", QUADLETS, UNSUPPORTED, PREFIXER);
    addBoth(SEAL, "V", "BackerRegistrarSealCouples", QUADLETS, UNSUPPORTED, PREFIXER, DIGER);
    addBoth(SEAL, "W", "TypedDigestSealCouples", QUADLETS, TUPLES, VERSER, DIGER);
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

  /**
   * The legacy CESR 1.0 table, checked against keripy 1.1.17 ({@code coring.py}
   * {@code CounterCodex}, {@code parsing.py}), 1.2.13 and 1.3.6 ({@code counting.py}
   * {@code CounterCodex_1_0}, {@code parsing.py}, {@code eventing.proofize}). Names are those of
   * keripy 1.3.6.
   *
   * <p>SAD-path signatures follow the wire form every keripy 1.x writes ({@code proofize}) and
   * keripy 1.1 parses: {@code -J} SadPathSigGroups counts elements, each a Pather then one
   * signature group ({@code -F}, {@code -A} or {@code -C}; keripy writes count 1);
   * {@code -K} RootSadPathSigGroups is a root Pather then {@code count} {@code -J} groups. (keripy
   * 1.3's parser reads {@code -J} as 1.1 reads {@code -K} and cannot read {@code -K}: the meaning
   * drifted between versions.) {@code -Z} counts Texter elements, as keripy 1.3 parses it.
   */
  private void defineLegacy10() {
    add(SAD_PATH_SIGNATURES, "A", "ControllerIdxSigs", ELEMENTS, TUPLES, SIGER);
    add("B", "WitnessIdxSigs", ELEMENTS, TUPLES, SIGER);
    add(SAD_PATH_SIGNATURES, "C", "NonTransReceiptCouples", ELEMENTS, TUPLES, VERFER, CIGAR);
    add("D", "TransReceiptQuadruples", ELEMENTS, TUPLES, PREFIXER, NUMBER, DIGER, SIGER);
    add("E", "FirstSeenReplayCouples", ELEMENTS, TUPLES, NUMBER, DATER);
    add(SAD_PATH_SIGNATURES, "F", "TransIdxSigGroups", ELEMENTS, TUPLES, PREFIXER, NUMBER, DIGER,
        SIGS);
    add("G", "SealSourceCouples", ELEMENTS, TUPLES, NUMBER, DIGER);
    add("H", "TransLastIdxSigGroups", ELEMENTS, TUPLES, PREFIXER, SIGS);
    add("I", "SealSourceTriples", ELEMENTS, TUPLES, PREFIXER, NUMBER, DIGER);
    add(SAD_PATH, "J", "SadPathSigGroups", ELEMENTS, TUPLES, PATHER, SIGNATURE_GROUP);
    addCode(
        "-K",
        new CounterCode(
            this, "-K", "RootSadPathSigGroups", ELEMENTS, TUPLES, CounterCode.Trait.NONE, null,
            new Slot[] {PATHER}, new Slot[] {SAD_PATH_SIG_GROUP}));
    addLegacyBoth("L", "PathedMaterialGroup", QUADLETS, PATHED);
    addLegacyBoth("V", "AttachmentGroup", QUADLETS, ATTACHMENTS);
    addLegacyBoth("W", "GenericGroup", QUADLETS, GENERIC);
    addLegacyBoth("Z", "ESSRPayloadGroup", ELEMENTS, TUPLES, TEXTER);
    CounterCode legacyGenus =
        new CounterCode(
            this,
            LEGACY_GENUS_VERSION_CODE,
            "KERIACDCGenusVersion",
            CountUnit.NONE,
            Layout.GENUS_VERSION);
    all.add(legacyGenus);
    addGenusVersion();
    genusVersion = legacyGenus;
    controllerIdxSigs = small['A'];
  }

  private CounterCode add(
      String letter, String name, CountUnit unit, Layout layout, Slot... slots) {
    return add(CounterCode.Trait.NONE, letter, name, unit, layout, slots);
  }

  private CounterCode add(
      CounterCode.Trait trait,
      String letter,
      String name,
      CountUnit unit,
      Layout layout,
      Slot... slots) {
    CounterCode c =
        new CounterCode(
            this, "-" + letter, name, unit, layout, trait, null, new Slot[0], slots);
    addCode("-" + letter, c);
    return c;
  }

  private void addCode(String code, CounterCode c) {
    small[code.charAt(1)] = c;
    all.add(c);
  }

  private void addBoth(String letter, String name, CountUnit unit, Layout layout, Slot... slots) {
    addBoth(CounterCode.Trait.NONE, letter, name, unit, layout, slots);
  }

  /** A small code {@code -X} and its big form {@code --X}, both of trait {@code trait}. */
  private void addBoth(
      CounterCode.Trait trait,
      String letter,
      String name,
      CountUnit unit,
      Layout layout,
      Slot... slots) {
    addBig("--", add(trait, letter, name, unit, layout, slots));
  }

  /** A small code {@code -X} and its legacy big form {@code -0X} (hard size 3). */
  private void addLegacyBoth(
      String letter, String name, CountUnit unit, Layout layout, Slot... slots) {
    addBig("-0", add(letter, name, unit, layout, slots));
  }

  /**
   * The big form of {@code small}: hard part {@code prefix} then its letter, named {@code Big}
   * then its name (as every big code of keripy's {@code counting.py}), with its unit, layout,
   * trait and element grammar.
   */
  private void addBig(String prefix, CounterCode small) {
    char letter = small.code().charAt(1);
    CounterCode c =
        new CounterCode(
            this,
            prefix + letter,
            "Big" + small.name(),
            small.unit(),
            small.layout(),
            small.trait(),
            small,
            small.head().toArray(new Slot[0]),
            small.slots().toArray(new Slot[0]));
    big[letter] = c;
    all.add(c);
  }

  /** The universal genus-version code {@code -_AAA}; also this table's own unless legacy. */
  private void addGenusVersion() {
    universalGenusVersion =
        new CounterCode(
            this, GENUS_VERSION_CODE, "KERIACDCGenusVersion", CountUnit.NONE, Layout.GENUS_VERSION);
    genusVersion = universalGenusVersion;
    all.add(universalGenusVersion);
  }

  /** {@return the CESR major version of this table: 1 or 2 (1 for the legacy table)} */
  public int major() {
    return major;
  }

  /** {@return true for {@link #CESR_1_0_LEGACY}} */
  public boolean isLegacy() {
    return this == CESR_1_0_LEGACY;
  }

  /**
   * {@return every code of the table, small codes first in table order, then big forms after each}
   */
  public List<CounterCode> codes() {
    return Collections.unmodifiableList(all);
  }

  /**
   * {@return the genus-version code this table's writers use: {@code -_AAA}, or {@code --AAA} for
   * the legacy table}
   */
  public CounterCode genusVersion() {
    return genusVersion;
  }

  /**
   * {@return the genus-version code whose second character is {@code c1}: {@code _} gives the
   * universal {@code -_AAA} (read by every table), {@code -} the legacy {@code --AAA} (legacy table
   * only); {@code null} otherwise} Does not allocate.
   *
   * @param c1 the character after {@code -}
   */
  public CounterCode genusVersion(int c1) {
    if (c1 == '_') {
      return universalGenusVersion;
    }
    return c1 == '-' && isLegacy() ? genusVersion : null;
  }

  /**
   * {@return the ControllerIdxSigs code of this table: {@code -A} in CESR 1.0, {@code -K} in CESR
   * 2.0}
   */
  public CounterCode controllerIdxSigs() {
    return controllerIdxSigs;
  }

  /**
   * {@return the hard size of a text counter from its second character {@code c1} (the first is
   * {@code -}): 2 for a letter; 3 for {@code -} (big codes), or {@code 0} in the legacy table;
   * 5 for {@code _} (genus-version), and {@code -} in the legacy table; 0 if no counter of this
   * table can start so}
   *
   * @param c1 the character after {@code -}
   */
  public int hardSize(int c1) {
    if (c1 == '-') {
      return isLegacy() ? 5 : 3;
    }
    if (c1 == '_') {
      return 5;
    }
    if (c1 == '0') {
      return isLegacy() ? 3 : 0;
    }
    return (c1 >= 'A' && c1 <= 'Z') || (c1 >= 'a' && c1 <= 'z') ? 2 : 0;
  }

  /**
   * {@return the small code {@code -X} with {@code X = letter}, or {@code null}} Does not allocate.
   *
   * @param letter the character after {@code -}
   */
  public CounterCode small(int letter) {
    return letter >= 0 && letter < 128 ? small[letter] : null;
  }

  /**
   * {@return the big code with last character {@code letter} ({@code --X}, legacy {@code -0X}), or
   * {@code null}} Does not allocate.
   *
   * @param letter the character after {@code -0}
   */
  public CounterCode big(int letter) {
    return letter >= 0 && letter < 128 ? big[letter] : null;
  }

  /**
   * {@return the code whose hard part is {@code hard} (e.g. {@code "-A"}, {@code "--V"}, {@code
   * "-0V"}, {@code "-_AAA"}), or {@code null}} Does not allocate.
   *
   * @param hard the hard part of a counter code, e.g. {@code "-A"}
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
        CounterCode gv = genusVersion(hard.charAt(1));
        return gv != null && gv.code().equals(hard) ? gv : null;
    }
  }

  /**
   * {@return the code named {@code name} as the CESR code table names it (e.g. {@code
   * ControllerIdxSigs}, {@code BigAttachmentGroup}, {@code KERIACDCGenusVersion}), or {@code null}
   * if this table has none}
   *
   * @param name the group name as the code table has it
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
   * {@return the code of this table that writes group {@code name} with {@code count}: its small
   * form ({@code -X}) when the count fits in two Base64 characters (at most 4,095), else its big
   * form ({@code --X}, at most 1,073,741,823), as keripy's encoder promotes a counter above the
   * small form's capacity} {@code name} is the small form's name (e.g. {@code ControllerIdxSigs}:
   * {@code -A} in CESR 1.0, {@code -K} or {@code --K} in CESR 2.0). The count is in the code's
   * {@link CounterCode#unit() unit}.
   *
   * @param name the group name as the code table has it
   * @param count the count the counter must carry
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
   * {@return the table a genus-version code selects: {@code -_AAABAA} (major 1) or {@code -_AAACAA}
   * (major 2), or {@code null} for any other major version}
   *
   * @param major the CESR major version, 1 or 2
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

  /**
   * {@return the major version that the count of a genus-version code carries: the first of its
   * three Base64 soft characters ({@code count / 4096}; e.g. 2 for {@code -_AAACAA})} CESR
   * specification, "Protocol genus/version table".
   *
   * @param count the genus-version code's count, {@code 0..262,143}
   */
  public static int genusMajor(long count) {
    return (int) (count >> 12);
  }

  /**
   * {@return the minor version that the count of a genus-version code carries: the last two of its
   * three Base64 soft characters ({@code count % 4096}; e.g. 0 for {@code -_AAACAA})}
   *
   * @param count the genus-version code's count, {@code 0..262,143}
   */
  public static int genusMinor(long count) {
    return (int) (count & 4095);
  }

  /**
   * {@return the table that the genus-version code {@code code} with major version {@code major}
   * and minor version {@code minor} selects (CESR specification, "Protocol genus/version table";
   * keripy {@code counting.py}): {@code -_AAABAA} CESR 1.0, {@code -_AAACAA} CESR 2.0, the legacy
   * {@code --AAABAA} the legacy table; {@code null} for any other version (keripy has no table for
   * a later minor version)}
   *
   * @param code the genus-version code
   * @param major the major version it carries
   * @param minor the minor version it carries
   */
  public static CounterTable selectedBy(CounterCode code, int major, int minor) {
    if (minor != 0) {
      return null;
    }
    if (code.code().equals(LEGACY_GENUS_VERSION_CODE)) {
      return major == 1 ? CESR_1_0_LEGACY : null;
    }
    return ofMajor(major);
  }

  /**
   * {@return words for an error about a counter code {@code hard} (or the first characters of one)
   * that this table does not know: words naming the legacy table if {@code hard} is, or starts, one
   * of its codes (for example {@code "; -J is SadPathSigGroups of the legacy CESR 1.0 table ..."}),
   * else {@code ""}} Cold path: for error messages.
   *
   * @param hard a hard code this table does not know
   */
  public String legacyHint(String hard) {
    if (isLegacy() || hard.length() < 2 || hard.charAt(0) != '-' || lookup(hard) != null) {
      return "";
    }
    CounterTable legacy = CESR_1_0_LEGACY;
    int hs = legacy.hardSize(hard.charAt(1));
    if (hs == 0 || hard.length() > hs) {
      return "";
    }
    String what;
    if (hard.length() == hs) {
      CounterCode c = legacy.lookup(hard);
      if (c == null) {
        return "";
      }
      what = hard + " is " + c.name();
    } else if (hs == 3) {
      what = hard + " starts a big code (-0X)";
    } else if (LEGACY_GENUS_VERSION_CODE.startsWith(hard)) {
      what = hard + " starts the genus-version code " + LEGACY_GENUS_VERSION_CODE;
    } else {
      return "";
    }
    return "; " + what + " of the legacy CESR 1.0 table (keripy 1.1 to 1.3, signify-ts):"
        + " read such streams with CesrOptions.builder().legacyCesr10(true)";
  }
}
