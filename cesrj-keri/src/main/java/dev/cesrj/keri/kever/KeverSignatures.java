package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.Threshold;
import dev.cesrj.primitive.Matter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The signature rules of a {@link Kever}: the thresholds' fit, the controller signatures against
 * {@code kt} and a rotation's prior next commitment, the witness signatures and receipt couples
 * against {@code bt} (keripy {@code src/keri/core/eventing.py} {@code Kever.validateSigsDelWigs},
 * {@code Kever.exposeds}, {@code Kever.incept}, {@code Kever.rotate}; {@code
 * src/keri/core/signing.py} {@code verifySigs}). Each check returns empty when it passes, else the
 * {@link Decision}: a rejection, or a hold in {@link Escrow#PARTIALLY_SIGNED} or {@link
 * Escrow#PARTIALLY_WITNESSED}. Signatures count together with those the escrowed copies and
 * receipts of the same event carry ({@link SignaturePool}) and, for {@code bt}, the receipt
 * couples kept for it ({@link Receipts}).
 */
final class KeverSignatures {
  private KeverSignatures() {
  }

  /**
   * Rejects an establishment event ({@code icp}, {@code dip}, {@code rot}, {@code drt}) whose
   * {@code kt} needs more keys than {@code k} lists (keripy {@code src/keri/core/eventing.py}
   * {@code Kever.incept}, {@code Kever.rotate}: "Invalid sith ... for keys") or whose {@code nt}
   * needs more next keys than {@code n} lists (keripy {@code eventing.py} {@code state}, called by
   * {@code Kever.state} when the event is logged: "Invalid nsith = ... for keys"). Both are
   * rejections, not escrows: no signature can mend them.
   *
   * @return empty if both thresholds fit their lists, else the rejection
   */
  static Optional<Decision> thresholdsFit(EstablishmentEvent e) {
    if (e.signingThreshold().size() > e.keys().size()) {
      return Optional.of(Decision.reject(Reason.INVALID_THRESHOLD,
          "kt " + e.signingThreshold() + " needs more than the " + e.keys().size() + " keys"));
    }
    if (e.nextThreshold().size() > e.nextKeyDigests().size()) {
      return Optional.of(Decision.reject(Reason.INVALID_THRESHOLD,
          "nt " + e.nextThreshold() + " needs more than the " + e.nextKeyDigests().size()
              + " next key digests"));
    }
    return Optional.empty();
  }

  /**
   * Rejects an establishment event with no controller signature attached before any work that
   * grows with its witness lists (keripy checks its witnesses first, {@code Kever.rotate}, and
   * rejects such an event in {@code Kever.validateSigsDelWigs}: rejected either way; the reason
   * here is {@link Reason#MISSING_SIGNATURES}).
   *
   * @return empty if it has controller signatures, else the rejection
   */
  static Optional<Decision> unsigned(Entry x) {
    if (x.sigs.byRole(SignatureRole.CONTROLLER).isEmpty()) {
      return Optional.of(noControllerSignatures());
    }
    return Optional.empty();
  }

  private static Decision noControllerSignatures() {
    return Decision.reject(Reason.MISSING_SIGNATURES, "no controller signatures");
  }

  /**
   * Controller signatures; for a rotation ({@code prior} not null) the prior next commitment; the
   * keys of {@code keys} and {@code wits} keripy cannot use ({@link InvalidKeys}).
   *
   * @return empty if they pass, else the rejection or the hold in {@link
   *     Escrow#PARTIALLY_SIGNED}
   */
  static Optional<Decision> signed(Entry x, List<Verfer> keys, Threshold kt, Kever prior,
      List<String> wits, Kevery kvy) {
    List<SignatureGroup> groups = x.sigs.byRole(SignatureRole.CONTROLLER);
    if (groups.isEmpty()) {
      return Optional.of(noControllerSignatures());
    }
    Optional<String> invalid = InvalidKeys.controller(groups, keys);
    if (invalid.isPresent()) {
      return Optional.of(Decision.reject(Reason.INVALID_KEY, invalid.get()));
    }
    byte[] ser = x.event.body().bytes();
    Set<Integer> ok = new LinkedHashSet<>();
    List<Siger> verified = new ArrayList<>();
    String event = x.eventKey();
    for (Siger s : controllerSigers(x)) {
      verifyInto(x, event, s, keys, ser, ok, verified, kvy);
    }
    if (ok.isEmpty()) {
      return Optional.of(Decision.reject(Reason.NO_VERIFIED_SIGNATURES,
          "no controller signature verifies"));
    }
    invalid = InvalidKeys.witnesses(wits, x.sigs.byRole(SignatureRole.WITNESS), kvy::witnessKey);
    if (invalid.isPresent()) {
      return Optional.of(Decision.reject(Reason.INVALID_KEY, invalid.get()));
    }
    for (Siger s : kvy.pool().controller(event)) {
      // the signatures its escrowed copies carry
      verifyInto(x, event, s, keys, ser, ok, verified, kvy);
    }
    if (!kt.satisfiedBy(ok)) {
      return Optional.of(Decision.hold(Escrow.PARTIALLY_SIGNED, Reason.SIGNING_THRESHOLD_UNMET,
          ok.size() + " verified signatures do not satisfy kt " + kt));
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
        return Optional.of(Decision.hold(Escrow.PARTIALLY_SIGNED, Reason.PRIOR_NEXT_UNMET,
            "new keys do not satisfy the prior nt " + prior.nt));
      }
    }
    return Optional.empty();
  }

  /**
   * Adds {@code s} to {@code verified}, and its key's index to {@code ok}, if it verifies (once
   * per pooled event: {@link SignaturePool#verifies}) and brings something new: a key index not in
   * {@code ok} yet, or an ondex no verified signature has. A key counts once toward {@code kt}
   * (its index in {@code ok}), but each of its verified signatures may expose a prior next key by
   * its ondex, as keripy {@code src/keri/core/eventing.py} {@code Kever.exposeds} reads the ondex
   * of every verified signature ({@code verifySigs} keeps them unique by qb64): a key that signs
   * current-only ({@code B}) and again with both indexes ({@code A}) exposes its prior next key.
   */
  private static void verifyInto(Entry x, String event, Siger s, List<Verfer> keys, byte[] ser,
      Set<Integer> ok, List<Siger> verified, Kevery kvy) {
    int i = s.index();
    if (i >= keys.size()) {
      return;
    }
    if (ok.contains(i)) {
      if (s.ondex().isEmpty()) {
        return;
      }
      int o = s.ondex().getAsInt();
      for (Siger v : verified) {
        if (v.ondex().isPresent() && v.ondex().getAsInt() == o && v.index() == i) {
          return;
        }
      }
    }
    if (kvy.pool().verifies(event, "c", s, () -> kvy.check(x.event.body(), keys.get(i), s, ser))) {
      ok.add(i);
      verified.add(s);
    }
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

  /**
   * Witness signatures (its own, its escrowed copies' and receipts') by index in {@code wits},
   * then the receipt couples kept for the event ({@link Receipts#countCouples}), against {@code
   * toad}.
   *
   * @return empty if they reach it, else the hold in {@link Escrow#PARTIALLY_WITNESSED}
   */
  static Optional<Decision> witnessed(Entry x, List<String> wits, long toad, Kevery kvy) {
    if (toad == 0) {
      return Optional.empty();
    }
    KeyEvent ev = (KeyEvent) x.event;
    byte[] ser = ev.body().bytes();
    Set<String> ok = new LinkedHashSet<>();
    String event = x.eventKey();
    SignaturePool pool = kvy.pool();
    List<Siger> wigs = witnessSigers(x);
    wigs.addAll(pool.witness(event)); // its escrowed copies' and receipts' signatures
    for (Siger s : wigs) {
      if (s.index() < wits.size() && !ok.contains(wits.get(s.index()))) {
        try {
          Verfer v = kvy.witnessKey(wits.get(s.index()));
          if (pool.verifies(event, "w", s, () -> kvy.check(ev.body(), v, s, ser))) {
            ok.add(wits.get(s.index()));
          }
        } catch (CesrException e) {
          // a witness prefix that is not a key verifies nothing
        }
      }
    }
    kvy.receipts().countCouples(ev.body(), ev.prefix(), ev.said(), wits, ser, ok);
    if (ok.size() < toad) {
      return Optional.of(Decision.hold(Escrow.PARTIALLY_WITNESSED,
          Reason.WITNESS_THRESHOLD_UNMET, ok.size() + " witnesses below bt " + toad));
    }
    return Optional.empty();
  }

  /** {@return the indexed controller signatures of {@code x} over its body (no path groups)} */
  static List<Siger> controllerSigers(Entry x) {
    List<Siger> out = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.CONTROLLER)) {
      if (g.path().isEmpty()) {
        out.addAll(g.sigers());
      }
    }
    return out;
  }

  /** {@return the indexed witness signatures of {@code x}} */
  static List<Siger> witnessSigers(Entry x) {
    List<Siger> out = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.WITNESS)) {
      out.addAll(g.sigers());
    }
    return out;
  }
}
