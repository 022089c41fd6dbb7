package dev.cesrj.stream;

import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The stream a {@link CesrCursor} reads and where it is in it, shared by the cursor and its token
 * source ({@link GroupTokens}, {@link MessageTokens}): the caller's buffer (never retained,
 * released or written; only its reader index is moved, see "Reader index" in {@code
 * CesrCursor}), the index of offset 0, the frame whose tokens are returned, whether the end of
 * input was signalled, and what the last {@code NEED_MORE} asked for. Not thread-safe.
 */
final class CursorInput {
  /** The bytes as the framing engine reads them, kept in step with {@link #buf} as it moves. */
  final Source src = new Source(Unpooled.EMPTY_BUFFER, 0);
  /** The current token, where {@link #needMore} reports. */
  final CursorToken token;
  ByteBuf buf = Unpooled.EMPTY_BUFFER;
  /** The buffer index of stream offset 0: the reader index at {@link #reset}. */
  int origin;
  /** The buffer index where the next frame starts. */
  int pos;
  /** The buffer index just past the frame whose tokens are being returned. */
  int frameEnd;
  /** True after {@code endOfInput()}: no more bytes will be appended. */
  boolean ended;
  /** True after NEED_MORE (or reset): the buffer may have moved to a new backing array. */
  private boolean mayHaveMoved;
  /**
   * The writer index that the last NEED_MORE asked for (its writer index plus its {@code
   * needed}): until the bytes reach it, and before {@code endOfInput()}, the cut frame is not
   * framed again.
   */
  private long awaitEnd;

  CursorInput(CursorToken token) {
    this.token = token;
  }

  /** Starts the stream of {@code input} at its reader index, forgetting the last one. */
  void reset(ByteBuf input) {
    buf = input;
    origin = input.readerIndex();
    pos = origin;
    frameEnd = origin;
    ended = false;
    awaitEnd = 0;
    src.reset(input, origin);
    mayHaveMoved = true; // bytes may be appended before the first next()
  }

  /**
   * Before a frame is framed at {@link #pos}: {@code NEED_MORE} (what is left of the last ask)
   * while fewer bytes than the last {@code NEED_MORE} asked for are in and more may come, so that
   * a cut frame is not framed again for nothing; else {@code null}, with {@link #src} following
   * the buffer if it moved to a new backing array.
   */
  CesrToken awaitOrFollow(int limit) {
    if (!ended && limit < awaitEnd) {
      return needMore(awaitEnd - limit); // fewer bytes than asked for: nothing to frame again
    }
    if (mayHaveMoved) {
      mayHaveMoved = false;
      if (!src.sameBytes(buf, origin)) {
        src.reset(buf, origin);
      }
    }
    return null;
  }

  /** At the end of the bytes, at a frame boundary: {@code END} after the end of input, else 1. */
  CesrToken atBoundary() {
    return ended ? set(CesrToken.END) : needMore(1);
  }

  /** {@code NEED_MORE} for {@code n} more bytes: the caller appends now, so the buffer may move. */
  CesrToken needMore(long n) {
    token.needed = n;
    awaitEnd = buf.writerIndex() + n;
    mayHaveMoved = true; // the caller appends now: a heap buffer may move to a new array
    return set(CesrToken.NEED_MORE);
  }

  private CesrToken set(CesrToken t) {
    token.token = t;
    return t;
  }

  /** Moves past the frame whose tokens were all returned: the reader index follows. */
  void pastFrame() {
    pos = frameEnd;
    buf.readerIndex(pos);
  }

  /** The buffer index of stream offset {@code offset}. */
  int indexOf(long offset) {
    return origin + (int) offset;
  }
}
