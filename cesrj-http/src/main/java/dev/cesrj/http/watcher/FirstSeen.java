package dev.cesrj.http.watcher;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * When the watcher first saw an accepted event: keripy's first-seen ordinal ({@code fn}, per
 * prefix, 0 for the first event it accepted of that prefix) and date-time, which it serves in
 * the first-seen replay couple ({@code -E}) of each KEL event (keripy {@code
 * src/keri/db/basing.py} {@code Baser.cloneEvtMsg}, {@code fels} and {@code dtss}).
 *
 * @param prefix the event's prefix (qb64)
 * @param sn its sequence number
 * @param said its SAID
 * @param fn its first-seen ordinal among the prefix's events this watcher accepted
 * @param dt the date-time it was accepted, in keripy's ISO 8601 form with microseconds and
 *     offset ({@code 2026-12-06T03:05:26.607432+00:00})
 */
public record FirstSeen(String prefix, BigInteger sn, String said, long fn, String dt) {
  /**
   * Checks the fields.
   *
   * @param prefix see the record description
   * @param sn see the record description
   * @param said see the record description
   * @param fn see the record description
   * @param dt see the record description
   */
  public FirstSeen {
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(sn, "sn");
    Objects.requireNonNull(said, "said");
    Objects.requireNonNull(dt, "dt");
    if (fn < 0 || sn.signum() < 0) {
      throw new IllegalArgumentException("negative fn or sn: " + fn + ", " + sn);
    }
    for (String s : new String[] {prefix, said, dt}) {
      if (s.isEmpty() || s.indexOf(' ') >= 0) {
        throw new IllegalArgumentException("empty field or a space in: '" + s + "'");
      }
    }
  }

  /** {@return this record as the store keeps it: the five fields, space-separated, ASCII} */
  public byte[] encode() {
    return (prefix + ' ' + sn + ' ' + said + ' ' + fn + ' ' + dt)
        .getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * {@return the record {@link #encode()} wrote}
   *
   * @param data the stored bytes
   * @throws IllegalArgumentException if they are not five fields of the right forms
   */
  public static FirstSeen decode(byte[] data) {
    String[] f = new String(data, StandardCharsets.US_ASCII).split(" ", -1);
    if (f.length != 5) {
      throw new IllegalArgumentException("a first-seen record has 5 fields, not " + f.length);
    }
    return new FirstSeen(f[0], new BigInteger(f[1]), f[2], Long.parseLong(f[3]), f[4]);
  }
}
