package dev.cesrj.http;

import java.util.Objects;
import java.util.Optional;

/**
 * The path of an OOBI URL in the forms keripy serves (keripy {@code src/keri/end/ending.py}:
 * {@code loadEnds} routes {@code /oobi}, {@code /oobi/{aid}}, {@code /oobi/{aid}/{role}} and
 * {@code /oobi/{aid}/{role}/{eid}} to {@code OOBIEnd.on_get}; {@code OOBI_RE} and {@code
 * WOOBI_RE} give the same forms and {@code /.well-known/keri/oobi/{aid}}).
 *
 * <ul>
 *   <li>{@link Form#BLIND} {@code /oobi}: the serving node's own default AID, with its witnesses;
 *   <li>{@link Form#AID} {@code /oobi/{aid}}: the AID's KEL (keripy then falls back to its
 *       witness replies and the KEL replay when the AID has no role replies);
 *   <li>{@link Form#ROLE} {@code /oobi/{aid}/{role}}: the KEL and the replies of every endpoint
 *       in that role (e.g. {@code /oobi/{aid}/witness}); {@code /oobi/{eid}/controller} is this
 *       form with the controller role;
 *   <li>{@link Form#ROLE_EID} {@code /oobi/{aid}/{role}/{eid}}: the same for one endpoint;
 *   <li>{@link Form#WELL_KNOWN} {@code /.well-known/keri/oobi/{aid}}: keripy's witnesses do not
 *       route it (they answer 404), other servers may.
 * </ul>
 *
 * <p>Segments are taken as written: qb64 AIDs are URL-safe and keripy does not percent-decode
 * them. A trailing {@code /} is ignored, as falcon's router ignores it. The query string, if any,
 * is not part of the path and must be cut off before parsing.
 *
 * @param form which of the forms this is
 * @param aid the AID the OOBI is about, empty for {@link Form#BLIND}
 * @param role the role, present for {@link Form#ROLE} and {@link Form#ROLE_EID}
 * @param eid the endpoint's AID, present for {@link Form#ROLE_EID}
 */
public record OobiPath(Form form, Optional<String> aid, Optional<Role> role, Optional<String> eid) {

  /** The forms of an OOBI path. */
  public enum Form {
    /** {@code /oobi} */
    BLIND,
    /** {@code /oobi/{aid}} */
    AID,
    /** {@code /oobi/{aid}/{role}} */
    ROLE,
    /** {@code /oobi/{aid}/{role}/{eid}} */
    ROLE_EID,
    /** {@code /.well-known/keri/oobi/{aid}} */
    WELL_KNOWN
  }

  private static final String OOBI = "oobi";

  /**
   * An OOBI path of {@code form} with these parts.
   *
   * @param form which of the forms this is
   * @param aid the AID, empty for {@link Form#BLIND} only
   * @param role the role, present for {@link Form#ROLE} and {@link Form#ROLE_EID} only
   * @param eid the endpoint's AID, present for {@link Form#ROLE_EID} only
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if what is present does not fit {@code form}
   */
  public OobiPath {
    Objects.requireNonNull(form, "form");
    Objects.requireNonNull(aid, "aid");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(eid, "eid");
    boolean fits =
        switch (form) {
          case BLIND -> aid.isEmpty() && role.isEmpty() && eid.isEmpty();
          case AID, WELL_KNOWN -> aid.isPresent() && role.isEmpty() && eid.isEmpty();
          case ROLE -> aid.isPresent() && role.isPresent() && eid.isEmpty();
          case ROLE_EID -> aid.isPresent() && role.isPresent() && eid.isPresent();
        };
    if (!fits) {
      throw new IllegalArgumentException(
          "an OOBI path of form " + form + " cannot have aid " + aid + ", role " + role
              + " and eid " + eid);
    }
  }

  /**
   * Parses {@code path} (the path of a request target or URL, without its query).
   *
   * @param path the path, starting with {@code /}
   * @return the OOBI path, or empty when {@code path} is none of the forms: not under {@code
   *     /oobi} or {@code /.well-known/keri/oobi}, an empty segment ({@code //}), more than three
   *     segments after {@code /oobi}, or a role keripy does not define ({@link Role#of})
   * @throws NullPointerException if {@code path} is null
   */
  public static Optional<OobiPath> parse(String path) {
    Objects.requireNonNull(path, "path");
    String trimmed = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    if (!trimmed.startsWith("/")) {
      return Optional.empty();
    }
    String[] segments = trimmed.substring(1).split("/", -1);
    for (String segment : segments) {
      if (segment.isEmpty()) {
        return Optional.empty();
      }
    }
    if (segments.length == 4
        && segments[0].equals(".well-known")
        && segments[1].equals("keri")
        && segments[2].equals(OOBI)) {
      return Optional.of(
          new OobiPath(Form.WELL_KNOWN, Optional.of(segments[3]), Optional.empty(), Optional.empty()));
    }
    if (!segments[0].equals(OOBI) || segments.length > 4) {
      return Optional.empty();
    }
    if (segments.length == 1) {
      return Optional.of(blind());
    }
    Optional<String> aid = Optional.of(segments[1]);
    if (segments.length == 2) {
      return Optional.of(new OobiPath(Form.AID, aid, Optional.empty(), Optional.empty()));
    }
    Optional<Role> role = Role.of(segments[2]);
    if (role.isEmpty()) {
      return Optional.empty();
    }
    if (segments.length == 3) {
      return Optional.of(new OobiPath(Form.ROLE, aid, role, Optional.empty()));
    }
    return Optional.of(new OobiPath(Form.ROLE_EID, aid, role, Optional.of(segments[3])));
  }

  /**
   * The blind OOBI path.
   *
   * @return {@code /oobi}
   */
  public static OobiPath blind() {
    return new OobiPath(Form.BLIND, Optional.empty(), Optional.empty(), Optional.empty());
  }

  /**
   * The OOBI path of an AID.
   *
   * @param aid the AID (qb64)
   * @return {@code /oobi/{aid}}
   */
  public static OobiPath of(String aid) {
    return new OobiPath(Form.AID, Optional.of(aid), Optional.empty(), Optional.empty());
  }

  /**
   * The OOBI path of an AID's endpoints in a role.
   *
   * @param aid the AID (qb64)
   * @param role the role
   * @return {@code /oobi/{aid}/{role}}
   */
  public static OobiPath of(String aid, Role role) {
    return new OobiPath(Form.ROLE, Optional.of(aid), Optional.of(role), Optional.empty());
  }

  /**
   * The OOBI path of one of an AID's endpoints in a role.
   *
   * @param aid the AID (qb64)
   * @param role the role
   * @param eid the endpoint's AID (qb64)
   * @return {@code /oobi/{aid}/{role}/{eid}}
   */
  public static OobiPath of(String aid, Role role, String eid) {
    return new OobiPath(Form.ROLE_EID, Optional.of(aid), Optional.of(role), Optional.of(eid));
  }

  /**
   * The path as keripy writes it; {@link #parse} reads it back.
   *
   * @return the path, e.g. {@code /oobi/E.../witness/B...}
   */
  public String path() {
    return switch (form) {
      case BLIND -> "/oobi";
      case AID -> "/oobi/" + aid.orElseThrow();
      case ROLE -> "/oobi/" + aid.orElseThrow() + "/" + role.orElseThrow().keripyName();
      case ROLE_EID ->
          "/oobi/" + aid.orElseThrow() + "/" + role.orElseThrow().keripyName() + "/" + eid.orElseThrow();
      case WELL_KNOWN -> "/.well-known/keri/oobi/" + aid.orElseThrow();
    };
  }
}
