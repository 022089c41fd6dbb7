package dev.cesrj.keri.tel;

/**
 * The escrows a TEL event waits in (keripy {@code src/keri/vdr/eventing.py}, the {@code Reger}
 * databases named in {@link #keripyName()}).
 */
public enum TelEscrow {
  /**
   * Out of order: its registry is not incepted yet, or the prior event of its registry or
   * credential is not accepted yet (keripy {@code Tevery.escrowOOEvent}, retried by {@code
   * Tevery.processEscrowOutOfOrders}).
   */
  OUT_OF_ORDER("oots"),
  /**
   * Anchorless: no accepted event of the issuer's KEL holds its event seal yet (keripy {@code
   * Tever.escrowALEvent}, retried by {@code Tevery.processEscrowAnchorless}).
   */
  ANCHORLESS("taes"),
  /**
   * Partially witnessed: fewer verified backer signatures than the registry's backer threshold
   * (keripy {@code Tever.escrowPWEvent}; keripy never retries this escrow).
   */
  PARTIALLY_WITNESSED("tpwe");

  private final String keripyName;

  TelEscrow(String keripyName) {
    this.keripyName = keripyName;
  }

  /** {@return keripy's name of the escrow: {@code oots}, {@code taes} or {@code tpwe}} */
  public String keripyName() {
    return keripyName;
  }
}
