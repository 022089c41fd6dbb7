package dev.cesrj.keri.kever;

import dev.cesrj.keri.Siger;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The signatures of one event pooled across every escrowed message that carries them: each
 * escrowed copy of the event (its controller and witness signatures) and each escrowed receipt
 * of it (its indexed witness signatures), by event ({@code prefix}, sequence number, SAID). An
 * event's thresholds ({@code kt}, {@code bt}) are judged over its own signatures plus the pool,
 * so an event whose signatures arrive split across copies and receipts is accepted once together
 * they satisfy them (keripy {@code src/keri/core/eventing.py}: {@code Kevery.escrowPSEvent},
 * {@code escrowPWEvent} and {@code processReceiptWitness} store signatures by event digest in
 * {@code db.sigs} and {@code db.wigs}; {@code processEscrowPartialSigs},
 * {@code processEscrowPartialWigs} re-judge the thresholds over all of them).
 *
 * <p>The pool holds references to the signatures of messages the verifier holds in escrow, no
 * more: a message leaving the escrow (accepted, rejected, expired, or retried) leaves the pool,
 * so it is bounded by {@link EscrowLimits} (its bytes are those messages' bytes), and a verifier
 * restored from a {@link VerifierState} rebuilds it from the escrowed messages. Signatures are not
 * verified here: each use verifies them against the keys in force, so a corrupt or duplicitous
 * copy adds nothing that counts and evicts nothing.
 */
final class SignaturePool {
  /** The signatures one escrowed message brings to an event. */
  private record Share(List<Siger> controller, List<Siger> witness) {
  }

  private final Map<String, Map<Integer, Share>> byEvent = new HashMap<>();

  /** {@return the pool's key of an event: prefix, sequence number (hex) and SAID} */
  static String key(String prefix, BigInteger sn, String said) {
    return prefix + "/" + sn.toString(16) + "/" + said;
  }

  /**
   * Adds the signatures of the escrowed message {@code index} to its event's pool.
   *
   * @param event the event's key ({@link #key})
   * @param index the message's index
   * @param controller its indexed controller signatures (empty for a receipt)
   * @param witness its indexed witness signatures
   */
  void hold(String event, int index, List<Siger> controller, List<Siger> witness) {
    if (controller.isEmpty() && witness.isEmpty()) {
      return;
    }
    byEvent.computeIfAbsent(event, k -> new LinkedHashMap<>())
        .put(index, new Share(List.copyOf(controller), List.copyOf(witness)));
  }

  /**
   * Removes what message {@code index} brought to its event's pool.
   *
   * @param event the event's key
   * @param index the message's index
   */
  void release(String event, int index) {
    Map<Integer, Share> m = byEvent.get(event);
    if (m != null && m.remove(index) != null && m.isEmpty()) {
      byEvent.remove(event);
    }
  }

  /** {@return the controller signatures pooled for {@code event}, in order of arrival} */
  List<Siger> controller(String event) {
    List<Siger> out = new ArrayList<>();
    for (Share s : byEvent.getOrDefault(event, Map.of()).values()) {
      out.addAll(s.controller());
    }
    return out;
  }

  /** {@return the witness signatures pooled for {@code event}, in order of arrival} */
  List<Siger> witness(String event) {
    List<Siger> out = new ArrayList<>();
    for (Share s : byEvent.getOrDefault(event, Map.of()).values()) {
      out.addAll(s.witness());
    }
    return out;
  }

  /** {@return the number of events with pooled signatures} */
  int events() {
    return byEvent.size();
  }
}
