package dev.cesrj.keri.crypto;

import dev.cesrj.CesrException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.Matter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * A digest as an event carries it, e.g. a next key digest of {@code n} (keripy {@code Diger},
 * {@code src/keri/core/coring.py}): its qb64 text, its code if the text reads as one of the
 * digest codes keripy computes ({@link Digests#CODES}), and {@link #verify} of bytes against it.
 *
 * <p>A text that does not read as such a digest is kept as it was written: an accepted event may
 * carry one (keripy checks a next digest only when a rotation exposes its key), and
 * {@link #verify} is then false for every input, never an exception.
 *
 * @param qb64 the digest's qb64 text, as written
 */
public record Diger(String qb64) {
  /**
   * Checks the text is present.
   *
   * @param qb64 see the record description
   */
  public Diger {
    Objects.requireNonNull(qb64, "qb64");
  }

  /** {@return the digest code, if the text reads as one of {@link Digests#CODES}} */
  public Optional<MatterCode> code() {
    return matter().map(Matter::code);
  }

  /**
   * {@return true if {@code ser}'s digest, by this digest's code, is this digest's raw value
   * (keripy {@code Diger.verify}); false if the text is no digest keripy computes}
   *
   * @param ser the bytes digested (not changed)
   */
  public boolean verify(byte[] ser) {
    Optional<Matter> m = matter();
    return m.isPresent() && Arrays.equals(Digests.digest(m.get().code(), ser), m.get().raw());
  }

  /**
   * {@return true if this is the digest of {@code key}'s qb64 text, as a next key digest commits
   * to a key (keripy {@code Kever.rotate}: the digests of the exposed prior next keys)}
   *
   * @param key a key
   */
  public boolean commitsTo(Verfer key) {
    return verify(key.qb64().getBytes(StandardCharsets.US_ASCII));
  }

  private Optional<Matter> matter() {
    try {
      Matter m = Matter.parse(qb64);
      return Digests.isDigest(m.code()) && m.qb64Text().equals(qb64) ? Optional.of(m)
          : Optional.empty();
    } catch (CesrException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  @Override
  public String toString() {
    return qb64;
  }
}
