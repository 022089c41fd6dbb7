package dev.cesrj.internal;

import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.code.Slot;

/**
 * Tells, without throwing and without checking values, whether a qb64 attachment group whose
 * counter has been read lies whole before the end of the bytes at hand: the question a
 * resumable framer asks before it frames a group of a bare run that may be cut by the end of the
 * bytes (framing it would cost a {@link dev.cesrj.TruncatedException}). It reads only sizes:
 * the count (quadlets: {@code fs + 4 * count} characters), else the least and most sizes of the
 * group's elements ({@link CounterCode#tupleMinSize()}, {@link CounterCode#tupleMaxSize()}). A
 * group too short for its least size is stepped over primitive by primitive as far as the bytes
 * go (keripy {@code Matter} and {@code Indexer} sizes: the hard part gives the full size, or the
 * soft part for a variable-size code), so that a bad code in the bytes at hand is left to the
 * framer, which reports it at once, rather than awaiting the rest of the group. Whatever it does
 * not model (a group with a head or a nested group in its elements, a code or size the framer must
 * refuse) it leaves to the framer too. Allocates nothing.
 */
public final class GroupFit {
  /** The whole group lies before the end: frame it. */
  public static final long FITS = 0;

  /** Not judged here: frame it, and let a truncation say whether it was cut. */
  public static final long UNJUDGED = -1;

  /**
   * Whole if its elements take the least size each (as ordinary signatures and keys do): frame
   * it, and let a truncation say whether it was cut.
   */
  public static final long LIKELY = -2;

  /** {@link #size}: a nested group, or a code the framer must refuse. */
  private static final long NOT_SIZED = Long.MIN_VALUE;

  private GroupFit() {}

  /**
   * Whether the qb64 group at {@code p}, whose counter of {@code code} declaring {@code count}
   * ({@code fs} characters) is complete before {@code limit}, ends by {@code limit}.
   *
   * @param maxFrame the frame limit in bytes: a group declaring more is left to the framer
   * @return {@link #FITS}; {@link #LIKELY}; {@link #UNJUDGED}; or {@code n > 0}: the group is
   *     cut by {@code limit} and needs at least {@code n} more bytes (exactly {@code n} for a
   *     quadlet count)
   */
  public static long check(
      Source s, int p, int limit, CounterCode code, long count, int fs, long maxFrame) {
    // the common case, kept small enough to inline: the most the group can take is in
    CountUnit unit = code.unit();
    long most =
        unit == CountUnit.QUADLETS
            ? 4
            : unit == CountUnit.NONE ? 0 : code.headMinSize() == 0 ? code.tupleMaxSize() : -1;
    if (most >= 0 && fs + count * most <= limit - p) {
      return FITS;
    }
    return judge(s, p, limit, code, count, fs, maxFrame);
  }

  private static long judge(
      Source s, int p, int limit, CounterCode code, long count, int fs, long maxFrame) {
    CountUnit unit = code.unit();
    if (unit == CountUnit.NONE) {
      return FITS;
    }
    if (unit == CountUnit.QUADLETS) {
      long total = fs + Domain.QB64.quadlets(count);
      return total > maxFrame ? UNJUDGED : cut(p + total - limit);
    }
    if (!code.head().isEmpty() || code.slotCount() == 0) {
      return UNJUDGED;
    }
    long least = fs + count * code.tupleMinSize();
    if (least > maxFrame) {
      return UNJUDGED;
    }
    int most = code.tupleMaxSize();
    if (p + least <= limit && most > 0) {
      // whole unless its elements are larger than the least (big signatures, longer numbers):
      // the framer says so with a truncation, which is rare
      return p + fs + count * most <= limit ? FITS : LIKELY;
    }
    // cut, or elements of any size (a variable-size code): stepped over as far as the bytes go,
    // which also leaves a bad code in them to the framer at once
    return elements(s, p + fs, limit, code, count, maxFrame);
  }

  private static long cut(long missing) {
    return missing > 0 ? missing : FITS;
  }

  /** Steps over {@code count} elements of {@code code} from {@code i}, primitive by primitive. */
  private static long elements(
      Source s, int i, int limit, CounterCode code, long count, long maxFrame) {
    int slots = code.slotCount();
    long tupleMin = code.tupleMinSize();
    long at = i;
    for (long t = 0; t < count; t++) {
      long slotsLeft = tupleMin;
      for (int k = 0; k < slots; k++) {
        Slot slot = code.slot(k);
        slotsLeft -= slot.minSize();
        long size = size(s, (int) at, limit, slot, maxFrame);
        if (size == NOT_SIZED) {
          return UNJUDGED;
        }
        long rest = slotsLeft + (count - t - 1) * tupleMin;
        if (size < 0) {
          // cut inside the code: -size is the least the primitive still needs
          return -size + rest;
        }
        at += size;
        if (at > limit) {
          return at - limit + rest;
        }
      }
    }
    return FITS;
  }

  /**
   * The full size in characters of the primitive of {@code slot} at {@code i} ({@code i <=
   * limit}); {@code -n} if its code is cut by {@code limit} and at least {@code n} more
   * characters are needed; {@link #NOT_SIZED} for a nested group or a code the framer must refuse.
   */
  private static long size(Source s, int i, int limit, Slot slot, long maxFrame) {
    int avail = limit - i;
    if (slot == Slot.SIGER) {
      if (avail < 1) {
        return -slot.minSize();
      }
      int c0 = s.at(i);
      IndexerCode single = IndexerCode.single(c0);
      if (single != null) {
        return single.fs(); // an ordinary signature (A..F, 88 characters)
      }
      int hs = IndexerCode.hardSize(c0);
      if (hs == 0) {
        return NOT_SIZED;
      }
      if (avail < hs) {
        return -(slot.minSize() - avail);
      }
      IndexerCode code = IndexerCode.lookup(hs, c0, hs > 1 ? s.at(i + 1) : 0);
      return code == null ? NOT_SIZED : code.fs();
    }
    if (!slot.isMatter()) {
      return NOT_SIZED;
    }
    int min = slot.minSize();
    if (avail < 1) {
      return -min;
    }
    int c0 = s.at(i);
    int hs = MatterCode.hardSize(c0);
    if (hs == 0) {
      return NOT_SIZED;
    }
    if (avail < hs) {
      return -Math.max(1, min - avail);
    }
    MatterCode code =
        MatterCode.lookup(
            hs, c0, hs > 1 ? s.at(i + 1) : 0, hs > 2 ? s.at(i + 2) : 0, hs > 3 ? s.at(i + 3) : 0);
    if (code == null || !slot.accepts(code)) {
      return NOT_SIZED;
    }
    if (!code.isVariable()) {
      return code.fs();
    }
    int cs = code.cs();
    if (avail < cs) {
      return -Math.max(1, code.minFullSize() - avail);
    }
    long quadlets = B64.decodeInt(s, i + code.hs(), code.ss());
    if (quadlets < 0) {
      return NOT_SIZED;
    }
    long full = code.variableFullSize(quadlets);
    return full > maxFrame ? NOT_SIZED : full;
  }
}
