package dev.cesrj.keri.credential;

import java.util.Objects;

/**
 * One thing a credential waits for that the messages given so far do not hold, as {@link
 * CredentialVerifier#missing(String)} finds it by following the credential's escrow down to the
 * KEL, TEL, schema or credential at its root.
 *
 * @param kind what kind of thing is missing
 * @param id its identifier: the prefix of a KEL, the registry prefix, the credential SAID of an
 *     issuance or far node, or the schema SAID
 * @param of whose it is: the issuer whose KEL or registry it is, the delegated prefix a delegator
 *     delegates, or the edge label a far node is on; empty text when nothing more is known
 */
public record Missing(MissingKind kind, String id, String of) {
  /**
   * Checks the fields are present.
   *
   * @param kind see the record description
   * @param id see the record description
   * @param of see the record description
   * @throws NullPointerException if an argument is null
   */
  public Missing {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(of, "of");
  }

  /** {@return the thing in words, e.g. "the KEL of delegator E... (of E...)"} */
  public String describe() {
    String suffix = of.isEmpty() ? "" : " (of " + of + ")";
    return switch (kind) {
      case ISSUER_KEL -> "the KEL of issuer " + id;
      case DELEGATOR_KEL -> "the KEL of delegator " + id + suffix;
      case ANCHORING_EVENT -> "the event of the KEL of " + id + " anchoring " + of;
      case REGISTRY -> "registry " + id + " of issuer " + of;
      case ISSUANCE -> "the issuance of credential " + id + " in registry " + of;
      case SCHEMA -> "schema " + id;
      case CREDENTIAL -> "credential " + id + (of.isEmpty() ? "" : " (edge " + of + ")");
    };
  }

  @Override
  public String toString() {
    return describe();
  }
}
