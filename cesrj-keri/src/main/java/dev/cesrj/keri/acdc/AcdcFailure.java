package dev.cesrj.keri.acdc;

import java.util.Objects;

/**
 * The first rule a credential failed.
 *
 * @param reason the rule
 * @param path the field it is about, as a path ({@code a.d}, {@code s}, {@code e.qvi.n})
 * @param offset the offset of that field's value in the body (0 when it has none)
 * @param detail what was found, for people
 */
public record AcdcFailure(AcdcReason reason, String path, long offset, String detail) {
  /**
   * Creates the record.
   *
   * @param reason see the record description
   * @param path see the record description
   * @param offset see the record description
   * @param detail see the record description
   * @throws NullPointerException if an argument is null
   */
  public AcdcFailure {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(detail, "detail");
  }
}
