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
 * <p>Storage: the entries packed side by side in one int array (step, domain and depth; start;
 * length; code or matching entry), with a count array and two arrays of references, grown
 * (doubled) only when a group with more entries than ever before is recorded; {@link #clear()}
 * keeps them, so a reused tape allocates nothing. A reference is stored only when it differs
 * from the one already in its slot (a reused tape mostly meets the same codes at the same
 * entries). Not thread-safe; it owns no buffer.
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

  /** Ints per entry in {@link #words}. */
  private static final int STRIDE = 4;
  /**
   * {@link #words} slot 0: the step (bits 0-2), qb2 (bit 3) and the depth (bits 4-31, {@link
   * #DEPTH_SHIFT}).
   */
  private static final int HEAD = 0;
  /** {@link #words} slot 1: the buffer index where the item starts. */
  private static final int START = 1;
  /** {@link #words} slot 2: the item's length in bytes. */
  private static final int LENGTH = 2;
  /** {@link #words} slot 3: a primitive's code ordinal; a group entry's matching entry. */
  private static final int LINK = 3;
  private static final int QB2 = 8;
  /** Where the depth starts in {@link #HEAD}. */
  private static final int DEPTH_SHIFT = 4;

  /**
   * The tape that records nothing: the mode of framing without a record ({@link
   * GroupFramer#group(int, int, CounterTable, int)}). Immutable and shared: it stays empty, and the
   * framer asks {@link #records()} before it records, so nothing is spent on items no one reads;
   * an entry added to it anyway is refused ({@link IllegalStateException}).
   */
  public static final GroupTape NONE = new GroupTape(1, false);

  /** False for {@link #NONE} only. */
  private final boolean records;
  private int size;
  /**
   * The entries, {@link #STRIDE} ints each, side by side: an entry is written and read in one or
   * two cache lines, rather than one line in each of several arrays.
   */
  private int[] words;
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
    this(capacity, true);
  }

  private GroupTape(int capacity, boolean records) {
    this.records = records;
    int n = Math.max(1, capacity);
    words = new int[n * STRIDE];
    values = new long[n];
    counters = new CounterCode[n];
    tables = new CounterTable[n];
  }

  /** {@return false for {@link #NONE}, the tape that records nothing; true for every other} */
  public boolean records() {
    return records;
  }

  /** Forgets every entry, keeping the room. */
  public void clear() {
    size = 0;
  }

  /**
   * Forgets the entries from {@code n} on, keeping the first {@code n}: what {@link
   * GroupFramer#frameOrCut} recorded of a group it found cut.
   *
   * @param n an entry count at most {@link #size()}
   */
  void truncate(int n) {
    size = n;
  }

  /** {@return the number of entries it has room for before it grows} */
  public int capacity() {
    return values.length;
  }

  /** {@return the number of entries} */
  public int size() {
    return size;
  }

  private void requireRecords() {
    if (!records) {
      throw new IllegalStateException("GroupTape.NONE records nothing");
    }
  }

  private int add(Step step, int start, int length, int depth, Domain d, int link) {
    requireRecords();
    int i = size;
    if (i == values.length) {
      grow();
    }
    int w = i * STRIDE;
    int[] ws = words;
    ws[w + HEAD] = step.ordinal() | (d == Domain.QB2 ? QB2 : 0) | depth << DEPTH_SHIFT;
    ws[w + START] = start;
    ws[w + LENGTH] = length;
    ws[w + LINK] = link;
    size = i + 1;
    return i;
  }

  private void grow() {
    int n = values.length * 2;
    words = java.util.Arrays.copyOf(words, n * STRIDE);
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
    int i = add(Step.GROUP_START, start, length, depth, d, -1); // no end until it is recorded
    counter(i, c, count);
    return i;
  }

  /** Records the end, at buffer index {@code end}, of the group whose start is entry {@code s}. */
  void groupEnd(int s, int end) {
    requireRecords();
    int w = s * STRIDE;
    int start = words[w + START];
    int length = end - start;
    words[w + LENGTH] = length;
    int head = words[w + HEAD];
    Domain d = (head & QB2) != 0 ? Domain.QB2 : Domain.QB64;
    int i = add(Step.GROUP_END, start, length, head >>> DEPTH_SHIFT, d, s);
    counter(i, counters[s], values[s]);
    words[w + LINK] = i;
  }

  /** Records a genus-version code that selects {@code selected} (null if none is known). */
  void genusVersion(
      int start, int length, CounterCode c, long count, CounterTable selected, int depth,
      Domain d) {
    int i = add(Step.GENUS_VERSION, start, length, depth, d, -1);
    counter(i, c, count);
    if (tables[i] != selected) {
      tables[i] = selected;
    }
  }

  /**
   * Records a qb64 signature group already checked by {@link GroupFramer}'s fast path: its start
   * at {@code pos} (code {@code c}, {@code n} one-character-code signatures of 88 characters each,
   * read from {@code src} with {@link Source#medium}, whatever the buffer's kind and byte order),
   * each signature (ondex = index: no ondex characters), and its end; room is made once and the
   * entries written in one loop (a uniform signature group, {@link GroupShape}).
   */
  void signatures(Source src, int pos, CounterCode c, int n, int depth) {
    requireRecords();
    int end = pos + 4 + 88 * n;
    int s = size;
    while (values.length < s + n + 2) {
      grow();
    }
    int[] ws = words;
    long[] vs = values;
    int group = Step.GROUP_START.ordinal() | depth << DEPTH_SHIFT;
    int sig = Step.INDEXER.ordinal() | (depth + 1) << DEPTH_SHIFT;
    int w = s * STRIDE;
    ws[w + HEAD] = group;
    ws[w + START] = pos;
    ws[w + LENGTH] = end - pos;
    ws[w + LINK] = s + n + 1;
    counter(s, c, n);
    int p = pos + 4;
    for (int k = 1; k <= n; k++, p += 88) {
      int m = src.medium(p); // code and index in one read
      w += STRIDE;
      ws[w + HEAD] = sig;
      ws[w + START] = p;
      ws[w + LENGTH] = 88;
      ws[w + LINK] = IndexerCode.single(m >>> 16).ordinal();
      long index = B64.value((m >>> 8) & 0xFF);
      vs[s + k] = index << 32 | index;
    }
    w += STRIDE;
    ws[w + HEAD] = Step.GROUP_END.ordinal() | depth << DEPTH_SHIFT;
    ws[w + START] = pos;
    ws[w + LENGTH] = end - pos;
    ws[w + LINK] = s;
    counter(s + n + 1, c, n);
    size = s + n + 2;
  }

  /** Records a Matter primitive of {@code code}. */
  void matter(int start, int length, MatterCode code, int depth, Domain d) {
    add(Step.MATTER, start, length, depth, d, code.ordinal());
  }

  /** Records an indexed signature of {@code code} with its index and ondex. */
  void indexer(int start, int length, IndexerCode code, int index, int ondex, int depth, Domain d) {
    int i = add(Step.INDEXER, start, length, depth, d, code.ordinal());
    values[i] = ((long) ondex << 32) | (index & 0xFFFFFFFFL);
  }

  // ---- reading ----

  /** {@return what entry {@code i} records} */
  public Step step(int i) {
    return STEPS[words[i * STRIDE + HEAD] & 7];
  }

  /** {@return the buffer index where entry {@code i}'s item starts} */
  public int start(int i) {
    return words[i * STRIDE + START];
  }

  /** {@return entry {@code i}'s length in bytes of its domain (a group: counter included)} */
  public int length(int i) {
    return words[i * STRIDE + LENGTH];
  }

  /** {@return entry {@code i}'s nesting depth (a group's own; a primitive's, its group's + 1)} */
  public int depth(int i) {
    return words[i * STRIDE + HEAD] >>> DEPTH_SHIFT;
  }

  /** {@return true if entry {@code i}'s item is qb2} */
  public boolean isQb2(int i) {
    return (words[i * STRIDE + HEAD] & QB2) != 0;
  }

  /** {@return entry {@code i}'s domain} */
  public Domain domain(int i) {
    return isQb2(i) ? Domain.QB2 : Domain.QB64;
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
    return MATTER_CODES[words[i * STRIDE + LINK]];
  }

  /** {@return the Indexer code of an {@link Step#INDEXER} entry} */
  public IndexerCode indexerCode(int i) {
    return INDEXER_CODES[words[i * STRIDE + LINK]];
  }

  /** {@return the index of an {@link Step#INDEXER} entry: keripy {@code Indexer.index}} */
  public int signatureIndex(int i) {
    return (int) values[i];
  }

  /**
   * {@return the ondex of an {@link Step#INDEXER} entry: keripy {@code Indexer.ondex}, the index
   * for a code without ondex characters; for a current-only code, which has no ondex, the index
   * too (readers ask {@link IndexerCode#currentOnly()} first, as the cursor's {@code ondex()} and
   * {@code IndexedSignature.ondex()} do)}
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
    int head = Step.GROUP_START.ordinal() | depth << DEPTH_SHIFT;
    for (int i = Math.max(0, from); i < size; i++) {
      int w = i * STRIDE;
      if (words[w + START] == start
          && (words[w + HEAD] & ~QB2) == head
          && counters[i] == code
          && words[w + LINK] > i) {
        return i;
      }
    }
    return -1;
  }

  /**
   * {@return for a {@link Step#GROUP_START} entry the index of its {@link Step#GROUP_END} entry
   * (-1 while it is not recorded), and for a {@code GROUP_END} that of its start}
   */
  public int match(int i) {
    return words[i * STRIDE + LINK];
  }
}
