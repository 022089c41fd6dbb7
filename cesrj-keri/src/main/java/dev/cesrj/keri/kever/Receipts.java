package dev.cesrj.keri.kever;

import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.event.ReceiptEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The receipt rules of a {@link Kevery} and the non-transferable receipt couples it keeps (keripy
 * {@code src/keri/core/eventing.py} {@code Kevery.processReceipt}, {@code processReceiptCouples},
 * {@code processReceiptWitness}, {@code processReceiptTrans}; their escrows {@code escrowUREvent},
 * {@code escrowUWReceipt}, {@code escrowVRTrans} and the retries {@code processEscrowUnverWitness},
 * {@code processEscrowUnverNonTrans}, {@code processEscrowUnverTrans}).
 *
 * <p>A receipt ({@code rct}) of an accepted event is accepted, its transferable groups once the
 * signer's establishment event is accepted (until then held in {@link
 * Escrow#UNVERIFIED_TRANSFERABLE_RECEIPT}); of an event with another SAID accepted at its
 * sequence number, rejected; of an event not accepted yet, held in the escrow of its first kind of
 * signature (couples, witness signatures, transferable groups), or rejected if it has none. The
 * couples of a held receipt are kept by receipted event, each once (by key and signature), and
 * count toward that event's {@code bt} ({@link #countCouples}), each verified once; they go when
 * the event is accepted ({@link #eventAccepted}) or when no held receipt holds them any more
 * ({@link #dropCouples}). Their heap bytes count within {@link EscrowLimits#maxBytes()}.
 */
final class Receipts {
  private static final String NOT_ACCEPTED = "receipted event not accepted";
  private final Kevery kvy;
  /**
   * Non-transferable receipt couples kept for events not accepted yet, by receipted event
   * "prefix/said", each couple once (by key and signature): they count toward that event's
   * {@code bt} when it is processed, and are dropped when it is accepted.
   */
  private final Map<String, Map<String, Cigar>> receipts = new LinkedHashMap<>();
  /**
   * Whether each kept couple verifies, by the key of {@link #receipts} then couple id, once
   * checked: a couple names its key and signs its event's body (fixed by the SAID), so its verdict
   * never changes, and a flood of couples for a partially witnessed event costs each of them one
   * verification, not one per retry of the event. Dropped with the couples.
   */
  private final Map<String, Map<String, Boolean>> coupleVerdicts = new HashMap<>();
  /** How many escrowed receipts hold each kept couple, by the key of {@link #receipts}, id. */
  private final Map<String, Map<String, Integer>> coupleHolders = new HashMap<>();
  /** Receipt couple verifications run so far (tests count work). */
  private long coupleChecks;
  /** The heap bytes counted for the couples in {@link #receipts}, within maxBytes. */
  private long receiptBytes;

  Receipts(Kevery kvy) {
    this.kvy = kvy;
  }

  /** {@return the heap bytes counted for the kept couples} */
  long bytes() {
    return receiptBytes;
  }

  /** {@return the receipt couples verified so far, one count per verification} */
  long coupleChecks() {
    return coupleChecks;
  }

  /**
   * Judges the receipt {@code x} and applies the decision ({@link Kevery#apply}); keeps the
   * couples of a receipt held for its event.
   *
   * @param x the message of {@code rct}
   * @param rct the receipt
   */
  void process(Entry x, ReceiptEvent rct) {
    Kever kever = kvy.kever(rct.prefix());
    Kever.Logged a = kever == null ? null : kever.events.get(rct.sn());
    List<SignatureGroup> cigars = x.sigs.byRole(SignatureRole.NON_TRANSFERABLE);
    List<SignatureGroup> wigs = x.sigs.byRole(SignatureRole.WITNESS);
    List<SignatureGroup> trans = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.TRANSFERABLE)) {
      if (g.groupName().startsWith("TransIdxSigGroups")) {
        trans.add(g);
      }
    }
    if (a != null && a.said().equals(rct.said())) {
      kvy.apply(x, ofAccepted(trans));
      return;
    }
    if (a != null) {
      kvy.apply(x, Decision.reject(Reason.UNVERIFIED_RECEIPT,
          "receipted SAID is not the accepted event's"));
      return;
    }
    if (!cigars.isEmpty()) {
      couples(x, rct, cigars);
    } else if (!wigs.isEmpty()) {
      kvy.apply(x, Decision.hold(Escrow.UNVERIFIED_WITNESS_RECEIPT, Reason.UNVERIFIED_RECEIPT,
          NOT_ACCEPTED));
    } else if (!trans.isEmpty()) {
      kvy.apply(x, Decision.hold(Escrow.UNVERIFIED_TRANSFERABLE_RECEIPT,
          Reason.UNVERIFIED_RECEIPT, NOT_ACCEPTED));
    } else {
      kvy.apply(x, Decision.reject(Reason.UNVERIFIED_RECEIPT, NOT_ACCEPTED));
    }
  }

  /**
   * A receipt of an accepted event: its couples count for nothing more, none is kept; its
   * transferable groups need the signer's establishment event accepted (keripy {@code
   * processReceiptTrans}).
   */
  private Decision ofAccepted(List<SignatureGroup> trans) {
    for (SignatureGroup g : trans) {
      Kever signer = g.signerPrefix().map(kvy::kever).orElse(null);
      Optional<Kever.Logged> est = signer == null
          ? Optional.empty() : g.signerSn().map(signer.events::get);
      if (est.isEmpty() || !est.get().said().equals(g.signerSaid().orElse(""))) {
        return Decision.hold(Escrow.UNVERIFIED_TRANSFERABLE_RECEIPT, Reason.UNVERIFIED_RECEIPT,
            "signer's establishment event not accepted");
      }
    }
    return Decision.STORED;
  }

  /**
   * Holds a receipt with couples for an event not accepted yet in {@link
   * Escrow#UNVERIFIED_RECEIPT} and keeps its couples (those new to the event count toward its
   * bytes); wakes the event's partially witnessed copies if it brought a new couple.
   */
  private void couples(Entry x, ReceiptEvent rct, List<SignatureGroup> cigars) {
    String key = rct.prefix() + "/" + rct.said();
    Map<String, Cigar> kept = receipts.getOrDefault(key, Map.of());
    Map<String, Cigar> fresh = new LinkedHashMap<>();
    Set<String> shared = new LinkedHashSet<>();
    boolean holds = x.couples != null; // retried: what it brought is kept while it holds it
    long freshBytes = 0;
    for (SignatureGroup g : cigars) {
      for (Cigar c : g.cigars()) {
        String id = c.verfer().qb64() + c.qb64();
        if (kept.containsKey(id)) {
          if (!holds) {
            shared.add(id);
          }
        } else if (fresh.putIfAbsent(id, c) == null) {
          freshBytes += coupleCost(id);
        }
      }
    }
    kvy.apply(x, new Decision.Hold(Escrow.UNVERIFIED_RECEIPT, Reason.UNVERIFIED_RECEIPT,
        NOT_ACCEPTED, freshBytes));
    if (x.status == Status.ESCROWED && !holds && (!fresh.isEmpty() || !shared.isEmpty())) {
      receipts.computeIfAbsent(key, k -> new LinkedHashMap<>()).putAll(fresh);
      receiptBytes += freshBytes;
      // every receipt bringing a couple holds it, so the couple stays while one of them is
      // escrowed: an evicted relay of a receipt does not take the honest copy's couples
      Set<String> all = new LinkedHashSet<>(fresh.keySet());
      all.addAll(shared);
      Map<String, Integer> holders = coupleHolders.computeIfAbsent(key, k -> new HashMap<>());
      for (String id : all) {
        holders.merge(id, 1, Integer::sum);
      }
      x.couples = key;
      x.coupleIds = List.copyOf(all);
      if (!fresh.isEmpty()) {
        kvy.couplesKept(rct.prefix(), rct.said());
      }
    }
  }

  /**
   * Adds to {@code ok} each witness of {@code wits} not in it whose kept couple for the event
   * ({@code prefix}, {@code said}) verifies over {@code ser}; a witness counted already needs no
   * other couple, and each couple is verified once (keripy {@code processReceiptCouples} stores
   * the couples of witnesses, which {@code Kever.validateSigsDelWigs} counts). A couple's verdict
   * is taken from the batch's precomputed ones if there ({@link Kevery#checkCouple}).
   *
   * @param body the event's body, which the precomputed verdicts are keyed by
   */
  void countCouples(Object body, String prefix, String said, List<String> wits, byte[] ser,
      Set<String> ok) {
    Map<String, Cigar> kept = receipts.getOrDefault(prefix + "/" + said, Map.of());
    if (kept.isEmpty()) {
      return;
    }
    Set<String> witSet = kvy.witnessLists().lookup(wits);
    Map<String, Boolean> known =
        coupleVerdicts.computeIfAbsent(prefix + "/" + said, k -> new HashMap<>());
    for (Map.Entry<String, Cigar> kc : kept.entrySet()) {
      Cigar c = kc.getValue();
      String w = c.verfer().qb64();
      if (!ok.contains(w) && witSet.contains(w)) {
        Boolean verifies = known.get(kc.getKey());
        if (verifies == null) {
          coupleChecks++;
          verifies = kvy.checkCouple(body, c, ser);
          known.put(kc.getKey(), verifies);
        }
        if (verifies) {
          ok.add(w);
        }
      }
    }
  }

  /** Drops the couples kept for the event ({@code prefix}, {@code said}), now accepted. */
  void eventAccepted(String prefix, String said) {
    String key = prefix + "/" + said;
    Map<String, Cigar> kept = receipts.remove(key);
    coupleVerdicts.remove(key);
    coupleHolders.remove(key);
    if (kept != null) {
      for (String id : kept.keySet()) {
        receiptBytes -= coupleCost(id);
      }
    }
  }

  /** Drops the receipt couples {@code x} brought, if still kept and no other receipt holds them. */
  void dropCouples(Entry x) {
    if (x.couples == null) {
      return;
    }
    Map<String, Cigar> kept = receipts.get(x.couples);
    Map<String, Boolean> known = coupleVerdicts.getOrDefault(x.couples, new HashMap<>());
    Map<String, Integer> holders = coupleHolders.getOrDefault(x.couples, new HashMap<>());
    if (kept != null) {
      for (String id : x.coupleIds) {
        Integer left = holders.computeIfPresent(id, (k, n) -> n > 1 ? n - 1 : null);
        if (left != null) {
          continue; // another escrowed receipt holds it too
        }
        known.remove(id);
        if (kept.remove(id) != null) {
          receiptBytes -= coupleCost(id);
        }
      }
      if (kept.isEmpty()) {
        receipts.remove(x.couples);
        coupleVerdicts.remove(x.couples);
        coupleHolders.remove(x.couples);
      }
    }
    x.couples = null;
    x.coupleIds = List.of();
  }

  /** Gives each kept couple with its event's "prefix/said", in order ({@link KeveryState}). */
  void forEachCouple(BiConsumer<String, Cigar> out) {
    receipts.forEach((event, m) -> m.values().forEach(c -> out.accept(event, c)));
  }

  /** Keeps a couple of a restored state ({@link KeveryState}), as it was kept. */
  void restoreCouple(String event, String id, Cigar c) {
    receipts.computeIfAbsent(event, k -> new LinkedHashMap<>()).put(id, c);
    receiptBytes += coupleCost(id);
  }

  /** {@return the heap bytes counted for a kept couple of id (key and signature qb64)} */
  private static long coupleCost(String id) {
    return EscrowLimits.retainedCouple(id.length());
  }
}
