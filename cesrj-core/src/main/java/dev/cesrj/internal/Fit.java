package dev.cesrj.internal;

import dev.cesrj.TruncatedException;
import dev.cesrj.code.Slot;

/**
 * The one way the framing layers say "need more bytes": what framing found for an item that may
 * run past the end of the bytes at hand. {@link Verdict#WHOLE}, with {@link #end()} the buffer
 * index just past it, or {@link Verdict#CUT}, with {@link #needed()} the least number of bytes it
 * still needs (before either, a new or reset fit is {@link Verdict#PENDING}): exactly the {@link
 * TruncatedException#needed()} that framing it where no more bytes can come throws. Every layer
 * fills one: {@link TextScan} for a primitive, {@link GroupFramer#frameOrCut} for a group, the
 * push parser's resume of a held message for a message and its bare attachment run, and the
 * message framer for a top-level frame. A cut is reported here, not thrown: a message or a group
 * cut by the end of a read is common when bytes arrive in chunks, and an exception's stack trace
 * would cost each wait.
 *
 * <p>A cut found by framing keeps the facts of its truncation (which {@link Errors} factory,
 * offset, code, what was expected: table constants or strings already built, so recording
 * allocates nothing): {@link #isTruncation()} is then true and {@link #error()} builds, where no
 * more bytes can come, exactly the {@link TruncatedException} that {@link #THROWING} throws for
 * the same cut. A bare {@link #cut(long)} (a layer's own "need more", such as genus-version codes
 * left before the end, which belong to the message that follows) carries none.
 *
 * <p>Reading: a method that returns a buffer index or a size alongside a {@code Fit} returns it
 * while the fit is not cut (it may have been left {@link Verdict#PENDING}, as {@link
 * GroupFramer#counterOrCut} leaves it), and {@link #CUT_END} once it is; the caller reads {@link
 * #isCut()} first. {@link #end()} of a cut or pending fit and {@link #needed()} of a whole or
 * pending one throw {@link IllegalStateException}: no figure is read by mistake.
 *
 * <p>Two kinds. A caller-owned fit ({@link #Fit()}), one per framer or parser that uses it, is
 * reset per use and reused from item to item; it allocates nothing and is not thread-safe. The
 * shared {@link #THROWING} fit records nothing: a cut given to it is thrown at once as the {@link
 * TruncatedException} it carries (offset, code, what was expected, bytes needed), built by {@link
 * Errors} as before. It is the mode of framing where no more bytes can come (the whole-buffer
 * {@link GroupFramer#group}), and inside a quadlet-counted group, whose count fixed where its
 * content ends: there a cut is malformed content (CESR specification, "Count codes": a count
 * code's count is the size of its group's content; keripy {@code parsing.py} reads the counted
 * content whole), which the group reports with {@link Errors#cutBy}. Figures are bytes of the
 * domain read (characters in qb64).
 */
public final class Fit {
  /** What framing found. */
  public enum Verdict {
    /**
     * Nothing found yet: a new fit, or one {@link #reset()} for the next item and not filled.
     * Neither {@link #end()} nor {@link #needed()} has a value; {@link #isCut()} is false, so a
     * layer that frames on checks only for a cut.
     */
    PENDING,
    /** The whole item lies before the end of the bytes and is checked: see {@link #end()}. */
    WHOLE,
    /** The item runs past the end of the bytes: it needs at least {@link #needed()} more. */
    CUT
  }

  /**
   * The mode in which a cut is an error, thrown as it is found: framing where no more bytes can
   * come, and the content of a counted group. Immutable and shared: it records nothing, is never
   * {@link Verdict#CUT} (it stays {@link Verdict#PENDING}), and its {@link #reset()}, {@link
   * #whole(int)} and {@link #cut(long)} throw {@link IllegalStateException}.
   */
  public static final Fit THROWING = new Fit();

  /**
   * What a method that returns a buffer index alongside a {@code Fit} returns in place of one once
   * the fit is cut: negative, an index no buffer has, so that one read by mistake fails rather
   * than frames on. Callers read the fit first.
   */
  public static final int CUT_END = Integer.MIN_VALUE;

  /**
   * What the fit holds: its {@link Verdict} and, for a cut, which of the {@link Errors} factories
   * its truncation is built by ({@link #error()}). One field for both keeps a caller's fit at 40
   * bytes (it is made with each {@code Messages} and push parser).
   */
  private enum State {
    /** {@link Verdict#PENDING}. */
    PENDING(Verdict.PENDING),
    /** {@link Verdict#WHOLE}: {@link #at} holds the end. */
    WHOLE(Verdict.WHOLE),
    /** {@link Verdict#CUT} by {@link #cut(long)}: bytes lacked, no truncation. */
    BARE(Verdict.CUT),
    /** {@link Verdict#CUT}: {@link Errors#truncated} expecting {@link #words}, a slot's words. */
    PRIMITIVE(Verdict.CUT),
    /**
     * {@link Verdict#CUT}: {@link Errors#rest(long, String, String, long)} of the code named
     * {@link #words}.
     */
    REST(Verdict.CUT),
    /** {@link Verdict#CUT}: {@link Errors#counter}. */
    COUNTER(Verdict.CUT),
    /** {@link Verdict#CUT}: {@link Errors#truncated} expecting {@link #words}. */
    TRUNCATED(Verdict.CUT);

    final Verdict verdict;

    State(Verdict verdict) {
      this.verdict = verdict;
    }
  }

  private State state = State.PENDING;
  private long needed;
  // WHOLE: the end. CUT: the offset of the item cut; with the code and words below, the facts of
  // its truncation, kept (not built into an exception) until error() asks: each is a table
  // constant or a string already built, so recording allocates nothing.
  private long at;
  private String code;
  private String words;

  /** A result to be filled by a framing layer; the caller owns it. */
  public Fit() {}

  /** {@return what the last framing found} */
  public Verdict verdict() {
    return state.verdict;
  }

  /** {@return true once a cut is recorded: {@link #verdict()} is {@link Verdict#CUT}} */
  public boolean isCut() {
    // two comparisons with constants, not a load of the state's verdict: every framing layer
    // asks after each item, THROWING's framing (Groups, the whole-buffer framer) included
    State s = state;
    return s != State.PENDING && s != State.WHOLE;
  }

  /**
   * {@return after {@link Verdict#WHOLE}: the buffer index just past the item}
   *
   * @throws IllegalStateException after {@link Verdict#CUT} (a cut item has no end) or while
   *     {@link Verdict#PENDING}
   */
  public int end() {
    if (state != State.WHOLE) {
      throw new IllegalStateException(
          isCut()
              ? "a cut item has no end: it needs " + needed + " more bytes"
              : "nothing framed yet: no end");
    }
    return (int) at;
  }

  /**
   * {@return after {@link Verdict#CUT}: the least number of bytes the item still needs, at least
   * 1 (exactly the rest once the item's size is known, as for a quadlet count)}
   *
   * @throws IllegalStateException after {@link Verdict#WHOLE} (a whole item needs nothing) or
   *     while {@link Verdict#PENDING}
   */
  public long needed() {
    if (!isCut()) {
      throw new IllegalStateException(
          state == State.WHOLE
              ? "a whole item needs no more bytes"
              : "nothing framed yet: no bytes needed");
    }
    return needed;
  }

  /**
   * Starts a framing: {@link Verdict#PENDING}, nothing found yet.
   *
   * @throws IllegalStateException on {@link #THROWING}
   */
  public void reset() {
    mutable();
    state = State.PENDING;
  }

  /**
   * The item ends at {@code end}: {@link Verdict#WHOLE}.
   *
   * @return {@link Verdict#WHOLE}
   * @throws IllegalStateException on {@link #THROWING}
   */
  public Verdict whole(int end) {
    mutable();
    this.state = State.WHOLE;
    this.at = end;
    return Verdict.WHOLE;
  }

  /**
   * The item is cut and needs at least {@code needed} more bytes: {@link Verdict#CUT}. For a layer
   * that reports its own cuts (a message body, a held run) rather than through the scanners.
   *
   * @param needed at least 1
   * @return {@link Verdict#CUT}
   * @throws IllegalStateException on {@link #THROWING}
   */
  public Verdict cut(long needed) {
    mutable();
    record(needed, State.BARE, 0, null, null);
    return Verdict.CUT;
  }

  /**
   * {@return true after a cut recorded with the facts of the {@link TruncatedException} that
   * framing the same bytes with {@link #THROWING} throws: {@link #error()} builds it} False while
   * not cut and after a bare {@link #cut(long)} (a layer's own "need more", such as the
   * genus-version codes the message framer leaves before the end, which carry no error).
   */
  public boolean isTruncation() {
    return isCut() && state != State.BARE;
  }

  /**
   * {@return the truncation this fit's cut stands for: built by {@link Errors} from the facts
   * recorded, exactly the exception (offset, code, what was expected, bytes needed, kind,
   * message) that {@link #THROWING} throws for the same cut, with the bytes {@link #more} added}
   * For the end of the input, where no more bytes can come: the cut is then an error. Allocates.
   *
   * @throws IllegalStateException unless {@link #isTruncation()}
   */
  public TruncatedException error() {
    if (!isTruncation()) {
      throw new IllegalStateException(
          isCut() ? "a bare cut carries no truncation" : "not cut: no truncation");
    }
    switch (state) {
      case REST:
        return Errors.rest(at, code, words, needed);
      case COUNTER:
        return Errors.counter(at, code, needed);
      default:
        return Errors.truncated(at, code, words, needed);
    }
  }

  private void mutable() {
    if (this == THROWING) {
      throw new IllegalStateException("Fit.THROWING records nothing");
    }
  }

  /**
   * A primitive (Matter or indexed signature) at byte offset {@code at} whose code or size is cut,
   * {@code needed} bytes short: recorded, or on {@link #THROWING} thrown as {@link
   * Errors#truncated} expecting {@link TextScan#slotWords(Slot) the slot's words}.
   *
   * @param code its code if read, else {@code null}
   * @param slot where it stands, {@code null} for any Matter code
   */
  void primitiveCut(long at, String code, Slot slot, long needed) {
    String expected = TextScan.slotWords(slot); // a constant: no allocation
    if (this == THROWING) {
      throw Errors.truncated(at, code, expected, needed);
    }
    record(needed, State.PRIMITIVE, at, code, expected);
  }

  /**
   * The item of code {@code code} (named {@code name}) at byte offset {@code at} whose declared
   * size runs {@code needed} bytes past the bytes at hand: recorded, or on {@link #THROWING}
   * thrown as {@link Errors#rest(long, String, String, long)}.
   *
   * @param at the byte offset of its code
   * @param code its hard code
   * @param name its code's name (a table constant)
   * @param needed at least 1
   */
  public void restCut(long at, String code, String name, long needed) {
    if (this == THROWING) {
      throw Errors.rest(at, code, name, needed);
    }
    record(needed, State.REST, at, code, name);
  }

  /**
   * Anything else at byte offset {@code at} cut by the end of the bytes, {@code needed} bytes
   * short: recorded, or on {@link #THROWING} thrown as {@link Errors#truncated} expecting {@code
   * expected} (a constant or a string already built: recording allocates nothing).
   *
   * @param at the byte offset of the item cut
   * @param code its code if read, else {@code null}
   * @param expected what the missing bytes should hold, in words
   * @param needed at least 1
   */
  public void truncatedCut(long at, String code, String expected, long needed) {
    if (this == THROWING) {
      throw Errors.truncated(at, code, expected, needed);
    }
    record(needed, State.TRUNCATED, at, code, expected);
  }

  /**
   * A counter at byte offset {@code at} cut before its count, {@code needed} bytes short:
   * recorded, or on {@link #THROWING} thrown as {@link Errors#counter}.
   *
   * @param code its hard code if read, else {@code null}
   */
  void counterCut(long at, String code, long needed) {
    if (this == THROWING) {
      throw Errors.counter(at, code, needed);
    }
    record(needed, State.COUNTER, at, code, null);
  }

  private void record(long needed, State state, long at, String code, String words) {
    this.state = state;
    this.needed = needed;
    this.at = at;
    this.code = code;
    this.words = words;
  }

  /**
   * Adds {@code more} bytes that the enclosing grammar needs after the cut item (only after a
   * recorded cut: a thrown one gains them through {@link Errors#needingMore}).
   */
  void more(long more) {
    needed += more;
  }

  /** {@return true for {@link #THROWING}: a cut given to this fit is thrown} */
  boolean throwsCuts() {
    return this == THROWING;
  }
}
