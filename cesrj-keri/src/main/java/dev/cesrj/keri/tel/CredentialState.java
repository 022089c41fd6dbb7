package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.Ilk;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * The TEL state of one credential: its accepted events, issuance first (keripy {@code
 * src/keri/vdr/eventing.py} {@code Tever.vcState}: {@code sn}, {@code et}, {@code d} of the last
 * event).
 *
 * @param credential the credential's SAID
 * @param registry its registry
 * @param events its accepted events in order: the issuance, then the revocation if any
 */
public record CredentialState(String credential, String registry, List<CredentialEvent> events) {
  /**
   * Checks there is an issuance and copies the events.
   *
   * @param credential see the record description
   * @param registry see the record description
   * @param events see the record description
   * @throws IllegalArgumentException if {@code events} is empty
   */
  public CredentialState {
    events = List.copyOf(events);
    if (events.isEmpty()) {
      throw new IllegalArgumentException("a credential's TEL starts with its issuance");
    }
  }

  /** {@return keripy's {@code vcState} {@code s}: the last event's sequence number} */
  public BigInteger sn() {
    return last().sn();
  }

  /** {@return keripy's {@code vcState} {@code et}: the last event's ilk} */
  public Ilk ilk() {
    return last().ilk();
  }

  /** {@return keripy's {@code vcState} {@code d}: the last event's SAID} */
  public String said() {
    return last().said();
  }

  /** {@return the issuance ({@code iss} or {@code bis})} */
  public CredentialEvent issuance() {
    return events.get(0);
  }

  /** {@return the revocation ({@code rev} or {@code brv}), if accepted} */
  public Optional<CredentialEvent> revocation() {
    return events.size() > 1 ? Optional.of(events.get(events.size() - 1)) : Optional.empty();
  }

  /** {@return whether a revocation is accepted} */
  public boolean revoked() {
    return revocation().isPresent();
  }

  private CredentialEvent last() {
    return events.get(events.size() - 1);
  }
}
