package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Intake, routing by prefix and the escrows of a {@link KelVerifier} (keripy {@code
 * src/keri/core/eventing.py} class {@code Kevery}): each message gets an index and an {@link
 * Entry}; a key event goes to its prefix's {@link Kever} ({@code Kevery.processEvent}: a first
 * inception makes one, an event of an unknown prefix or past the next sequence number waits out of
 * order ({@code escrowOOEvent}), a copy of an accepted event is a duplicate or, if it waited for
 * signatures, accepted with them), a receipt to {@link Receipts}. The rules' {@link Decision}s are
 * applied in one place ({@link #apply}): a hold escrows the message ({@link Escrows}, bounded by
 * {@link EscrowLimits}, its signatures pooled in {@link SignaturePool}), an accepted event wakes
 * the escrowed messages waiting for it. {@link #retryEscrows} retries what a change woke until
 * nothing changes ({@code Kevery.processEscrows}: {@code processEscrowOutOfOrders}, {@code
 * processEscrowPartialSigs}, {@code processEscrowPartialWigs}, {@code processEscrowDelegables},
 * {@code processEscrowUnverWitness}...). Mutable, not thread-safe.
 */
final class Kevery {
  final EscrowLimits limits;
  final List<Entry> entries = new ArrayList<>();
  /** The index of the next message ({@link Verdict#index()}). */
  int nextIndex;
  /** The escrowed entries, indexed by arrival, by what they wait for, by prefix and source. */
  final Escrows escrows;
  /** Entries evicted for room since the last {@link #retryEscrows()}, which reports them. */
  private final List<Entry> evicted = new ArrayList<>();
  /** Entries retried so far (tests count the work). */
  private long retries;
  /** The Kever of each prefix with an accepted inception, in order of inception. */
  final Map<String, Kever> kevers = new LinkedHashMap<>();
  /** The receipt rules and the couples kept for events not accepted yet. */
  final Receipts receipts = new Receipts(this);
  /** A count of changes, and the count at the last change of each prefix (see retryEscrows). */
  long clock;
  final Map<String, Long> changedAt = new HashMap<>();
  /** The prefixes whose KEL changed since the last {@link #takeChangedKels()}, in order. */
  private final Set<String> kelChanges = new LinkedHashSet<>();
  /**
   * Witness keys decoded once per verifier, by qb64 (witnesses sign event after event); cleared
   * when it reaches {@value #WITNESS_KEYS} keys, so that a stream of ever new witnesses cannot
   * grow it.
   */
  private final Map<String, Verfer> witnessKeys = new HashMap<>();
  private static final int WITNESS_KEYS = 4_096;
  /** The witness list rules, in hashed sets; counts its probes for tests. */
  private final WitnessLists witnessLists = new WitnessLists();
  /** The signatures of the escrowed messages, by the event they sign or receipt. */
  private final SignaturePool pool = new SignaturePool();
  /** The verdicts precomputed for the batch being accepted, else null (the serial path). */
  private PrecomputedVerdicts precomputed;

  Kevery(EscrowLimits limits) {
    this.limits = limits;
    this.escrows = new Escrows(limits);
  }

  // --- what the rules read ----------------------------------------------------------------------

  /** {@return the Kever of {@code prefix}, or null if its inception is not accepted} */
  Kever kever(String prefix) {
    return kevers.get(prefix);
  }

  SignaturePool pool() {
    return pool;
  }

  WitnessLists witnessLists() {
    return witnessLists;
  }

  Receipts receipts() {
    return receipts;
  }

  /** {@return the decoded witness key of {@code qb64}, from {@link #witnessKeys}} */
  Verfer witnessKey(String qb64) {
    Verfer v = witnessKeys.get(qb64);
    if (v == null) {
      v = Verfer.of(qb64); // CesrException for a witness prefix that is not a key: not kept
      if (witnessKeys.size() >= WITNESS_KEYS) {
        witnessKeys.clear();
      }
      witnessKeys.put(qb64, v);
    }
    return v;
  }

  /**
   * Sets the verdicts precomputed for the batch about to be accepted ({@link SignatureBatch}), or
   * null after it (the serial path).
   */
  void precomputed(PrecomputedVerdicts p) {
    precomputed = p;
  }

  /** Verifies {@code s} by {@code key} over {@code ser}, the bytes of {@code body}. */
  boolean check(Object body, Verfer key, Siger s, byte[] ser) {
    PrecomputedVerdicts p = precomputed;
    return p != null ? p.verify(body, key, s, ser) : key.verify(s.raw(), ser);
  }

  /**
   * Verifies the receipt couple {@code c} with its own key over {@code ser}, the bytes of {@code
   * body} (the receipted event's).
   */
  boolean checkCouple(Object body, Cigar c, byte[] ser) {
    PrecomputedVerdicts p = precomputed;
    return p != null ? p.verify(body, c, ser) : c.verify(ser);
  }

  // --- intake -----------------------------------------------------------------------------------

  /** {@return the verdict of a message that could not be read, given as {@code detail}} */
  Verdict rejected(long offset, String detail) {
    Entry x = new Entry(nextIndex++, offset, null, null, List.of(), 0);
    entries.add(x);
    x.set(Status.REJECTED, null, Reason.BODY_ERROR, detail);
    return settled(x);
  }

  /**
   * Validates one message read ({@code in}), with its bytes ({@code raw}, kept while it is
   * escrowed) and its source; escrows are not retried.
   */
  Verdict accept(Intake in, byte[] raw, String source) {
    if (in.error() != null) {
      return rejected(in.offset(), String.valueOf(in.error().getMessage()));
    }
    KeriEvent ev = in.event();
    Entry x = new Entry(nextIndex++, in.offset(), ev, in.sigs(), in.seals(), in.length());
    x.raw = raw;
    x.source = source;
    entries.add(x);
    if (!(ev instanceof KeyEvent) && !(ev instanceof ReceiptEvent)) {
      x.set(Status.REJECTED, null, Reason.NOT_A_KEY_EVENT, "ilk " + ev.ilk());
      return settled(x);
    }
    boolean saidOk;
    try {
      saidOk = !(ev instanceof KeyEvent) || Saids.verify(ev.body());
    } catch (CesrException e) {
      saidOk = false;
    }
    if (!saidOk) {
      x.set(Status.REJECTED, null, Reason.SAID_MISMATCH, "SAID is not the body's digest");
      return settled(x);
    }
    process(x);
    tried(x, null, null);
    return settled(x);
  }

  /** {@return the entry's verdict, its event and signatures dropped if the verdict is final} */
  private static Verdict settled(Entry x) {
    x.settleIfFinal();
    return x.verdict();
  }

  private void process(Entry x) {
    if (x.event instanceof ReceiptEvent) {
      receipts.process(x, (ReceiptEvent) x.event);
    } else {
      apply(x, processEvent(x, (KeyEvent) x.event));
    }
  }

  /**
   * Routes a key event (keripy {@code Kevery.processEvent}): to {@link Kever#incept} for a first
   * inception, out of order for an event of an unknown prefix or past the next sequence number,
   * duplicate for a copy of an accepted event (accepted if it waited for signatures, which went
   * into the pool that completed the event), else to its Kever's {@link Kever#update}.
   */
  private Decision processEvent(Entry x, KeyEvent ev) {
    Kever kever = kevers.get(ev.prefix());
    BigInteger sn = ev.sn();
    if (kever == null) {
      if (!(ev instanceof InceptionEvent)) {
        return Decision.hold(Escrow.OUT_OF_ORDER, Reason.OUT_OF_ORDER,
            "no inception of " + ev.prefix());
      }
      InceptionEvent icp = (InceptionEvent) ev;
      Decision d = Kever.incept(x, icp, this);
      if (d instanceof Decision.Accept) {
        Kever k = Kever.incepted(icp, x.raw, kevers.size());
        kevers.put(k.prefix, k);
      }
      return d;
    }
    BigInteger next = kever.sn.add(BigInteger.ONE);
    if (sn.compareTo(next) > 0) {
      return Decision.hold(Escrow.OUT_OF_ORDER, Reason.OUT_OF_ORDER,
          "sn " + sn + " after " + kever.sn);
    }
    if (sn.compareTo(next) < 0) {
      Kever.Logged a = kever.events.get(sn);
      if (a != null && a.said().equals(ev.said())) {
        if (x.status == Status.ESCROWED && (x.escrow == Escrow.PARTIALLY_SIGNED
            || x.escrow == Escrow.PARTIALLY_WITNESSED)) {
          return new Decision.Accept(false,
              "accepted at sn " + sn + " with the signatures pooled from its copies");
        }
        return Decision.reject(Reason.DUPLICATE, "already accepted at sn " + sn);
      }
    }
    return kever.update(x, ev, this);
  }

  /**
   * Applies a rule's decision to {@code x}: the one place a verdict is set from a rule. An event
   * {@link Decision.Accept#logged() logged} wakes what waits for it and drops the couples kept
   * for it; a hold escrows it ({@link #escrow}); a rejection settles it.
   */
  void apply(Entry x, Decision d) {
    if (d instanceof Decision.Accept a) {
      x.set(Status.ACCEPTED, null, Reason.NONE, a.detail());
      if (a.logged()) {
        logged(x);
      }
    } else if (d instanceof Decision.Hold h) {
      escrow(x, h.escrow(), h.reason(), h.detail(), h.extraBytes());
    } else {
      Decision.Reject r = (Decision.Reject) d;
      x.set(Status.REJECTED, null, r.reason(), r.detail());
    }
  }

  /** A key event logged: its prefix changed, what waits for it wakes, its couples go. */
  private void logged(Entry x) {
    changed(x.prefix);
    kelChanges.add(x.prefix);
    escrows.wake(EscrowWait.eventAt(x.prefix, x.sn));
    escrows.wake(EscrowWait.delegator(x.prefix));
    receipts.eventAccepted(x.prefix, x.said);
  }

  /** A receipt brought new couples for the event ({@code prefix}, {@code said}): wakes them. */
  void couplesKept(String prefix, String said) {
    changed(prefix);
    escrows.wake(EscrowWait.couplesFor(prefix, said));
  }

  // --- escrows ----------------------------------------------------------------------------------

  /**
   * Escrows {@code x}, evicting for room what {@link EscrowLimits} says, or turns it away with
   * {@link Reason#ESCROW_FULL} if no room can be made for it and {@code extra} heap bytes
   * (receipt couples it brings).
   */
  private void escrow(Entry x, Escrow e, Reason r, String detail, long extra) {
    EscrowStanding standing = EscrowStanding.of(e, x.event.ilk());
    long cost = x.cost > 0 ? x.cost : RetainedSize.of(x.event, x.bytes);
    x.standing = standing;
    List<Entry> victims = escrows.room(x, cost + extra, receipts.bytes());
    if (victims == null) {
      x.set(Status.REJECTED, null, Reason.ESCROW_FULL,
          "no room in escrow for it (send it again later): " + r + ", " + detail);
      return;
    }
    for (Entry v : victims) {
      evict(v);
    }
    x.cost = cost;
    x.set(Status.ESCROWED, e, r, detail);
    escrows.add(x, waits(x), !x.retried);
    pool(x);
    if (!x.retried && x.event instanceof ReceiptEvent
        && !KeverSignatures.witnessSigers(x).isEmpty()) {
      // its witness signatures joined its event's pool at intake: a partially witnessed copy may
      // now pass (a retry puts back the same signatures, and wakes nothing)
      escrows.wake(EscrowWait.couplesFor(x.prefix, x.event.said()));
    }
    if (e == Escrow.PARTIALLY_WITNESSED && x.retriedFrom != Escrow.PARTIALLY_WITNESSED) {
      // entering the escrow, not staying in it after a retry: the receipts waiting for that
      // were woken when it entered, and waking them at every retry made a flood of couples for
      // it cost its square in retries
      escrows.wake(EscrowWait.partiallyWitnessed(x.prefix, x.event.said()));
    }
  }

  /** Evicts {@code x} for room: rejected with {@link Reason#ESCROW_EVICTED}, its couples gone. */
  private void evict(Entry x) {
    escrows.remove(x);
    pool.release(x.eventKey(), x.index);
    receipts.dropCouples(x);
    x.set(Status.REJECTED, null, Reason.ESCROW_EVICTED,
        "evicted from a full escrow for a message of higher standing, newer, or from a source"
            + " holding less (send it again): "
            + x.reason + ", " + x.detail);
    changed(x.prefix);
    x.settleIfFinal();
    evicted.add(x);
  }

  /** {@return what escrowed {@code x} waits for ({@link EscrowWait})} */
  List<EscrowWait> waits(Entry x) {
    List<EscrowWait> out = new ArrayList<>(4);
    out.add(EscrowWait.eventAt(x.prefix, x.sn));
    if (x.event instanceof ReceiptEvent) {
      if (x.escrow == Escrow.UNVERIFIED_RECEIPT) {
        out.add(EscrowWait.partiallyWitnessed(x.prefix, x.event.said()));
      }
      for (SignatureGroup g : x.sigs.byRole(SignatureRole.TRANSFERABLE)) {
        if (g.signerPrefix().isPresent() && g.signerSn().isPresent()) {
          out.add(EscrowWait.eventAt(g.signerPrefix().get(), g.signerSn().get()));
        }
      }
      return out;
    }
    if (x.sn.signum() > 0) {
      out.add(EscrowWait.eventAt(x.prefix, x.sn.subtract(BigInteger.ONE)));
    }
    if (x.escrow == Escrow.PARTIALLY_WITNESSED) {
      out.add(EscrowWait.couplesFor(x.prefix, x.event.said()));
    }
    if (x.escrow == Escrow.PARTIALLY_DELEGATED) {
      Kever own = kevers.get(x.prefix);
      if (own != null && own.delegator.isPresent()) {
        out.add(EscrowWait.delegator(own.delegator.get()));
      }
      if (x.event instanceof InceptionEvent) {
        ((InceptionEvent) x.event).delegator()
            .ifPresent(d -> out.add(EscrowWait.delegator(d)));
      }
    }
    return out;
  }

  /** Adds the signatures of the escrowed {@code x} to its event's {@link SignaturePool}. */
  void pool(Entry x) {
    if (x.event instanceof KeyEvent) {
      pool.hold(x.eventKey(), x.index, KeverSignatures.controllerSigers(x),
          KeverSignatures.witnessSigers(x));
    } else if (x.event instanceof ReceiptEvent) {
      pool.hold(x.eventKey(), x.index, List.of(), KeverSignatures.witnessSigers(x));
    }
  }

  private void unescrow(Entry x) {
    escrows.remove(x);
    pool.release(x.eventKey(), x.index);
  }

  /** See {@link KelVerifier#retryEscrows()}. */
  List<Verdict> retryEscrows() {
    Map<Integer, Entry> moved = new TreeMap<>();
    for (Entry x : evicted) {
      moved.put(x.index, x);
    }
    evicted.clear();
    while (escrows.beginPass()) {
      for (Entry x = escrows.poll(); x != null; x = escrows.poll()) {
        Escrow before = x.escrow;
        x.retriedFrom = before;
        Reason reason = x.reason;
        String detail = x.detail;
        x.retried = true;
        retries++;
        unescrow(x);
        process(x);
        if (tried(x, Status.ESCROWED, before)) {
          moved.put(x.index, x);
        } else if (x.reason == reason) {
          x.detail = detail;
        }
        x.retriedFrom = null;
        x.settleIfFinal();
      }
    }
    for (Entry x : evicted) {
      moved.put(x.index, x);
    }
    evicted.clear();
    List<Verdict> out = new ArrayList<>(moved.size());
    for (Entry x : moved.values()) {
      out.add(x.verdict());
    }
    return out;
  }

  /** See {@link KelVerifier#expire(long)}. */
  List<Verdict> expire(long beforeIndex) {
    List<Verdict> out = new ArrayList<>();
    for (Entry x : new ArrayList<>(escrows.before((int) Math.max(Integer.MIN_VALUE,
        Math.min(beforeIndex, Integer.MAX_VALUE))).values())) {
      unescrow(x);
      x.set(Status.REJECTED, null, Reason.ESCROW_EXPIRED,
          "escrowed too long: " + x.reason + ", " + x.detail);
      changed(x.prefix);
      x.settleIfFinal();
      out.add(x.verdict());
    }
    return out;
  }

  // --- change counts ----------------------------------------------------------------------------

  /**
   * Notes that {@code x} was just processed: its prefix changed if its status or escrow did (from
   * {@code status} and {@code escrow}), and the time of its try.
   *
   * @return true if its status or escrow changed
   */
  private boolean tried(Entry x, Status status, Escrow escrow) {
    boolean moved = x.status != status || x.escrow != escrow;
    if (moved) {
      changed(x.prefix);
    }
    x.triedAt = clock;
    return moved;
  }

  private void changed(String prefix) {
    changedAt.put(prefix, ++clock);
  }

  private boolean changedSince(String prefix, long at) {
    return changedAt.getOrDefault(prefix, 0L) > at;
  }

  /** Whether something changed, since {@code x}'s last try, for a prefix it depends on. */
  boolean dependsOnChange(Entry x) {
    if (changedSince(x.prefix, x.triedAt)) {
      return true;
    }
    Kever own = kevers.get(x.prefix);
    if (own != null && own.delegator.isPresent()
        && changedSince(own.delegator.get(), x.triedAt)) {
      return true;
    }
    if (x.event instanceof InceptionEvent) {
      Optional<String> di = ((InceptionEvent) x.event).delegator();
      if (di.isPresent() && changedSince(di.get(), x.triedAt)) {
        return true;
      }
    }
    if (x.event instanceof ReceiptEvent) {
      for (SignatureGroup g : x.sigs.byRole(SignatureRole.TRANSFERABLE)) {
        if (g.signerPrefix().isPresent() && changedSince(g.signerPrefix().get(), x.triedAt)) {
          return true;
        }
      }
    }
    return false;
  }

  /** See {@link KelVerifier#takeChangedKels()}. */
  Set<String> takeChangedKels() {
    Set<String> out = new LinkedHashSet<>(kelChanges);
    kelChanges.clear();
    return out;
  }

  // --- counts for tests -------------------------------------------------------------------------

  long retries() {
    return retries;
  }

  long witnessProbes() {
    return witnessLists.probes();
  }
}
