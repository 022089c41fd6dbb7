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
 * refuse) it leaves to the framer too. Allocates nothing; not thread-safe (one per framer).
 *
 * <p>Why a size probe and not the framer: the framer reports a cut group by throwing a {@link
 * dev.cesrj.TruncatedException}, whose stack trace costs far more than this probe, and a group
 * of a bare run cut by the end of a read is common when bytes arrive in chunks. It checks
 * nothing and builds nothing: whatever it cannot size it leaves to the framer ({@link
 * Verdict#UNJUDGED}).
 */
public final class GroupFit {
  /** What {@link #check} found. */
  public enum Verdict {
    /** The whole group lies before the end: frame it. */
    FITS,
    /** Cut by the end of the bytes: it needs at least {@link #needed()} more bytes. */
    CUT,
    /**
     * Whole if its elements take the least size each (as ordinary signatures and keys do): frame
     * it, and let a truncation say whether it was cut.
     */
    LIKELY,
    /** Not judged here: frame it, and let a truncation say whether it was cut. */
    UNJUDGED
  }

  /** What {@link #size} found for one primitive. */
  private enum Probe {
    /** Its full size is {@link #size}. */
    SIZED,
    /** Its code is cut: at least {@link #size} more bytes are needed. */
    CODE_CUT,
    /** A nested group, or a code the framer must refuse. */
    NOT_SIZED
  }

  private long needed;
  private long size;

  /** A sizer; it keeps the figure of its last verdict, so one is needed per thread. */
  public GroupFit() {}

  /**
   * {@return after {@link Verdict#CUT}: the least number of bytes the group still needs (exactly
   * that many for a quadlet count)}
   */
  public long needed() {
    return needed;
  }

  /**
   * Whether the qb64 group at {@code p}, whose counter of {@code code} declaring {@code count}
   * ({@code fs} characters) is complete before {@code limit}, ends by {@code limit}.
   *
   * @param maxFrame the frame limit in bytes: a group declaring more is left to the framer
   * @return {@link Verdict#FITS}, {@link Verdict#LIKELY}, {@link Verdict#UNJUDGED}, or {@link
   *     Verdict#CUT} with {@link #needed()} set
   */
  public Verdict check(
      Source s, int p, int limit, CounterCode code, long count, int fs, long maxFrame) {
    // the common case, kept small enough to inline: the most the group can take is in
    CountUnit unit = code.unit();
    long most =
        unit == CountUnit.QUADLETS
            ? 4
            : unit == CountUnit.NONE ? 0 : code.headMinSize() == 0 ? code.tupleMaxSize() : -1;
    if (most >= 0 && fs + count * most <= limit - p) {
      return Verdict.FITS;
    }
    return judge(s, p, limit, code, count, fs, maxFrame);
  }

  private Verdict judge(
      Source s, int p, int limit, CounterCode code, long count, int fs, long maxFrame) {
    CountUnit unit = code.unit();
    if (unit == CountUnit.NONE) {
      return Verdict.FITS;
    }
    if (unit == CountUnit.QUADLETS) {
      long total = fs + Domain.QB64.quadlets(count);
      return total > maxFrame ? Verdict.UNJUDGED : cut(p + total - limit);
    }
    if (!code.head().isEmpty() || code.slotCount() == 0) {
      return Verdict.UNJUDGED;
    }
    long least = fs + count * code.tupleMinSize();
    if (least > maxFrame) {
      return Verdict.UNJUDGED;
    }
    int most = code.tupleMaxSize();
    if (p + least <= limit && most > 0) {
      // whole unless its elements are larger than the least (big signatures, longer numbers):
      // the framer says so with a truncation, which is rare
      return p + fs + count * most <= limit ? Verdict.FITS : Verdict.LIKELY;
    }
    // cut, or elements of any size (a variable-size code): stepped over as far as the bytes go,
    // which also leaves a bad code in them to the framer at once
    return elements(s, p + fs, limit, code, count, maxFrame);
  }

  private Verdict cut(long missing) {
    if (missing > 0) {
      needed = missing;
      return Verdict.CUT;
    }
    return Verdict.FITS;
  }

  /** Steps over {@code count} elements of {@code code} from {@code i}, primitive by primitive. */
  private Verdict elements(
      Source s, int i, int limit, CounterCode code, long count, long maxFrame) {
    int slots = code.slotCount();
    long tupleMin = code.tupleMinSize();
    long at = i;
    for (long t = 0; t < count; t++) {
      long slotsLeft = tupleMin;
      for (int k = 0; k < slots; k++) {
        Slot slot = code.slot(k);
        slotsLeft -= slot.minSize();
        Probe probe = size(s, (int) at, limit, slot, maxFrame);
        if (probe == Probe.NOT_SIZED) {
          return Verdict.UNJUDGED;
        }
        long rest = slotsLeft + (count - t - 1) * tupleMin;
        if (probe == Probe.CODE_CUT) {
          // cut inside the code: size is the least the primitive still needs
          needed = size + rest;
          return Verdict.CUT;
        }
        at += size;
        if (at > limit) {
          needed = at - limit + rest;
          return Verdict.CUT;
        }
      }
    }
    return Verdict.FITS;
  }

  private Probe sized(long full) {
    size = full;
    return Probe.SIZED;
  }

  private Probe codeCut(long least) {
    size = least;
    return Probe.CODE_CUT;
  }

  /**
   * Sizes the primitive of {@code slot} at {@code i} ({@code i <= limit}): {@link Probe#SIZED}
   * with its full size in characters in {@link #size}; {@link Probe#CODE_CUT} if its code is cut
   * by {@code limit}, with the least number of characters still needed in {@link #size}; {@link
   * Probe#NOT_SIZED} for a nested group or a code the framer must refuse.
   */
  private Probe size(Source s, int i, int limit, Slot slot, long maxFrame) {
    int avail = limit - i;
    if (slot == Slot.SIGER) {
      if (avail < 1) {
        return codeCut(slot.minSize());
      }
      int c0 = s.at(i);
      IndexerCode single = IndexerCode.single(c0);
      if (single != null) {
        return sized(single.fs()); // an ordinary signature (A..F, 88 characters)
      }
      int hs = IndexerCode.hardSize(c0);
      if (hs == 0) {
        return Probe.NOT_SIZED;
      }
      if (avail < hs) {
        return codeCut(slot.minSize() - avail);
      }
      IndexerCode code = IndexerCode.lookup(hs, c0, hs > 1 ? s.at(i + 1) : 0);
      return code == null ? Probe.NOT_SIZED : sized(code.fs());
    }
    if (!slot.isMatter()) {
      return Probe.NOT_SIZED;
    }
    int min = slot.minSize();
    if (avail < 1) {
      return codeCut(min);
    }
    int c0 = s.at(i);
    int hs = MatterCode.hardSize(c0);
    if (hs == 0) {
      return Probe.NOT_SIZED;
    }
    if (avail < hs) {
      return codeCut(Math.max(1, min - avail));
    }
    MatterCode code =
        MatterCode.lookup(
            hs, c0, hs > 1 ? s.at(i + 1) : 0, hs > 2 ? s.at(i + 2) : 0, hs > 3 ? s.at(i + 3) : 0);
    if (code == null || !slot.accepts(code)) {
      return Probe.NOT_SIZED;
    }
    if (!code.isVariable()) {
      return sized(code.fs());
    }
    int cs = code.cs();
    if (avail < cs) {
      return codeCut(Math.max(1, code.minFullSize() - avail));
    }
    long quadlets = B64.decodeInt(s, i + code.hs(), code.ss());
    if (quadlets < 0) {
      return Probe.NOT_SIZED;
    }
    long full = code.variableFullSize(quadlets);
    return full > maxFrame ? Probe.NOT_SIZED : sized(full);
  }
}
