package dev.cesrj.keri.kever;

/** keripy's escrows ({@code Baser} sub-databases, keripy {@code src/keri/db/basing.py}). */
public enum Escrow {
  /** {@code ooes}: an event whose prior event is not accepted yet ({@code escrowOOEvent}). */
  OUT_OF_ORDER,
  /** {@code pses}: verified controller signatures below a threshold ({@code escrowPSEvent}). */
  PARTIALLY_SIGNED,
  /** {@code pwes}: witness signatures below the toad {@code bt} ({@code escrowPWEvent}). */
  PARTIALLY_WITNESSED,
  /** {@code pdes}: a delegated event whose anchoring seal is not found ({@code escrowPDEvent}). */
  PARTIALLY_DELEGATED,
  /** {@code ures}: a receipt with non-transferable couples for an event not accepted yet. */
  UNVERIFIED_RECEIPT,
  /**
   * {@code uwes}: a receipt with witness signatures for an event not accepted yet; its signatures
   * count toward that event's {@code bt} while it waits, and it is accepted once the event is
   * (keripy HEAD {@code processEscrowUnverWitness}; keripy 2.0.0-dev6 never retried it).
   */
  UNVERIFIED_WITNESS_RECEIPT,
  /**
   * {@code vres}: a transferable receipt whose event or signer's establishment event is not
   * accepted yet.
   */
  UNVERIFIED_TRANSFERABLE_RECEIPT
}
