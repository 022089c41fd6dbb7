package dev.cesrj.keri.kever;

import java.util.Objects;
import java.util.Optional;

/**
 * A verdict's status with what that status carries, as one type ({@link Verdict#outcome()}):
 * accepted (nothing more), escrowed (the escrow and why) or rejected (why). For code that
 * branches on the status and wants the escrow without an {@code Optional}.
 */
public sealed interface Outcome permits Outcome.Accepted, Outcome.Escrowed, Outcome.Rejected {
  /** {@return the status this outcome is} */
  Status status();

  /**
   * {@return the outcome of a status, escrow and reason}
   *
   * @param status the status
   * @param escrow the escrow, present iff {@code status} is {@link Status#ESCROWED}
   * @param reason {@link Reason#NONE} iff {@code status} is {@link Status#ACCEPTED}
   * @throws IllegalArgumentException if the escrow or reason does not fit the status
   */
  static Outcome of(Status status, Optional<Escrow> escrow, Reason reason) {
    if (escrow.isPresent() != (status == Status.ESCROWED)) {
      throw new IllegalArgumentException(status + " with escrow " + escrow);
    }
    if ((reason == Reason.NONE) != (status == Status.ACCEPTED)) {
      throw new IllegalArgumentException(status + " with reason " + reason);
    }
    switch (status) {
      case ACCEPTED:
        return new Accepted();
      case ESCROWED:
        return new Escrowed(escrow.get(), reason);
      default:
        return new Rejected(reason);
    }
  }

  /** Accepted into its KEL (a receipt: stored). */
  record Accepted() implements Outcome {
    @Override
    public Status status() {
      return Status.ACCEPTED;
    }
  }

  /**
   * Held in an escrow.
   *
   * @param escrow the escrow
   * @param reason what it waits for
   */
  record Escrowed(Escrow escrow, Reason reason) implements Outcome {
    /**
     * Checks the parts.
     *
     * @param escrow see the record description
     * @param reason see the record description
     */
    public Escrowed {
      Objects.requireNonNull(escrow, "escrow");
      Objects.requireNonNull(reason, "reason");
    }

    @Override
    public Status status() {
      return Status.ESCROWED;
    }
  }

  /**
   * Rejected for good.
   *
   * @param reason why
   */
  record Rejected(Reason reason) implements Outcome {
    /**
     * Checks the reason.
     *
     * @param reason see the record description
     */
    public Rejected {
      Objects.requireNonNull(reason, "reason");
    }

    @Override
    public Status status() {
      return Status.REJECTED;
    }
  }
}
