package dev.cesrj.keri.tel;

import java.math.BigInteger;
import java.util.Objects;

/**
 * The issuer's KEL event that anchors a TEL event: what a SealSourceCouples attachment names and
 * keripy stores in {@code Reger.ancs} (keripy {@code src/keri/vdr/eventing.py} {@code
 * Tever.logEvent}).
 *
 * @param sn the KEL event's sequence number
 * @param said the KEL event's SAID (qb64)
 */
public record TelAnchor(BigInteger sn, String said) {
  /**
   * Checks the components.
   *
   * @param sn see the record description
   * @param said see the record description
   */
  public TelAnchor {
    Objects.requireNonNull(sn, "sn");
    Objects.requireNonNull(said, "said");
  }
}
