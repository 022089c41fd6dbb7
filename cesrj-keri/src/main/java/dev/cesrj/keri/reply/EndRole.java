package dev.cesrj.keri.reply;

import java.util.Objects;

/**
 * An end role as keripy stores it from an accepted {@code /end/role/add} or {@code
 * /end/role/cut} reply (keripy {@code src/keri/core/eventing.py} {@code Kevery.updateEnd}: the
 * {@code ends} record's {@code allowed}, keyed by {@code (cid, role, eid)}; {@code eans} keeps
 * the reply's SAID).
 *
 * @param cid the controller that authorizes the endpoint (qb64 prefix)
 * @param role the role, as keripy names it ({@link Revery#ROLES})
 * @param eid the endpoint's prefix (qb64)
 * @param allowed true after {@code /end/role/add}, false after {@code /end/role/cut}
 * @param said the SAID of the reply that set it
 */
public record EndRole(String cid, String role, String eid, boolean allowed, String said) {
  /**
   * Checks for nulls.
   *
   * @param cid see the record description
   * @param role see the record description
   * @param eid see the record description
   * @param allowed see the record description
   * @param said see the record description
   */
  public EndRole {
    Objects.requireNonNull(cid, "cid");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(eid, "eid");
    Objects.requireNonNull(said, "said");
  }
}
