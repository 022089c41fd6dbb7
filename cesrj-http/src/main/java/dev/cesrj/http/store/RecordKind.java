package dev.cesrj.http.store;

/**
 * What a {@link StoreRecord} holds. The code of each kind is what the store writes; it never
 * changes once released.
 */
public enum RecordKind {
  /**
   * A KERI message the watcher took (accepted or escrowed, or a copy of an accepted event that
   * carried signatures): its body followed by its attachments, as one CESR message, its sender
   * not recorded (replayed as from the verifier's default source). The watcher now writes {@link
   * #SOURCED_MESSAGE}; it still reads this kind.
   */
  MESSAGE(1),
  /**
   * The watcher's first-seen record of an accepted event: prefix, sequence number, SAID, its
   * first-seen ordinal ({@code fn}) and date-time ({@code dt}), as keripy's {@code fels}/{@code
   * dtss} keep them.
   */
  FIRST_SEEN(2),
  /**
   * A KERI message the watcher took, with the sender it came from (the source of the verifier's
   * per-source escrow bounds): the sender's UTF-8 length as 4 bytes big-endian, its UTF-8 bytes,
   * then the message as in {@link #MESSAGE}. The record's CRC covers all of it.
   */
  SOURCED_MESSAGE(3);

  private final int code;

  RecordKind(int code) {
    this.code = code;
  }

  /** {@return the code the store writes for this kind} */
  public int code() {
    return code;
  }

  /**
   * {@return the kind written as {@code code}}
   *
   * @param code a code read from a store
   * @throws IllegalArgumentException if no kind has that code (a store written by a later
   *     version, or damaged)
   */
  public static RecordKind ofCode(int code) {
    for (RecordKind k : values()) {
      if (k.code == code) {
        return k;
      }
    }
    throw new IllegalArgumentException("no record kind has code " + code);
  }
}
