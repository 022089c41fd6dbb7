package dev.cesrj.keri.kever;

import dev.cesrj.keri.Siger;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The signatures of one event pooled across every escrowed message that carries them: each
 * escrowed copy of the event (its controller and witness signatures) and each escrowed receipt
 * of it (its indexed witness signatures), by event ({@code prefix}, sequence number, SAID). An
 * event's thresholds ({@code kt}, {@code bt}) are judged over its own signatures plus the pool,
 * so an event whose signatures arrive split across copies and receipts is accepted once together
 * they satisfy them (KERI specification, "Receipt Signatures" and its rule that an event whose
 * signatures do not satisfy its thresholds waits for others, attached to the same version of the
 * event or to a receipt of it; keripy {@code src/keri/core/eventing.py}:
 * {@code Kevery.escrowPSEvent},
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
 *
 * <p>Each signature's verdict is verified once per pooled event and remembered while the event
 * has signatures in the pool ({@link #verifies}): the keys and witnesses a signature is checked
 * against are fixed by the event (its SAID, and its prior's, fix its history), so the answer never
 * changes. Without it, {@code n} escrowed copies of one event would cost {@code n * n}
 * verifications over their retries; with it about one per signature ({@link #checks()}).
 */
final class SignaturePool {
  /** The signatures one escrowed message brings to an event. */
  private record Share(List<Siger> controller, List<Siger> witness) {
  }

  /** One event's pooled signatures, and the verdicts of the signatures checked for it. */
  private static final class Pooled {
    final Map<Integer, Share> shares = new LinkedHashMap<>();
    final Map<String, Boolean> verdicts = new HashMap<>();
  }

  private final Map<String, Pooled> byEvent = new HashMap<>();
  private long checks;

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
    byEvent.computeIfAbsent(event, k -> new Pooled()).shares
        .put(index, new Share(List.copyOf(controller), List.copyOf(witness)));
  }

  /**
   * Removes what message {@code index} brought to its event's pool.
   *
   * @param event the event's key
   * @param index the message's index
   */
  void release(String event, int index) {
    Pooled p = byEvent.get(event);
    if (p != null && p.shares.remove(index) != null && p.shares.isEmpty()) {
      byEvent.remove(event);
    }
  }

  /** {@return the controller signatures pooled for {@code event}, in order of arrival} */
  List<Siger> controller(String event) {
    List<Siger> out = new ArrayList<>();
    Pooled p = byEvent.get(event);
    if (p != null) {
      for (Share s : p.shares.values()) {
        out.addAll(s.controller());
      }
    }
    return out;
  }

  /** {@return the witness signatures pooled for {@code event}, in order of arrival} */
  List<Siger> witness(String event) {
    List<Siger> out = new ArrayList<>();
    Pooled p = byEvent.get(event);
    if (p != null) {
      for (Share s : p.shares.values()) {
        out.addAll(s.witness());
      }
    }
    return out;
  }

  /**
   * {@return whether {@code s} verifies for {@code event} as {@code check} tells}, running
   * {@code check} only the first time while {@code event} has pooled signatures.
   *
   * @param event the event's key ({@link #key})
   * @param role what the signature is checked as ({@code "c"} controller, {@code "w"} witness)
   * @param s the signature
   * @param check verifies it against the keys in force for the event
   */
  boolean verifies(String event, String role, Siger s, BooleanSupplier check) {
    Pooled p = byEvent.get(event);
    if (p == null) {
      checks++;
      return check.getAsBoolean();
    }
    String id = role + s.qb64();
    Boolean known = p.verdicts.get(id);
    if (known == null) {
      checks++;
      known = check.getAsBoolean();
      p.verdicts.put(id, known);
    }
    return known;
  }

  /** {@return how many signature checks {@link #verifies} ran so far} */
  long checks() {
    return checks;
  }

  /** {@return the number of events with pooled signatures} */
  int events() {
    return byEvent.size();
  }
}
