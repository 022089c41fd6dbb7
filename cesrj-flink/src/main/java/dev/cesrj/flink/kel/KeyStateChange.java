package dev.cesrj.flink.kel;

import dev.cesrj.keri.kever.KeyState;
import java.util.Objects;

/**
 * A prefix's key state after the validation operator accepted one or more of its events (a Flink
 * POJO, emitted to {@link KelValidation#KEY_STATES}): the last one emitted for a ({@link #scope},
 * {@link #prefix}) is its current key state. Fields as {@link KeyState}'s.
 */
public class KeyStateChange {
  /** The scope (the operator's key). */
  public String scope;
  /** The prefix. */
  public String prefix;
  /** The last accepted event's sequence number, decimal. */
  public String sn;
  /** Its SAID. */
  public String said;
  /** The last event's ilk. */
  public String et;
  /** The current signing keys (qb64). */
  public String[] keys;
  /** {@code kt}, as keripy writes it. */
  public String signingThreshold;
  /** The next key digests. */
  public String[] nextKeyDigests;
  /** {@code nt}. */
  public String nextThreshold;
  /** The witnesses. */
  public String[] witnesses;
  /** {@code bt}. */
  public long toad;
  /** The delegator's prefix, or null. */
  public String delegator;

  /** An empty change (for Flink's POJO serializer). */
  public KeyStateChange() {
  }

  /**
   * The POJO of a key state.
   *
   * @param scope the scope
   * @param s the key state
   * @return the POJO
   */
  public static KeyStateChange of(String scope, KeyState s) {
    KeyStateChange k = new KeyStateChange();
    k.scope = scope;
    k.prefix = s.prefix();
    k.sn = s.sn().toString();
    k.said = s.said();
    k.et = s.et();
    k.keys = s.keys().toArray(String[]::new);
    k.signingThreshold = s.signingThreshold();
    k.nextKeyDigests = s.nextKeyDigests().toArray(String[]::new);
    k.nextThreshold = s.nextThreshold();
    k.witnesses = s.witnesses().toArray(String[]::new);
    k.toad = s.toad();
    k.delegator = s.delegator().orElse(null);
    return k;
  }

  /** {@return every field but the scope, in one line: what tests compare} */
  public String describe() {
    return String.join(" | ", sn, said, et, String.join(",", keys), signingThreshold,
        String.join(",", nextKeyDigests), nextThreshold, String.join(",", witnesses),
        Long.toString(toad), Objects.toString(delegator, ""));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyStateChange k && Objects.equals(scope, k.scope)
        && Objects.equals(prefix, k.prefix) && describe().equals(k.describe());
  }

  @Override
  public int hashCode() {
    return Objects.hash(scope, prefix, said);
  }

  @Override
  public String toString() {
    return scope + " " + prefix + " " + describe();
  }
}
