package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.Value;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * An interaction ({@code ixn}): {@code v t d i s p a} (keripy {@code serdering.py}). Signed by
 * the keys of the prefix's latest establishment event.
 *
 * @param body the body
 * @param said {@code d}
 * @param prefix {@code i}
 * @param sn {@code s}
 * @param priorSaid {@code p}
 * @param anchors {@code a}
 */
public record InteractionEvent(
    Body body, String said, String prefix, BigInteger sn, String priorSaid, List<Value> anchors)
    implements KeyEvent {
  /**
   * Copies the anchors.
   *
   * @param body see the record description
   * @param said see the record description
   * @param prefix see the record description
   * @param sn see the record description
   * @param priorSaid see the record description
   * @param anchors see the record description
   */
  public InteractionEvent {
    anchors = List.copyOf(anchors);
  }

  @Override
  public Ilk ilk() {
    return Ilk.IXN;
  }

  @Override
  public Optional<String> prior() {
    return Optional.of(priorSaid);
  }
}
