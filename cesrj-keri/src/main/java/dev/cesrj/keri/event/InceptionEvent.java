package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.crypto.Verfer;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * An inception ({@code icp}) or delegated inception ({@code dip}); keripy {@code serdering.py}
 * {@code Fields} (version 1 and 2 alike: {@code v t d i s kt k nt n bt b c a}, then {@code di}
 * for {@code dip}).
 *
 * @param body the body
 * @param ilk {@link Ilk#ICP} or {@link Ilk#DIP}
 * @param said {@code d}
 * @param prefix {@code i}
 * @param sn {@code s} (0 for a valid inception; any value as written)
 * @param signingThreshold {@code kt}
 * @param keys {@code k}
 * @param verfers {@code k} as verifiers
 * @param nextThreshold {@code nt}
 * @param nextKeyDigests {@code n}
 * @param toad {@code bt}
 * @param witnesses {@code b}
 * @param config {@code c}
 * @param anchors {@code a}
 * @param delegator {@code di} for a {@code dip}; empty for an {@code icp}
 */
public record InceptionEvent(
    Body body,
    Ilk ilk,
    String said,
    String prefix,
    BigInteger sn,
    Threshold signingThreshold,
    List<String> keys,
    List<Verfer> verfers,
    Threshold nextThreshold,
    List<String> nextKeyDigests,
    long toad,
    List<String> witnesses,
    List<String> config,
    List<Value> anchors,
    Optional<String> delegator)
    implements EstablishmentEvent {
  /**
   * Copies the lists.
   *
   * @param body see the record description
   * @param ilk see the record description
   * @param said see the record description
   * @param prefix see the record description
   * @param sn see the record description
   * @param signingThreshold see the record description
   * @param keys see the record description
   * @param verfers see the record description
   * @param nextThreshold see the record description
   * @param nextKeyDigests see the record description
   * @param toad see the record description
   * @param witnesses see the record description
   * @param config see the record description
   * @param anchors see the record description
   * @param delegator see the record description
   */
  public InceptionEvent {
    keys = List.copyOf(keys);
    verfers = List.copyOf(verfers);
    nextKeyDigests = List.copyOf(nextKeyDigests);
    witnesses = List.copyOf(witnesses);
    config = List.copyOf(config);
    anchors = List.copyOf(anchors);
  }

  /** {@return empty: an inception has no prior event} */
  @Override
  public Optional<String> prior() {
    return Optional.empty();
  }
}
