package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.TelEvent;
import java.util.List;

/**
 * Registry rotation {@code vrt} ({@code v t d i p s bt br ba}): a new backer list and threshold.
 *
 * @param event the untyped event
 * @param snText {@code s} as written
 * @param prior {@code p}: the SAID of the registry's prior event
 * @param toad {@code bt}: the new backer threshold
 * @param cuts {@code br}: backers removed
 * @param adds {@code ba}: backers added
 */
public record RegistryRotation(TelEvent event, String snText, String prior, long toad,
    List<String> cuts, List<String> adds) implements TransactionEvent {
  /**
   * Copies the lists.
   *
   * @param event see the record description
   * @param snText see the record description
   * @param prior see the record description
   * @param toad see the record description
   * @param cuts see the record description
   * @param adds see the record description
   */
  public RegistryRotation {
    cuts = List.copyOf(cuts);
    adds = List.copyOf(adds);
  }

  @Override
  public String registry() {
    return event.prefix();
  }
}
