package dev.cesrj.keri.kever;

import dev.cesrj.keri.event.Ilk;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Whether an establishment event at an already accepted sequence number may supersede the events
 * there (a recovery rotation), by keripy {@code src/keri/core/eventing.py} {@code Kever.rotate}
 * (the branch {@code sner.num <= self.sner.num}) and the KERI specification's superseding
 * recovery rules (rule A0: any rotation may supersede an interaction event at the same sequence
 * number; A2: an interaction event supersedes nothing).
 *
 * <p>A {@code rot} or {@code drt} at sequence number {@code sn} may supersede the accepted events
 * at {@code sn} and after when {@code sn} is later than the last establishment event's: everything
 * it supersedes is then an interaction. Its prior ({@code p}) must be the accepted event at
 * {@code sn - 1}, its signatures must satisfy the key state of that last establishment event
 * ({@code kt} over the current keys, the prior {@code nt} over {@code n}), as for any rotation.
 *
 * <p>Left out: a delegated rotation superseding a delegated rotation at the same sequence number
 * (keripy {@code Kever.validateDelegation}, rules B1 to B3: the superseding rotation's anchor
 * later in the delegator's KEL) is refused as duplicitous here.
 */
final class Recovery {
  private Recovery() {}

  /**
   * {@return why {@code ilk} at {@code sn} may not supersede the accepted events there, or empty
   * if it may}
   *
   * @param ilk the arriving event's ilk
   * @param sn its sequence number, at most the KEL's last
   * @param lastEstablishment the sequence number of the KEL's last accepted establishment event
   */
  static Optional<String> refusal(Ilk ilk, BigInteger sn, BigInteger lastEstablishment) {
    if (ilk != Ilk.ROT && ilk != Ilk.DRT) {
      return Optional.of("an " + ilk.code() + " supersedes nothing");
    }
    if (sn.compareTo(lastEstablishment) <= 0) {
      return Optional.of("a rotation may supersede only interactions after the last"
          + " establishment event (sn " + lastEstablishment + ")");
    }
    return Optional.empty();
  }
}
