package dev.cesrj.keri.kever;

/**
 * How much an escrowed message has shown of itself, which decides what a full escrow evicts
 * first: the lowest standing, then the oldest. keripy has no count bound on its escrows (it drops
 * an escrowed message only on timeout, {@code Kevery.processEscrowOutOfOrders} and the like); cesrj
 * bounds them ({@link EscrowLimits}) and so must choose, and chooses to keep what cost its sender
 * the most to make.
 */
public enum EscrowStanding {
  /**
   * A receipt of an event not accepted yet ({@link Escrow#UNVERIFIED_RECEIPT}, {@link
   * Escrow#UNVERIFIED_WITNESS_RECEIPT}, {@link Escrow#UNVERIFIED_TRANSFERABLE_RECEIPT}): nothing
   * in it can be checked until that event is, and anyone can make one for any event.
   */
  UNVERIFIED_RECEIPT,
  /**
   * An event out of order ({@link Escrow#OUT_OF_ORDER}): its signatures cannot be checked until
   * its prior event is accepted.
   */
  UNVERIFIED_EVENT,
  /**
   * An event with at least one controller signature verified against its key state ({@link
   * Escrow#PARTIALLY_SIGNED}, {@link Escrow#PARTIALLY_WITNESSED}, {@link
   * Escrow#PARTIALLY_DELEGATED}): only its controller could have made it.
   */
  CONTROLLER_SIGNED;

  /**
   * {@return the standing of a message held in {@code escrow}}
   *
   * @param escrow an escrow
   */
  public static EscrowStanding of(Escrow escrow) {
    switch (escrow) {
      case OUT_OF_ORDER:
        return UNVERIFIED_EVENT;
      case PARTIALLY_SIGNED:
      case PARTIALLY_WITNESSED:
      case PARTIALLY_DELEGATED:
        return CONTROLLER_SIGNED;
      default:
        return UNVERIFIED_RECEIPT;
    }
  }
}
