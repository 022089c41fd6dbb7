package dev.cesrj.stream;

import dev.cesrj.internal.GroupTape;

/**
 * The entries of a {@link GroupTape} being returned as tokens, one per {@link #step}: a group
 * that a framer recorded while it checked it, read from that record rather than walked again.
 */
final class TapePlayer {
  private GroupTape tape;
  /** The next entry to return. */
  private int next;
  /** The entry after the last one to return. */
  private int end;

  /** Returns the entries {@code [from, to)} of {@code t} next. */
  void start(GroupTape t, int from, int to) {
    tape = t;
    next = from;
    end = to;
  }

  /** Forgets what was left to return. */
  void clear() {
    next = 0;
    end = 0;
  }

  /** {@return true if the next entry was made the current token; false if none is left} */
  boolean step(CursorToken tok) {
    if (next < end) {
      tok.play(tape, next++);
      return true;
    }
    return false;
  }
}
