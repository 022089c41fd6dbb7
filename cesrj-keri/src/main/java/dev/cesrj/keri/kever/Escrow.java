package dev.cesrj.keri.kever;

/** keripy's escrows ({@code Baser} sub-databases, keripy {@code src/keri/db/basing.py}). */
public enum Escrow {
  /** {@code ooes}: an event whose prior event is not accepted yet ({@code escrowOOEvent}). */
  OUT_OF_ORDER("ooes"),
  /** {@code pses}: verified controller signatures below a threshold ({@code escrowPSEvent}). */
  PARTIALLY_SIGNED("pses"),
  /** {@code pwes}: witness signatures below the toad {@code bt} ({@code escrowPWEvent}). */
  PARTIALLY_WITNESSED("pwes"),
  /** {@code pdes}: a delegated event whose anchoring seal is not found ({@code escrowPDEvent}). */
  PARTIALLY_DELEGATED("pdes"),
  /** {@code ures}: a receipt with non-transferable couples for an event not accepted yet. */
  UNVERIFIED_RECEIPT("ures"),
  /**
   * {@code uwes}: a receipt with witness signatures for an event not accepted yet; its signatures
   * count toward that event's {@code bt} while it waits, and it is accepted once the event is
   * (keripy HEAD {@code processEscrowUnverWitness}; keripy 2.0.0-dev6 never retried it).
   */
  UNVERIFIED_WITNESS_RECEIPT("uwes"),
  /**
   * {@code vres}: a transferable receipt whose event or signer's establishment event is not
   * accepted yet.
   */
  UNVERIFIED_TRANSFERABLE_RECEIPT("vres");

  private final String keripyName;

  Escrow(String keripyName) {
    this.keripyName = keripyName;
  }

  /**
   * {@return keripy's name of this escrow's database ({@code ooes}, {@code pses}, {@code pwes},
   * {@code pdes}, {@code ures}, {@code uwes}, {@code vres}; keripy {@code src/keri/db/basing.py}
   * {@code Baser.reopen}), as keripy's verdict files and {@code inspect --verify} write it}
   */
  public String keripyName() {
    return keripyName;
  }

  /**
   * {@return the escrow keripy names {@code name}, if any}
   *
   * @param name a database name such as {@code ooes}
   */
  public static java.util.Optional<Escrow> ofKeripyName(String name) {
    for (Escrow e : values()) {
      if (e.keripyName.equals(name)) {
        return java.util.Optional.of(e);
      }
    }
    return java.util.Optional.empty();
  }
}
