package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.Ilk;
import java.math.BigInteger;
import java.util.List;

/**
 * The state of one registry (keripy {@code src/keri/vdr/eventing.py} {@code Tever} attributes and
 * {@code Tever.state}).
 *
 * @param registry the registry prefix
 * @param issuer {@code ii} of its inception: the KEL that anchors its events
 * @param sn the sequence number of its last accepted event
 * @param said the SAID of its last accepted event
 * @param ilk the ilk of its last accepted event ({@code vcp} or {@code vrt})
 * @param noBackers whether its inception's {@code c} holds {@code NB}
 * @param backers its current backers
 * @param toad its current backer threshold
 * @param anchor the issuer's KEL event anchoring its last accepted event
 */
public record RegistryState(String registry, String issuer, BigInteger sn, String said, Ilk ilk,
    boolean noBackers, List<String> backers, long toad, TelAnchor anchor) {
  /**
   * Copies the backers.
   *
   * @param registry see the record description
   * @param issuer see the record description
   * @param sn see the record description
   * @param said see the record description
   * @param ilk see the record description
   * @param noBackers see the record description
   * @param backers see the record description
   * @param toad see the record description
   * @param anchor see the record description
   */
  public RegistryState {
    backers = List.copyOf(backers);
  }
}
