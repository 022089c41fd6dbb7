package dev.cesrj.keri.reply;

import java.util.Optional;

/**
 * The reply routes a {@link Revery} handles, as keripy's {@code Kevery.registerReplyRoutes}
 * registers them for end roles and location schemes ({@code src/keri/core/eventing.py}). keripy
 * also routes {@code /ksn/{aid}} and {@code /watcher/{aid}/{action}}; cesrj does not yet, and
 * rejects them as {@link ReplyReason#UNSUPPORTED_ROUTE}.
 */
public enum ReplyRoute {
  /** {@code /end/role/add}: the controller {@code cid} allows {@code eid} in {@code role}. */
  END_ROLE_ADD("/end/role/add"),
  /** {@code /end/role/cut}: the controller {@code cid} disallows {@code eid} in {@code role}. */
  END_ROLE_CUT("/end/role/cut"),
  /** {@code /loc/scheme}: the endpoint {@code eid} is reached at {@code url} by {@code scheme}. */
  LOC_SCHEME("/loc/scheme");

  private final String route;

  ReplyRoute(String route) {
    this.route = route;
  }

  /** {@return the route as written in {@code r}} */
  public String route() {
    return route;
  }

  /**
   * {@return the route {@code r} names, compared exactly, or empty for one not handled}
   *
   * @param r a reply's {@code r}
   */
  public static Optional<ReplyRoute> of(String r) {
    for (ReplyRoute x : values()) {
      if (x.route.equals(r)) {
        return Optional.of(x);
      }
    }
    return Optional.empty();
  }
}
