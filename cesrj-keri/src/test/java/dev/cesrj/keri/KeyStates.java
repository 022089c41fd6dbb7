package dev.cesrj.keri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.stream.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The least key state a test needs to find the keys each signature must verify against, in
 * stream order (no validation: that is Kever's, the next step): every key event by SAID, the
 * latest establishment event and witness list of each prefix.
 */
final class KeyStates {
  /** Signatures counted: verified and failed, by role. */
  final Map<SignatureRole, int[]> counts = new HashMap<>();
  /** Messages (index in stream order, top level) with a signature that failed. */
  final List<Integer> failing = new ArrayList<>();

  private final Map<String, KeyEvent> bySaid = new HashMap<>();
  private final Map<String, EstablishmentEvent> latestEst = new HashMap<>();
  private final Map<String, List<String>> witnessesAt = new HashMap<>();
  /** For each key event, the establishment event whose keys sign it. */
  private final Map<String, EstablishmentEvent> estAt = new HashMap<>();
  private final Map<String, List<String>> latestWitnesses = new HashMap<>();

  /** Takes a message (its nested ones first) and checks every signature it carries. */
  void take(Message m, int index) {
    for (Message n : m.nested()) {
      take(n, index);
    }
    KeriEvent e = KeriEvents.of(m);
    if (e instanceof KeyEvent && !bySaid.containsKey(e.said())) {
      accept((KeyEvent) e);
    }
    for (SignatureGroup g : Signatures.of(m).all()) {
      if (!check(e, g)) {
        if (!failing.contains(index)) {
          failing.add(index);
        }
      }
    }
  }

  private void accept(KeyEvent e) {
    bySaid.put(e.said(), e);
    List<String> wits = new ArrayList<>(latestWitnesses.getOrDefault(e.prefix(), List.of()));
    if (e instanceof InceptionEvent) {
      wits = new ArrayList<>(((InceptionEvent) e).witnesses());
    } else if (e instanceof RotationEvent) {
      wits.removeAll(((RotationEvent) e).cuts());
      wits.addAll(((RotationEvent) e).adds());
    }
    if (e instanceof EstablishmentEvent) {
      latestEst.put(e.prefix(), (EstablishmentEvent) e);
    }
    estAt.put(e.said(), latestEst.get(e.prefix()));
    witnessesAt.put(e.said(), wits);
    latestWitnesses.put(e.prefix(), wits);
  }

  /** True if every signature of {@code g} verifies against the keys it names. */
  private boolean check(KeriEvent e, SignatureGroup g) {
    KeriEvent signed = e;
    if (g.target() == SignatureTarget.RECEIPTED_EVENT) {
      signed = bySaid.get(((ReceiptEvent) e).said());
      assertNotNull(signed, "receipted event " + e.said() + " seen before its receipt");
    }
    byte[] ser = signed.body().bytes();
    int[] c = counts.computeIfAbsent(g.role(), r -> new int[2]);
    if (g.role() == SignatureRole.NON_TRANSFERABLE) {
      int ok = g.verifyCigars(ser).size();
      c[0] += ok;
      c[1] += g.cigars().size() - ok;
      return ok == g.cigars().size();
    }
    List<Verfer> keys;
    switch (g.role()) {
      case CONTROLLER:
        // an ixn, even one replayed later in the stream, is signed by the keys in force at it
        keys = estAt.get(signed.said()).verfers();
        break;
      case WITNESS:
        keys = new ArrayList<>();
        for (String w : witnessesAt.get(signed.said())) {
          keys.add(Verfer.of(w));
        }
        break;
      case TRANSFERABLE: {
        KeyEvent est = bySaid.get(g.signerSaid().orElseThrow());
        assertNotNull(est, "signer's establishment event " + g.signerSaid() + " seen first");
        assertEquals(g.signerPrefix().orElseThrow(), est.prefix());
        assertEquals(g.signerSn().orElseThrow(), est.sn());
        assertTrue(est instanceof EstablishmentEvent);
        keys = ((EstablishmentEvent) est).verfers();
        break;
      }
      default: // TRANSFERABLE_LAST
        keys = latestEst.get(g.signerPrefix().orElseThrow()).verfers();
    }
    int ok = g.verify(keys, ser).size();
    c[0] += ok;
    c[1] += g.sigers().size() - ok;
    return ok == g.sigers().size();
  }

  /** {@return the body of the key event with SAID {@code said}} */
  Body body(String said) {
    return bySaid.get(said).body();
  }
}
