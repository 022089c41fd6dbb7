package dev.cesrj.stream;

/**
 * What {@link CesrCursor#next()} read: one step of the CESR grammar (CESR specification, "Stream
 * parsing rules"; keripy {@code src/keri/core/parsing.py} {@code Parser.msgParsator} and {@code
 * counting.py}). Start and end tokens nest: every {@link #MESSAGE_START} has its {@link
 * #MESSAGE_END}, every {@link #GROUP_START} its {@link #GROUP_END}, in stream order.
 *
 * <p>The accessors of {@link CesrCursor} that hold a value for each token are listed there.
 */
public enum CesrToken {
  /**
   * A message starts (a bare JSON, CBOR or MessagePack body, a body group or a
   * BodyWithAttachmentGroup envelope, with the genus-version codes just before it): its span
   * (the whole message, as {@link Message#offset()} and {@link Message#length()}), depth and
   * version string.
   */
  MESSAGE_START,
  /**
   * A genus-version code ({@code -_AAA}, legacy {@code --AAA}): its code, its count, and the
   * counter table it selects for what follows (CESR specification, "Protocol genus/version
   * table").
   */
  GENUS_VERSION,
  /**
   * The message body: its kind (JSON, CBOR, MGPK, or CESR for a native body) and span (a bare
   * body's bytes; for a body carried in a body group, the whole group, counter included).
   */
  BODY,
  /** A counted group starts: its counter code, count, span (counter included) and depth. */
  GROUP_START,
  /**
   * A primitive: a Matter primitive or an indexed signature, its code, span and domain; for an
   * indexed signature its index and ondex.
   */
  PRIMITIVE,
  /** The group of the matching {@link #GROUP_START} ends: the same code, count and span. */
  GROUP_END,
  /** The message of the matching {@link #MESSAGE_START} ends: the same span and version. */
  MESSAGE_END,
  /**
   * The cursor needs more bytes before it can say what comes next: {@link CesrCursor#needed()}
   * says how many at least. Append them to the buffer and call {@link CesrCursor#next()} again,
   * or call {@link CesrCursor#endOfInput()} if none will come.
   */
  NEED_MORE,
  /**
   * The input ended at a frame boundary after {@link CesrCursor#endOfInput()}: every byte was
   * read. {@link CesrCursor#next()} returns {@code END} again from now on.
   */
  END
}
