package dev.cesrj.keri.acdc;

import java.util.Objects;
import java.util.Optional;

/**
 * The check of one SAID of a credential.
 *
 * @param site which SAID
 * @param path its field as a path, e.g. {@code d}, {@code a.d}, {@code e.qvi.d}, {@code s.$id}
 * @param offset the offset of its value in the body
 * @param written the SAID as written (an empty text for a section written with {@code "d":""})
 * @param computed the digest computed with the written SAID's code; empty when nothing was
 *     written, so nothing could be checked
 */
public record SaidCheck(SaidSite site, String path, long offset, String written,
    Optional<String> computed) {
  /**
   * Creates the record.
   *
   * @param site see the record description
   * @param path see the record description
   * @param offset see the record description
   * @param written see the record description
   * @param computed see the record description
   * @throws NullPointerException if an argument is null
   */
  public SaidCheck {
    Objects.requireNonNull(site, "site");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(written, "written");
    Objects.requireNonNull(computed, "computed");
  }

  /** {@return true if nothing is written (an empty {@code d}): not a failure, nothing to check} */
  public boolean unsaidified() {
    return computed.isEmpty();
  }

  /** {@return true if the written SAID is the computed one, or none is written} */
  public boolean ok() {
    return computed.isEmpty() || computed.get().equals(written);
  }
}
