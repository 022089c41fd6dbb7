package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.TelEvent;
import java.util.List;

/**
 * Registry inception {@code vcp} ({@code v t d i ii s c bt b n}).
 *
 * @param event the untyped event
 * @param snText {@code s} as written
 * @param issuer {@code ii}: the issuer, whose KEL anchors every event of the registry
 * @param config {@code c}: configuration traits ({@code NB}: no backers, {@code EO})
 * @param toad {@code bt}: the backer threshold
 * @param backers {@code b}: the backers' non-transferable prefixes
 * @param nonce {@code n}
 */
public record RegistryInception(TelEvent event, String snText, String issuer, List<String> config,
    long toad, List<String> backers, String nonce) implements TransactionEvent {
  /**
   * Copies the lists.
   *
   * @param event see the record description
   * @param snText see the record description
   * @param issuer see the record description
   * @param config see the record description
   * @param toad see the record description
   * @param backers see the record description
   * @param nonce see the record description
   */
  public RegistryInception {
    config = List.copyOf(config);
    backers = List.copyOf(backers);
  }

  @Override
  public String registry() {
    return event.prefix();
  }

  /** {@return whether {@code c} holds {@code NB}: the registry has no backers} */
  public boolean noBackers() {
    return config.contains("NB");
  }
}
