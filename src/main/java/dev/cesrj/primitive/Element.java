package dev.cesrj.primitive;

import io.netty.buffer.ByteBuf;

/**
 * One element of a CESR stream as a view over the bytes it was read from: a primitive, a tuple
 * of primitives, opaque material or a group.
 *
 * <p>Views do not own their bytes: {@link #qb64()} is a slice that shares the reference count of
 * the buffer the parser read (see the ownership rules of {@code Groups}), valid while that buffer
 * is; it is neither retained nor to be released by the caller.
 */
public interface Element {
  /** Byte offset of the element from the start of the parser's input. */
  long offset();

  /** Length of the element in bytes. */
  int length();

  /**
   * The element's bytes (text domain: its qb64 characters) as a slice; not retained.
   *
   * @throws io.netty.util.IllegalReferenceCountException if the underlying buffer was released
   */
  ByteBuf qb64();

  /** The element's bytes as a String (ASCII text). */
  default String qb64Text() {
    return qb64().toString(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
