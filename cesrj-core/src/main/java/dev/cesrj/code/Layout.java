package dev.cesrj.code;

/** What a counted group holds: decides how its content is framed and viewed. */
public enum Layout {
  /** Repeated tuples of primitives, each tuple one element (see {@link CounterCode#slots()}). */
  TUPLES(false, Content.TUPLES, false, true),
  /** AttachmentGroup: attachment groups, optionally led by a genus-version code. */
  ATTACHMENTS(false, Content.GROUPS, false, true),
  /** GenericGroup: a nested top-level stream (messages and groups). */
  GENERIC(true, Content.MESSAGES, false, true),
  /** BodyWithAttachmentGroup: a message body group then its attachments and nested messages. */
  BODY_WITH_ATTACHMENTS(true, Content.MESSAGES, true, true),
  /** NonNativeBodyGroup: one Bytes primitive whose raw value is a JSON, CBOR or MGPK body. */
  NON_NATIVE_BODY(true, Content.TEXTER, true, true),
  /** FixBodyGroup or MapBodyGroup: a CESR-native message body (fields as primitives). */
  NATIVE_BODY(true, Content.FIELDS, true, true),
  /** GenericMapGroup or GenericListGroup: field content inside a CESR-native body. */
  NATIVE_FIELDS(false, Content.FIELDS, false, false),
  /** PathedMaterialCouples: a Pather (StrB64 path) then CESR material kept as opaque bytes. */
  PATHED(false, Content.PATHED, false, true),
  /** KERIACDCGenusVersion: selects the counter table for what follows (no content). */
  GENUS_VERSION(false, Content.NONE, false, true),
  /**
   * A message-level group the reference implementation does not parse (CESR 2.0
   * DatagramSegmentGroup and ESSRWrapperGroup): it ends an attachment run, and where a message
   * must start it is an unsupported-group error.
   */
  UNSUPPORTED_MESSAGE(true, Content.NONE, false, false),
  /**
   * Listed in the table but not parseable as an attachment by the reference implementation
   * (keripy has no method for it): met among attachments, it is an unsupported-group error. The
   * seal groups among them are framed by their element grammar inside CESR-native bodies, where
   * keripy writes them.
   */
  UNSUPPORTED(false, Content.TUPLES, false, false);

  /**
   * What the content of a group of one layout is, by its grammar: the one fact the framer
   * ({@code GroupFramer}), the views ({@code Group.elements()}) and the element limit ({@code
   * ElementCount}) dispatch on (the pull cursor plays what the framer records). A new layout says
   * here what its content is; a new kind of content adds a constant here and a case at each of
   * those places.
   */
  public enum Content {
    /**
     * Tuples of primitives, after an optional head, each tuple one element ({@link
     * CounterCode#head()}, {@link CounterCode#slots()}).
     */
    TUPLES,
    /** Attachment groups, optionally led by a genus-version code: each group one element. */
    GROUPS,
    /**
     * Messages (a sub-stream, or one message and its attachments): framed as messages, so a
     * group framer finds the group's end by its count only and its {@code elements()} are empty.
     */
    MESSAGES,
    /** One Bytes primitive (a Texter) whose raw value is a JSON, CBOR or MGPK body. */
    TEXTER,
    /** The fields of a CESR-native body: primitives, field groups and seal groups, each one element. */
    FIELDS,
    /** A Pather (StrB64 path), then CESR material kept as opaque bytes. */
    PATHED,
    /** Nothing read: a genus-version code, or a group the reference does not parse. */
    NONE;

    /**
     * {@return whether a group of this content has elements ({@code Group.elements()}): false
     * for {@link #MESSAGES} and {@link #NONE}}
     */
    public boolean hasElements() {
      return this != MESSAGES && this != NONE;
    }
  }

  private final boolean startsMessage;
  private final Content content;
  private final boolean holdsBody;
  private final boolean parsedInRun;

  Layout(boolean startsMessage, Content content, boolean holdsBody, boolean parsedInRun) {
    this.startsMessage = startsMessage;
    this.content = content;
    this.holdsBody = holdsBody;
    this.parsedInRun = parsedInRun;
  }

  /**
   * {@return whether a counter of this layout starts a message or a sub-stream rather than
   * continuing the attachments of one} True for {@link #GENERIC}, {@link #BODY_WITH_ATTACHMENTS},
   * {@link #NON_NATIVE_BODY}, {@link #NATIVE_BODY} and {@link #UNSUPPORTED_MESSAGE}: keripy's
   * parser ends a bare attachment run where one of them stands ({@code Parser.msgParsator}).
   */
  public boolean startsMessage() {
    return startsMessage;
  }

  /** {@return what a group of this layout holds, by its grammar; never null} */
  public Content content() {
    return content;
  }

  /**
   * {@return whether a group of this layout holds a message body} True for {@link
   * #BODY_WITH_ATTACHMENTS}, {@link #NON_NATIVE_BODY} and {@link #NATIVE_BODY}: such a group with
   * a count of 0 holds no body and cannot be one.
   */
  public boolean holdsBody() {
    return holdsBody;
  }

  /**
   * {@return whether keripy's parser reads a counter of this layout where it stands in a message's
   * attachment run: as an attachment group, or as the next frame, which ends the run} False for
   * {@link #UNSUPPORTED}, {@link #UNSUPPORTED_MESSAGE} and {@link #NATIVE_FIELDS}: keripy has no
   * method for them there (keripy {@code src/keri/core/parsing.py}, {@code Parser.msgParsator}
   * and its {@code Parser.methods} table), so one met after a body is an error, and table
   * inference counts it against the table that reads it so.
   */
  public boolean parsedInRun() {
    return parsedInRun;
  }
}
