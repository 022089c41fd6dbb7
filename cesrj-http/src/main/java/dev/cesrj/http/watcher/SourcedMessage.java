package dev.cesrj.http.watcher;

import dev.cesrj.http.store.RecordKind;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A message the watcher kept, with the sender it came from: the source the KEL verifier's
 * per-source escrow bounds count it against ({@link dev.cesrj.keri.kever.EscrowLimits}), stored
 * with it ({@link RecordKind#SOURCED_MESSAGE}) so that a replay judges each message as from the
 * same sender as the first time, and so reaches the same escrows.
 *
 * @param source the sender (e.g. the remote address the server saw)
 * @param raw the message body followed by its attachments, as one CESR message
 */
record SourcedMessage(String source, byte[] raw) {
  SourcedMessage {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(raw, "raw");
  }

  /**
   * {@return this message as the store keeps it: the source's UTF-8 length (4 bytes, big-endian),
   * the source's UTF-8 bytes, then the message}
   */
  byte[] encode() {
    byte[] s = source.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(4 + s.length + raw.length).putInt(s.length).put(s).put(raw)
        .array();
  }

  /**
   * {@return the message {@link #encode()} wrote}
   *
   * @param data the stored bytes
   * @throws IllegalArgumentException if they are shorter than the source length they declare
   */
  static SourcedMessage decode(byte[] data) {
    if (data.length < 4) {
      throw new IllegalArgumentException("a sourced message record has " + data.length
          + " bytes: expected at least 4 (the source's length)");
    }
    ByteBuffer b = ByteBuffer.wrap(data);
    long n = b.getInt() & 0xFFFF_FFFFL;
    if (n > data.length - 4L) {
      throw new IllegalArgumentException("a sourced message record declares a source of " + n
          + " bytes at offset 0 but holds " + (data.length - 4L) + " after its length");
    }
    byte[] s = new byte[(int) n];
    b.get(s);
    byte[] raw = new byte[b.remaining()];
    b.get(raw);
    return new SourcedMessage(new String(s, StandardCharsets.UTF_8), raw);
  }
}
