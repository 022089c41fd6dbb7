package dev.cesrj.code;

/** What a counted group holds: decides how its content is framed and viewed. */
public enum Layout {
  /** Repeated tuples of primitives, each tuple one element (see {@link CounterCode#slots()}). */
  TUPLES,
  /** AttachmentGroup: attachment groups, optionally led by a genus-version code. */
  ATTACHMENTS,
  /** GenericGroup: a nested top-level stream (messages and groups). */
  GENERIC,
  /** BodyWithAttachmentGroup: a message body group then its attachments and nested messages. */
  BODY_WITH_ATTACHMENTS,
  /** NonNativeBodyGroup: one Bytes primitive whose raw value is a JSON, CBOR or MGPK body. */
  NON_NATIVE_BODY,
  /** FixBodyGroup or MapBodyGroup: a CESR-native message body (fields as primitives). */
  NATIVE_BODY,
  /** GenericMapGroup or GenericListGroup: field content inside a CESR-native body. */
  NATIVE_FIELDS,
  /** PathedMaterialCouples: a Pather (StrB64 path) then CESR material kept as opaque bytes. */
  PATHED,
  /** KERIACDCGenusVersion: selects the counter table for what follows (no content). */
  GENUS_VERSION,
  /**
   * A message-level group the reference implementation does not parse (CESR 2.0
   * DatagramSegmentGroup and ESSRWrapperGroup): it ends an attachment run, and where a message
   * must start it is an unsupported-group error.
   */
  UNSUPPORTED_MESSAGE,
  /**
   * Listed in the table but not parseable as an attachment by the reference implementation
   * (keripy has no method for it): met among attachments, it is an unsupported-group error. The
   * seal groups among them are framed by their element grammar inside CESR-native bodies, where
   * keripy writes them.
   */
  UNSUPPORTED;

  /**
   * {@return whether a counter of this layout starts a message or a sub-stream rather than
   * continuing the attachments of one} True for {@link #GENERIC}, {@link #BODY_WITH_ATTACHMENTS},
   * {@link #NON_NATIVE_BODY}, {@link #NATIVE_BODY} and {@link #UNSUPPORTED_MESSAGE}: keripy's
   * parser ends a bare attachment run where one of them stands ({@code Parser.msgParsator}).
   */
  public boolean startsMessage() {
    switch (this) {
      case GENERIC:
      case BODY_WITH_ATTACHMENTS:
      case NON_NATIVE_BODY:
      case NATIVE_BODY:
      case UNSUPPORTED_MESSAGE:
        return true;
      default:
        return false;
    }
  }
}
