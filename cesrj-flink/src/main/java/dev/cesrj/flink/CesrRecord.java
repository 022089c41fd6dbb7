package dev.cesrj.flink;

import java.util.Arrays;
import java.util.Objects;

/**
 * One CESR message, or one framing error, as Flink carries it between operators: a Flink POJO
 * (public fields, a no-argument constructor; Flink's POJO serializer writes it), never a Netty
 * {@code ByteBuf}. A message is its own bytes, copied out of the parser's buffer by the reader
 * that framed it, so no buffer is shared or owned across operators.
 *
 * <p>A record is a message when {@link #errorKind} is null, else an error: the reader could not
 * frame the input at {@link #offset}, for the reason in {@link #errorKind} (a
 * {@link dev.cesrj.ErrorKind} name) and {@link #errorMessage}; {@link CesrRecords#split} sends
 * errors to a side output. Also {@link java.io.Serializable}, so that a function may hold records
 * (a test source, say); Flink writes them with its POJO serializer.
 */
public class CesrRecord implements java.io.Serializable {
  private static final long serialVersionUID = 1L;
  /**
   * What the record belongs to, the key of KEL validation: the messages of one scope are validated
   * together (a file's path, a Kafka record's key as
   * {@link CesrKafkaDeserializationSchema#scope} writes it, or what the caller chose).
   */
  public String scope;
  /** The byte offset of the message (or of the error) from the start of its stream or record. */
  public long offset;
  /** The bytes of the message alone (empty for an error). */
  public byte[] bytes;
  /** For an error, its {@link dev.cesrj.ErrorKind} name; null for a message. */
  public String errorKind;
  /** For an error, the parser's message; null for a message. */
  public String errorMessage;

  /** An empty record (for Flink's POJO serializer). */
  public CesrRecord() {
    bytes = new byte[0];
  }

  /**
   * A message.
   *
   * @param scope see {@link #scope}
   * @param offset see {@link #offset}
   * @param bytes the message's bytes (kept, not copied)
   * @return the record
   */
  public static CesrRecord message(String scope, long offset, byte[] bytes) {
    CesrRecord r = new CesrRecord();
    r.scope = scope;
    r.offset = offset;
    r.bytes = bytes;
    return r;
  }

  /**
   * A framing error.
   *
   * @param scope see {@link #scope}
   * @param offset see {@link #offset}
   * @param kind see {@link #errorKind}
   * @param message see {@link #errorMessage}
   * @return the record
   */
  public static CesrRecord error(String scope, long offset, String kind, String message) {
    CesrRecord r = new CesrRecord();
    r.scope = scope;
    r.offset = offset;
    r.errorKind = kind;
    r.errorMessage = message;
    return r;
  }

  /** {@return true if this is a framing error, not a message} */
  public boolean isError() {
    return errorKind != null;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CesrRecord r && Objects.equals(scope, r.scope) && offset == r.offset
        && Arrays.equals(bytes, r.bytes) && Objects.equals(errorKind, r.errorKind)
        && Objects.equals(errorMessage, r.errorMessage);
  }

  @Override
  public int hashCode() {
    return Objects.hash(scope, offset, errorKind);
  }

  @Override
  public String toString() {
    return isError() ? "error " + errorKind + " at " + scope + "@" + offset + ": " + errorMessage
        : "message at " + scope + "@" + offset + ", " + bytes.length + " bytes";
  }
}
