package dev.cesrj.keri.kever;

import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.crypto.Verfer;

/**
 * One signature check a batch planned ({@link SignatureBatch}): an indexed signature {@code sig}
 * or a receipt couple {@code couple} (the other null) by {@code key} over {@code ser}, the bytes
 * of {@code body}; {@code slot} is its place in the batch's plan, in stream order.
 */
record PlannedCheck(int slot, Object body, Verfer key, Siger sig, Cigar couple, byte[] ser) {
  /** {@return whether the signature verifies (keripy {@code coring.py} {@code Verfer.verify})} */
  boolean verifies() {
    return sig != null ? key.verify(sig.raw(), ser) : couple.verify(ser);
  }

  /** {@return the signature's qb64: the {@link Siger}'s or the couple's {@link Cigar}'s} */
  String sigQb64() {
    return sig != null ? sig.qb64() : couple.qb64();
  }
}
