package dev.cesrj.keri.kever;

import dev.cesrj.keri.crypto.Diger;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.InteractionEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.keri.event.Threshold;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One prefix's accepted KEL and key state, and the rules that extend it (keripy {@code
 * src/keri/core/eventing.py} class {@code Kever}: {@link #incept} is {@code Kever.__init__} with
 * {@code Kever.incept}, {@link #update} is {@code Kever.update} with {@code Kever.rotate}; the
 * signature, witness and delegation checks of both are {@code Kever.validateSigsDelWigs}, in
 * {@link KeverSignatures} and {@link Delegation}). A rule returns a {@link Decision}, what it
 * decided and why, and changes this key state only when it accepts; {@link Kevery} applies the
 * decision (escrows, verdicts, wake-ups).
 *
 * <p>Kept: the prefix's traits ({@code DND}, {@code EO}, its delegator), the current key state
 * (keys, thresholds, next key digests, witnesses, {@code toad}), the SAID and event seals of each
 * accepted event of the trunk, a {@link KeyState} per accepted establishment event ({@link
 * #stateAt}), the events recovery rotations superseded, and the bytes of the last establishment
 * event's message when given (for {@link VerifierState}). Mutable; owned by one {@link Kevery}.
 */
final class Kever {
  /** An accepted event of the trunk: its SAID and the event seals among its anchors. */
  record Logged(String said, List<VerifierState.EventSeal> seals) {
  }

  final String prefix;
  final Optional<String> delegator;
  final boolean establishmentOnly;
  final boolean doNotDelegate;
  /** Its place in order of inception: its record's index in {@link VerifierState#kels()}. */
  final int position;
  final Map<BigInteger, Logged> events = new LinkedHashMap<>();
  /**
   * The key state at each accepted establishment event of the trunk, by sequence number: one per
   * establishment event, not per event ({@link #stateAt}).
   */
  final TreeMap<BigInteger, KeyState> establishments = new TreeMap<>();
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
  /** The sequence number of the last accepted establishment event (keripy lastEst.s). */
  BigInteger lastEstablishment;
  /** Its ilk. */
  Ilk lastEstablishmentIlk;
  /**
   * The events a recovery rotation superseded, in order: seen, off the trunk (not persisted in
   * {@link VerifierState}).
   */
  final List<SupersededEvent> superseded = new ArrayList<>();

  Kever(String prefix, Optional<String> delegator, boolean establishmentOnly,
      boolean doNotDelegate, int position) {
    this.prefix = prefix;
    this.delegator = delegator;
    this.establishmentOnly = establishmentOnly;
    this.doNotDelegate = doNotDelegate;
    this.position = position;
  }

  // --- the rules ------------------------------------------------------------------------------

  /**
   * Judges the inception {@code x} of a prefix with no accepted inception (keripy {@code
   * Kever.__init__}, {@code Kever.incept}, {@code Kever.validateSigsDelWigs}): at sequence number
   * 0, thresholds that fit their lists, controller signatures present, a valid witness list and
   * {@code bt}, {@code kt} and {@code bt} met, and for a {@code dip} its delegator's seal. On
   * {@link Decision#LOGGED}, {@link #incepted} makes the new Kever.
   *
   * @param x the message of {@code icp}
   * @param icp its inception
   * @param kvy the Kevery whose kevers, pools and couples the checks read
   * @return the decision
   */
  static Decision incept(Entry x, InceptionEvent icp, Kevery kvy) {
    BigInteger sn = icp.sn();
    if (sn.signum() != 0) {
      return Decision.reject(Reason.INVALID_SEQUENCE, "inception at sn " + sn);
    }
    Optional<Decision> refusal = KeverSignatures.thresholdsFit(icp);
    if (refusal.isEmpty()) {
      refusal = KeverSignatures.unsigned(x);
    }
    if (refusal.isEmpty() && !kvy.witnessLists().valid(icp.witnesses(), icp.toad())) {
      refusal = Optional.of(Decision.reject(Reason.INVALID_WITNESSES, "bad b or bt"));
    }
    if (refusal.isEmpty()) {
      refusal = KeverSignatures.signed(x, icp.verfers(), icp.signingThreshold(), null,
          icp.witnesses(), kvy);
    }
    if (refusal.isEmpty()) {
      refusal = KeverSignatures.witnessed(x, icp.witnesses(), icp.toad(), kvy);
    }
    Optional<String> di = delegatorOf(icp);
    if (refusal.isEmpty() && di.isPresent()) {
      refusal = Delegation.anchored(x, di.get(), kvy).refusal();
    }
    return refusal.orElse(Decision.LOGGED);
  }

  /** {@return the delegator of a {@code dip}, empty for an {@code icp}} */
  private static Optional<String> delegatorOf(InceptionEvent icp) {
    return icp.ilk() == Ilk.DIP ? icp.delegator() : Optional.empty();
  }

  /**
   * {@return the Kever of an inception {@link #incept} accepted}
   *
   * @param icp the inception
   * @param raw the bytes of its message, or null if not given
   * @param position its place in order of inception
   */
  static Kever incepted(InceptionEvent icp, byte[] raw, int position) {
    Kever k = new Kever(icp.prefix(), delegatorOf(icp), icp.config().contains("EO"),
        icp.config().contains("DND"), position);
    k.add(icp, icp.witnesses(), raw);
    return k;
  }

  /**
   * Judges {@code x}, a key event of this prefix at or before the next sequence number that is not
   * a copy of the accepted event there (keripy {@code Kever.update}, {@code Kever.rotate}; {@link
   * Kevery} escrows later events and judges copies): a recovery rotation that may supersede
   * ({@link Recovery}), a transferable prefix, {@code p} the prior SAID, then for an interaction
   * {@code EO} and the current keys and witnesses; for a rotation its ilk fits the prefix, its
   * thresholds fit, its witness changes apply, the new keys meet {@code kt} and the prior {@code
   * nt}, the witnesses {@code bt}, and a delegated rotation its anchor (later than the superseded
   * one's for a recovery). Accepting, it moves this key state on.
   *
   * @param x the message of {@code ev}
   * @param ev the event
   * @param kvy the Kevery whose kevers, pools and couples the checks read
   * @return the decision: {@link Decision#LOGGED} when accepted
   */
  Decision update(Entry x, KeyEvent ev, Kevery kvy) {
    BigInteger sn = ev.sn();
    String prior = said;
    boolean recovery = sn.compareTo(this.sn.add(BigInteger.ONE)) < 0;
    if (recovery) {
      Optional<String> refusal = Recovery.refusal(ev.ilk(), sn, lastEstablishment,
          lastEstablishmentIlk);
      if (refusal.isPresent()) {
        return Decision.reject(Reason.DUPLICITOUS,
            "another event accepted at sn " + sn + ": " + refusal.get());
      }
      Logged before = events.get(sn.subtract(BigInteger.ONE));
      if (before == null) { // a KEL restored from a record without its events
        return Decision.reject(Reason.INVALID_SEQUENCE, "no accepted event before sn " + sn);
      }
      prior = before.said();
    }
    if (ev instanceof InceptionEvent) {
      return Decision.reject(Reason.INVALID_SEQUENCE, "inception at sn " + sn);
    }
    if (nextDigests.isEmpty()) {
      // keripy Kever.transferable: no next keys (a non-transferable prefix, whose n must be
      // empty, or a rotation to none): Kever.update refuses every later event
      return Decision.reject(Reason.NOT_TRANSFERABLE,
          "no next keys: " + prefix + " is non-transferable or abandoned");
    }
    if (!ev.prior().orElse("").equals(prior)) {
      return Decision.reject(Reason.INVALID_SEQUENCE,
          "p " + ev.prior().orElse("") + " is not " + prior);
    }
    if (ev instanceof InteractionEvent) {
      return interact(x, (InteractionEvent) ev, kvy);
    }
    return rotate(x, (RotationEvent) ev, recovery, kvy);
  }

  /** An interaction: keripy {@code Kever.update}'s {@code ixn} branch. */
  private Decision interact(Entry x, InteractionEvent ixn, Kevery kvy) {
    if (establishmentOnly) {
      return Decision.reject(Reason.ESTABLISHMENT_ONLY, "EO prefix");
    }
    Optional<Decision> refusal = KeverSignatures.signed(x, verfers, kt, null, witnesses, kvy);
    if (refusal.isEmpty()) {
      refusal = KeverSignatures.witnessed(x, witnesses, toad, kvy);
    }
    if (refusal.isPresent()) {
      return refusal.get();
    }
    last(ixn);
    return Decision.LOGGED;
  }

  /** A rotation: keripy {@code Kever.rotate} and the checks {@code Kever.update} runs after it. */
  private Decision rotate(Entry x, RotationEvent rot, boolean recovery, Kevery kvy) {
    if (rot.ilk() == Ilk.DRT && delegator.isEmpty()
        || rot.ilk() == Ilk.ROT && delegator.isPresent()) {
      return Decision.reject(Reason.INVALID_SEQUENCE, rot.ilk() + " for this prefix");
    }
    Optional<Decision> refusal = KeverSignatures.thresholdsFit(rot);
    if (refusal.isEmpty()) {
      refusal = KeverSignatures.unsigned(x);
    }
    if (refusal.isPresent()) {
      return refusal.get();
    }
    WitnessLists lists = kvy.witnessLists();
    List<String> wits = lists.rotate(witnesses, rot.cuts(), rot.adds()).orElse(null);
    if (wits == null || !lists.valid(wits, rot.toad())) {
      return Decision.reject(Reason.INVALID_WITNESSES, "bad br, ba or bt");
    }
    refusal = KeverSignatures.signed(x, rot.verfers(), rot.signingThreshold(), this, wits, kvy);
    if (refusal.isEmpty()) {
      refusal = KeverSignatures.witnessed(x, wits, rot.toad(), kvy);
    }
    if (refusal.isEmpty() && delegator.isPresent()) {
      Delegation.Found found = Delegation.anchored(x, delegator.get(), kvy);
      refusal = found.refusal();
      if (refusal.isEmpty() && recovery
          && Recovery.supersedesRotation(rot.ilk(), rot.sn(), lastEstablishment)) {
        refusal = Delegation.later(x, this, found.anchor(), kvy);
      }
    }
    if (refusal.isPresent()) {
      return refusal.get();
    }
    if (recovery) {
      supersede(rot.sn());
    }
    add(rot, wits, x.raw);
    return Decision.LOGGED;
  }

  // --- the key state --------------------------------------------------------------------------

  void add(EstablishmentEvent e, List<String> wits, byte[] raw) {
    establishment = raw;
    keys = e.keys();
    verfers = e.verfers();
    kt = e.signingThreshold();
    nextDigests = e.nextKeyDigests();
    nt = e.nextThreshold();
    witnesses = List.copyOf(wits);
    toad = e.toad();
    lastEstablishment = e.sn();
    lastEstablishmentIlk = e.ilk();
    last(e);
    keepEstablishment(e.said());
  }

  /** Moves the accepted events at {@code from} and after off the trunk (a recovery). */
  void supersede(BigInteger from) {
    establishments.tailMap(from, true).clear();
    var it = events.entrySet().iterator();
    while (it.hasNext()) {
      var e = it.next();
      if (e.getKey().compareTo(from) >= 0) {
        superseded.add(new SupersededEvent(prefix, e.getKey(), e.getValue().said()));
        it.remove();
      }
    }
  }

  private void last(KeyEvent e) {
    sn = e.sn();
    said = e.said();
    et = e.ilk().code();
    events.put(e.sn(), new Logged(e.said(), Delegation.eventSeals(e.anchors())));
  }

  /** {@return the key state at the latest accepted event} */
  KeyState state() {
    return establishments.lastEntry().getValue().at(sn, said, et);
  }

  /**
   * {@return the key state at the accepted trunk event {@code at}, or null if there is none or its
   * establishment event is not known (a KEL restored from a record knows its last one)}
   */
  KeyState stateAt(BigInteger at) {
    Logged a = events.get(at);
    var est = establishments.floorEntry(at);
    if (a == null || est == null) {
      return null;
    }
    KeyState s = est.getValue();
    return s.at(at, a.said(), est.getKey().equals(at) ? s.et() : Ilk.IXN.code());
  }

  /** Keeps the state at the last establishment event, whose SAID is {@code estSaid}. */
  void keepEstablishment(String estSaid) {
    List<Diger> digers = new ArrayList<>(nextDigests.size());
    for (String d : nextDigests) {
      digers.add(new Diger(d));
    }
    establishments.put(lastEstablishment, new KeyState(prefix, lastEstablishment, estSaid,
        lastEstablishmentIlk.code(), verfers, kt, digers, nt, witnesses, toad, delegator,
        lastEstablishment, estSaid));
  }
}
