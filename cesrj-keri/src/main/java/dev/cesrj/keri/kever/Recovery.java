package dev.cesrj.keri.kever;

import dev.cesrj.keri.event.Ilk;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Whether an establishment event at an already accepted sequence number may supersede the events
 * there (a recovery rotation), by keripy {@code src/keri/core/eventing.py} {@code Kever.rotate}
 * (the branch {@code sner.num <= self.sner.num}) and {@code Kever.validateDelegation}, and the
 * KERI specification (trustoverip tswg-keri-specification, "Superseding Recovery and
 * Reconciliation", "Superseding Rules for Recovery at a given location"): A0, any rotation may
 * supersede an interaction event; A1, a non-delegated rotation may not supersede a rotation; A2,
 * an interaction event supersedes nothing; B, a delegated rotation may supersede a delegated
 * rotation at the same sequence number if its delegating event is later.
 *
 * <p>A {@code rot} or {@code drt} at sequence number {@code sn} may supersede the accepted events
 * at {@code sn} and after when {@code sn} is later than the last establishment event's: everything
 * it supersedes is then an interaction (A0). A {@code drt} at the last establishment event's
 * sequence number, itself a {@code drt}, may supersede it and the interactions after it when its
 * anchor in the delegator's KEL is later than the superseded rotation's ({@link #laterDelegation},
 * B1 and B2). The superseding event's prior ({@code p}) must be the accepted event at
 * {@code sn - 1}, and its signatures must satisfy the key state before the superseded events
 * ({@code kt} over its keys, the prior {@code nt} over {@code n}), as for any rotation.
 *
 * <p>Left out: rule B3 (both anchors at the same sequence number of the delegator, the new one a
 * rotation that superseded the old one, an interaction) and rule C (applying A and B to the
 * delegating events, up the delegation chain, while they tie): such a rotation is refused as
 * duplicitous. keripy checks the B rules against its latest
 * event, so it escrows a drt that would supersede a drt followed by interactions; cesrj supersedes
 * them with it.
 */
final class Recovery {
  private Recovery() {}

  /**
   * {@return why {@code ilk} at {@code sn} may not supersede the accepted events there, or empty
   * if it may (for a {@link #supersedesRotation delegated rotation of a rotation}, once
   * {@link #laterDelegation} allows it too)}
   *
   * @param ilk the arriving event's ilk
   * @param sn its sequence number, at most the KEL's last
   * @param lastEstablishment the sequence number of the KEL's last accepted establishment event
   * @param lastEstablishmentIlk that event's ilk
   */
  static Optional<String> refusal(Ilk ilk, BigInteger sn, BigInteger lastEstablishment,
      Ilk lastEstablishmentIlk) {
    if (ilk != Ilk.ROT && ilk != Ilk.DRT) {
      return Optional.of("an " + ilk.code() + " supersedes nothing");
    }
    int c = sn.compareTo(lastEstablishment);
    if (c > 0) {
      return Optional.empty();
    }
    if (c == 0 && ilk == Ilk.DRT && lastEstablishmentIlk == Ilk.DRT) {
      return Optional.empty();
    }
    return Optional.of("a rotation may supersede only interactions after the last"
        + " establishment event (sn " + lastEstablishment + "), or a drt a drt");
  }

  /**
   * {@return whether a rotation of {@code ilk} at {@code sn} would supersede the last
   * establishment event, a delegated rotation (rule B)}
   *
   * @param ilk the arriving event's ilk
   * @param sn its sequence number
   * @param lastEstablishment the sequence number of the KEL's last accepted establishment event
   */
  static boolean supersedesRotation(Ilk ilk, BigInteger sn, BigInteger lastEstablishment) {
    return ilk == Ilk.DRT && sn.equals(lastEstablishment);
  }

  /**
   * {@return why a delegated rotation anchored at the delegator's event ({@code sn},
   * {@code said}, seal {@code seal}) may not supersede one anchored at ({@code oldSn},
   * {@code oldSaid}, {@code oldSeal}), or empty if it may}: B1, its delegating event is later in
   * the delegator's KEL; B2, both are the same event and its seal comes later among that event's
   * event seals (keripy {@code Kever.validateDelegation}).
   *
   * @param sn the superseding rotation's delegating event's sequence number
   * @param said that event's SAID
   * @param seal the index of its seal among that event's event seals
   * @param oldSn the superseded rotation's delegating event's sequence number
   * @param oldSaid that event's SAID
   * @param oldSeal the index of its seal among that event's event seals
   */
  static Optional<String> laterDelegation(BigInteger sn, String said, int seal, BigInteger oldSn,
      String oldSaid, int oldSeal) {
    if (sn.compareTo(oldSn) > 0) {
      return Optional.empty();
    }
    if (said.equals(oldSaid) && seal > oldSeal) {
      return Optional.empty();
    }
    return Optional.of("the delegation of the superseding drt (delegator sn " + sn + ", seal "
        + seal + ") is not later than the superseded one's (sn " + oldSn + ", seal " + oldSeal
        + ")");
  }
}
