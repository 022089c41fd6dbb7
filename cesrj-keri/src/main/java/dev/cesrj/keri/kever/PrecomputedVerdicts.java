package dev.cesrj.keri.kever;

import dev.cesrj.keri.Siger;
import dev.cesrj.keri.crypto.Verfer;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Signature verdicts computed ahead of the key-state rules ({@link SignatureBatch}), keyed by the
 * key ({@link Verfer#qb64()}), the signature ({@link Siger#qb64()}: its bytes and index) and the
 * identity of the signed body (the {@code Body} object of the parsed event). A verdict is a pure
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

  void put(Object body, Verfer key, Siger sig, boolean verdict) {
    byBody.computeIfAbsent(body, b -> new HashMap<>()).put(id(key, sig), verdict);
  }

  /**
   * {@return the verdict of {@code sig} by {@code key} over {@code body}: precomputed, else
   * verified now over {@code ser}}
   */
  boolean verify(Object body, Verfer key, Siger sig, byte[] ser) {
    Map<String, Boolean> m = byBody.get(body);
    Boolean v = m == null ? null : m.get(id(key, sig));
    if (v != null) {
      hits++;
      return v;
    }
    misses++;
    return key.verify(sig.raw(), ser);
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

  private static String id(Verfer key, Siger sig) {
    return key.qb64() + ' ' + sig.qb64();
  }
}
