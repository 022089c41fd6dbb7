package dev.cesrj.http.watcher;

import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the watcher holds of one key event (by SAID): its body, once a copy of it came, and its
 * signatures: candidates as they arrived (on the event's copies and on receipts of it), and
 * those verified once the event was accepted, against the key state in force at it. Only
 * verified signatures are served (keripy keeps only signatures that verify, in {@code sigs},
 * {@code wigs} and {@code rcts}: {@code Kever.validateSigsDelWigs}, {@code
 * Kevery.processReceipt}).
 */
final class HeldEvent {
  final String prefix;
  final BigInteger sn;
  final String said;
  byte[] body;
  private final Set<String> candidateSigs = new LinkedHashSet<>();
  private final Set<String> candidateWigs = new LinkedHashSet<>();
  private final Map<String, String> candidateCouples = new LinkedHashMap<>();
  final TreeMap<Integer, String> sigs = new TreeMap<>();
  final TreeMap<Integer, String> wigs = new TreeMap<>();
  final Map<String, String> couples = new LinkedHashMap<>();

  HeldEvent(String prefix, BigInteger sn, String said) {
    this.prefix = prefix;
    this.sn = sn;
    this.said = said;
  }

  /**
   * The most candidate signatures held of each kind (controller, witness, couple) while the event
   * waits to be accepted: past it, further candidates are dropped, so junk re-POSTs of an
   * escrowed event cannot grow the watcher (keripy keeps one escrowed copy per event and
   * signature index in {@code .pses}/{@code .ooes}, {@code Kevery.escrowPSEvent}).
   */
  static final int MAX_CANDIDATES = 64;

  /**
   * {@return whether any of these signatures is new to this event and was kept as a candidate
   * (at most {@link #MAX_CANDIDATES} of each kind)}
   */
  boolean offer(Iterable<String> sigs, Iterable<String> wigs, Map<String, String> couples) {
    boolean added = false;
    for (String s : sigs) {
      added |= !this.sigs.containsValue(s) && candidateSigs.size() < MAX_CANDIDATES
          && candidateSigs.add(s);
    }
    for (String w : wigs) {
      added |= !this.wigs.containsValue(w) && candidateWigs.size() < MAX_CANDIDATES
          && candidateWigs.add(w);
    }
    for (Map.Entry<String, String> c : couples.entrySet()) {
      if (!this.couples.containsKey(c.getKey()) && candidateCouples.size() < MAX_CANDIDATES
          && !candidateCouples.containsKey(c.getKey())) {
        candidateCouples.put(c.getKey(), c.getValue());
        added = true;
      }
    }
    return added;
  }

  /** {@return how many signatures of this event verified and are kept (all kinds)} */
  int verifiedCount() {
    return sigs.size() + wigs.size() + couples.size();
  }

  /**
   * Verifies the candidates against {@code state}, the key state in force at this (accepted)
   * event: controller signatures by index into its keys, witness signatures by index into its
   * witnesses, couples by a witness's key. Keeps those that verify (one per index), drops the
   * rest.
   */
  void settle(KeyState state) {
    if (body == null) {
      return;
    }
    for (String q : candidateSigs) {
      IndexedSignature s = parseSig(q);
      if (s != null && s.index() < state.verfers().size() && !sigs.containsKey(s.index())
          && state.verfers().get(s.index()).verify(s, body)) {
        sigs.put(s.index(), q);
      }
    }
    candidateSigs.clear();
    for (String q : candidateWigs) {
      IndexedSignature s = parseSig(q);
      if (s != null && s.index() < state.witnesses().size() && !wigs.containsKey(s.index())
          && verferOf(state.witnesses().get(s.index())).verify(s, body)) {
        wigs.put(s.index(), q);
      }
    }
    candidateWigs.clear();
    for (Map.Entry<String, String> c : candidateCouples.entrySet()) {
      if (state.witnesses().contains(c.getKey()) && verifiesCouple(c.getKey(), c.getValue())) {
        couples.put(c.getKey(), c.getValue());
      }
    }
    candidateCouples.clear();
  }

  private boolean verifiesCouple(String prefix, String cigar) {
    try {
      return verferOf(prefix).verifyCigar(Matter.parse(cigar), body);
    } catch (RuntimeException e) {
      return false; // a couple that does not parse verifies nothing
    }
  }

  private static Verfer verferOf(String aid) {
    return Verfer.of(aid);
  }

  private static IndexedSignature parseSig(String q) {
    try {
      return IndexedSignature.parse(q);
    } catch (RuntimeException e) {
      return null; // the framer read it; a signature of an unknown code verifies nothing
    }
  }

  /**
   * Collects the signatures of {@code g} (and of the groups an attachment group holds) as the
   * text {@link #offer} takes: controller indexed signatures ({@code -A}) into {@code sigs},
   * witness indexed signatures ({@code -B}) into {@code wigs}, non-transferable receipt couples
   * ({@code -C}) into {@code couples} (by prefix); other groups are not served by a watcher.
   *
   * @param g an attachment group of a message framed from {@code raw}
   * @param raw the message's bytes (offsets of {@code g}'s elements are into it)
   */
  static void collect(Group g, byte[] raw, List<String> sigs, List<String> wigs,
      Map<String, String> couples) {
    switch (g.name()) {
      case "AttachmentGroup" -> {
        for (Group inner : g.groups()) {
          collect(inner, raw, sigs, wigs, couples);
        }
      }
      case "ControllerIdxSigs" -> g.signatures().forEach(s -> sigs.add(text(raw, s)));
      case "WitnessIdxSigs" -> g.signatures().forEach(s -> wigs.add(text(raw, s)));
      case "NonTransReceiptCouples" -> {
        for (Element el : g.elements()) {
          if (el instanceof Tuple t && t.parts().size() == 2) {
            couples.put(text(raw, t.parts().get(0)), text(raw, t.parts().get(1)));
          }
        }
      }
      default -> { } // other groups are not served by a watcher
    }
  }

  private static String text(byte[] raw, Element e) {
    return new String(raw, (int) e.offset(), e.length(), StandardCharsets.US_ASCII);
  }

  private static String text(byte[] raw, IndexedSignature s) {
    return new String(raw, (int) s.offset(), s.length(), StandardCharsets.US_ASCII);
  }
}
