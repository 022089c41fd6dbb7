package dev.cesrj.keri.kever;

/**
 * Where one planned signature check of a batch stands ({@link PrecomputedVerdicts}): not yet
 * taken, taken by a worker or by the rules' thread and being verified, or done with its verdict.
 * A check moves from {@link #UNCLAIMED} to {@link #CLAIMED} once, by one compare-and-set, so that
 * exactly one thread verifies it (issue 31, item 2: the rules run while the workers check).
 */
enum CheckState {
  /** No thread has taken the check yet. */
  UNCLAIMED,
  /** A thread took it and is verifying it. */
  CLAIMED,
  /** Verified: the signature verifies. */
  VERIFIES,
  /** Verified: the signature does not verify. */
  FAILS,
  /** The verification threw: the rules verify it again serially and see the exception. */
  THREW;

  /** {@return whether the check is done (a verdict, or an exception)} */
  boolean done() {
    return this == VERIFIES || this == FAILS || this == THREW;
  }
}
