package dev.cesrj.group;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.B64;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.Source;
import dev.cesrj.primitive.TextScan;

/**
 * Finds where a text-domain (qb64) group ends, checking it on the way: the framing rules of
 * CESR.md sections 4 and 8. One instance reads one {@link Source}; it is not thread-safe and
 * allocates nothing on success.
 *
 * <p>After {@link #counter} or {@link #group} returns, {@link #code()} and {@link #count()}
 * describe the counter read at the start. Size arithmetic is in {@code long}: a count is checked
 * against {@link CesrOptions#maxFrameBytes()} before the group's bytes are looked for.
 */
public final class GroupFramer {
  private final Source src;
  private final long maxFrame;
  private final int maxDepth;
  private CounterCode code;
  private long count;

  /** A framer over {@code src} with the limits of {@code options}. */
  public GroupFramer(Source src, CesrOptions options) {
    this.src = src;
    this.maxFrame = options.maxFrameBytes();
    this.maxDepth = options.maxDepth();
  }

  /** The source read. */
  public Source source() {
    return src;
  }

  /** The code of the last counter read. */
  public CounterCode code() {
    return code;
  }

  /** The count of the last counter read (for a genus-version code: its soft part's value). */
  public long count() {
    return count;
  }

  /**
   * Reads the counter at {@code pos} under {@code table}.
   *
   * @return the counter's size in characters (4 or 8)
   * @throws TruncatedException if fewer than the counter's characters remain before {@code limit}
   * @throws UnknownCodeException if {@code table} has no such code
   * @throws MalformedException if the bytes are not a counter or the count is not Base64
   */
  public int counter(int pos, int limit, CounterTable table, long rest) {
    // Fast path: a small code -X## whose count characters are Base64.
    if (limit - pos >= 4 && src.at(pos) == '-') {
      CounterCode c = table.small(src.at(pos + 1));
      if (c != null) {
        int d0 = B64.value(src.at(pos + 2));
        int d1 = B64.value(src.at(pos + 3));
        if ((d0 | d1) >= 0) {
          this.code = c;
          this.count = (d0 << 6) | d1;
          return 4;
        }
      }
    }
    return counterChecked(pos, limit, table, rest);
  }

  private int counterChecked(int pos, int limit, CounterTable table, long rest) {
    int avail = limit - pos;
    if (avail < 2) {
      if (avail == 1 && src.at(pos) != '-') {
        throw notACounter(pos);
      }
      throw new TruncatedException(src.offset(pos), null, "a counter", 4 + rest - avail);
    }
    if (src.at(pos) != '-') {
      throw notACounter(pos);
    }
    int c1 = src.at(pos + 1);
    int hs = table.hardSize(c1);
    if (hs == 0) {
      throw new UnknownCodeException(
          src.offset(pos), src.text(pos, 2), "a counter code of " + table, "no such counter code");
    }
    int fs = hs == 2 ? 4 : 8;
    if (avail < fs) {
      throw new TruncatedException(src.offset(pos), null, "a counter", fs + rest - avail);
    }
    CounterCode c;
    if (hs == 2) {
      c = table.small(c1);
    } else if (hs == 3) {
      c = table.big(src.at(pos + 2));
    } else {
      c = isGenusVersion(pos) ? table.genusVersion() : null;
    }
    if (c == null) {
      throw new UnknownCodeException(
          src.offset(pos),
          src.text(pos, hs),
          "a counter code of " + table,
          "no counter code " + src.text(pos, hs) + " in " + table);
    }
    this.code = c;
    this.count = TextScan.base64Int(src, pos + hs, fs - hs, c.code());
    return fs;
  }

  private boolean isGenusVersion(int pos) {
    String gv = CounterTable.GENUS_VERSION_CODE;
    for (int i = 2; i < gv.length(); i++) {
      if (src.at(pos + i) != gv.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private CesrException notACounter(int pos) {
    int b = src.at(pos);
    if (b >= 0xE0) {
      return new UnsupportedException(
          src.offset(pos),
          null,
          "a text (qb64) counter",
          "binary (qb2) attachments are not supported by this version");
    }
    return new ColdStartException(
        src.offset(pos),
        null,
        "a counter ('-')",
        "byte 0x" + Integer.toHexString(b) + " where a group must start");
  }

  /**
   * Frames the whole group at {@code pos}: reads its counter, finds its end and checks its
   * content as far as this layer can (element grammar, nested signature groups, groups inside an
   * AttachmentGroup, the Bytes primitive of a NonNativeBodyGroup, the Pather of pathed
   * material). GenericGroup and BodyWithAttachmentGroup content is checked by the message layer.
   *
   * @param depth the group's nesting depth, 1 for a top-level group
   * @return the buffer index just past the group
   * @throws CesrException as described for the framing rules; {@link TruncatedException} only
   *     when the group runs past {@code limit}
   */
  public int group(int pos, int limit, CounterTable table, int depth) {
    byte[] a = src.array();
    if (a != null && depth <= maxDepth) {
      int end = signaturesFast(a, src.arrayOffset(), pos, limit, table);
      if (end >= 0) {
        return end;
      }
    }
    return groupChecked(pos, limit, table, depth);
  }

  /**
   * The hot path: a small CESR 1.0 {@code -A}/{@code -B} counter and its one-character-code
   * indexed signatures, read straight from the backing array. Accepts only input that the checked
   * path would accept too; on anything else it returns -1 and the checked path decides (and
   * reports the exact error).
   */
  private int signaturesFast(byte[] a, int base, int pos, int limit, CounterTable table) {
    if (limit - pos < 4 || a[base + pos] != '-') {
      return -1;
    }
    CounterCode c = table.small(a[base + pos + 1]);
    if (c == null || !c.countsSignatures()) {
      return -1;
    }
    int d0 = B64.value(a[base + pos + 2] & 0xFF);
    int d1 = B64.value(a[base + pos + 3] & 0xFF);
    int n = (d0 << 6) | d1;
    if ((d0 | d1) < 0 || (long) n * 88 > limit - pos - 4) {
      return -1;
    }
    int i = base + pos + 4;
    for (int k = 0; k < n; k++, i += 88) {
      int index = B64.value(a[i + 1] & 0xFF);
      int pad = B64.value(a[i + 2] & 0xFF);
      // one-character Indexer code (fs 88), Base64 index, two zero pad sextets bits
      if (IndexerCode.single(a[i]) == null || index < 0 || pad < 0 || pad > 3) {
        return -1;
      }
    }
    this.code = c;
    this.count = n;
    return i - base;
  }

  private int groupChecked(int pos, int limit, CounterTable table, int depth) {
    if (depth > maxDepth) {
      throw new NestingTooDeepException(
          src.offset(pos), null, "at most " + maxDepth + " nested groups", "depth " + depth);
    }
    int fs = counter(pos, limit, table, 0);
    CounterCode c = this.code;
    long n = this.count;
    if (c.unit() == CountUnit.NONE) {
      return pos + fs;
    }
    if (c.unit() == CountUnit.ELEMENTS) {
      int end = walkTuples(pos + fs, limit, c, n, table, depth, false);
      restore(c, n);
      return end;
    }
    long total = fs + 4L * n;
    if (total > maxFrame) {
      throw new FrameTooLargeException(src.offset(pos), c.code(), total, maxFrame);
    }
    if (total > limit - pos) {
      throw new TruncatedException(
          src.offset(pos), c.code(), "the rest of " + c.name(), total - (limit - pos));
    }
    int end = pos + (int) total;
    try {
      content(pos + fs, end, c, table, depth);
    } catch (TruncatedException e) {
      throw new MalformedException(
          e.offset(),
          e.code(),
          e.expected(),
          "the content of " + c.name() + " at offset " + src.offset(pos) + " ends inside it");
    }
    restore(c, n);
    return end;
  }

  private void restore(CounterCode c, long n) {
    this.code = c;
    this.count = n;
  }

  private void content(int from, int end, CounterCode c, CounterTable table, int depth) {
    switch (c.layout()) {
      case TUPLES:
        walkTuples(from, end, c, -1, table, depth, true);
        return;
      case ATTACHMENTS:
        walkAttachments(from, end, table, depth);
        return;
      case NON_NATIVE_BODY:
        int size = TextScan.matter(src, from, end, Slot.TEXTER, maxFrame, 0);
        if (from + size != end) {
          throw new MalformedException(
              src.offset(from + size),
              c.code(),
              "one Bytes primitive filling " + c.name(),
              (end - from - size) + " bytes left over");
        }
        return;
      case PATHED:
        TextScan.matter(src, from, end, Slot.PATHER, maxFrame, 0);
        return;
      case UNSUPPORTED:
      case NATIVE_BODY:
      case NATIVE_FIELDS:
        throw new UnsupportedException(
            src.offset(from - c.fs()),
            c.code(),
            "an attachment group",
            c.name() + " cannot be parsed as an attachment");
      default:
        // GENERIC and BODY_WITH_ATTACHMENTS: a nested stream, parsed by the message layer.
    }
  }

  /**
   * Frames the groups of an AttachmentGroup's content {@code [from, end)}: an optional leading
   * genus-version code (it selects the table for this content only, CESR.md 6.5), then groups.
   */
  private void walkAttachments(int from, int end, CounterTable table, int depth) {
    int p = from;
    CounterTable t = table;
    if (p < end && isGenusVersionAt(p, end)) {
      p += counter(p, end, t, 0);
      t = selectedTable(p - 8);
    }
    while (p < end) {
      p = group(p, end, t, depth + 1);
    }
  }

  /** True if a genus-version code starts at {@code p} (at least two bytes readable). */
  public boolean isGenusVersionAt(int p, int limit) {
    return limit - p >= 2 && src.at(p) == '-' && src.at(p + 1) == '_';
  }

  /**
   * The table selected by the genus-version code just read at {@code pos} (its count holds major
   * and minor version).
   *
   * @throws UnsupportedException for a genus or major version cesrj has no table for
   */
  public CounterTable selectedTable(int pos) {
    int major = (int) (count >> 12);
    CounterTable t = CounterTable.ofMajor(major);
    if (t == null) {
      throw new UnsupportedException(
          src.offset(pos),
          code.code(),
          "CESR major version 1 or 2",
          "no counter table for version " + src.text(pos + 5, 3));
    }
    return t;
  }

  /**
   * Walks tuples of the element grammar of {@code c}: {@code n} of them, or (if {@code n < 0})
   * as many as fill {@code [from, end)} exactly.
   */
  private int walkTuples(
      int from, int end, CounterCode c, long n, CounterTable table, int depth, boolean fill) {
    int slotCount = c.slotCount();
    int tupleMin = c.tupleMinSize();
    int p = from;
    if (!fill && slotCount == 1 && c.slot(0) == Slot.SIGER) {
      // hot path: n indexed signatures (ControllerIdxSigs, WitnessIdxSigs of CESR 1.0)
      for (long i = n - 1; i >= 0; i--) {
        p += TextScan.indexer(src, p, end, i * tupleMin);
      }
      return p;
    }
    for (long i = 0; fill ? p < end : i < n; i++) {
      long restTuples = fill ? 0 : (n - i - 1) * (long) tupleMin;
      int slotsLeft = tupleMin;
      for (int k = 0; k < slotCount; k++) {
        Slot slot = c.slot(k);
        slotsLeft -= slot.minSize();
        long rest = restTuples + slotsLeft;
        if (slot == Slot.SIGER) {
          p += TextScan.indexer(src, p, end, rest);
        } else if (slot == Slot.SIGS) {
          p = nestedSigs(p, end, table, depth + 1, rest);
        } else {
          p += TextScan.matter(src, p, end, slot, maxFrame, rest);
        }
      }
      if (p - (long) from > maxFrame) {
        throw new FrameTooLargeException(src.offset(from), c.code(), p - (long) from, maxFrame);
      }
    }
    return p;
  }

  /**
   * Frames the ControllerIdxSigs group nested in a tuple ({@code -A} in CESR 1.0 counting
   * signatures, {@code -K} in CESR 2.0 counting quadlets); keripy accepts only that code there.
   */
  private int nestedSigs(int p, int end, CounterTable table, int depth, long rest) {
    if (depth > maxDepth) {
      throw new NestingTooDeepException(
          src.offset(p), null, "at most " + maxDepth + " nested groups", "depth " + depth);
    }
    int fs = counter(p, end, table, rest);
    CounterCode want = table.controllerIdxSigs();
    if (code != want) {
      throw new MalformedException(
          src.offset(p),
          code.code(),
          want.code() + " " + want.name(),
          code.name() + " where the nested signature group must be");
    }
    if (want.unit() == CountUnit.ELEMENTS) {
      return walkTuples(p + fs, end, want, count, table, depth, false);
    }
    long total = fs + 4L * count;
    if (total > end - p) {
      throw new TruncatedException(
          src.offset(p), want.code(), "the rest of " + want.name(), total - (end - p) + rest);
    }
    int nestedEnd = p + (int) total;
    try {
      walkTuples(p + fs, nestedEnd, want, -1, table, depth, true);
    } catch (TruncatedException e) {
      throw new MalformedException(
          e.offset(), e.code(), e.expected(), "a signature runs past its ControllerIdxSigs count");
    }
    return nestedEnd;
  }

  /** True if {@code layout} content is a nested stream for the message layer. */
  static boolean isStream(Layout layout) {
    return layout == Layout.GENERIC || layout == Layout.BODY_WITH_ATTACHMENTS;
  }
}
