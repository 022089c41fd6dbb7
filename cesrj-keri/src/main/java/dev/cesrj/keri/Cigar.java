package dev.cesrj.keri;

import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.primitive.Matter;

/**
 * A signature with the key that made it (a NonTransReceiptCouples couple: verfer and cigar;
 * keripy {@code Cigar}), copied out of its stream. Immutable.
 *
 * @param verfer the signer's key
 * @param qb64 the signature's qb64 ({@code 0B}, {@code 0C}, {@code 0I}, ..)
 * @param offset the couple's byte offset in the stream it was read from
 */
public record Cigar(Verfer verfer, String qb64, long offset) {
  /**
   * {@return true if the signature verifies with its key over {@code ser}}
   *
   * @param ser the signed bytes
   */
  public boolean verify(byte[] ser) {
    return verfer.verifyCigar(Matter.parse(qb64), ser);
  }
}
