package dev.cesrj.primitive;

import dev.cesrj.code.Domain;
import dev.cesrj.internal.Transcode;
import io.netty.buffer.ByteBuf;

/**
 * One element of a CESR stream as a view over the bytes it was read from: a primitive, a tuple
 * of primitives, opaque material or a group, in the domain it was read in ({@link #domain()}).
 *
 * <p>Views do not own their bytes: the accessor for the element's own domain ({@link #qb64()} for
 * a qb64 element, {@link #qb2()} for a qb2 one) is a slice that shares the reference count of the
 * buffer the parser read (see the ownership rules of {@code Groups}), valid while that buffer is;
 * it is neither retained nor to be released by the caller. The other accessor converts on each
 * call (CESR specification, "Concrete Domain representations") into a new unpooled heap buffer that
 * the caller owns.
 */
public interface Element {
  /** {@return byte offset of the element from the start of the parser's input} */
  long offset();

  /** {@return length of the element in bytes of its domain (characters in qb64, bytes in qb2)} */
  int length();

  /** {@return the domain the element was read in (qb64 unless a view says otherwise)} */
  default Domain domain() {
    return Domain.QB64;
  }

  /**
   * {@return the element's qb64 text: for a qb64 element a slice of the input, not retained; for a
   * qb2 element its Base64url encoding, a new buffer ({@code length() * 4 / 3} bytes)}
   *
   * @throws io.netty.util.IllegalReferenceCountException if the underlying buffer was released
   */
  ByteBuf qb64();

  /**
   * {@return the element's qb2 bytes: for a qb2 element a slice of the input, not retained; for a
   * qb64 element its Base64url decoding, a new buffer ({@code length() * 3 / 4} bytes)} The default
   * decodes {@link #qb64()}; views that can be read in qb2 return their slice.
   *
   * @throws io.netty.util.IllegalReferenceCountException if the underlying buffer was released
   * @throws dev.cesrj.MalformedException if a qb64 character is not Base64url (value characters
   *     are checked only when decoded)
   */
  default ByteBuf qb2() {
    return Transcode.toQb2(qb64(), offset(), null);
  }

  /** {@return the element's qb64 text as a String (for a qb2 element, encoded now)} */
  default String qb64Text() {
    return qb64().toString(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
