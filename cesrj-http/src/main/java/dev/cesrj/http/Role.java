package dev.cesrj.http;

import java.util.Optional;

/**
 * The roles an endpoint can play for an AID, as keripy names them (keripy {@code
 * src/keri/kering.py} {@code Roles}): the third segment of an OOBI path {@code
 * /oobi/{aid}/{role}} and the {@code role} of an {@code /end/role/add} reply.
 */
public enum Role {
  /** The controller of the AID. */
  CONTROLLER("controller"),
  /** A witness of the AID (it receipts its events). */
  WITNESS("witness"),
  /** A registrar. */
  REGISTRAR("registrar"),
  /** A gateway. */
  GATEWAY("gateway"),
  /** A watcher (it keeps a copy of KELs it is sent, and serves them). */
  WATCHER("watcher"),
  /** A judge. */
  JUDGE("judge"),
  /** A juror. */
  JUROR("juror"),
  /** A peer. */
  PEER("peer"),
  /** A mailbox (it holds messages for the AID). */
  MAILBOX("mailbox"),
  /** An agent (KERIA, say). */
  AGENT("agent"),
  /** An indexer. */
  INDEXER("indexer");

  private final String keripyName;

  Role(String keripyName) {
    this.keripyName = keripyName;
  }

  /**
   * The role's name on the wire, as keripy writes it.
   *
   * @return the name in lower case, e.g. {@code witness}
   */
  public String keripyName() {
    return keripyName;
  }

  /**
   * The role named {@code name} on the wire, compared exactly (keripy compares role names as
   * strings), or empty for a name keripy does not define.
   *
   * @param name the name as written on the wire
   * @return the role, or empty
   */
  public static Optional<Role> of(String name) {
    for (Role role : values()) {
      if (role.keripyName.equals(name)) {
        return Optional.of(role);
      }
    }
    return Optional.empty();
  }
}
