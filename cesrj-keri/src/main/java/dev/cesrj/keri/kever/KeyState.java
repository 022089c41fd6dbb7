package dev.cesrj.keri.kever;

import dev.cesrj.keri.crypto.Diger;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.Threshold;
import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A prefix's key state at one of its accepted events (keripy {@code Kever.state()},
 * {@code src/keri/core/eventing.py}): the keys, thresholds and witnesses of the establishment
 * event in force at that event, that is the last establishment event at or before it.
 *
 * <p>{@link KelVerifier#keyState(String)} gives it at the latest accepted event, {@link
 * KelVerifier#keyStateAt(String, BigInteger)} at any accepted event of the trunk (what a
 * credential anchored at that event, or an {@code exn} signed at that establishment event, is
 * verified against; keripy {@code src/keri/db/basing.py} {@code Baser.resolveVerifiers}).
 *
 * <p>Keys are {@link Verfer}s, digests {@link Diger}s, thresholds {@link Threshold}s; the text
 * forms keripy writes in a key state notice ({@code k}, {@code kt}, {@code n}, {@code nt}) are
 * {@link #keys()}, {@link #signingThreshold()}, {@link #nextKeyDigests()} and {@link
 * #nextThreshold()}.
 *
 * @param prefix {@code i}
 * @param sn the sequence number of the event this state is at
 * @param said that event's SAID
 * @param et that event's ilk ({@code icp}, {@code rot}, {@code ixn}, {@code dip}, {@code drt})
 * @param verfers {@code k}: the signing keys in force
 * @param kt {@code kt}: the signing threshold in force
 * @param nextDigests {@code n}: the next key digests in force
 * @param nt {@code nt}: the next signing threshold in force
 * @param witnesses {@code b}: the witnesses in force (their prefixes, qb64)
 * @param toad {@code bt}: the witness threshold in force
 * @param delegator {@code di}, for a delegated prefix
 * @param establishmentSn the sequence number of the establishment event in force (keripy's
 *     {@code ee.s}); equal to {@code sn} when the event is one
 * @param establishmentSaid that establishment event's SAID (keripy's {@code ee.d})
 */
public record KeyState(String prefix, BigInteger sn, String said, String et, List<Verfer> verfers,
    Threshold kt, List<Diger> nextDigests, Threshold nt, List<String> witnesses, long toad,
    Optional<String> delegator, BigInteger establishmentSn, String establishmentSaid) {
  /**
   * Copies the lists.
   *
   * @param prefix see the record description
   * @param sn see the record description
   * @param said see the record description
   * @param et see the record description
   * @param verfers see the record description
   * @param kt see the record description
   * @param nextDigests see the record description
   * @param nt see the record description
   * @param witnesses see the record description
   * @param toad see the record description
   * @param delegator see the record description
   * @param establishmentSn see the record description
   * @param establishmentSaid see the record description
   */
  public KeyState {
    verfers = List.copyOf(verfers);
    nextDigests = List.copyOf(nextDigests);
    witnesses = List.copyOf(witnesses);
    Objects.requireNonNull(kt, "kt");
    Objects.requireNonNull(nt, "nt");
  }

  /** {@return {@code k} as keripy writes it: each key's qb64} */
  public List<String> keys() {
    return verfers.stream().map(Verfer::qb64).toList();
  }

  /** {@return {@code kt} as keripy writes it (lowercase hex, or the weights as JSON)} */
  public String signingThreshold() {
    return kt.toString();
  }

  /** {@return {@code n} as keripy writes it: each digest's qb64} */
  public List<String> nextKeyDigests() {
    return nextDigests.stream().map(Diger::qb64).toList();
  }

  /** {@return {@code nt} as keripy writes it} */
  public String nextThreshold() {
    return nt.toString();
  }

  /** {@return true if this state is at its establishment event ({@code sn} is its sn)} */
  public boolean atEstablishment() {
    return sn.equals(establishmentSn);
  }

  /**
   * {@return this state, at another event of the same establishment ({@code sn}, {@code said},
   * {@code et} replaced)}
   */
  KeyState at(BigInteger eventSn, String eventSaid, String eventEt) {
    return new KeyState(prefix, eventSn, eventSaid, eventEt, verfers, kt, nextDigests, nt,
        witnesses, toad, delegator, establishmentSn, establishmentSaid);
  }
}
