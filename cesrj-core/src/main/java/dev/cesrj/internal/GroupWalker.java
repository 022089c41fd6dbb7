package dev.cesrj.internal;

import dev.cesrj.MalformedException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;

/**
 * Walks the content of attachment groups that {@link GroupFramer} has already framed and checked,
 * one step at a time, with an explicit stack: the per-code layout knowledge of keripy's {@code
 * parsing.py} and {@code counting.py} as cesrj's code tables hold it ({@link Layout}, {@link
 * Slot}, {@link CounterCode#head()}, {@link CounterCode#slots()}). It makes no check (the bytes
 * were framed) and allocates nothing once made; the stack has room for {@code maxDepth + 2}
 * groups. Not thread-safe.
 *
 * <p>What a group yields, by layout: {@link Layout#TUPLES}: its {@link CounterCode#head()} items,
 * then each element's items in slot order (tuples are not steps: a Matter is {@link
 * Step#MATTER}, an indexed signature {@link Step#INDEXER}, a nested group its own steps);
 * {@link Layout#ATTACHMENTS}: a leading genus-version code ({@link Step#GENUS_VERSION}, which
 * selects the table for the rest of the content), then its groups, and {@link Step#MESSAGE} where
 * a counter starts a nested message (the caller walks it and calls {@link #resumeAt}); {@link
 * Layout#PATHED}: the Pather (the opaque material after it yields no step); {@link
 * Layout#NON_NATIVE_BODY}: its Bytes primitive; any other layout: nothing between its start and
 * its end (GenericGroup and BodyWithAttachmentGroup content is the message layer's).
 *
 * <p>Indexes are buffer indexes of the {@link Source}; sizes are bytes of the group's domain.
 */
public final class GroupWalker {
  /** What {@link #next()} found. */
  public enum Step {
    /** A group starts: {@link #code()}, {@link #count()}, its whole span. */
    GROUP_START,
    /** A genus-version code: {@link #code()}, {@link #count()}, {@link #selected()}. */
    GENUS_VERSION,
    /** A Matter primitive: {@link #matterCode()}, its span. */
    MATTER,
    /** An indexed signature: {@link #indexerCode()}, its span. */
    INDEXER,
    /**
     * A counter at {@link #index()} that starts a nested message inside an AttachmentGroup:
     * nothing of it was walked; the caller walks the message and calls {@link #resumeAt}.
     */
    MESSAGE,
    /** The group of the last {@link #GROUP_START} at this height ends: the same values. */
    GROUP_END,
    /** The stack is empty. */
    DONE
  }

  private static final int TUPLES = 0;
  private static final int ATTACHMENTS = 1;
  private static final int ONE_MATTER = 2;
  private static final int EMPTY = 3;
  private static final int GENUS_VERSION = 4;
  /** A tuple group of one indexed signature per element (ControllerIdxSigs, WitnessIdxSigs). */
  private static final int SIGNATURES = 5;

  private final Source src;
  private final int capacity;
  private int height;

  // the group on top of the stack, in fields (most streams never nest deeper than one group)
  private int start;
  private int end;
  private int pos;
  private int kind;
  private int depth;
  private int slot;
  private int head;
  private long left;
  private long count;
  private CounterCode code;
  private CounterTable table;
  private Domain domain;
  private boolean started;
  private boolean first;

  // the groups below it, saved
  private final int[] starts;
  private final int[] ends;
  private final int[] positions;
  private final int[] kinds;
  private final int[] depths;
  private final int[] slots;
  private final int[] heads;
  private final long[] lefts;
  private final long[] counts;
  private final CounterCode[] codes;
  private final CounterTable[] tables;
  private final Domain[] domains;
  private final boolean[] starteds;
  private final boolean[] firsts;

  private int itemIndex;
  private int itemLength;
  private int itemDepth;
  private boolean itemQb2;
  private CounterCode itemCode;
  private long itemCount;
  private CounterTable itemSelected;
  private MatterCode itemMatter;
  private IndexerCode itemIndexer;
  private boolean itemIndexed;

  /** A walker over {@code src} for groups nested at most {@code maxDepth} deep. */
  public GroupWalker(Source src, int maxDepth) {
    this.src = src;
    this.capacity = maxDepth + 2;
    starts = new int[capacity];
    ends = new int[capacity];
    positions = new int[capacity];
    kinds = new int[capacity];
    depths = new int[capacity];
    slots = new int[capacity];
    heads = new int[capacity];
    lefts = new long[capacity];
    counts = new long[capacity];
    codes = new CounterCode[capacity];
    tables = new CounterTable[capacity];
    domains = new Domain[capacity];
    starteds = new boolean[capacity];
    firsts = new boolean[capacity];
  }

  /** Empties the stack. */
  public void clear() {
    for (int i = 0; i < height - 1; i++) {
      codes[i] = null;
      tables[i] = null;
    }
    code = null;
    table = null;
    height = 0;
  }

  /** {@return groups on the stack} */
  public int height() {
    return height;
  }

  /**
   * Pushes the framed group at {@code p}, its counter read with {@code table}, at nesting depth
   * {@code groupDepth}: the next {@link #next()} yields its {@link Step#GROUP_START} (or, for a
   * genus-version code, its {@link Step#GENUS_VERSION}).
   *
   * @param knownEnd the index just past the group if the caller knows it (its framer returned
   *     it), else -1 and it is found by walking sizes
   * @return the index just past the group
   */
  public int push(int p, CounterTable table, int groupDepth, int knownEnd) {
    Domain d = Domain.ofCounterByte(src.at(p));
    CounterCode c = code(d, p, table);
    long n = count(d, p, c);
    int e = knownEnd >= 0 ? knownEnd : end(d, p, c, n, table);
    return push(p, d, c, n, table, groupDepth, e);
  }

  /**
   * Pushes the framed group at {@code p} whose counter the caller has read: domain {@code d},
   * code {@code c} (of {@code table}), count {@code n}, ending at {@code e}; as {@link
   * #push(int, CounterTable, int, int)}.
   *
   * @return {@code e}
   */
  public int push(int p, Domain d, CounterCode c, long n, CounterTable table, int groupDepth, int e) {
    if (height == capacity) {
      throw new MalformedException(src.offset(p), c.code(), "a group nested less deep", "too deep");
    }
    if (height > 0) {
      save(height - 1);
    }
    height++;
    this.start = p;
    this.end = e;
    this.pos = p + (int) d.size(c.fs());
    this.depth = groupDepth;
    // reference stores only when they change: each costs a GC barrier, and a stream's groups
    // mostly share code, table and domain
    if (this.code != c) {
      this.code = c;
    }
    this.count = n;
    if (this.table != table) {
      this.table = table;
    }
    if (this.domain != d) {
      this.domain = d;
    }
    this.started = false;
    this.first = true;
    this.slot = 0;
    this.head = c.head().size();
    this.left = c.unit() == CountUnit.ELEMENTS ? n : -1;
    this.kind = kindOf(c);
    return e;
  }

  private void save(int i) {
    starts[i] = start;
    ends[i] = end;
    positions[i] = pos;
    kinds[i] = kind;
    depths[i] = depth;
    slots[i] = slot;
    heads[i] = head;
    lefts[i] = left;
    counts[i] = count;
    codes[i] = code;
    tables[i] = table;
    domains[i] = domain;
    starteds[i] = started;
    firsts[i] = first;
  }

  private void pop() {
    int h = --height;
    if (h == 0) {
      return; // code and table are table constants: nothing to let go of
    }
    int i = h - 1;
    start = starts[i];
    end = ends[i];
    pos = positions[i];
    kind = kinds[i];
    depth = depths[i];
    slot = slots[i];
    head = heads[i];
    left = lefts[i];
    count = counts[i];
    code = codes[i];
    table = tables[i];
    domain = domains[i];
    started = starteds[i];
    first = firsts[i];
    codes[i] = null;
    tables[i] = null;
  }

  private static int kindOf(CounterCode c) {
    switch (c.layout()) {
      case TUPLES:
        return c.slotCount() == 1 && c.slot(0) == Slot.SIGER && c.head().isEmpty()
            ? SIGNATURES
            : TUPLES;
      case ATTACHMENTS:
        return ATTACHMENTS;
      case PATHED:
      case NON_NATIVE_BODY:
        return ONE_MATTER;
      case GENUS_VERSION:
        return GENUS_VERSION;
      default:
        return EMPTY;
    }
  }

  /**
   * After {@link Step#MESSAGE}: the content of the group on top goes on at {@code p}, past the
   * nested message the caller walked.
   */
  public void resumeAt(int p) {
    pos = p;
  }

  /** {@return the next step of the group on top of the stack, or {@link Step#DONE}} */
  public Step next() {
    while (true) {
      if (height == 0) {
        return Step.DONE;
      }
      if (!started) {
        started = true;
        groupItem();
        if (kind == GENUS_VERSION) {
          itemSelected = selected(code, count);
          pop();
          return Step.GENUS_VERSION;
        }
        return Step.GROUP_START;
      }
      int p = pos;
      switch (kind) {
        case SIGNATURES:
          {
            if (left >= 0 ? left == 0 : p >= end) {
              return groupEnd();
            }
            left--;
            IndexerCode ic = domain == Domain.QB64 ? IndexerCode.single(src.at(p)) : null;
            if (ic == null) {
              ic = TextScan.indexerCode(domain, src, p);
            }
            int size = (int) domain.size(ic.fs());
            pos = p + size;
            item(p, size, depth + 1, domain);
            if (itemIndexer != ic) {
              itemIndexer = ic; // a reference store only when the code changes
            }
            itemIndexed = true;
            return Step.INDEXER;
          }
        case TUPLES:
          {
            CounterCode c = code;
            Slot s;
            if (head > 0) {
              s = c.head().get(c.head().size() - head);
              head--;
            } else {
              if (slot == 0) {
                if (left >= 0 ? left == 0 : p >= end) {
                  return groupEnd();
                }
                if (left > 0) {
                  left--;
                }
              }
              s = c.slot(slot);
              slot = slot + 1 == c.slotCount() ? 0 : slot + 1;
            }
            if (s == Slot.SIGER) {
              return indexer(p);
            }
            if (s == Slot.SIGS || s.isGroup()) {
              int nestedEnd = end(domain, p, table);
              pos = nestedEnd;
              push(p, table, depth + 1, nestedEnd);
              continue;
            }
            return matter(p);
          }
        case ATTACHMENTS:
          {
            if (p >= end) {
              return groupEnd();
            }
            Domain d = domain;
            CounterCode c = code(d, p, table);
            if (first) {
              first = false;
              if (c.layout() == Layout.GENUS_VERSION) {
                long n = count(d, p, c);
                int fs = (int) d.size(c.fs());
                CounterTable t = selected(c, n);
                table = t;
                pos = p + fs;
                item(p, fs, depth + 1, d);
                itemCode = c;
                itemCount = n;
                itemSelected = t;
                return Step.GENUS_VERSION;
              }
            }
            if (c.layout().startsMessage()) {
              item(p, 0, depth + 1, d);
              itemCode = c;
              return Step.MESSAGE;
            }
            int nestedEnd = end(d, p, table);
            pos = nestedEnd;
            push(p, table, depth + 1, nestedEnd);
            continue;
          }
        case ONE_MATTER:
          if (first) {
            first = false;
            return matter(p);
          }
          return groupEnd();
        default:
          return groupEnd();
      }
    }
  }

  /** The index just past the framed group at {@code p}, read with {@code t}. */
  private int end(Domain d, int p, CounterTable t) {
    CounterCode c = code(d, p, t);
    return end(d, p, c, count(d, p, c), t);
  }

  private Step indexer(int p) {
    Domain d = domain;
    IndexerCode ic = TextScan.indexerCode(d, src, p);
    int size = (int) d.size(ic.fs());
    pos = p + size;
    item(p, size, depth + 1, d);
    itemIndexer = ic;
    itemIndexed = true;
    return Step.INDEXER;
  }

  private Step matter(int p) {
    Domain d = domain;
    MatterCode mc = TextScan.matterCode(d, src, p);
    int size = matterSize(d, p, mc);
    pos = p + size;
    item(p, size, depth + 1, d);
    itemMatter = mc;
    itemIndexed = false;
    return Step.MATTER;
  }

  private Step groupEnd() {
    groupItem();
    pop();
    return Step.GROUP_END;
  }

  private void groupItem() {
    item(start, end - start, depth, domain);
    if (itemCode != code) {
      itemCode = code;
    }
    itemCount = count;
  }

  private void item(int index, int length, int itemDepth, Domain d) {
    this.itemIndex = index;
    this.itemLength = length;
    this.itemDepth = itemDepth;
    this.itemQb2 = d == Domain.QB2;
  }

  /** {@return the buffer index where the last step's item starts} */
  public int index() {
    return itemIndex;
  }

  /** {@return the last step's item length in bytes (a group: counter included)} */
  public int length() {
    return itemLength;
  }

  /** {@return the last step's nesting depth (a group's own; a primitive's is its group's + 1)} */
  public int depth() {
    return itemDepth;
  }

  /** {@return the domain of the last step's item} */
  public Domain domain() {
    return itemQb2 ? Domain.QB2 : Domain.QB64;
  }

  /** {@return the counter code of the last group, genus-version or message step} */
  public CounterCode code() {
    return itemCode;
  }

  /** {@return the count of the last group or genus-version step} */
  public long count() {
    return itemCount;
  }

  /** {@return the table the last genus-version step selects} */
  public CounterTable selected() {
    return itemSelected;
  }

  /** {@return the Matter code of the last {@link Step#MATTER}} */
  public MatterCode matterCode() {
    return itemIndexed ? null : itemMatter;
  }

  /** {@return the Indexer code of the last {@link Step#INDEXER}} */
  public IndexerCode indexerCode() {
    return itemIndexed ? itemIndexer : null;
  }

  // ---- sizes of framed items, read without checks ----

  /** The code of the framed counter at {@code p} of domain {@code d}, read with {@code t}. */
  public CounterCode code(Domain d, int p, CounterTable t) {
    int c1 = src.ch(d, p, 1);
    switch (t.hardSize(c1)) {
      case 2:
        return t.small(c1);
      case 3:
        return t.big(src.ch(d, p, 2));
      default:
        return t.genusVersion(c1);
    }
  }

  /** The count of the framed counter of code {@code c} at {@code p}. */
  public long count(Domain d, int p, CounterCode c) {
    long v = 0;
    for (int i = c.hs(); i < c.fs(); i++) {
      v = (v << 6) | B64.value(src.ch(d, p, i));
    }
    return v;
  }

  /** The table a framed genus-version code of {@code c} and {@code n} selects. */
  private static CounterTable selected(CounterCode c, long n) {
    return CounterTable.selectedBy(c, CounterTable.genusMajor(n), CounterTable.genusMinor(n));
  }

  /** The index just past the framed group of code {@code c}, count {@code n}, at {@code p}. */
  private int end(Domain d, int p, CounterCode c, long n, CounterTable t) {
    int fs = (int) d.size(c.fs());
    switch (c.unit()) {
      case NONE:
        return p + fs;
      case QUADLETS:
        return p + fs + (int) d.size(4 * n);
      default:
        int q = p + fs;
        for (int i = 0; i < c.head().size(); i++) {
          q = itemEnd(d, q, c.head().get(i), t);
        }
        int slots = c.slotCount();
        for (long i = 0; i < n; i++) {
          for (int k = 0; k < slots; k++) {
            q = itemEnd(d, q, c.slot(k), t);
          }
        }
        return q;
    }
  }

  private int itemEnd(Domain d, int q, Slot s, CounterTable t) {
    if (s == Slot.SIGER) {
      return q + (int) d.size(TextScan.indexerCode(d, src, q).fs());
    }
    if (s == Slot.SIGS || s.isGroup()) {
      CounterCode c = code(d, q, t);
      return end(d, q, c, count(d, q, c), t);
    }
    return q + matterSize(d, q, TextScan.matterCode(d, src, q));
  }

  /** Bytes of the framed Matter primitive of code {@code mc} at {@code p}. */
  public int matterSize(Domain d, int p, MatterCode mc) {
    if (!mc.isVariable()) {
      return (int) d.size(mc.fs());
    }
    long size = 0;
    for (int i = mc.hs(); i < mc.cs(); i++) {
      size = (size << 6) | B64.value(src.ch(d, p, i));
    }
    return (int) d.size(mc.variableFullSize(size));
  }
}
