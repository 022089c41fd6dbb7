package dev.cesrj.keri.reply;

import java.util.Objects;

/**
 * A location as keripy stores it from an accepted {@code /loc/scheme} reply (keripy {@code
 * src/keri/core/eventing.py} {@code Kevery.updateLoc}: the {@code locs} record's {@code url},
 * keyed by {@code (eid, scheme)}; {@code lans} keeps the reply's SAID).
 *
 * @param eid the endpoint's prefix (qb64)
 * @param scheme {@code tcp}, {@code http} or {@code https} ({@link Revery#SCHEMES})
 * @param url the URL, as written (empty text nullifies the location, as keripy reads it)
 * @param said the SAID of the reply that set it
 */
public record LocScheme(String eid, String scheme, String url, String said) {
  /**
   * Checks for nulls.
   *
   * @param eid see the record description
   * @param scheme see the record description
   * @param url see the record description
   * @param said see the record description
   */
  public LocScheme {
    Objects.requireNonNull(eid, "eid");
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(said, "said");
  }
}
