package dev.cesrj.code;

import java.util.List;

/**
 * One row of a counter (group) code table: the code, its name as the CESR code tables name it,
 * its sizes, what its count counts and what the group holds.
 *
 * <p>Sizes are in Base64 characters: {@code -X} codes have hard size 2 and soft size 2 (count
 * 0..4,095); big {@code --X} codes (legacy {@code -0X}) hard size 3 and soft size 5 (count
 * 0..1,073,741,823); the genus-version code {@code -_AAA} (legacy {@code --AAA}) hard size 5 and
 * soft size 3. A qb2 counter is {@code fs * 3 / 4} bytes. Instances are immutable and obtained
 * from a {@link CounterTable}.
 */
public final class CounterCode {
  private final CounterTable table;
  private final String code;
  private final String name;
  private final CountUnit unit;
  private final Layout layout;
  private final List<Slot> slots;
  private final Slot[] slotArray;
  private final List<Slot> head;
  private final int tupleMinSize;
  private final int tupleMaxSize;
  private final int headMinSize;
  private final boolean countsSignatures;
  private final Trait trait;
  private final CounterCode smallForm;

  /**
   * What a code is beyond its layout and element grammar, where the CESR code tables and keripy's
   * parser single some groups out: set in the row that defines the code (both forms of a group
   * share it).
   */
  enum Trait {
    /** Nothing beyond its layout. */
    NONE,
    /** MapBodyGroup: a CESR-native body whose every field follows its label. */
    MAP_BODY,
    /**
     * A seal group keripy's CESR-native bodies hold as a field (keripy {@code Serder.ClanCodes}).
     */
    SEAL,
    /**
     * May stand as the signature group of a legacy SadPathSigGroups element (keripy 1.x {@code
     * Parser._sadPathSigGroup}): TransIdxSigGroups, ControllerIdxSigs, NonTransReceiptCouples.
     */
    SAD_PATH_SIGNATURES,
    /** The legacy SadPathSigGroups {@code -J}: the element of RootSadPathSigGroups {@code -K}. */
    SAD_PATH
  }

  CounterCode(
      CounterTable table, String code, String name, CountUnit unit, Layout layout, Slot... slots) {
    this(table, code, name, unit, layout, Trait.NONE, null, new Slot[0], slots);
  }

  /**
   * A code of trait {@code trait}: the small form of its group if {@code smallForm} is {@code
   * null}, else the big form of {@code smallForm}; a tuple group's content starts with the items
   * of {@code head}, once, before its tuples.
   */
  CounterCode(
      CounterTable table,
      String code,
      String name,
      CountUnit unit,
      Layout layout,
      Trait trait,
      CounterCode smallForm,
      Slot[] head,
      Slot[] slots) {
    this.table = table;
    this.code = code;
    this.name = name;
    this.trait = trait;
    this.smallForm = smallForm != null ? smallForm : this;
    this.unit = unit;
    this.layout = layout;
    this.slots = List.of(slots);
    this.slotArray = slots.clone();
    int min = 0;
    for (Slot s : slots) {
      min += s.minSize();
    }
    this.tupleMinSize = min;
    int max = 0;
    for (Slot s : slots) {
      max = s.maxSize() < 0 || max < 0 ? -1 : max + s.maxSize();
    }
    this.tupleMaxSize = slots.length > 0 ? max : -1;
    this.head = List.of(head);
    int headMin = 0;
    for (Slot s : head) {
      headMin += s.minSize();
    }
    this.headMinSize = headMin;
    this.countsSignatures =
        unit == CountUnit.ELEMENTS && slots.length == 1 && slots[0] == Slot.SIGER;
  }

  /** {@return the table this code belongs to} */
  public CounterTable table() {
    return table;
  }

  /** {@return the hard part, e.g. {@code "-A"}, {@code "--V"} or {@code "-_AAA"}} */
  public String code() {
    return code;
  }

  /** {@return the name as the CESR code table names it, e.g. {@code ControllerIdxSigs}} */
  public String name() {
    return name;
  }

  /**
   * {@return the items a {@link Layout#TUPLES} group holds once, after its counter and before its
   * tuples (not counted by an element count): the root Pather of the legacy RootSadPathSigGroups
   * {@code -K}} Empty for every other code.
   */
  public List<Slot> head() {
    return head;
  }

  /** {@return the fewest characters the {@link #head()} items can take} */
  public int headMinSize() {
    return headMinSize;
  }

  /** {@return hard size in characters: 2, 3 (big) or 5 (genus-version)} */
  public int hs() {
    return code.length();
  }

  /** {@return soft size in characters: 2, 5 (big) or 3 (genus-version)} */
  public int ss() {
    return fs() - hs();
  }

  /** {@return full size in characters: 4, or 8 for big and genus-version codes} */
  public int fs() {
    return code.length() == 2 ? 4 : 8;
  }

  /** {@return largest count the soft part can carry: {@code 64^ss - 1}} */
  public long maxCount() {
    return (1L << (6 * ss())) - 1;
  }

  /** {@return true for the big ({@code --X}, legacy {@code -0X}) form} */
  public boolean isBig() {
    return code.length() == 3;
  }

  /**
   * {@return the small form of this code's group: this code itself unless it is a big form, else
   * the small code of the same group with the same layout, unit and element grammar (e.g. {@code
   * -V} AttachmentGroup for {@code --V} BigAttachmentGroup in CESR 2.0, {@code -V} for the legacy
   * {@code -0V})} keripy {@code counting.py} pairs each big code with its small one by name ({@code
   * Big} in front).
   */
  public CounterCode smallForm() {
    return smallForm;
  }

  /**
   * {@return the name of this code's group without its size form: {@link #name()} of {@link
   * #smallForm()} (e.g. {@code AttachmentGroup} for both {@code -V} and {@code --V})}
   */
  public String baseName() {
    return smallForm.name;
  }

  /**
   * {@return true for MapBodyGroup and its big form (CESR 2.0 {@code -G}, {@code --G}): a
   * CESR-native body whose every field is a label then its value, so that its Verser is the
   * second primitive, not the first as in a FixBodyGroup} keripy {@code counting.py}, {@code
   * serdering.py}.
   */
  public boolean isMapBody() {
    return trait == Trait.MAP_BODY;
  }

  /**
   * {@return true for the seal groups, small and big, that a CESR-native body may hold as a field
   * (CESR 2.0 {@code -Q} DigestSealSingles to {@code -W} TypedDigestSealCouples; keripy {@code
   * serdering.py} {@code Serder.ClanCodes})}
   */
  public boolean isSeal() {
    return trait == Trait.SEAL;
  }

  /** {@return this code's trait, as its table row sets it} */
  Trait trait() {
    return trait;
  }

  /** {@return what the count counts} */
  public CountUnit unit() {
    return unit;
  }

  /** {@return what the group holds} */
  public Layout layout() {
    return layout;
  }

  /**
   * {@return the element grammar of a {@link Layout#TUPLES} group: one element is one item per
   * slot, in order} Empty for other layouts.
   */
  public List<Slot> slots() {
    return slots;
  }

  /**
   * {@return true for groups counted in elements whose every element is one indexed signature (CESR
   * 1.0 ControllerIdxSigs {@code -A} and WitnessIdxSigs {@code -B}): the framing hot path}
   */
  public boolean countsSignatures() {
    return countsSignatures;
  }

  /** {@return number of slots of the element grammar (0 unless {@link Layout#TUPLES})} */
  public int slotCount() {
    return slotArray.length;
  }

  /**
   * {@return slot {@code i} of the element grammar, {@code 0 <= i < slotCount()}}
   *
   * @param i the slot index, {@code 0..slots().size()-1}
   */
  public Slot slot(int i) {
    return slotArray[i];
  }

  /**
   * {@return the fewest characters one element of a {@link Layout#TUPLES} group can take: the sum
   * of {@link Slot#minSize()} over its slots}
   */
  public int tupleMinSize() {
    return tupleMinSize;
  }

  /**
   * {@return the most characters one element of a {@link Layout#TUPLES} group can take: the sum of
   * {@link Slot#maxSize()} over its slots; -1 if a slot has no bound (a variable-size code, a
   * nested group) or the code has no element grammar} For example 160 for the one indexed
   * signature of a ControllerIdxSigs element (the largest Indexer code, Ed448_Big_Sig).
   */
  public int tupleMaxSize() {
    return tupleMaxSize;
  }

  /**
   * {@return the text (qb64) counter of this code for {@code count}: the hard part, then {@code
   * count} as a Base64 integer of {@link #ss()} characters ({@link #fs()} characters in all; e.g.
   * {@code -AAB} for ControllerIdxSigs 1 in CESR 1.0, {@code --VAABAA} for BigAttachmentGroup 4096,
   * {@code -_AAACAA} for the genus-version code of CESR 2.0, whose count is the version)}
   * keripy {@code Counter(code, count).qb64}.
   *
   * @param count the count the counter carries, {@code 0..maxCount()}
   * @throws IllegalArgumentException if {@code count} is negative or above {@link #maxCount()}
   *     (choose the code with {@link CounterTable#codeFor(String, long)} to get the big form
   *     when the small one is too small)
   */
  public String qb64(long count) {
    checkCount(count);
    return code + Base64Integer.encode(count, ss());
  }

  /**
   * {@return the binary (qb2) counter of this code for {@code count}: the Base64url decoding of
   * {@link #qb64(long)}, {@code fs() * 3 / 4} bytes (3, or 6 for big and genus-version codes; e.g.
   * {@code f8 00 01} for {@code -AAB})} keripy {@code Counter(code, count).qb2}.
   *
   * @param count the count the counter carries, {@code 0..maxCount()}
   * @throws IllegalArgumentException as {@link #qb64(long)}
   */
  public byte[] qb2(long count) {
    return java.util.Base64.getUrlDecoder().decode(qb64(count));
  }

  private void checkCount(long count) {
    if (count < 0 || count > maxCount()) {
      throw new IllegalArgumentException(
          name + " " + code + " (" + table + ") counts 0.." + maxCount() + ", not " + count);
    }
  }

  @Override
  public String toString() {
    return code + " " + name + " (" + table + ")";
  }
}
