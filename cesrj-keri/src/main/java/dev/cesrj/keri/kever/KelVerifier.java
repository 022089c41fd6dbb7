package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.InteractionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.keri.event.Threshold;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * Validates KERI key event logs message by message with keripy's {@code Kever}/{@code Kevery}
 * rules (keripy {@code src/keri/core/eventing.py}: {@code Kevery.processEvent},
 * {@code Kever.update}, {@code validateSigsDelWigs}, {@code escrowOOEvent},
 * {@code escrowPSEvent}, {@code escrowPWEvent}, {@code processEscrows}), as keripy's
 * {@code Kevery(lax=True, local=False)} does for remote events.
 *
 * <p>Rules: per prefix, an inception at sequence number 0, then each event at the next
 * sequence number with {@code p} the accepted prior SAID (a later one is escrowed out of order);
 * controller signatures verified against the current keys at their indexes must satisfy
 * {@code kt} (numeric or weighted); a rotation's new keys, by each signature's ondex, must hash to
 * the prior {@code n} digests and satisfy the prior {@code nt}; witnesses {@code b} (rotations:
 * cuts {@code br}, adds {@code ba}) and witness signatures plus non-transferable receipts by
 * those witnesses must reach {@code bt}; a delegated event ({@code dip}, {@code drt}) needs its
 * anchoring seal ({@code i}, {@code s}, {@code d}) in the accepted event of its delegator that a
 * SealSourceCouples attachment names (without one it is escrowed as partially delegated, and each
 * retry searches all the delegator's accepted events, as keripy's escrow processing does);
 * {@code EO} forbids interactions, a delegator's {@code DND} delegated events; a second event
 * at an accepted sequence number is rejected (first seen wins; recovery rotations are not
 * supported). Events and receipts that wait for something go to an {@link Escrow}; each call of
 * {@link #processEscrows()} retries them all until nothing changes, and {@link #finish()} does so
 * and returns the final verdicts.
 *
 * <p>Receipts ({@code rct}): accepted when the receipted event is accepted (non-transferable
 * couples then count toward its witnesses' {@code bt}; transferable groups need the signer's
 * establishment event accepted, else they wait in {@link Escrow#UNVERIFIED_TRANSFERABLE_RECEIPT});
 * for an event not accepted yet they wait in the escrow of their first kind of signature
 * (couples, witness signatures, transferable groups), and a receipt with only other groups is
 * rejected. As keripy 2.0.0-dev6 does (shown by its verdicts on the KEL mutant set A): receipts in
 * {@link Escrow#UNVERIFIED_WITNESS_RECEIPT} are not retried, and a receipt with couples for an
 * event held partially witnessed leaves its escrow on retry, rejected (its couples still count
 * toward that event's {@code bt}). A receipt's verdict says whether it could be processed, as
 * keripy's {@code processReceipt} and {@code processReceiptTrans} do: a couple counts toward
 * {@code bt} only if its signature verifies, but the signatures of a receipt for an event already
 * accepted, couples or transferable groups, are not checked here, since they change no key state
 * (keripy checks them to store them, drops those that fail, and rejects a transferable receipt
 * whose signature index is past the signer's keys; cesrj accepts it).
 *
 * <p>Differences from keripy: a body or SAID error rejects that message only (keripy's parser
 * drops the rest of the stream); a duplicitous event is rejected (keripy HEAD tries to escrow it
 * as likely duplicitous, fails, and drops it); messages other than key events and receipts are
 * rejected with {@link Reason#NOT_A_KEY_EVENT}.
 *
 * <p>Mutable and not thread-safe: use one instance per stream from one thread. No global state.
 * Everything kept is copied out of the messages, so their buffers may be released once
 * {@link #accept(Message)} returns. It keeps the typed event and signatures of each escrowed
 * message (bounded by {@link EscrowLimits}) for its retries; once a message is accepted or
 * rejected only its {@link Verdict} is kept (a few hundred bytes). It also keeps, for its life,
 * each prefix's accepted events' SAIDs and anchors, a verdict per message
 * and the witness keys it decoded (at most 4,096): memory grows with
 * the stream, so use one instance per stream or per batch.
 */
public final class KelVerifier {
  private static final String NOT_ACCEPTED = "receipted event not accepted";
  private final EscrowLimits limits;
  private final List<Entry> entries = new ArrayList<>();
  /** The index of the next message ({@link Verdict#index()}). */
  private int nextIndex;
  /** The escrowed entries by arrival index. */
  private final TreeMap<Integer, Entry> held = new TreeMap<>();
  private final Map<String, Kel> kels = new LinkedHashMap<>();
  /**
   * Non-transferable receipt couples kept for events not accepted yet, by receipted event
   * "prefix/said", each couple once (by key and signature): they count toward that event's
   * {@code bt} when it is processed, and are dropped when it is accepted.
   */
  private final Map<String, Map<String, Cigar>> receipts = new LinkedHashMap<>();
  /** A count of changes, and the count at the last change of each prefix (see processEscrows). */
  private long clock;
  private final Map<String, Long> changedAt = new HashMap<>();
  /** The prefixes whose KEL changed since the last {@link #takeChangedKels()}, in order. */
  private final Set<String> kelChanges = new LinkedHashSet<>();
  /** Retry order: sequence number (of the event, or of the event a receipt receipts), arrival. */
  private static final Comparator<Entry> RETRY_ORDER =
      Comparator.comparing((Entry x) -> x.sn).thenComparingInt(x -> x.index);
  /**
   * Witness keys decoded once per verifier, by qb64 (witnesses sign event after event); cleared
   * when it reaches {@value #WITNESS_KEYS} keys, so that a stream of ever new witnesses cannot
   * grow it.
   */
  private final Map<String, Verfer> witnessKeys = new HashMap<>();
  private static final int WITNESS_KEYS = 4_096;
  private int escrowed;
  private long escrowedBytes;
  /** The bytes of the couples in {@link #receipts} (qb64 key and signature), within maxBytes. */
  private long receiptBytes;

  /** A verifier with {@link EscrowLimits#DEFAULT}. */
  public KelVerifier() {
    this(EscrowLimits.DEFAULT);
  }

  /**
   * A verifier with the given escrow bounds.
   *
   * @param limits the escrow bounds
   */
  public KelVerifier(EscrowLimits limits) {
    this.limits = limits;
  }

  /**
   * Validates one message: a key event, or a receipt ({@code rct}); other messages get
   * {@link Reason#NOT_A_KEY_EVENT}. Escrows are not retried here (call {@link #processEscrows()}).
   *
   * @param m a framed message whose buffer is valid for this call
   * @return the verdict at intake
   */
  public Verdict accept(Message m) {
    return accept(m, 0);
  }

  /**
   * Validates the messages of one result of the push parser ({@link CesrStreamParser#feed} or
   * {@link CesrStreamParser#endOfInput()}, or a Netty decoder's frame of it), in order, as
   * {@link #accept(Message)} does, each verdict with its stream offset ({@link
   * Framed#offsetBase()} plus the message's offset, also past the parser's first GiB). A framing
   * error in {@code framed} ({@link Framed#error()}) is the caller's to handle: the messages
   * before it are validated. The caller keeps owning {@code framed} (and closes it).
   *
   * @param framed a result of the push parser
   * @return the verdicts at intake, one per message of {@code framed}
   */
  public List<Verdict> accept(Framed framed) {
    List<Verdict> out = new ArrayList<>(framed.messages().size());
    for (Message m : framed.messages()) {
      out.add(accept(m, framed.offsetBase()));
    }
    return out;
  }

  /**
   * Frames {@code stream} ({@link Messages#over(ByteBuf)}: no copy, its reader index moved past
   * each message) and validates each message as {@link #accept(Message)} does. The caller keeps
   * owning {@code stream}; escrows are not retried (call {@link #finish()}).
   *
   * @param stream CESR messages: a KEL, receipts, or any stream
   * @return the verdicts at intake, one per message, in order
   * @throws CesrException the stream's first framing error (its offset counted from the reader
   *     index), thrown once the messages before it are validated
   */
  public List<Verdict> acceptAll(ByteBuf stream) {
    List<Verdict> out = new ArrayList<>();
    try (Messages ms = Messages.over(stream)) {
      for (Message m : ms) {
        out.add(accept(m));
      }
    }
    return out;
  }

  /**
   * As {@link #acceptAll(ByteBuf)}, over the caller's array (not copied, not kept).
   *
   * @param stream CESR messages
   * @return the verdicts at intake, one per message, in order
   * @throws CesrException the stream's first framing error, once the messages before it are
   *     validated
   */
  public List<Verdict> acceptAll(byte[] stream) {
    ByteBuf buf = Unpooled.wrappedBuffer(stream);
    try {
      return acceptAll(buf);
    } finally {
      buf.release();
    }
  }

  /**
   * Validates one message given as its own bytes, as {@link #accept(Message)} does, and keeps
   * those bytes while the message is escrowed (and, for an accepted establishment event, while it
   * is its KEL's last), so that {@link #state()} can take them. The array is kept, not copied:
   * do not change it afterwards. Escrows are not retried here (call {@link #retryEscrows()}).
   *
   * @param message the bytes of one message, as the push parser frames it alone (cesrj's default
   *     options); if they do not frame, or frame to no message or to more than one, the verdict
   *     is {@link Status#REJECTED} with {@link Reason#BODY_ERROR}
   * @param offset the message's stream offset, reported in its verdict
   * @return the verdict at intake
   */
  public Verdict acceptMessage(byte[] message, long offset) {
    ByteBuf buf = Unpooled.wrappedBuffer(message);
    try (Messages ms = Messages.over(buf)) {
      Message first = null;
      for (Message m : ms) {
        if (first != null) {
          return rejectedAlone(offset, "more than one message in the bytes of one");
        }
        first = m;
      }
      if (first == null) {
        return rejectedAlone(offset, "no message in the bytes of one");
      }
      return accept(first, offset - first.offset(), message);
    } catch (CesrException e) {
      return rejectedAlone(offset, String.valueOf(e.getMessage()));
    } finally {
      buf.release();
    }
  }

  private Verdict rejectedAlone(long offset, String detail) {
    Entry x = new Entry(nextIndex++, offset, null, null, List.of(), 0);
    entries.add(x);
    x.set(Status.REJECTED, null, Reason.BODY_ERROR, detail);
    return settled(x);
  }

  private Verdict accept(Message m, long offsetBase) {
    return accept(m, offsetBase, null);
  }

  private Verdict accept(Message m, long offsetBase, byte[] raw) {
    int index = nextIndex++;
    long offset = offsetBase + m.offset();
    KeriEvent ev;
    Signatures sigs;
    try {
      ev = KeriEvents.of(m);
      sigs = Signatures.of(m);
    } catch (CesrException e) {
      Entry x = new Entry(index, offset, null, null, List.of(), 0);
      entries.add(x);
      x.set(Status.REJECTED, null, Reason.BODY_ERROR, String.valueOf(e.getMessage()));
      return settled(x);
    }
    Entry x = new Entry(index, offset, ev, sigs, sealSources(m), m.length());
    x.raw = raw;
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

  /**
   * Retries every escrowed message (but those in {@link Escrow#UNVERIFIED_WITNESS_RECEIPT}) until
   * a pass changes nothing (keripy {@code Kevery.processEscrows}, called until no change). Each
   * pass takes them in order of sequence number (of the event, or of the event a receipt
   * receipts), then of arrival, as keripy's escrows are keyed by prefix and sequence number: a
   * log that arrives last event first is accepted in one pass, not one pass per event. After its
   * first retry a message is tried again only when something changed for a prefix it depends on
   * since its last try (its own, its delegator's, a transferable receipt's signer's: an event
   * accepted, receipt couples kept, a message entering or leaving an escrow), so that messages
   * that cannot progress cost nothing in the passes made for others.
   */
  public void processEscrows() {
    retryEscrows();
  }

  /**
   * Retries the escrows as {@link #processEscrows()} does and returns what changed.
   *
   * @return the new verdict of each message whose status or escrow the retries changed (accepted,
   *     rejected, or moved to another escrow), once per message, by index
   */
  public List<Verdict> retryEscrows() {
    Map<Integer, Entry> moved = new TreeMap<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      List<Entry> pass = new ArrayList<>(held.values());
      pass.sort(RETRY_ORDER);
      for (Entry x : pass) {
        if (x.escrow != Escrow.UNVERIFIED_WITNESS_RECEIPT && (!x.retried || dependsOnChange(x))) {
          Escrow before = x.escrow;
          x.retried = true;
          unescrow(x);
          process(x);
          if (tried(x, Status.ESCROWED, before)) {
            changed = true;
            moved.put(x.index, x);
          }
          x.settleIfFinal();
        }
      }
    }
    List<Verdict> out = new ArrayList<>(moved.size());
    for (Entry x : moved.values()) {
      out.add(x.verdict());
    }
    return out;
  }

  /**
   * Rejects, with {@link Reason#ESCROW_EXPIRED}, every message still escrowed whose index is
   * below {@code beforeIndex}: the caller's bound on how long a message may wait (a stream
   * processor notes {@link VerifierState#nextIndex()} when a timer starts and expires what came
   * before it when the timer fires).
   *
   * @param beforeIndex the first index not expired
   * @return the verdicts of the messages rejected, by index
   */
  public List<Verdict> expire(long beforeIndex) {
    List<Verdict> out = new ArrayList<>();
    for (Entry x : new ArrayList<>(held.headMap((int) Math.min(beforeIndex, Integer.MAX_VALUE))
        .values())) {
      unescrow(x);
      x.set(Status.REJECTED, null, Reason.ESCROW_EXPIRED,
          "escrowed too long: " + x.reason + ", " + x.detail);
      changed(x.prefix);
      x.settleIfFinal();
      out.add(x.verdict());
    }
    return out;
  }

  /**
   * {@return the number of messages escrowed now}
   */
  public int escrowedCount() {
    return held.size();
  }

  /**
   * {@return the index the next message gets ({@link Verdict#index()}): the number of messages
   * this verifier, and the verifiers whose state it was restored from, took so far}; {@link
   * VerifierState#nextIndex()} without taking the state (what {@link #expire(long)} takes as its
   * mark).
   */
  public int nextIndex() {
    return nextIndex;
  }

  // --- state as values --------------------------------------------------------------------------

  /**
   * Takes what this verifier holds as values ({@link VerifierState}): restored with
   * {@link #restore(VerifierState, EscrowLimits)}, it goes on as this one would. The verdicts of
   * messages already accepted or rejected are not in it.
   *
   * @return the state
   * @throws IllegalStateException if an escrowed message or a KEL's last establishment event was
   *     given with {@link #accept(Message)} or {@link #acceptAll(ByteBuf)} (their bytes were not
   *     kept): feed a verifier whose state you take with {@link #acceptMessage(byte[], long)}
   */
  public VerifierState state() {
    List<VerifierState.KelRecord> ks = new ArrayList<>(kels.size());
    for (Kel k : kels.values()) {
      ks.add(recordOf(k));
    }
    return rest(ks, changedAt);
  }

  /** The state of {@code kels}, the rest (escrows, couples, clocks) from this verifier. */
  private VerifierState rest(List<VerifierState.KelRecord> ks, Map<String, Long> changes) {
    List<VerifierState.HeldMessage> hs = new ArrayList<>(held.size());
    for (Entry x : held.values()) {
      if (x.raw == null) {
        throw new IllegalStateException("escrowed message " + x.index
            + " was not given with acceptMessage");
      }
      hs.add(new VerifierState.HeldMessage(x.index, x.offset, x.raw, x.retried, x.triedAt,
          x.escrow, x.reason, x.detail));
    }
    List<VerifierState.KeptCouple> cs = new ArrayList<>();
    receipts.forEach((event, m) -> m.values().forEach(c -> cs.add(
        new VerifierState.KeptCouple(event, c.verfer().qb64(), c.qb64(), c.offset()))));
    return new VerifierState(nextIndex, clock, changes, ks, hs, cs);
  }

  private static VerifierState.KelRecord recordOf(Kel k) {
    if (k.establishment == null) {
      throw new IllegalStateException("the establishment event of " + k.prefix
          + " was not given with acceptMessage");
    }
    List<VerifierState.AcceptedEvent> evs = new ArrayList<>(k.events.size());
    k.events.forEach((sn, a) -> evs.add(new VerifierState.AcceptedEvent(sn, a.said, a.seals)));
    return new VerifierState.KelRecord(k.prefix, k.delegator.orElse(""), k.establishmentOnly,
        k.doNotDelegate, k.sn, k.said, k.et, k.establishment, k.witnesses, k.toad, evs);
  }

  // --- state in parts: one record per KEL, and the rest -----------------------------------------

  /**
   * {@return the prefixes whose accepted KEL changed since the last call (or since this verifier
   * was made or restored), in order of their first change, and forgets them}: an inception,
   * rotation or interaction accepted, at intake or by an escrow retry; each prefix once. Nothing
   * else changes a KEL's {@link VerifierState.KelRecord} (receipts, escrows, expiries and kept
   * couples are in {@link #stateWithoutKels()}). For a stream processor that keeps each KEL's
   * record apart and writes, after each call, only these ({@link #kelRecord(String)}) and the
   * rest: cesrj-flink's {@code KelValidation}. The set is at most the number of KELs.
   */
  public Set<String> takeChangedKels() {
    Set<String> out = new LinkedHashSet<>(kelChanges);
    kelChanges.clear();
    return out;
  }

  /**
   * {@return the accepted KEL of {@code prefix} as {@link #state()} holds it, if its inception is
   * accepted}: the cost of that one KEL (its last establishment message, about 100 bytes per
   * accepted event), not of the others.
   *
   * @param prefix a prefix (qb64)
   * @throws IllegalStateException if its last establishment event was not given with {@link
   *     #acceptMessage(byte[], long)}
   */
  public Optional<VerifierState.KelRecord> kelRecord(String prefix) {
    Kel k = kels.get(prefix);
    return k == null ? Optional.empty() : Optional.of(recordOf(k));
  }

  /**
   * {@return the place of {@code prefix}'s KEL in order of inception, if its inception is
   * accepted}: the index of its record in {@link #state()}'s {@link VerifierState#kels()} (0 for
   * the first inception this verifier, or the one whose state it was restored from, accepted;
   * then 1, 2, ...). It never changes. A processor that keeps the records apart sorts them by it
   * to give {@link #restore} the KELs in their order.
   *
   * @param prefix a prefix (qb64)
   */
  public OptionalInt kelPosition(String prefix) {
    Kel k = kels.get(prefix);
    return k == null ? OptionalInt.empty() : OptionalInt.of(k.position);
  }

  /**
   * {@return {@link #state()} without the KELs: {@link VerifierState#kels()} empty, the escrowed
   * messages, kept couples and clocks as {@link #state()} has them, and
   * {@link VerifierState#changedAt()} cut to the prefixes an escrow retry can still read}. Its
   * size is that of the escrows (bounded by {@link EscrowLimits}) and of the change counts kept,
   * not of the KELs: {@link #kelRecord(String)} gives those one by one.
   *
   * <p>The change counts cut are those no retry reads any more: a retry tries an escrowed message
   * again only if a prefix it depends on changed after the message's last try ({@link
   * #processEscrows()}), so a prefix's count at or below every escrowed message's last try (every
   * count, when nothing is escrowed) decides nothing, now or later (a message tried later is tried
   * at a count at least the current one). This verifier forgets them too (no verdict changes), so
   * that what it keeps, and this call's cost, does not grow with the prefixes it ever saw.
   * {@link #restore} of this state with {@link VerifierState#kels()} the {@link
   * #kelRecord(String)} of every KEL, in {@link #kelPosition(String)} order, gives a verifier that
   * goes on exactly as this one, and whose {@link #state()} is this one's.
   *
   * @throws IllegalStateException as {@link #state()} does for an escrowed message
   */
  public VerifierState stateWithoutKels() {
    long oldestTry = Long.MAX_VALUE;
    for (Entry x : held.values()) {
      oldestTry = Math.min(oldestTry, x.triedAt);
    }
    long keep = oldestTry;
    changedAt.values().removeIf(at -> at <= keep);
    return rest(List.of(), changedAt);
  }

  /**
   * A verifier holding {@code state}: the next messages get the verdicts they would have got from
   * the verifier the state was taken from. Its {@link #verdicts()} start with the escrowed
   * messages of the state.
   *
   * @param state a state from {@link #state()}
   * @param limits the escrow bounds
   * @return the verifier
   * @throws CesrException if a message kept in {@code state} no longer frames or decodes (a state
   *     not taken from a verifier, or changed)
   */
  public static KelVerifier restore(VerifierState state, EscrowLimits limits) {
    KelVerifier v = new KelVerifier(limits);
    v.nextIndex = state.nextIndex();
    v.clock = state.clock();
    v.changedAt.putAll(state.changedAt());
    for (VerifierState.KelRecord r : state.kels()) {
      Kel k = new Kel(r.prefix(), r.delegator().isEmpty() ? Optional.empty()
          : Optional.of(r.delegator()), r.establishmentOnly(), r.doNotDelegate(), v.kels.size());
      EstablishmentEvent e = establishment(r.establishment());
      k.keys = e.keys();
      k.verfers = e.verfers();
      k.kt = e.signingThreshold();
      k.nextDigests = e.nextKeyDigests();
      k.nt = e.nextThreshold();
      k.witnesses = r.witnesses();
      k.toad = r.toad();
      k.sn = r.sn();
      k.said = r.said();
      k.et = r.et();
      k.establishment = r.establishment();
      for (VerifierState.AcceptedEvent a : r.events()) {
        k.events.put(a.sn(), new Accepted(a.said(), a.seals()));
      }
      v.kels.put(k.prefix, k);
    }
    for (VerifierState.HeldMessage h : state.held()) {
      Entry x = held(h);
      x.retried = h.retried();
      x.triedAt = h.triedAt();
      x.set(Status.ESCROWED, h.escrow(), h.reason(), h.detail());
      v.entries.add(x);
      v.held.put(x.index, x);
      v.escrowed++;
      v.escrowedBytes += x.bytes;
    }
    for (VerifierState.KeptCouple c : state.couples()) {
      String id = c.key() + c.signature();
      v.receipts.computeIfAbsent(c.event(), k -> new LinkedHashMap<>())
          .put(id, new Cigar(Verfer.of(c.key()), c.signature(), c.offset()));
      v.receiptBytes += id.length();
    }
    return v;
  }

  /** The last establishment event of a KEL, from the bytes of its message. */
  private static EstablishmentEvent establishment(byte[] bytes) {
    ByteBuf buf = Unpooled.wrappedBuffer(bytes);
    try (Messages ms = Messages.over(buf)) {
      KeriEvent ev = KeriEvents.of(first(ms));
      if (!(ev instanceof EstablishmentEvent)) {
        throw new IllegalArgumentException("not an establishment event: " + ev.ilk());
      }
      return (EstablishmentEvent) ev;
    } finally {
      buf.release();
    }
  }

  /** An escrowed message of a state, read again from its bytes. */
  private static Entry held(VerifierState.HeldMessage h) {
    ByteBuf buf = Unpooled.wrappedBuffer(h.message());
    try (Messages ms = Messages.over(buf)) {
      Message m = first(ms);
      Entry x = new Entry(h.index(), h.offset(), KeriEvents.of(m), Signatures.of(m),
          sealSources(m), m.length());
      x.raw = h.message();
      return x;
    } finally {
      buf.release();
    }
  }

  private static Message first(Messages ms) {
    var it = ms.iterator();
    if (!it.hasNext()) {
      throw new IllegalArgumentException("no message in the bytes kept in a verifier state");
    }
    return it.next();
  }

  /**
   * Notes that {@code x} was just processed: its prefix changed if its status or escrow did
   * (from {@code status} and {@code escrow}), and the time of its try.
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
  private boolean dependsOnChange(Entry x) {
    if (changedSince(x.prefix, x.triedAt)) {
      return true;
    }
    Kel own = kels.get(x.prefix);
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

  /**
   * Retries the escrows ({@link #processEscrows()}) and returns the verdict on every message so
   * far; messages still escrowed keep {@link Status#ESCROWED}.
   *
   * @return one verdict per message given to {@link #accept(Message)}, in order
   */
  public List<Verdict> finish() {
    processEscrows();
    return verdicts();
  }

  /** {@return the current verdict on every message so far, in order} */
  public List<Verdict> verdicts() {
    List<Verdict> out = new ArrayList<>(entries.size());
    for (Entry x : entries) {
      out.add(x.verdict());
    }
    return out;
  }

  /** {@return the key state of every prefix with an accepted inception, in order of inception} */
  public Map<String, KeyState> keyStates() {
    Map<String, KeyState> out = new LinkedHashMap<>();
    for (Kel k : kels.values()) {
      out.put(k.prefix, k.state());
    }
    return out;
  }

  /**
   * {@return the key state of {@code prefix}, if its inception is accepted}
   *
   * @param prefix a prefix (qb64)
   */
  public Optional<KeyState> keyState(String prefix) {
    Kel k = kels.get(prefix);
    return k == null ? Optional.empty() : Optional.of(k.state());
  }

  /**
   * {@return the accepted event of {@code prefix} at {@code sn}, if there is one}: its SAID and
   * the event seals ({@code i s d}) among its anchors, what a TEL verifier reads to find the seal
   * of a TEL event in its issuer's KEL (keripy {@code src/keri/vdr/eventing.py}
   * {@code Tever.verifyAnchor}, which reads the issuer's event at the sequence number a
   * SealSourceCouples attachment names). Costs one lookup and a copy of that event's seals.
   *
   * @param prefix a prefix (qb64)
   * @param sn a sequence number
   */
  public Optional<VerifierState.AcceptedEvent> acceptedEvent(String prefix, BigInteger sn) {
    Kel k = kels.get(prefix);
    Accepted a = k == null ? null : k.events.get(sn);
    return a == null ? Optional.empty()
        : Optional.of(new VerifierState.AcceptedEvent(sn, a.said, a.seals));
  }

  // --- processing ---------------------------------------------------------------------------

  private void process(Entry x) {
    if (x.event instanceof ReceiptEvent) {
      processReceipt(x, (ReceiptEvent) x.event);
    } else {
      processEvent(x, (KeyEvent) x.event);
    }
  }

  private void processEvent(Entry x, KeyEvent ev) {
    Kel kel = kels.get(ev.prefix());
    BigInteger sn = ev.sn();
    if (kel == null) {
      if (!(ev instanceof InceptionEvent)) {
        escrow(x, Escrow.OUT_OF_ORDER, Reason.OUT_OF_ORDER, "no inception of " + ev.prefix());
        return;
      }
      if (sn.signum() != 0) {
        x.set(Status.REJECTED, null, Reason.INVALID_SEQUENCE, "inception at sn " + sn);
        return;
      }
      InceptionEvent icp = (InceptionEvent) ev;
      if (!thresholdFits(x, icp)) {
        return;
      }
      if (!witnessesValid(icp.witnesses(), icp.toad())) {
        x.set(Status.REJECTED, null, Reason.INVALID_WITNESSES, "bad b or bt");
        return;
      }
      if (!signed(x, icp.verfers(), icp.signingThreshold(), null, icp.witnesses())) {
        return;
      }
      if (!witnessed(x, icp.witnesses(), icp.toad())) {
        return;
      }
      Optional<String> di = icp.ilk() == Ilk.DIP ? icp.delegator() : Optional.empty();
      if (di.isPresent() && !delegated(x, di.get())) {
        return;
      }
      Kel k = new Kel(icp.prefix(), di, icp.config().contains("EO"),
          icp.config().contains("DND"), kels.size());
      k.add(icp, icp.witnesses(), x.raw);
      kels.put(k.prefix, k);
      accepted(x, ev);
      return;
    }
    BigInteger next = kel.sn.add(BigInteger.ONE);
    if (sn.compareTo(next) > 0) {
      escrow(x, Escrow.OUT_OF_ORDER, Reason.OUT_OF_ORDER, "sn " + sn + " after " + kel.sn);
      return;
    }
    if (sn.compareTo(next) < 0) {
      Accepted a = kel.events.get(sn);
      if (a != null && a.said.equals(ev.said())) {
        x.set(Status.REJECTED, null, Reason.DUPLICATE, "already accepted at sn " + sn);
      } else {
        x.set(Status.REJECTED, null, Reason.DUPLICITOUS, "another event accepted at sn " + sn);
      }
      return;
    }
    if (ev instanceof InceptionEvent) {
      x.set(Status.REJECTED, null, Reason.INVALID_SEQUENCE, "inception at sn " + sn);
      return;
    }
    if (kel.nextDigests.isEmpty()) {
      // keripy Kever.transferable: no next keys (a non-transferable prefix, whose n must be
      // empty, or a rotation to none): Kever.update refuses every later event
      x.set(Status.REJECTED, null, Reason.NOT_TRANSFERABLE,
          "no next keys: " + kel.prefix + " is non-transferable or abandoned");
      return;
    }
    if (!ev.prior().orElse("").equals(kel.said)) {
      x.set(Status.REJECTED, null, Reason.INVALID_SEQUENCE,
          "p " + ev.prior().orElse("") + " is not " + kel.said);
      return;
    }
    if (ev instanceof InteractionEvent) {
      if (kel.establishmentOnly) {
        x.set(Status.REJECTED, null, Reason.ESTABLISHMENT_ONLY, "EO prefix");
        return;
      }
      if (!signed(x, kel.verfers, kel.kt, null, kel.witnesses)) {
        return;
      }
      if (!witnessed(x, kel.witnesses, kel.toad)) {
        return;
      }
      kel.add((InteractionEvent) ev);
      accepted(x, ev);
      return;
    }
    RotationEvent rot = (RotationEvent) ev;
    if (rot.ilk() == Ilk.DRT && kel.delegator.isEmpty()
        || rot.ilk() == Ilk.ROT && kel.delegator.isPresent()) {
      x.set(Status.REJECTED, null, Reason.INVALID_SEQUENCE, rot.ilk() + " for this prefix");
      return;
    }
    if (!thresholdFits(x, rot)) {
      return;
    }
    List<String> wits = rotateWitnesses(kel.witnesses, rot.cuts(), rot.adds());
    if (wits == null || !witnessesValid(wits, rot.toad())) {
      x.set(Status.REJECTED, null, Reason.INVALID_WITNESSES, "bad br, ba or bt");
      return;
    }
    if (!signed(x, rot.verfers(), rot.signingThreshold(), kel, wits)) {
      return;
    }
    if (!witnessed(x, wits, rot.toad())) {
      return;
    }
    if (kel.delegator.isPresent() && !delegated(x, kel.delegator.get())) {
      return;
    }
    kel.add(rot, wits, x.raw);
    accepted(x, ev);
  }

  /** Accepts a key event: the receipt couples kept for it are no longer needed. */
  private void accepted(Entry x, KeyEvent ev) {
    x.set(Status.ACCEPTED, null, Reason.NONE, "");
    changed(ev.prefix());
    kelChanges.add(ev.prefix());
    Map<String, Cigar> kept = receipts.remove(ev.prefix() + "/" + ev.said());
    if (kept != null) {
      for (String id : kept.keySet()) {
        receiptBytes -= id.length();
      }
    }
  }

  /**
   * Controller signatures; for a rotation ({@code prior} not null) the prior next commitment; the
   * keys of {@code keys} and {@code wits} keripy cannot use ({@link InvalidKeys}).
   */
  private boolean signed(Entry x, List<Verfer> keys, Threshold kt, Kel prior, List<String> wits) {
    List<SignatureGroup> groups = x.sigs.byRole(SignatureRole.CONTROLLER);
    if (groups.isEmpty()) {
      x.set(Status.REJECTED, null, Reason.MISSING_SIGNATURES, "no controller signatures");
      return false;
    }
    Optional<String> invalid = InvalidKeys.controller(groups, keys);
    if (invalid.isPresent()) {
      x.set(Status.REJECTED, null, Reason.INVALID_KEY, invalid.get());
      return false;
    }
    byte[] ser = x.event.body().bytes();
    Set<Integer> ok = new LinkedHashSet<>();
    List<Siger> verified = new ArrayList<>();
    for (SignatureGroup g : groups) {
      if (g.path().isPresent()) {
        continue;
      }
      for (Siger s : g.sigers()) {
        int i = s.index();
        if (i < keys.size() && keys.get(i).verify(s.raw(), ser) && ok.add(i)) {
          verified.add(s);
        }
      }
    }
    if (ok.isEmpty()) {
      x.set(Status.REJECTED, null, Reason.NO_VERIFIED_SIGNATURES,
          "no controller signature verifies");
      return false;
    }
    invalid = InvalidKeys.witnesses(wits, x.sigs.byRole(SignatureRole.WITNESS), this::witnessKey);
    if (invalid.isPresent()) {
      x.set(Status.REJECTED, null, Reason.INVALID_KEY, invalid.get());
      return false;
    }
    if (!kt.satisfiedBy(ok)) {
      escrow(x, Escrow.PARTIALLY_SIGNED, Reason.SIGNING_THRESHOLD_UNMET,
          ok.size() + " verified signatures do not satisfy kt " + kt);
      return false;
    }
    if (prior != null) {
      Set<Integer> ondexes = new LinkedHashSet<>();
      for (Siger s : verified) {
        if (s.ondex().isEmpty()) {
          continue; // a current-only signature exposes no prior next key (keripy exposeds)
        }
        int o = s.ondex().getAsInt();
        if (o < prior.nextDigests.size() && digestMatches(prior.nextDigests.get(o),
            keys.get(s.index()))) {
          ondexes.add(o);
        }
      }
      if (!prior.nt.satisfiedBy(ondexes)) {
        escrow(x, Escrow.PARTIALLY_SIGNED, Reason.PRIOR_NEXT_UNMET,
            "new keys do not satisfy the prior nt " + prior.nt);
        return false;
      }
    }
    return true;
  }

  /**
   * Rejects an establishment event whose {@code kt} needs more keys than it lists (keripy
   * {@code Kever.incept}, {@code Kever.rotate}: a ValidationError, not an escrow).
   *
   * @return true if the threshold fits the keys
   */
  private static boolean thresholdFits(Entry x, EstablishmentEvent e) {
    if (e.signingThreshold().size() > e.keys().size()) {
      x.set(Status.REJECTED, null, Reason.INVALID_THRESHOLD,
          "kt " + e.signingThreshold() + " needs more than the " + e.keys().size() + " keys");
      return false;
    }
    return true;
  }

  private static boolean digestMatches(String digest, Verfer key) {
    try {
      Matter d = Matter.parse(digest);
      if (!Digests.isDigest(d.code())) {
        return false;
      }
      byte[] raw = Digests.digest(d.code(), key.qb64().getBytes(StandardCharsets.US_ASCII));
      return Arrays.equals(raw, d.raw());
    } catch (CesrException e) {
      return false;
    }
  }

  private boolean witnessed(Entry x, List<String> wits, long toad) {
    if (toad == 0) {
      return true;
    }
    KeyEvent ev = (KeyEvent) x.event;
    byte[] ser = ev.body().bytes();
    Set<String> ok = new LinkedHashSet<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.WITNESS)) {
      for (Siger s : g.sigers()) {
        if (s.index() < wits.size()) {
          try {
            Verfer v = witnessKey(wits.get(s.index()));
            if (v.verify(s.raw(), ser)) {
              ok.add(wits.get(s.index()));
            }
          } catch (CesrException e) {
            // a witness prefix that is not a key verifies nothing
          }
        }
      }
    }
    for (Cigar c : receipts.getOrDefault(ev.prefix() + "/" + ev.said(), Map.of()).values()) {
      if (wits.contains(c.verfer().qb64()) && c.verify(ser)) {
        ok.add(c.verfer().qb64());
      }
    }
    if (ok.size() < toad) {
      escrow(x, Escrow.PARTIALLY_WITNESSED, Reason.WITNESS_THRESHOLD_UNMET,
          ok.size() + " witnesses below bt " + toad);
      return false;
    }
    return true;
  }

  /** {@return the decoded witness key of {@code qb64}, from {@link #witnessKeys}} */
  private Verfer witnessKey(String qb64) {
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

  private boolean delegated(Entry x, String delegator) {
    KeyEvent ev = (KeyEvent) x.event;
    Kel d = kels.get(delegator);
    if (d != null && d.doNotDelegate) {
      x.set(Status.REJECTED, null, Reason.DO_NOT_DELEGATE, delegator + " has the DND trait");
      return false;
    }
    if (d != null) {
      List<Accepted> candidates = new ArrayList<>();
      if (!x.sealSources.isEmpty()) {
        for (SealSource s : x.sealSources) {
          Accepted a = d.events.get(s.sn);
          if (a != null && a.said.equals(s.said)) {
            candidates.add(a);
          }
        }
      }
      if (candidates.isEmpty() && x.retried) {
        candidates.addAll(d.events.values());
      }
      for (Accepted a : candidates) {
        if (anchors(a.seals, ev)) {
          return true;
        }
      }
    }
    escrow(x, Escrow.PARTIALLY_DELEGATED, Reason.MISSING_DELEGATION,
        "no seal of " + ev.said() + " in " + delegator + "'s accepted events");
    return false;
  }

  /** keripy {@code SealEvent._fields}: the labels of an event seal, in order. */
  private static final List<String> SEAL_EVENT = List.of("i", "s", "d");

  /**
   * The event seals among an event's anchors as keripy's {@code Kever.validateDelegation} finds
   * them: maps whose labels are exactly {@code i s d} in that order (a value that is not text is
   * kept as the empty string, which matches nothing).
   */
  private static List<VerifierState.EventSeal> eventSeals(List<Value> anchors) {
    List<VerifierState.EventSeal> out = new ArrayList<>();
    for (Value v : anchors) {
      if (v instanceof Value.MapValue) {
        var f = ((Value.MapValue) v).fields();
        if (f.labels().equals(SEAL_EVENT)) {
          out.add(new VerifierState.EventSeal(f.text("i").orElse(""), f.text("s").orElse(""),
              f.text("d").orElse("")));
        }
      }
    }
    return out;
  }

  /**
   * Whether {@code seals} hold the event seal of {@code ev}: {@code i} the event's prefix,
   * {@code s} its sequence number as lowercase hex without leading zeros ({@code Number.numh}),
   * {@code d} its SAID.
   */
  private static boolean anchors(List<VerifierState.EventSeal> seals, KeyEvent ev) {
    String snh = ev.sn().toString(16);
    for (VerifierState.EventSeal seal : seals) {
      if (seal.prefix().equals(ev.prefix()) && seal.sn().equals(snh)
          && seal.said().equals(ev.said())) {
        return true;
      }
    }
    return false;
  }


  private void processReceipt(Entry x, ReceiptEvent rct) {
    Kel kel = kels.get(rct.prefix());
    Accepted a = kel == null ? null : kel.events.get(rct.sn());
    List<SignatureGroup> cigars = x.sigs.byRole(SignatureRole.NON_TRANSFERABLE);
    List<SignatureGroup> wigs = x.sigs.byRole(SignatureRole.WITNESS);
    List<SignatureGroup> trans = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.TRANSFERABLE)) {
      if (g.groupName().startsWith("TransIdxSigGroups")) {
        trans.add(g);
      }
    }
    if (a != null && a.said.equals(rct.said())) {
      // the receipted event is accepted: its couples count for nothing more, none is kept
      for (SignatureGroup g : trans) {
        Kel signer = kels.get(g.signerPrefix().orElse(""));
        Accepted est = signer == null
            ? null : signer.events.get(g.signerSn().orElse(BigInteger.ONE.negate()));
        if (est == null || !est.said.equals(g.signerSaid().orElse(""))) {
          escrow(x, Escrow.UNVERIFIED_TRANSFERABLE_RECEIPT, Reason.UNVERIFIED_RECEIPT,
              "signer's establishment event not accepted");
          return;
        }
      }
      x.set(Status.ACCEPTED, null, Reason.NONE, "");
      return;
    }
    if (a != null) {
      x.set(Status.REJECTED, null, Reason.UNVERIFIED_RECEIPT,
          "receipted SAID is not the accepted event's");
      return;
    }
    if (!cigars.isEmpty() && x.retried && partiallyWitnessed(rct)) {
      x.set(Status.REJECTED, null, Reason.UNVERIFIED_RECEIPT,
          "receipted event partially witnessed: its couples count toward bt, the receipt leaves"
              + " the escrow (keripy)");
      return;
    }
    if (!cigars.isEmpty()) {
      String key = rct.prefix() + "/" + rct.said();
      Map<String, Cigar> kept = receipts.getOrDefault(key, Map.of());
      Map<String, Cigar> fresh = new LinkedHashMap<>();
      long freshBytes = 0;
      for (SignatureGroup g : cigars) {
        for (Cigar c : g.cigars()) {
          String id = c.verfer().qb64() + c.qb64();
          if (!kept.containsKey(id) && fresh.putIfAbsent(id, c) == null) {
            freshBytes += id.length();
          }
        }
      }
      escrow(x, Escrow.UNVERIFIED_RECEIPT, Reason.UNVERIFIED_RECEIPT, NOT_ACCEPTED, freshBytes);
      if (x.status == Status.ESCROWED && !fresh.isEmpty()) {
        receipts.computeIfAbsent(key, k -> new LinkedHashMap<>()).putAll(fresh);
        receiptBytes += freshBytes;
        changed(rct.prefix());
      }
    } else if (!wigs.isEmpty()) {
      escrow(x, Escrow.UNVERIFIED_WITNESS_RECEIPT, Reason.UNVERIFIED_RECEIPT, NOT_ACCEPTED);
    } else if (!trans.isEmpty()) {
      escrow(x, Escrow.UNVERIFIED_TRANSFERABLE_RECEIPT, Reason.UNVERIFIED_RECEIPT,
          NOT_ACCEPTED);
    } else {
      x.set(Status.REJECTED, null, Reason.UNVERIFIED_RECEIPT, NOT_ACCEPTED);
    }
  }

  private boolean partiallyWitnessed(ReceiptEvent rct) {
    for (Entry e : held.values()) {
      if (e.escrow == Escrow.PARTIALLY_WITNESSED
          && e.event instanceof KeyEvent && ((KeyEvent) e.event).prefix().equals(rct.prefix())
          && e.event.said().equals(rct.said())) {
        return true;
      }
    }
    return false;
  }

  private void escrow(Entry x, Escrow e, Reason r, String detail) {
    escrow(x, e, r, detail, 0);
  }

  /**
   * Escrows {@code x}, or rejects it with {@link Reason#ESCROW_FULL} if it and {@code extra}
   * bytes (receipt couples it brings) would pass the bounds.
   */
  private void escrow(Entry x, Escrow e, Reason r, String detail, long extra) {
    if (escrowed + 1 > limits.maxMessages()
        || escrowedBytes + receiptBytes + x.bytes + extra > limits.maxBytes()) {
      x.set(Status.REJECTED, null, Reason.ESCROW_FULL, "escrow full: " + r + ", " + detail);
      return;
    }
    escrowed++;
    escrowedBytes += x.bytes;
    held.put(x.index, x);
    x.set(Status.ESCROWED, e, r, detail);
  }

  private void unescrow(Entry x) {
    escrowed--;
    escrowedBytes -= x.bytes;
    held.remove(x.index);
  }

  private static boolean witnessesValid(List<String> wits, long toad) {
    if (new LinkedHashSet<>(wits).size() != wits.size()) {
      return false;
    }
    return wits.isEmpty() ? toad == 0 : toad >= 1 && toad <= wits.size();
  }

  private static List<String> rotateWitnesses(List<String> wits, List<String> cuts,
      List<String> adds) {
    Set<String> c = new LinkedHashSet<>(cuts);
    Set<String> a = new LinkedHashSet<>(adds);
    if (c.size() != cuts.size() || a.size() != adds.size() || !wits.containsAll(c)) {
      return null;
    }
    for (String s : a) {
      if (c.contains(s) || (wits.contains(s))) {
        return null;
      }
    }
    List<String> out = new ArrayList<>();
    for (String w : wits) {
      if (!c.contains(w)) {
        out.add(w);
      }
    }
    out.addAll(a);
    return out;
  }

  private static List<SealSource> sealSources(Message m) {
    List<SealSource> out = new ArrayList<>();
    try {
      for (Group g : m.groups()) {
        if (g.code().baseName().equals("SealSourceCouples")) {
          for (var e : g.elements()) {
            if (e instanceof Tuple) {
              var parts = ((Tuple) e).parts();
              BigInteger sn = new BigInteger(1, ((Matter) parts.get(0)).raw());
              out.add(new SealSource(sn, parts.get(1).qb64Text()));
            }
          }
        }
      }
    } catch (CesrException | ClassCastException e) {
      // an unreadable couple names no source: the delegator's events are searched instead
    }
    return out;
  }

  // --- state ----------------------------------------------------------------------------------

  private record SealSource(BigInteger sn, String said) {
  }

  private record Accepted(String said, List<VerifierState.EventSeal> seals) {
  }

  /** One prefix's accepted KEL and current key state. */
  private static final class Kel {
    final String prefix;
    final Optional<String> delegator;
    final boolean establishmentOnly;
    final boolean doNotDelegate;
    /** Its place in order of inception: its record's index in {@link #state()}'s kels. */
    final int position;
    final Map<BigInteger, Accepted> events = new LinkedHashMap<>();
    BigInteger sn;
    String said;
    String et;
    List<String> keys;
    List<Verfer> verfers;
    Threshold kt;
    List<String> nextDigests;
    Threshold nt;
    List<String> witnesses;
    long toad;
    /** The bytes of the last establishment event's message, if given (acceptMessage). */
    byte[] establishment;

    Kel(String prefix, Optional<String> delegator, boolean establishmentOnly,
        boolean doNotDelegate, int position) {
      this.prefix = prefix;
      this.delegator = delegator;
      this.establishmentOnly = establishmentOnly;
      this.doNotDelegate = doNotDelegate;
      this.position = position;
    }

    void add(EstablishmentEvent e, List<String> wits, byte[] raw) {
      establishment = raw;
      keys = e.keys();
      verfers = e.verfers();
      kt = e.signingThreshold();
      nextDigests = e.nextKeyDigests();
      nt = e.nextThreshold();
      witnesses = List.copyOf(wits);
      toad = e.toad();
      last(e);
    }

    void add(InteractionEvent e) {
      last(e);
    }

    private void last(KeyEvent e) {
      sn = e.sn();
      said = e.said();
      et = e.ilk().code();
      events.put(e.sn(), new Accepted(e.said(), eventSeals(e.anchors())));
    }

    KeyState state() {
      return new KeyState(prefix, sn, said, et, keys, kt.toString(), nextDigests, nt.toString(),
          witnesses, toad, delegator);
    }
  }

  /** One message and its current verdict. */
  private static final class Entry {
    final int index;
    final long offset;
    /** The typed event, signatures and seal sources: dropped ({@code null}) once settled. */
    KeriEvent event;
    Signatures sigs;
    List<SealSource> sealSources;
    /** The bytes of the message alone, if given ({@link #acceptMessage}); kept while escrowed. */
    byte[] raw;
    final int bytes;
    /** The event's prefix and sequence number (a receipt's: the receipted event's), or null. */
    final String prefix;
    final BigInteger sn;
    /** The final verdict once accepted or rejected (never changes after), else null. */
    Verdict settled;
    /** The change count when it was last processed. */
    long triedAt;
    boolean retried;
    Status status;
    Escrow escrow;
    Reason reason;
    String detail;

    Entry(int index, long offset, KeriEvent event, Signatures sigs, List<SealSource> sealSources,
        int bytes) {
      this.index = index;
      this.offset = offset;
      this.event = event;
      this.sigs = sigs;
      this.sealSources = List.copyOf(sealSources);
      this.bytes = bytes;
      if (event instanceof KeyEvent) {
        prefix = ((KeyEvent) event).prefix();
        sn = ((KeyEvent) event).sn();
      } else if (event instanceof ReceiptEvent) {
        prefix = ((ReceiptEvent) event).prefix();
        sn = ((ReceiptEvent) event).sn();
      } else {
        prefix = null;
        sn = null;
      }
    }

    Verdict set(Status s, Escrow e, Reason r, String d) {
      status = s;
      escrow = e;
      reason = r;
      detail = d;
      return verdict();
    }

    /**
     * Keeps only the verdict once the entry is accepted or rejected, which no retry changes: what
     * the verifier holds for a settled message is then its verdict, not its event and signatures.
     */
    void settleIfFinal() {
      if (settled == null && status != Status.ESCROWED) {
        settled = verdict();
        event = null;
        sigs = null;
        sealSources = List.of();
        raw = null;
      }
    }

    Verdict verdict() {
      if (settled != null) {
        return settled;
      }
      Optional<String> ilk = event == null ? Optional.empty() : event.body().ilk();
      Optional<String> pre = Optional.empty();
      Optional<BigInteger> sn = Optional.empty();
      Optional<String> said = Optional.empty();
      if (event instanceof KeyEvent) {
        pre = Optional.of(((KeyEvent) event).prefix());
        sn = Optional.of(((KeyEvent) event).sn());
        said = Optional.of(event.said());
      } else if (event instanceof ReceiptEvent) {
        pre = Optional.of(((ReceiptEvent) event).prefix());
        sn = Optional.of(((ReceiptEvent) event).sn());
        said = Optional.of(event.said());
      }
      return new Verdict(index, offset, ilk, pre, sn, said, status, Optional.ofNullable(escrow),
          reason, detail);
    }
  }
}
