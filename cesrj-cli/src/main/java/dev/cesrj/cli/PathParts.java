package dev.cesrj.cli;

import dev.cesrj.primitive.Matter;
import java.util.List;

/**
 * The segments of a Pather's path, as keripy's Pather gives them: the path is the Base64 text of
 * the StrB64 value (keripy {@code Matter._derawify}: drop the lead characters, one {@code A} for
 * lead size 0 if present, {@code (ls + 1) % 4} otherwise), split at every {@code -}.
 */
final class PathParts {
  private PathParts() {}

  /** The path segments of {@code pather} (a StrB64 primitive); a leading {@code -} gives "". */
  static List<String> of(Matter pather) {
    String qb64 = pather.qb64Text();
    String value = qb64.substring(pather.code().cs());
    int ls = pather.code().ls();
    int strip = ls == 0 ? (value.startsWith("A") ? 1 : 0) : (ls + 1) % 4;
    return List.of(value.substring(Math.min(strip, value.length())).split("-", -1));
  }
}
