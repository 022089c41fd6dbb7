package dev.cesrj.stream;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.internal.ElementCount;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupTape;
import dev.cesrj.internal.Transcode;

/**
 * The tokens of a stream of attachment groups only ({@link CesrCursor#groups}), read as {@link
 * dev.cesrj.group.Groups} reads it: each group framed and checked whole by {@link GroupFramer},
 * which records its items on a {@link GroupTape} as it frames them (one pass over its bytes); the
 * tokens are those entries, played in order. A genus-version code at the top selects the table
 * for the groups after it (CESR specification, "Universal Code table genus/version codes"; keripy
 * {@code src/keri/core/parsing.py} {@code Parser.groupParsator}). A reused source allocates
 * nothing per stream: the tape and the {@link Fit} are kept.
 */
final class GroupTokens extends TokenSource {
  private final CesrOptions options;
  private final GroupFramer framer;
  /** The items of the group being returned, as the framer recorded them while checking it. */
  private final GroupTape tape = new GroupTape();
  /**
   * What the framer found for a group that the end of the bytes may cut ({@link
   * GroupFramer#frameOrCut}), the framing layers' one "need more" result; reused for every group.
   */
  private final Fit fit = new Fit();
  /** The table in force at the top of the stream. */
  private CounterTable table;
  /** The next entry of {@link #tape} to return. */
  private int next;
  /** The entry after the last one of the group being returned. */
  private int end;

  GroupTokens(CesrOptions options) {
    this.options = options;
    this.framer = new GroupFramer(in.src, options);
    this.table = options.defaultTable();
  }

  @Override
  void reset() {
    table = options.defaultTable();
    tape.clear();
    next = 0;
    end = 0;
  }

  @Override
  CesrToken frame() {
    int limit = in.buf.writerIndex();
    CesrToken wait = in.awaitOrFollow(limit);
    if (wait != null) {
      return wait;
    }
    int pos = in.pos;
    if (pos >= limit) {
      return in.atBoundary();
    }
    CounterTable t = table;
    int groupEnd;
    CounterTable after = t;
    tape.clear();
    next = 0;
    end = 0;
    if (in.ended) {
      groupEnd = framer.group(pos, limit, t, 1, tape); // a cut is an error: no more bytes come
    } else {
      if (framer.frameOrCut(pos, limit, t, 1, tape, fit) == Fit.Verdict.CUT) {
        return in.needMore(fit.needed()); // reported without an exception
      }
      groupEnd = fit.end();
    }
    if (framer.code().unit() == CountUnit.NONE) {
      after = framer.selectedTable(pos);
    }
    // the elements Group.elements() would hold, of this group and each group in it
    ElementCount.validateGroups(tape, in.src, options);
    if (options.checkValueCharacters()
        && Domain.ofCounterByte(in.src.at(pos)) == Domain.QB64
        && !framer.code().layout().holdsStream()) {
      Transcode.requireBase64(
          in.buf.slice(pos, groupEnd - pos), in.src.offset(pos), framer.code().code());
    }
    table = after;
    in.frameEnd = groupEnd;
    end = tape.size();
    return null;
  }

  @Override
  boolean step() {
    if (next < end) {
      play(tape, next++);
      return true;
    }
    return false;
  }

  /** Nothing to forget: the next {@link #frame()} starts the tape again. */
  @Override
  void clearFrame() {}
}
