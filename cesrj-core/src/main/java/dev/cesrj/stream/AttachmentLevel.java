package dev.cesrj.stream;

import dev.cesrj.code.CounterCode;

/**
 * One depth of the AttachmentGroup stack of {@link MessageTokens}: an AttachmentGroup whose
 * content (an optional leading genus-version code, then groups and nested messages; CESR
 * specification, "Universal Code table genus/version codes that allow genus/version override";
 * keripy {@code src/keri/core/parsing.py} {@code Parser.msgParsator}) is being walked. Made once
 * per depth when the cursor is made and reused, so a stream allocates none.
 */
final class AttachmentLevel {
  /** The buffer index of its counter. */
  int start;
  /** The buffer index just past its content. */
  int end;
  /** The buffer index of the next part of its content. */
  int p;
  /** Its nesting depth (its content's is one more). */
  int depth;
  boolean qb2;
  /** True until its first part is read: only there may a genus-version code stand. */
  boolean first;
  /** Its counter's count (quadlets). */
  long count;
  CounterCode code;

  /**
   * Starts the AttachmentGroup of code {@code c} and count {@code n} at buffer index {@code at},
   * its counter {@code fs} bytes, its content up to {@code groupEnd}. (The table its parts are
   * read with is not kept: each part's view, from the message framer's record, has its code.)
   */
  void open(int at, int fs, int groupEnd, int d, boolean isQb2, CounterCode c, long n) {
    start = at;
    end = groupEnd;
    p = at + fs;
    depth = d;
    qb2 = isQb2;
    first = true;
    count = n;
    code = c;
  }
}
