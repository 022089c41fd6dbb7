package dev.cesrj.internal;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;

/**
 * The items of a group that {@link GroupFramer} framed and checked, recorded as it framed them,
 * in stream order: what the pull cursor returns as tokens and the group views are built from, so
 * that nothing walks the grammar a second time (issue 17, "the grammar once"). Each entry is a
 * {@link Step} with its span (buffer index and length in bytes of its domain), its nesting depth
 * (a group's own, as {@link GroupFramer#group} was given it; a primitive's is its group's plus
 * one) and its domain; a group entry also has its counter code and count, a genus-version entry
 * the table it selects, a primitive its code, an indexed signature its index and ondex.
 *
 * <p>Storage: parallel primitive arrays, grown (doubled) only when a group with more entries than
 * ever before is recorded; {@link #clear()} keeps them, so a reused tape allocates nothing. A
 * reference is stored only when it differs from the one already in its slot (a reused tape mostly
 * meets the same codes at the same entries). Not thread-safe; it owns no buffer.
 */
public final class GroupTape {
  /** What an entry records. */
  public enum Step {
    /** A group starts: its counter code, count, and whole span (counter included). */
    GROUP_START,
    /** A genus-version code: its code, count (the soft part's value) and the table it selects. */
    GENUS_VERSION,
    /** A Matter primitive: its {@link MatterCode} and span. */
    MATTER,
    /** An indexed signature: its {@link IndexerCode}, index, ondex and span. */
    INDEXER,
    /** The group of the matching {@link #GROUP_START} ends: the same code, count and span. */
    GROUP_END
  }

  private static final Step[] STEPS = Step.values();
  private static final MatterCode[] MATTER_CODES = MatterCode.values();
  private static final IndexerCode[] INDEXER_CODES = IndexerCode.values();

  private int size;
  private byte[] steps;
  private boolean[] qb2;
  private int[] starts;
  private int[] lengths;
  private int[] depths;
  /** A primitive's code ordinal; a GROUP_START's matching GROUP_END entry and back. */
  private int[] codes;
  private int[] links;
  /** A group's count; an indexed signature's index (low 32 bits) and ondex (high 32 bits). */
  private long[] values;
  private CounterCode[] counters;
  private CounterTable[] tables;

  /** An empty tape with room for 64 entries. */
  public GroupTape() {
    this(64);
  }

  /** An empty tape with room for {@code capacity} entries (at least 1) before it grows. */
  public GroupTape(int capacity) {
    int n = Math.max(1, capacity);
    steps = new byte[n];
    qb2 = new boolean[n];
    starts = new int[n];
    lengths = new int[n];
    depths = new int[n];
    codes = new int[n];
    links = new int[n];
    values = new long[n];
    counters = new CounterCode[n];
    tables = new CounterTable[n];
  }

  /** Forgets every entry, keeping the room. */
  public void clear() {
    size = 0;
  }

  /** {@return the number of entries it has room for before it grows} */
  public int capacity() {
    return steps.length;
  }

  /** {@return the number of entries} */
  public int size() {
    return size;
  }

  /** Forgets the entries from {@code n} on (a framing path that gave up on what it recorded). */
  void truncate(int n) {
    size = n;
  }

  private int add(Step step, int start, int length, int depth, Domain d) {
    int i = size;
    if (i == steps.length) {
      grow();
    }
    steps[i] = (byte) step.ordinal();
    starts[i] = start;
    lengths[i] = length;
    depths[i] = depth;
    qb2[i] = d == Domain.QB2;
    size = i + 1;
    return i;
  }

  private void grow() {
    int n = steps.length * 2;
    steps = java.util.Arrays.copyOf(steps, n);
    qb2 = java.util.Arrays.copyOf(qb2, n);
    starts = java.util.Arrays.copyOf(starts, n);
    lengths = java.util.Arrays.copyOf(lengths, n);
    depths = java.util.Arrays.copyOf(depths, n);
    codes = java.util.Arrays.copyOf(codes, n);
    links = java.util.Arrays.copyOf(links, n);
    values = java.util.Arrays.copyOf(values, n);
    counters = java.util.Arrays.copyOf(counters, n);
    tables = java.util.Arrays.copyOf(tables, n);
  }

  private void counter(int i, CounterCode c, long count) {
    if (counters[i] != c) {
      counters[i] = c;
    }
    values[i] = count;
  }

  /**
   * Records the start of a group at {@code start} of code {@code c} and count {@code count}; its
   * length is set by {@link #groupEnd} (or given here if known, else 0 until then).
   *
   * @return the entry's index, to give {@link #groupEnd}
   */
  int groupStart(int start, int length, CounterCode c, long count, int depth, Domain d) {
    int i = add(Step.GROUP_START, start, length, depth, d);
    counter(i, c, count);
    links[i] = -1; // until its end is recorded
    return i;
  }

  /** Records the end, at buffer index {@code end}, of the group whose start is entry {@code s}. */
  void groupEnd(int s, int end) {
    int length = end - starts[s];
    lengths[s] = length;
    int i = add(Step.GROUP_END, starts[s], length, depths[s], qb2[s] ? Domain.QB2 : Domain.QB64);
    counter(i, counters[s], values[s]);
    links[s] = i;
    links[i] = s;
  }

  /** Records a genus-version code that selects {@code selected} (null if none is known). */
  void genusVersion(
      int start, int length, CounterCode c, long count, CounterTable selected, int depth,
      Domain d) {
    int i = add(Step.GENUS_VERSION, start, length, depth, d);
    counter(i, c, count);
    if (tables[i] != selected) {
      tables[i] = selected;
    }
  }

  /** Records a Matter primitive of {@code code}. */
  void matter(int start, int length, MatterCode code, int depth, Domain d) {
    int i = add(Step.MATTER, start, length, depth, d);
    codes[i] = code.ordinal();
  }

  /** Records an indexed signature of {@code code} with its index and ondex. */
  void indexer(int start, int length, IndexerCode code, int index, int ondex, int depth, Domain d) {
    int i = add(Step.INDEXER, start, length, depth, d);
    codes[i] = code.ordinal();
    values[i] = ((long) ondex << 32) | (index & 0xFFFFFFFFL);
  }

  // ---- reading ----

  /** {@return what entry {@code i} records} */
  public Step step(int i) {
    return STEPS[steps[i]];
  }

  /** {@return the buffer index where entry {@code i}'s item starts} */
  public int start(int i) {
    return starts[i];
  }

  /** {@return entry {@code i}'s length in bytes of its domain (a group: counter included)} */
  public int length(int i) {
    return lengths[i];
  }

  /** {@return entry {@code i}'s nesting depth (a group's own; a primitive's, its group's + 1)} */
  public int depth(int i) {
    return depths[i];
  }

  /** {@return true if entry {@code i}'s item is qb2} */
  public boolean isQb2(int i) {
    return qb2[i];
  }

  /** {@return entry {@code i}'s domain} */
  public Domain domain(int i) {
    return qb2[i] ? Domain.QB2 : Domain.QB64;
  }

  /** {@return the counter code of a group or genus-version entry} */
  public CounterCode counterCode(int i) {
    return counters[i];
  }

  /** {@return the count of a group or genus-version entry} */
  public long count(int i) {
    return values[i];
  }

  /** {@return the table a genus-version entry selects, null for a version no table has} */
  public CounterTable selected(int i) {
    return tables[i];
  }

  /** {@return the Matter code of a {@link Step#MATTER} entry} */
  public MatterCode matterCode(int i) {
    return MATTER_CODES[codes[i]];
  }

  /** {@return the Indexer code of an {@link Step#INDEXER} entry} */
  public IndexerCode indexerCode(int i) {
    return INDEXER_CODES[codes[i]];
  }

  /** {@return the index of an {@link Step#INDEXER} entry: keripy {@code Indexer.index}} */
  public int signatureIndex(int i) {
    return (int) values[i];
  }

  /**
   * {@return the ondex of an {@link Step#INDEXER} entry: keripy {@code Indexer.ondex}, the index
   * for a code without ondex characters, 0 for a current-only code}
   */
  public int ondex(int i) {
    return (int) (values[i] >>> 32);
  }

  /**
   * The first entry from {@code from} on that starts a whole recorded group at buffer index
   * {@code start}, of nesting depth {@code depth} and code {@code code}: how a reader finds the
   * items of a group that a framing layer framed among others (entries of a group whose framing
   * failed, left by an attempt that was given up, have no end and are passed over).
   *
   * @return the entry's index, or -1 if there is none
   */
  public int wholeGroupAt(int from, int start, int depth, CounterCode code) {
    for (int i = Math.max(0, from); i < size; i++) {
      if (starts[i] == start
          && steps[i] == GROUP_START_ORDINAL
          && depths[i] == depth
          && counters[i] == code
          && links[i] > i) {
        return i;
      }
    }
    return -1;
  }

  private static final byte GROUP_START_ORDINAL = (byte) Step.GROUP_START.ordinal();

  /**
   * {@return for a {@link Step#GROUP_START} entry the index of its {@link Step#GROUP_END} entry
   * (-1 while it is not recorded), and for a {@code GROUP_END} that of its start}
   */
  public int match(int i) {
    return links[i];
  }
}
