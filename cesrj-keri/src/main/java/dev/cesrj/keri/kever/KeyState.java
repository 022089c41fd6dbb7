package dev.cesrj.keri.kever;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * A prefix's key state after its latest accepted event (keripy {@code Kever.state()}).
 *
 * @param prefix {@code i}
 * @param sn the latest event's sequence number
 * @param said the latest event's SAID
 * @param et the latest event's ilk
 * @param keys {@code k}: the current signing keys (qb64)
 * @param signingThreshold {@code kt} as keripy writes it (hex, or weights)
 * @param nextKeyDigests {@code n}
 * @param nextThreshold {@code nt}
 * @param witnesses {@code b}: the witnesses in force
 * @param toad {@code bt}
 * @param delegator {@code di}, for a delegated prefix
 */
public record KeyState(String prefix, BigInteger sn, String said, String et, List<String> keys,
    String signingThreshold, List<String> nextKeyDigests, String nextThreshold,
    List<String> witnesses, long toad, Optional<String> delegator) {
  /**
   * Copies the lists.
   *
   * @param prefix see the record description
   * @param sn see the record description
   * @param said see the record description
   * @param et see the record description
   * @param keys see the record description
   * @param signingThreshold see the record description
   * @param nextKeyDigests see the record description
   * @param nextThreshold see the record description
   * @param witnesses see the record description
   * @param toad see the record description
   * @param delegator see the record description
   */
  public KeyState {
    keys = List.copyOf(keys);
    nextKeyDigests = List.copyOf(nextKeyDigests);
    witnesses = List.copyOf(witnesses);
  }
}
