package dev.cesrj.keri.kever;

import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.KeyEvent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The delegation rules of a {@link Kever} (keripy {@code src/keri/core/eventing.py} {@code
 * Kever.validateDelegation}, called by {@code Kever.validateSigsDelWigs}): a delegated event
 * ({@code dip}, {@code drt}) needs its event seal ({@code i}, {@code s}, {@code d}) among the
 * anchors of an accepted event of its delegator, looked for first at the events its
 * SealSourceCouples name, then, on a retry, in all the delegator's accepted events (as keripy's
 * {@code Kevery.processEscrowDelegables} does); a delegator with the {@code DND} trait delegates
 * nothing; a delegated recovery rotation needs an anchor later than the one it supersedes (rules
 * B1 and B2, {@link Recovery#laterDelegation}). What is missing holds the event in {@link
 * Escrow#PARTIALLY_DELEGATED}.
 */
final class Delegation {
  private Delegation() {
  }

  /**
   * Where a delegated event is anchored: the delegator's accepted event (sequence number, SAID)
   * and the index of the event's seal among that event's event seals.
   */
  record Anchor(BigInteger sn, String said, int seal) {
  }

  /**
   * What {@link #anchored} found.
   *
   * @param anchor the anchor, or null if {@code refusal} is present
   * @param refusal empty if anchored, else the rejection ({@code DND}) or the hold
   */
  record Found(Anchor anchor, Optional<Decision> refusal) {
  }

  /** keripy {@code SealEvent._fields}: the labels of an event seal, in order. */
  private static final List<String> SEAL_EVENT = List.of("i", "s", "d");

  /**
   * {@return the delegator's accepted event that anchors {@code x}, or why not}: rejected if the
   * delegator has {@code DND}, held as partially delegated if no seal is found.
   *
   * @param x the message of a delegated event
   * @param delegator the delegator's prefix
   * @param kvy the Kevery holding the delegator's Kever
   */
  static Found anchored(Entry x, String delegator, Kevery kvy) {
    KeyEvent ev = (KeyEvent) x.event;
    Kever d = kvy.kever(delegator);
    if (d != null && d.doNotDelegate) {
      return new Found(null, Optional.of(Decision.reject(Reason.DO_NOT_DELEGATE,
          delegator + " has the DND trait")));
    }
    if (d != null) {
      List<BigInteger> candidates = new ArrayList<>();
      for (SealSource s : x.sealSources) {
        Kever.Logged a = d.events.get(s.sn());
        if (a != null && a.said().equals(s.said())) {
          candidates.add(s.sn());
        }
      }
      if (candidates.isEmpty() && x.retried) {
        candidates.addAll(d.events.keySet());
      }
      for (BigInteger sn : candidates) {
        Kever.Logged a = d.events.get(sn);
        OptionalInt seal = sealIndex(a.seals(), ev.prefix(), ev.sn(), ev.said());
        if (seal.isPresent()) {
          return new Found(new Anchor(sn, a.said(), seal.getAsInt()), Optional.empty());
        }
      }
    }
    return new Found(null, Optional.of(Decision.hold(Escrow.PARTIALLY_DELEGATED,
        Reason.MISSING_DELEGATION,
        "no seal of " + ev.said() + " in " + delegator + "'s accepted events")));
  }

  /**
   * Whether the delegated rotation {@code x}, anchored at {@code anchor}, may supersede the
   * delegated rotation accepted at its sequence number (keripy {@code Kever.validateDelegation},
   * rules B1 and B2, {@link Recovery#laterDelegation}).
   *
   * @return empty if it may; the hold as partially delegated if the superseded rotation's anchor
   *     is not among the delegator's accepted events; a rejection if its anchor is not later
   */
  static Optional<Decision> later(Entry x, Kever kever, Anchor anchor, Kevery kvy) {
    KeyEvent ev = (KeyEvent) x.event;
    Kever.Logged superseded = kever.events.get(ev.sn());
    String old = superseded == null ? "" : superseded.said();
    Kever d = kvy.kever(kever.delegator.orElseThrow());
    Anchor original = null;
    for (var e : d.events.entrySet()) {
      OptionalInt seal = sealIndex(e.getValue().seals(), ev.prefix(), ev.sn(), old);
      if (seal.isPresent()) {
        original = new Anchor(e.getKey(), e.getValue().said(), seal.getAsInt());
        break;
      }
    }
    if (original == null) {
      return Optional.of(Decision.hold(Escrow.PARTIALLY_DELEGATED, Reason.MISSING_DELEGATION,
          "no seal of the superseded " + old + " in " + d.prefix + "'s accepted events"));
    }
    Optional<String> refusal = Recovery.laterDelegation(anchor.sn(), anchor.said(),
        anchor.seal(), original.sn(), original.said(), original.seal());
    if (refusal.isPresent()) {
      return Optional.of(Decision.reject(Reason.DUPLICITOUS,
          "another event accepted at sn " + ev.sn() + ": " + refusal.get()));
    }
    return Optional.empty();
  }

  /**
   * The event seals among an event's anchors as keripy's {@code Kever.validateDelegation} finds
   * them: maps whose labels are exactly {@code i s d} in that order (a value that is not text is
   * kept as the empty string, which matches nothing).
   */
  static List<VerifierState.EventSeal> eventSeals(List<Value> anchors) {
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
   * {@return the index of the event seal of ({@code prefix}, {@code sn}, {@code said}) in {@code
   * seals}, if there is one}: {@code i} the event's prefix, {@code s} its sequence number as
   * lowercase hex without leading zeros ({@code Number.numh}), {@code d} its SAID.
   */
  private static OptionalInt sealIndex(List<VerifierState.EventSeal> seals, String prefix,
      BigInteger sn, String said) {
    String snh = sn.toString(16);
    for (int i = 0; i < seals.size(); i++) {
      VerifierState.EventSeal seal = seals.get(i);
      if (seal.prefix().equals(prefix) && seal.sn().equals(snh) && seal.said().equals(said)) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }
}
