package dev.cesrj.code;

/** What a counted group holds: decides how its content is framed and viewed. */
public enum Layout {
  /** Repeated tuples of primitives, each tuple one element (see {@link CounterCode#slots()}). */
  TUPLES(false),
  /** AttachmentGroup: attachment groups, optionally led by a genus-version code. */
  ATTACHMENTS(false),
  /** GenericGroup: a nested top-level stream (messages and groups). */
  GENERIC(true),
  /** BodyWithAttachmentGroup: a message body group then its attachments and nested messages. */
  BODY_WITH_ATTACHMENTS(true),
  /** NonNativeBodyGroup: one Bytes primitive whose raw value is a JSON, CBOR or MGPK body. */
  NON_NATIVE_BODY(true),
  /** FixBodyGroup or MapBodyGroup: a CESR-native message body (fields as primitives). */
  NATIVE_BODY(true),
  /** GenericMapGroup or GenericListGroup: field content inside a CESR-native body. */
  NATIVE_FIELDS(false),
  /** PathedMaterialCouples: a Pather (StrB64 path) then CESR material kept as opaque bytes. */
  PATHED(false),
  /** KERIACDCGenusVersion: selects the counter table for what follows (no content). */
  GENUS_VERSION(false),
  /**
   * A message-level group the reference implementation does not parse (CESR 2.0
   * DatagramSegmentGroup and ESSRWrapperGroup): it ends an attachment run, and where a message
   * must start it is an unsupported-group error.
   */
  UNSUPPORTED_MESSAGE(true),
  /**
   * Listed in the table but not parseable as an attachment by the reference implementation
   * (keripy has no method for it): met among attachments, it is an unsupported-group error. The
   * seal groups among them are framed by their element grammar inside CESR-native bodies, where
   * keripy writes them.
   */
  UNSUPPORTED(false);

  private final boolean startsMessage;

  Layout(boolean startsMessage) {
    this.startsMessage = startsMessage;
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
}
