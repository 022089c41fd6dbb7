package dev.cesrj.keri.kever;

/** What a {@link KelVerifier} did with a message (keripy {@code Kevery.processEvent}). */
public enum Status {
  /** Accepted into its prefix's key event log (or, for a receipt, stored). */
  ACCEPTED,
  /**
   * Held in an {@link Escrow}, waiting for what it lacks; retried by {@link
   * KelVerifier#processEscrows()}.
   */
  ESCROWED,
  /** Rejected for good. */
  REJECTED
}
