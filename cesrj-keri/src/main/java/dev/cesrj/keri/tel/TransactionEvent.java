package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.TelEvent;
import java.math.BigInteger;

/**
 * A typed TEL event of version 1 (keripy {@code src/keri/core/serdering.py} {@code Fields} for
 * {@code vcp vrt iss rev bis brv}; keripy {@code src/keri/vdr/eventing.py} {@code incept},
 * {@code rotate}, {@code issue}, {@code revoke}, {@code backerIssue}, {@code backerRevoke}), made
 * by {@link TelEvents#of(TelEvent)}.
 */
public sealed interface TransactionEvent
    permits RegistryInception, RegistryRotation, Issuance, Revocation {

  /** {@return the untyped event: body, ilk, SAID, prefix, sequence number} */
  TelEvent event();

  /** {@return the registry this event belongs to (keripy {@code Tevery.registryKey})} */
  String registry();

  /** {@return the message type} */
  default Ilk ilk() {
    return event().ilk();
  }

  /** {@return {@code d}} */
  default String said() {
    return event().said();
  }

  /** {@return {@code i}: the registry prefix (vcp, vrt) or the credential's SAID} */
  default String prefix() {
    return event().prefix();
  }

  /** {@return {@code s}} */
  default BigInteger sn() {
    return event().sn();
  }

  /**
   * {@return {@code s} as written: the text an anchoring event seal's {@code s} must equal
   * (keripy {@code Tever.verifyAnchor} compares the two strings)}
   */
  String snText();
}
