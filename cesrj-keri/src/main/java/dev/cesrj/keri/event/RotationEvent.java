package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.crypto.Verfer;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * A rotation ({@code rot}) or delegated rotation ({@code drt}); keripy {@code serdering.py}
 * {@code Fields}: {@code v t d i s p kt k nt n bt br ba a} in version 1, with {@code c} before
 * {@code a} in version 2.
 *
 * @param body the body
 * @param ilk {@link Ilk#ROT} or {@link Ilk#DRT}
 * @param said {@code d}
 * @param prefix {@code i}
 * @param sn {@code s}
 * @param priorSaid {@code p}
 * @param signingThreshold {@code kt}
 * @param keys {@code k}
 * @param verfers {@code k} as verifiers
 * @param nextThreshold {@code nt}
 * @param nextKeyDigests {@code n}
 * @param toad {@code bt}
 * @param cuts {@code br}: witnesses removed
 * @param adds {@code ba}: witnesses added
 * @param config {@code c} (version 2; empty in version 1)
 * @param anchors {@code a}
 */
public record RotationEvent(
    Body body,
    Ilk ilk,
    String said,
    String prefix,
    BigInteger sn,
    String priorSaid,
    Threshold signingThreshold,
    List<String> keys,
    List<Verfer> verfers,
    Threshold nextThreshold,
    List<String> nextKeyDigests,
    long toad,
    List<String> cuts,
    List<String> adds,
    List<String> config,
    List<Value> anchors)
    implements EstablishmentEvent {
  /**
   * Copies the lists.
   *
   * @param body see the record description
   * @param ilk see the record description
   * @param said see the record description
   * @param prefix see the record description
   * @param sn see the record description
   * @param priorSaid see the record description
   * @param signingThreshold see the record description
   * @param keys see the record description
   * @param verfers see the record description
   * @param nextThreshold see the record description
   * @param nextKeyDigests see the record description
   * @param toad see the record description
   * @param cuts see the record description
   * @param adds see the record description
   * @param config see the record description
   * @param anchors see the record description
   */
  public RotationEvent {
    keys = List.copyOf(keys);
    verfers = List.copyOf(verfers);
    nextKeyDigests = List.copyOf(nextKeyDigests);
    cuts = List.copyOf(cuts);
    adds = List.copyOf(adds);
    config = List.copyOf(config);
    anchors = List.copyOf(anchors);
  }

  @Override
  public Optional<String> prior() {
    return Optional.of(priorSaid);
  }
}
