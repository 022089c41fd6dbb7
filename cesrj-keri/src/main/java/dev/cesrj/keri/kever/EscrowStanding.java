package dev.cesrj.keri.kever;

import dev.cesrj.keri.event.Ilk;

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
   * An event with at least one controller signature verified against the key state of an
   * accepted log ({@link Escrow#PARTIALLY_SIGNED}, {@link Escrow#PARTIALLY_WITNESSED}, {@link
   * Escrow#PARTIALLY_DELEGATED} for a {@code rot}, {@code drt} or {@code ixn}): only the
   * controller of that log could have made it. An inception ({@code icp}, {@code dip}) held there
   * stands at {@link #UNVERIFIED_EVENT}: its keys are its own, so anyone can mint any number of
   * them, signed, and a flood of them must not outrank a log sent out of order.
   */
  CONTROLLER_SIGNED;

  /**
   * {@return the standing of a message held in {@code escrow}, whatever its ilk} (as {@link
   * #of(Escrow, Ilk)} for a message that is not an inception)
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

  /**
   * {@return the standing of a message of {@code ilk} held in {@code escrow}}: an inception's
   * signatures are by keys it names itself, so it stands no higher than {@link
   * #UNVERIFIED_EVENT}
   *
   * @param escrow an escrow
   * @param ilk the message's ilk (a receipt's is {@code rct})
   */
  public static EscrowStanding of(Escrow escrow, Ilk ilk) {
    EscrowStanding s = of(escrow);
    return s == CONTROLLER_SIGNED && ilk.inception() ? UNVERIFIED_EVENT : s;
  }
}
