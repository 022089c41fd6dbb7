package dev.cesrj.stream;

import dev.cesrj.CesrException;

/**
 * Where a {@link CesrCursor}'s tokens come from: a stream of messages ({@link MessageTokens}) or
 * of attachment groups only ({@link GroupTokens}). The cursor frames a top-level frame whole with
 * {@link #frame()}, then takes its tokens one by one with {@link #step()}; both write the {@link
 * CursorToken} and read the {@link CursorInput} the cursor gave the source at construction.
 */
sealed interface TokenSource permits GroupTokens, MessageTokens {
  /** Forgets the stream, its table and its frame (after {@link CursorInput#reset}). */
  void reset();

  /**
   * Frames the top-level frame at {@link CursorInput#pos}, whole, as {@code Messages} or {@code
   * Groups} frames it, and makes its tokens ready for {@link #step()}.
   *
   * @return {@code null} when the frame is ready ({@link CursorInput#frameEnd} is set); {@code
   *     NEED_MORE} (with {@link CursorToken#needed}) or {@code END}, set on the token, otherwise
   * @throws CesrException for bad input, the error the cursor fails with
   */
  CesrToken frame();

  /** {@return true if the frame's next token was set; false when the frame has no more} */
  boolean step();

  /** Forgets the frame whose tokens were all returned. */
  void clearFrame();
}
