package dev.cesrj.stream;

import dev.cesrj.CesrException;

/**
 * Where a {@link CesrCursor}'s tokens come from: a stream of messages ({@link MessageTokens}) or
 * of attachment groups only ({@link GroupTokens}). The cursor frames a top-level frame whole with
 * {@link #frame()}, then takes its tokens one by one with {@link #step()}; a source writes each
 * token into the fields it holds as a {@link CursorToken}, and reads the stream from its {@link
 * CursorInput}.
 */
abstract sealed class TokenSource extends CursorToken permits GroupTokens, MessageTokens {
  /** The stream and where the cursor is in it; its {@code NEED_MORE} is this source's token. */
  final CursorInput in = new CursorInput(this);

  /** Forgets the stream, its table and its frame (after {@link CursorInput#reset}). */
  abstract void reset();

  /**
   * Frames the top-level frame at {@link CursorInput#pos}, whole, as {@code Messages} or {@code
   * Groups} frames it, and makes its tokens ready for {@link #step()}.
   *
   * @return {@code null} when the frame is ready ({@link CursorInput#frameEnd} is set); {@code
   *     NEED_MORE} (with {@link #needed}) or {@code END}, set as the token, otherwise
   * @throws CesrException for bad input, the error the cursor fails with
   */
  abstract CesrToken frame();

  /** {@return true if the frame's next token was set; false when the frame has no more} */
  abstract boolean step();

  /** Forgets the frame whose tokens were all returned. */
  abstract void clearFrame();
}
