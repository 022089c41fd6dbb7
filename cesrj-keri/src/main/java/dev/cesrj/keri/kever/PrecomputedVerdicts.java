package dev.cesrj.keri.kever;

import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.crypto.Verfer;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Signature verdicts computed ahead of the key-state rules ({@link SignatureBatch}), keyed by the
 * key ({@link Verfer#qb64()}), the signature ({@link Siger#qb64()}: its bytes and index; or a
 * receipt couple's {@link Cigar#qb64()}) and the identity of the signed body (the {@code Body} object of the parsed event). A verdict is a pure
 * function of those three, so the rules may take one whatever key they settle on: a lookup with
 * a key they do not confirm finds nothing, and they verify serially.
 *
 * <p>Written by one thread before the rules run, read by the rules' thread only (the workers'
 * results are published to it by the join in {@link SignatureBatch#run}). Counts its hits and
 * misses, so tests can show the serial rules redo only what was not precomputed.
 */
final class PrecomputedVerdicts {
  private final Map<Object, Map<String, Boolean>> byBody = new IdentityHashMap<>();
  private long hits;
  private long misses;

  /**
   * Records a verdict.
   *
   * @param body the signed body (its identity)
   * @param key the key checked against
   * @param sig the signature's qb64 (a {@link Siger}'s or a {@link Cigar}'s)
   * @param verdict whether it verifies
   */
  void put(Object body, Verfer key, String sig, boolean verdict) {
    byBody.computeIfAbsent(body, b -> new HashMap<>()).put(key.qb64() + ' ' + sig, verdict);
  }

  /** {@return the recorded verdict of {@code sig} by {@code key} over {@code body}, or null} */
  private Boolean find(Object body, Verfer key, String sig) {
    Map<String, Boolean> m = byBody.get(body);
    Boolean v = m == null ? null : m.get(key.qb64() + ' ' + sig);
    if (v != null) {
      hits++;
    } else {
      misses++;
    }
    return v;
  }

  /**
   * {@return the verdict of {@code sig} by {@code key} over {@code body}: precomputed, else
   * verified now over {@code ser}}
   */
  boolean verify(Object body, Verfer key, Siger sig, byte[] ser) {
    Boolean v = find(body, key, sig.qb64());
    return v != null ? v : key.verify(sig.raw(), ser);
  }

  /**
   * {@return the verdict of the receipt couple {@code c} (its own key, keripy {@code
   * src/keri/core/eventing.py} {@code Kevery.processReceiptCouples}) over {@code body}:
   * precomputed, else verified now over {@code ser}}
   */
  boolean verify(Object body, Cigar c, byte[] ser) {
    Boolean v = find(body, c.verfer(), c.qb64());
    return v != null ? v : c.verify(ser);
  }

  /**
   * {@return a new set of verdicts holding only those over the bodies in {@code bodies} (by
   * identity), or null if there are none}
   *
   * @param bodies an identity set of bodies
   */
  PrecomputedVerdicts retain(Set<Object> bodies) {
    PrecomputedVerdicts out = new PrecomputedVerdicts();
    for (Map.Entry<Object, Map<String, Boolean>> e : byBody.entrySet()) {
      if (bodies.contains(e.getKey())) {
        out.byBody.put(e.getKey(), e.getValue());
      }
    }
    return out.byBody.isEmpty() ? null : out;
  }

  /** {@return how many lookups found a precomputed verdict} */
  long hits() {
    return hits;
  }

  /** {@return how many lookups verified serially} */
  long misses() {
    return misses;
  }

  /** {@return the number of precomputed verdicts} */
  int size() {
    int n = 0;
    for (Map<String, Boolean> m : byBody.values()) {
      n += m.size();
    }
    return n;
  }
}
