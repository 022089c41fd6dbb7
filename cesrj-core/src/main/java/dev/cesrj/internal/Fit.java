package dev.cesrj.internal;

/**
 * What {@link GroupFramer#frameOrCut} found for a group that may run past the bytes at hand: the
 * group whole and checked, with the index just past it, or cut by the end of the bytes, with the
 * least number of bytes still needed: exactly the {@link dev.cesrj.TruncatedException#needed()}
 * that framing it with {@link GroupFramer#group(int, int, CounterTable, int)} would throw. A cut
 * is reported here, not thrown: a group of a bare attachment run cut by the end of a read is
 * common when bytes arrive in chunks, and an exception's stack trace would cost each wait.
 *
 * <p>Owned by the caller, one per framer that uses it, reused from group to group; allocates
 * nothing. Not thread-safe. Figures are bytes of the domain read (characters in qb64).
 */
public final class Fit {
  /** What framing found. */
  public enum Verdict {
    /** The whole group lies before the end of the bytes and is checked: see {@link #end()}. */
    WHOLE,
    /** The group runs past the end of the bytes: it needs at least {@link #needed()} more. */
    CUT
  }

  private Verdict verdict = Verdict.WHOLE;
  private int end;
  private long needed;

  /** A result to be filled by {@link GroupFramer#frameOrCut}. */
  public Fit() {}

  /** {@return what the last framing found} */
  public Verdict verdict() {
    return verdict;
  }

  /** {@return after {@link Verdict#WHOLE}: the buffer index just past the group} */
  public int end() {
    return end;
  }

  /**
   * {@return after {@link Verdict#CUT}: the least number of bytes the group still needs, at least
   * 1 (exactly the rest once the group's size is known, as for a quadlet count)}
   */
  public long needed() {
    return needed;
  }

  /** Starts a framing: nothing is cut yet. */
  void reset() {
    verdict = Verdict.WHOLE;
    end = 0;
    needed = 0;
  }

  /** The group ends at {@code end}: {@link Verdict#WHOLE}. */
  Verdict whole(int end) {
    this.end = end;
    return verdict;
  }

  /**
   * Records a cut that needs at least {@code needed} more bytes.
   *
   * @return 0, for a scan to return in place of a size
   */
  long at(long needed) {
    this.verdict = Verdict.CUT;
    this.needed = needed;
    return 0;
  }

  /** Adds {@code more} bytes that the enclosing grammar needs after the cut item. */
  void more(long more) {
    needed += more;
  }

  /** {@return true once a cut is recorded} */
  boolean isCut() {
    return verdict == Verdict.CUT;
  }
}
