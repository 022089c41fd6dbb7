package dev.cesrj.keri.kever;

import java.math.BigInteger;
import java.util.Objects;

/**
 * Which key event a verdict is about: for a key event its own prefix, sequence number and SAID;
 * for a receipt ({@code rct}) those of the event it receipts (keripy keys its databases by them,
 * {@code src/keri/db/basing.py} {@code dgKey}, {@code snKey}).
 *
 * @param prefix {@code i}
 * @param sn {@code s}
 * @param said {@code d}
 */
public record EventId(String prefix, BigInteger sn, String said) {
  /**
   * Checks every part is present.
   *
   * @param prefix see the record description
   * @param sn see the record description
   * @param said see the record description
   */
  public EventId {
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(sn, "sn");
    Objects.requireNonNull(said, "said");
  }
}
