package dev.cesrj.code;

/** What a counted group holds: decides how its content is framed and viewed. */
public enum Layout {
  // arguments: startsMessage, content, holdsBody, parsedInRun, selectsTable, supported

  /** Repeated tuples of primitives, each tuple one element (see {@link CounterCode#slots()}). */
  TUPLES(false, Content.TUPLES, false, true, false, true),
  /** AttachmentGroup: attachment groups, optionally led by a genus-version code. */
  ATTACHMENTS(false, Content.GROUPS, false, true, false, true),
  /** GenericGroup: a nested top-level stream (messages and groups). */
  GENERIC(true, Content.MESSAGES, false, true, false, true),
  /** BodyWithAttachmentGroup: a message body group then its attachments and nested messages. */
  BODY_WITH_ATTACHMENTS(true, Content.MESSAGES, true, true, false, true),
  /** NonNativeBodyGroup: one Bytes primitive whose raw value is a JSON, CBOR or MGPK body. */
  NON_NATIVE_BODY(true, Content.TEXTER, true, true, false, true),
  /** FixBodyGroup or MapBodyGroup: a CESR-native message body (fields as primitives). */
  NATIVE_BODY(true, Content.FIELDS, true, true, false, true),
  /** GenericMapGroup or GenericListGroup: field content inside a CESR-native body. */
  NATIVE_FIELDS(false, Content.FIELDS, false, false, false, true),
  /** PathedMaterialCouples: a Pather (StrB64 path) then CESR material kept as opaque bytes. */
  PATHED(false, Content.PATHED, false, true, false, true),
  /** KERIACDCGenusVersion: selects the counter table for what follows (no content). */
  GENUS_VERSION(false, Content.NONE, false, true, true, true),
  /**
   * A message-level group the reference implementation does not parse (CESR 2.0
   * DatagramSegmentGroup and ESSRWrapperGroup): it ends an attachment run, and where a message
   * must start it is an unsupported-group error.
   */
  UNSUPPORTED_MESSAGE(true, Content.NONE, false, false, false, false),
  /**
   * Listed in the table but not parseable as an attachment by the reference implementation
   * (keripy has no method for it): met among attachments, it is an unsupported-group error. The
   * seal groups among them are framed by their element grammar inside CESR-native bodies, where
   * keripy writes them.
   */
  UNSUPPORTED(false, Content.TUPLES, false, false, false, false);

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
  private final boolean selectsTable;
  private final boolean supported;
  private final boolean isBodyGroup;
  private final boolean holdsStream;

  Layout(
      boolean startsMessage, Content content, boolean holdsBody, boolean parsedInRun,
      boolean selectsTable, boolean supported) {
    this.startsMessage = startsMessage;
    this.content = content;
    this.holdsBody = holdsBody;
    this.parsedInRun = parsedInRun;
    this.selectsTable = selectsTable;
    this.supported = supported;
    // derived once here, read as fields: a body group is its body; a group of messages that
    // holds no body of its own is a nested stream
    this.isBodyGroup = holdsBody && content != Content.MESSAGES;
    this.holdsStream = content == Content.MESSAGES && !holdsBody;
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

  /**
   * {@return whether a counter of this layout selects the counter table (the genus and version)
   * that reads what follows it, instead of counting content: a genus-version code} True for
   * {@link #GENUS_VERSION} only. Its count is no size: the table it names reads the rest of the
   * stream at the top level and the rest of the enclosing group inside one (keripy {@code
   * src/keri/core/parsing.py}, {@code Parser.msgParsator}: {@code ctr.code ==
   * self.codes.KERIACDCGenusVersion} sets {@code self.version}; {@code src/keri/core/counting.py},
   * {@code GenDex}). It may stand where a message starts and at the start of an AttachmentGroup.
   */
  public boolean selectsTable() {
    return selectsTable;
  }

  /**
   * {@return whether keripy's stream parser reads a group of this layout where its kind stands:
   * at a message start ({@code src/keri/core/parsing.py} {@code Parser.msgParsator}) or in an
   * attachment run ({@code Parser.Methods})} False for {@link #UNSUPPORTED_MESSAGE} (CESR 2.0
   * DatagramSegmentGroup and ESSRWrapperGroup, which {@code msgParsator} does not read) and {@link
   * #UNSUPPORTED} (the table's groups without an entry in {@code Parser.Methods}): where a message
   * must start such a counter is an unsupported-group error, not a misplaced one. The seal groups
   * of {@link #UNSUPPORTED} are still framed as fields inside a CESR-native body, where keripy's
   * {@code Serder} reads them: this fact is about the stream parser only.
   */
  public boolean supported() {
    return supported;
  }

  /**
   * {@return whether a group of this layout is itself a message body} True for {@link
   * #NON_NATIVE_BODY} and {@link #NATIVE_BODY}: the groups that {@link #holdsBody() hold a body}
   * other than as a message of their content, keripy's body groups (keripy {@code
   * src/keri/core/counting.py}, {@code BUDex_2_0}: NonNativeBodyGroup, FixBodyGroup,
   * MapBodyGroup). Its {@link #content()} tells the body's kind: {@link Content#TEXTER} a JSON,
   * CBOR or MGPK body in a Texter, {@link Content#FIELDS} a CESR-native body.
   */
  public boolean isBodyGroup() {
    return isBodyGroup;
  }

  /**
   * {@return whether a group of this layout holds a nested top-level stream} True for {@link
   * #GENERIC}: a group of {@link Content#MESSAGES} holding no body of its own, whose content is
   * read as a stream is (messages, bare bodies among them, genus-version codes and further such
   * groups), where a BodyWithAttachmentGroup holds one message (keripy {@code
   * src/keri/core/parsing.py}, {@code Parser.groupParsator} for GenericGroup, {@code
   * Parser.msgParsator} for BodyWithAttachmentGroup).
   */
  public boolean holdsStream() {
    return holdsStream;
  }
}
