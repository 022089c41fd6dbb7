package dev.cesrj.http;

import java.util.Optional;

/**
 * The roles an endpoint can play for an AID, as keripy names them (keripy {@code
 * src/keri/kering.py} {@code Roles}): the third segment of an OOBI path {@code
 * /oobi/{aid}/{role}} and the {@code role} of an {@code /end/role/add} reply.
 */
public enum Role {
  CONTROLLER("controller"),
  WITNESS("witness"),
  REGISTRAR("registrar"),
  GATEWAY("gateway"),
  WATCHER("watcher"),
  JUDGE("judge"),
  JUROR("juror"),
  PEER("peer"),
  MAILBOX("mailbox"),
  AGENT("agent"),
  INDEXER("indexer");

  private final String keripyName;

  Role(String keripyName) {
    this.keripyName = keripyName;
  }

  /** The role's name on the wire, as keripy writes it (lower case, e.g. {@code witness}). */
  public String keripyName() {
    return keripyName;
  }

  /**
   * The role named {@code name} on the wire, compared exactly (keripy compares role names as
   * strings), or empty for a name keripy does not define.
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
