package dev.cesrj.keri;

import dev.cesrj.code.IndexerCode;
import dev.cesrj.keri.crypto.SignatureAlgorithm;
import dev.cesrj.primitive.IndexedSignature;
import java.util.OptionalInt;

/**
 * An indexed signature copied out of its stream (keripy {@code Siger}): independent of the
 * buffer it was read from. Immutable.
 *
 * @param code the code
 * @param index which key of the signer's current keys signed
 * @param ondex which digest of the prior next keys the key matches (absent for current-only
 *     codes)
 * @param qb64 the signature's qb64
 * @param offset its byte offset in the stream it was read from
 */
public record Siger(IndexerCode code, int index, OptionalInt ondex, String qb64, long offset) {
  /**
   * {@return a copy of an indexed signature view, its value checked}
   *
   * @param s a view whose buffer is still valid
   * @throws dev.cesrj.MalformedException (offset: the character's in the stream) if a value
   *     character of {@code s} is not Base64url, so that {@link #raw()} never throws for a copy
   */
  public static Siger of(IndexedSignature s) {
    s.raw(); // decoded once here, where the stream offset of a bad character is known
    return new Siger(s.code(), s.index(), s.ondex(), s.qb64Text(), s.offset());
  }

  /** {@return the signature suite} */
  public SignatureAlgorithm algorithm() {
    return SignatureAlgorithm.ofIndexer(code);
  }

  /** {@return the raw signature, decoded now ({@link IndexerCode#rawSize()} bytes)} */
  public byte[] raw() {
    return IndexedSignature.parse(qb64).raw();
  }
}
