package dev.cesrj.keri.kever;

import java.util.Objects;

/**
 * What a rule decided about one message, and why: the value the rules of {@link Kever}, {@link
 * KeverSignatures}, {@link Delegation} and {@link Receipts} return, and {@link Kevery#apply}
 * turns into the message's verdict, one place. keripy's rules raise instead (keripy {@code
 * src/keri/core/eventing.py}, {@code src/keri/kering.py}): {@code ValidationError} and its kin are
 * a {@link Reject}; {@code OutOfOrderError}, {@code MissingSignatureError}, {@code
 * MissingWitnessSignatureError}, {@code MissingDelegationError} and {@code UnverifiedReceiptError}
 * are a {@link Hold} in the escrow {@code Kevery.processEvent} or {@code processReceipt} sends it
 * to ({@code escrowOOEvent}, {@code escrowPSEvent}, {@code escrowPWEvent}, {@code escrowPDEvent},
 * {@code escrowUREvent}...); an event logged ({@code Kever.logEvent}) is {@link #LOGGED}.
 *
 * <p>The common outcomes are constants ({@link #LOGGED}, {@link #STORED}), so that accepting an
 * event allocates nothing here; a hold or rejection carries its detail text.
 */
sealed interface Decision permits Decision.Accept, Decision.Hold, Decision.Reject {
  /** An event accepted into its KEL: its key state moved on, escrows waiting for it wake. */
  Accept LOGGED = new Accept(true, "");

  /** A message accepted that changes no KEL (a receipt of an accepted event). */
  Accept STORED = new Accept(false, "");

  /**
   * {@return a rejection}
   *
   * @param reason why
   * @param detail what was found, for the verdict
   */
  static Decision reject(Reason reason, String detail) {
    return new Reject(reason, detail);
  }

  /**
   * {@return a hold in {@code escrow}}
   *
   * @param escrow the escrow
   * @param reason what it waits for
   * @param detail what was found, for the verdict
   */
  static Decision hold(Escrow escrow, Reason reason, String detail) {
    return new Hold(escrow, reason, detail, 0);
  }

  /**
   * Accepted.
   *
   * @param logged whether the event entered its KEL now (a copy of an event accepted already,
   *     accepted with its pooled signatures, or a receipt, did not)
   * @param detail the verdict's detail ("" for none)
   */
  record Accept(boolean logged, String detail) implements Decision {
    public Accept {
      Objects.requireNonNull(detail, "detail");
    }
  }

  /**
   * To be escrowed (or, if {@link EscrowLimits} leave no room, rejected with {@link
   * Reason#ESCROW_FULL}).
   *
   * @param escrow the escrow
   * @param reason what it waits for
   * @param detail what was found, for the verdict
   * @param extraBytes heap bytes it brings beyond its own message (receipt couples it adds)
   */
  record Hold(Escrow escrow, Reason reason, String detail, long extraBytes) implements Decision {
    public Hold {
      Objects.requireNonNull(escrow, "escrow");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
      if (extraBytes < 0) {
        throw new IllegalArgumentException("extraBytes " + extraBytes);
      }
    }
  }

  /**
   * Rejected for good.
   *
   * @param reason why
   * @param detail what was found, for the verdict
   */
  record Reject(Reason reason, String detail) implements Decision {
    public Reject {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
      if (reason == Reason.NONE) {
        throw new IllegalArgumentException("a rejection needs a reason");
      }
    }
  }
}
