package dev.cesrj.stream;

/**
 * One depth of the message stack of {@link MessageTokens}: a message whose tokens are being
 * returned (a top-level message, or one nested in an envelope or AttachmentGroup of the message
 * below it), where its walk is, and where its attachment run is. Made once per depth when the
 * cursor is made ({@link dev.cesrj.CesrOptions#maxDepth()}) and reused, so a stream allocates
 * none.
 */
final class MessageLevel {
  /** Where a message's walk is: its tokens come in this order (see {@link CesrCursor}). */
  enum Phase {
    /** {@code MESSAGE_START} next. */
    START,
    /** The genus-version codes before the body (or envelope), each a {@code GENUS_VERSION}. */
    GENUS_VERSIONS,
    /** A BodyWithAttachmentGroup envelope's {@code GROUP_START}, if the message has one. */
    ENVELOPE,
    /** A genus-version code at the start of the envelope's content, if there is one. */
    ENVELOPE_GENUS_VERSION,
    /** The {@code BODY}. */
    BODY,
    /** The attachment run: groups, AttachmentGroups and nested messages. */
    RUN,
    /** The envelope's {@code GROUP_END}, if the message has one. */
    ENVELOPE_END,
    /** {@code MESSAGE_END}. */
    END
  }

  /** The message, or {@code null} when the depth is free. */
  Message message;
  Phase phase;
  /** The buffer index of the message's next part. */
  int p;
  /** The buffer index where its attachment run ends (the envelope's end, or the message's). */
  int runEnd;
  /** How many of {@link Message#nested()} its run has met. */
  int nested;
  /** How many of {@link Message#groups()}, its run's parts in stream order, it has met. */
  int part;
  /** The height of the AttachmentGroup stack when its run began. */
  int base;

  /** Starts message {@code m}, whose first byte is at buffer index {@code at}. */
  void open(Message m, int at, int attachmentHeight) {
    message = m;
    phase = Phase.START;
    p = at;
    nested = 0;
    part = 0;
    base = attachmentHeight;
  }

  /** Frees the depth, letting go of the message. */
  void close() {
    message = null;
  }
}
