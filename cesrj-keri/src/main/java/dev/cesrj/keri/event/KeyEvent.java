package dev.cesrj.keri.event;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import dev.cesrj.keri.body.Value;

/**
 * An event of a key event log (KEL): inception, rotation, interaction and their delegated forms
 * (keripy {@code eventing.py} {@code Kever}). What a key-state validator reads in order: prefix,
 * sequence number, prior event's SAID, anchors.
 */
public sealed interface KeyEvent extends KeriEvent permits EstablishmentEvent, InteractionEvent {
  /** {@return the identifier prefix ({@code i}), qb64} */
  String prefix();

  /** {@return the sequence number ({@code s}), 0 to 2<sup>128</sup> - 1} */
  BigInteger sn();

  /** {@return the prior event's SAID ({@code p}); empty for an inception} */
  Optional<String> prior();

  /** {@return the anchors ({@code a}): seals as field maps, in order} */
  List<Value> anchors();
}
