package dev.cesrj.cli;

import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;
import java.io.IOException;

/**
 * Writes what {@link Inspection} framed, one message (or attachment group) at a time, while its
 * views are valid (a push parser's views last until its next call).
 */
interface Renderer {
  /**
   * A top-level message.
   *
   * @param base the offset base of the parser that framed it (add it to the message's offsets)
   * @param ordinal its number in the stream, from 0
   */
  void message(Message m, long base, int ordinal) throws IOException;

  /** A group at the top of an attachment-only stream, numbered from 0. */
  void attachment(Group g, int ordinal) throws IOException;

  /**
   * The end: everything framed has been given.
   *
   * @param framedTo stream offset where framing stopped (the input's length if it all framed)
   * @param failure the error that stopped framing, or {@code null}
   */
  void end(long framedTo, Failure failure) throws IOException;

  /**
   * The messages given so far stop being valid after this call (the push parser's next call, or
   * the end of a whole input): a renderer that queued them handles them now.
   */
  default void flush() throws IOException {
  }
}
