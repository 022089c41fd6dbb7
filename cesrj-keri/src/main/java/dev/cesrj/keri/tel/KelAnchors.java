package dev.cesrj.keri.tel;

import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.VerifierState;
import java.math.BigInteger;
import java.util.Optional;

/**
 * What a {@link Tevery} reads of the issuers' KELs: their accepted events' SAIDs and event seals
 * (keripy {@code src/keri/vdr/eventing.py} {@code Tever.verifyAnchor} reads the issuer's event
 * from {@code Baser.kels} and {@code Baser.evts}). {@link #of(KelVerifier)} reads a {@link
 * KelVerifier}; tests give their own.
 */
public interface KelAnchors {
  /**
   * {@return the accepted event of {@code prefix} at {@code sn}, if there is one}
   *
   * @param prefix a KEL prefix (qb64)
   * @param sn a sequence number
   */
  Optional<VerifierState.AcceptedEvent> acceptedEvent(String prefix, BigInteger sn);

  /**
   * {@return the sequence number of the last accepted event of {@code prefix}, empty if its
   * inception is not accepted}
   *
   * @param prefix a KEL prefix (qb64)
   */
  Optional<BigInteger> lastSn(String prefix);

  /**
   * {@return the anchors of the KELs {@code kels} accepted, read live (later acceptances show)}
   *
   * @param kels a KEL verifier
   */
  static KelAnchors of(KelVerifier kels) {
    return new KelAnchors() {
      @Override
      public Optional<VerifierState.AcceptedEvent> acceptedEvent(String prefix, BigInteger sn) {
        return kels.acceptedEvent(prefix, sn);
      }

      @Override
      public Optional<BigInteger> lastSn(String prefix) {
        return kels.keyState(prefix).map(k -> k.sn());
      }
    };
  }
}
