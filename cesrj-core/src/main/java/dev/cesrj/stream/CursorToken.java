package dev.cesrj.stream;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.internal.GroupTape;

/**
 * The current token of a {@link CesrCursor} and what its accessors return: one holder, filled in
 * place, so a token allocates nothing. It is the part of the token source ({@link TokenSource})
 * that the cursor's accessors read, so that the source writes the token into its own fields and
 * the cursor reads it one reference away. Which fields a token defines is the class comment of
 * {@code CesrCursor} ("Accessors"); the others keep what an earlier token left. Not thread-safe.
 */
abstract sealed class CursorToken permits TokenSource {
  /** The token; {@code null} before the first {@code next()} of a stream and after an error. */
  CesrToken token;
  /** The buffer index of the token's first byte. */
  int index;
  /** The token's length in bytes of its domain. */
  int length;
  /** The nesting depth, 1 at the top. */
  int depth;
  /** True if the token's bytes are qb2. */
  boolean qb2;
  /** The counter code, or {@code null} (a message, a bare body). */
  CounterCode code;
  /** The counter's count. */
  long count;
  /** The table a genus-version code selects. */
  CounterTable genus;
  /** A Matter primitive's code. */
  MatterCode matter;
  /** An indexed signature's code. */
  IndexerCode indexer;
  /** The primitive is an indexed signature ({@link #indexer}), else a Matter ({@link #matter}). */
  boolean indexed;
  /** An indexed signature's index and ondex, as the framer read them. */
  int signatureIndex;
  int ondex;
  /** A message's or body's version string. */
  VersionString version;
  /** At {@code NEED_MORE}: the least number of bytes still needed. */
  long needed;

  /** Forgets the references a frame left (they may hold views of the frame's buffer). */
  void forgetFrame() {
    version = null;
    code = null;
    genus = null;
  }

  /**
   * Makes entry {@code i} of {@code g}, a framer's record of the items it framed, the current
   * token: the hot path of both token sources.
   */
  void play(GroupTape g, int i) {
    index = g.start(i);
    length = g.length(i);
    depth = g.depth(i);
    qb2 = g.isQb2(i);
    GroupTape.Step s = g.step(i);
    if (s == GroupTape.Step.INDEXER) {
      // primitive stores, and a reference store only when it changes (each costs a GC barrier)
      IndexerCode ic = g.indexerCode(i);
      if (indexer != ic) {
        indexer = ic;
      }
      signatureIndex = g.signatureIndex(i);
      ondex = g.ondex(i);
      indexed = true;
      if (token != CesrToken.PRIMITIVE) {
        token = CesrToken.PRIMITIVE;
      }
      return;
    }
    switch (s) {
      case GROUP_START:
      case GROUP_END:
        {
          CounterCode c = g.counterCode(i);
          if (code != c) {
            code = c;
          }
          count = g.count(i);
          CesrToken t =
              s == GroupTape.Step.GROUP_START ? CesrToken.GROUP_START : CesrToken.GROUP_END;
          if (token != t) {
            token = t;
          }
          return;
        }
      case GENUS_VERSION:
        code = g.counterCode(i);
        count = g.count(i);
        genus = g.selected(i);
        token = CesrToken.GENUS_VERSION;
        return;
      default:
        matter = g.matterCode(i);
        indexed = false;
        token = CesrToken.PRIMITIVE;
    }
  }

  /**
   * A counter's token: {@code GROUP_START}, {@code GROUP_END} (code {@code c}, count {@code n}) at
   * buffer index {@code at}, {@code len} bytes, of nesting depth {@code d}.
   */
  void counter(CesrToken t, int at, int len, int d, boolean isQb2, CounterCode c, long n) {
    index = at;
    length = len;
    depth = d;
    qb2 = isQb2;
    code = c;
    count = n;
    token = t;
  }

  /**
   * The {@code GROUP_START} or {@code GROUP_END} of the view {@code g} of a stream whose offset 0
   * is buffer index {@code origin}.
   */
  void group(CesrToken t, Group g, int origin) {
    counter(
        t, origin + (int) g.offset(), g.length(), g.depth(), g.domain() == Domain.QB2, g.code(),
        g.count());
  }

  /**
   * A genus-version code's token at {@code at} (domain {@code d}, code {@code c}, count {@code n})
   * of nesting depth {@code dep}: {@link #genus} is the table its version selects ({@link
   * CounterTable#selectedBy}), null for a version no table has.
   */
  void genusVersion(int at, Domain d, CounterCode c, long n, int dep) {
    index = at;
    length = (int) d.size(c.fs());
    depth = dep;
    qb2 = d == Domain.QB2;
    code = c;
    count = n;
    genus = CounterTable.selectedBy(c, CounterTable.genusMajor(n), CounterTable.genusMinor(n));
    token = CesrToken.GENUS_VERSION;
  }

  /**
   * A message's {@code MESSAGE_START} or {@code MESSAGE_END}: at buffer index {@code at}, {@code
   * len} bytes, its version string {@code vs}.
   */
  void message(CesrToken t, int at, int len, int d, boolean isQb2, VersionString vs) {
    index = at;
    length = len;
    depth = d;
    qb2 = isQb2;
    version = vs;
    code = null;
    token = t;
  }

  /** Characters of the current primitive's code: {@code hs + ss}. */
  int codeChars() {
    return indexed ? indexer.cs() : matter.cs();
  }

  /** Lead bytes of the current primitive (an indexed signature has none). */
  int leadBytes() {
    return indexed ? 0 : matter.ls();
  }

  /** Bytes before the raw value in the current primitive's qb2 form: code, pad and lead bytes. */
  int rawFrom() {
    int cs = codeChars();
    return cs / 4 * 3 + cs % 4 + leadBytes();
  }

  /** The size in bytes of the current primitive's raw value. */
  int rawSize() {
    int qb2Size = qb2 ? length : length / 4 * 3;
    return qb2Size - rawFrom();
  }

  /** The current primitive's code text. */
  String primitiveCode() {
    return indexed ? indexer.code() : matter.code();
  }
}
