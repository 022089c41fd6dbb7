package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.parallel.ParallelRun;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;

/**
 * The signature checks of a batch of messages, planned in stream order and run on a bounded
 * number of workers ahead of {@link KelVerifier}'s serial key-state rules, which then take the
 * verdicts from {@link PrecomputedVerdicts} (issue 31; ADR 0002).
 *
 * <p>The key of each check is predicted, never trusted: a key event's controller signatures are
 * checked against its own keys ({@code k}) if it is an establishment event, else against those
 * of the last establishment event of its prefix earlier in the batch, else against the key state
 * the verifier holds; its witness signatures against its own {@code b} (inception), the prior
 * witnesses with {@code br} cut and {@code ba} added (rotation, keripy {@code
 * src/keri/core/eventing.py} {@code Kever.deriveBacks}), or those in force (interaction), only
 * where {@code bt} is above 0 (keripy {@code Kever.validateSigsDelWigs} checks no witness
 * signature then). The serial rules look each verdict up by key, signature and signed body: a
 * prediction they do not confirm (an establishment event they reject, a stale key state) finds
 * nothing and is verified serially, so verdicts, escrows and key states are the serial ones.
 *
 * <p>A receipt's ({@code rct}) signatures are planned when the event it receipts (same prefix and
 * SAID) is a key event of the batch with {@code bt} above 0, against what the rules will check
 * them against: a non-transferable couple against its own key, if that key is in the event's
 * predicted witness list (keripy {@code Kevery.processReceiptCouples}; {@link
 * Receipts#countCouples} counts no other), a witness indexed signature against the witness at
 * its index in that list (keripy {@code Kevery.processReceiptWitness}), both over the receipted
 * event's body. The rules check them only while that event is not accepted ({@link Receipts}):
 * so a receipt after an event whose own witness signatures already reach its {@code bt} is not
 * planned (the event will most likely be accepted on arrival, and the receipt's signatures then
 * never checked). A receipt of an event not in the batch (escrowed by an earlier call, or
 * accepted) is left to the serial path. Transferable receipt groups are not planned: the rules
 * verify none of their signatures. The verdicts over the bodies of the messages the batch leaves
 * escrowed serve the next escrow retry ({@link KelVerifier#retryEscrows()}), where a receipt that
 * came after its partially witnessed event has its couples counted.
 *
 * <p>An exchange's ({@code exn}) signatures are planned when the batch is opened for an {@link
 * dev.cesrj.keri.exchange.Exchanger} too ({@link KelVerifier#plan}), against what its rules
 * (keripy {@code src/keri/peer/exchanging.py} {@code Exchanger.processEvent}) check them against:
 * the indexed signatures of each TransIdxSigGroup of the sender ({@link
 * Signatures#signerGroups()}) against the keys of the establishment event the group names by
 * prefix, sequence number and SAID, taken from that event if it is earlier in the batch, else from
 * the key state the verifier holds at that sequence number ({@link KelVerifier#keyStateAt}, if
 * it is that establishment event); without such groups, each non-transferable couple whose key is
 * the sender, against that key. They are kept under the identity of the exchange's framed {@link
 * dev.cesrj.stream.Message}, over its body's bytes: the exchanger, given the same message, looks
 * them up ({@link PlannedBatch#verdict}) and verifies what it does not find (a group naming an
 * event neither in the batch nor accepted, the signatures of waiting copies, a retry).
 *
 * <p>Workers: cesrj-core's {@link ParallelRun}, the runner the batch parser uses: {@code workers -
 * 1} threads made for the batch and joined before the call returns, or tasks on the caller's
 * {@link Executor}, check in stream order while the calling thread runs the rules, verifying
 * itself each check the rules need that no worker has claimed ({@link PrecomputedVerdicts}); so
 * a saturated executor delays nothing (a task that starts after the work is claimed does
 * nothing).
 */
final class SignatureBatch {
  /** The most checks a worker claims at a time. */
  static final int CHUNK = 8;

  /** The keys a key event's signatures are checked against, as a key state holds them. */
  record Keys(List<Verfer> verfers, List<String> witnesses, long toad) {
  }

  /**
   * A key event of the batch that receipts may sign: its body and bytes, the witness list
   * predicted for it, its position, the witnesses whose signatures it carries itself, whether
   * those reach its {@code bt}, and the receipt checks planned for it so far (key and signature).
   */
  private record Receipted(Body body, byte[] ser, List<String> witnesses, int position,
      Set<String> own, boolean witnessedOnArrival, Set<String> planned) {
  }

  /**
   * The keys of the establishment event {@code said} at sequence number {@code sn} of {@code
   * prefix} in the key state a verifier holds, or null if it holds no such accepted event.
   */
  @FunctionalInterface
  interface HeldEstablishment {
    /**
     * {@return its keys ({@code k}), or null}
     *
     * @param prefix the signer's prefix
     * @param sn the event's sequence number
     * @param said the event's SAID
     */
    List<Verfer> keys(String prefix, BigInteger sn, String said);
  }

  private final List<PlannedCheck> checks = new ArrayList<>();
  private int receiptChecks;
  private int exchangeChecks;
  private final Map<String, Verfer> witnessKeys = new HashMap<>();
  private final WitnessLists witnessLists = new WitnessLists();

  private SignatureBatch() {}

  /**
   * Plans the checks of {@code events} (null for a message that did not parse) in order.
   *
   * @param events the batch's events
   * @param sigs their attachments
   * @param held the key state the verifier holds for a prefix, or null
   * @return the plan
   */
  static SignatureBatch plan(List<KeriEvent> events, List<Signatures> sigs,
      Function<String, Keys> held) {
    return plan(events, sigs, held, null, null);
  }

  /**
   * Plans the checks of {@code events} in order, and, if {@code messages} is given, those of
   * their exchanges ({@code exn}), each kept under its message's identity.
   *
   * @param events the batch's events (null for a message that did not parse)
   * @param sigs their attachments
   * @param held the key state the verifier holds for a prefix, or null
   * @param messages the framed message of each event (the identity an exchange's checks are kept
   *     under), or null to plan no exchange
   * @param heldAt the keys of an establishment event the verifier accepted; null with {@code
   *     messages}
   * @return the plan
   */
  static SignatureBatch plan(List<KeriEvent> events, List<Signatures> sigs,
      Function<String, Keys> held, List<?> messages, HeldEstablishment heldAt) {
    SignatureBatch b = new SignatureBatch();
    Map<String, Keys> latest = new HashMap<>();
    Map<String, Receipted> receipted = new HashMap<>();
    Map<String, List<Verfer>> establishments = new HashMap<>();
    boolean receipts = false;
    for (int i = 0; i < events.size(); i++) {
      KeriEvent ev = events.get(i);
      if (ev instanceof KeyEvent && sigs.get(i) != null) {
        b.planEvent((KeyEvent) ev, sigs.get(i), latest, held, i, receipted);
        if (ev instanceof EstablishmentEvent) {
          KeyEvent est = (KeyEvent) ev;
          establishments.put(establishmentKey(est.prefix(), est.sn(), est.said()),
              ((EstablishmentEvent) ev).verfers());
        }
      } else if (messages != null && ev instanceof RoutedMessage && ev.ilk() == Ilk.EXN
          && sigs.get(i) != null) {
        b.planExchange((RoutedMessage) ev, sigs.get(i), messages.get(i), establishments, heldAt);
      }
      receipts |= ev instanceof ReceiptEvent;
    }
    for (int i = 0; receipts && i < events.size(); i++) {
      if (events.get(i) instanceof ReceiptEvent && sigs.get(i) != null) {
        ReceiptEvent rct = (ReceiptEvent) events.get(i);
        Receipted r = receipted.get(rct.prefix() + "/" + rct.said());
        if (r != null && !(i > r.position() && r.witnessedOnArrival())) {
          b.planReceipt(sigs.get(i), r);
        }
      }
    }
    return b;
  }

  private void planEvent(KeyEvent ev, Signatures sigs, Map<String, Keys> latest,
      Function<String, Keys> held, int position, Map<String, Receipted> receipted) {
    Keys prior = latest.containsKey(ev.prefix())
        ? latest.get(ev.prefix()) : held.apply(ev.prefix());
    Keys keys;
    if (ev instanceof InceptionEvent) {
      InceptionEvent icp = (InceptionEvent) ev;
      keys = new Keys(icp.verfers(), icp.witnesses(), icp.toad());
    } else if (ev instanceof RotationEvent) {
      RotationEvent rot = (RotationEvent) ev;
      List<String> wits = prior == null ? null
          : witnessLists.rotate(prior.witnesses(), rot.cuts(), rot.adds()).orElse(null);
      keys = new Keys(rot.verfers(), wits == null ? List.of() : wits, rot.toad());
    } else {
      keys = prior;
    }
    if (ev instanceof EstablishmentEvent) {
      latest.put(ev.prefix(), keys);
    }
    if (keys == null) {
      return; // an interaction with no key state known: the rules will escrow or verify it
    }
    Object body = ev.body();
    byte[] ser = null;
    for (SignatureGroup g : sigs.byRole(SignatureRole.CONTROLLER)) {
      if (!g.path().isEmpty()) {
        continue;
      }
      for (Siger s : g.sigers()) {
        if (s.index() < keys.verfers().size()) {
          ser = ser == null ? ev.body().bytes() : ser;
          checks.add(new PlannedCheck(checks.size(), body, keys.verfers().get(s.index()), s, null,
              ser));
        }
      }
    }
    if (keys.toad() == 0) {
      return;
    }
    Set<String> own = new HashSet<>();
    for (SignatureGroup g : sigs.byRole(SignatureRole.WITNESS)) {
      for (Siger s : g.sigers()) {
        if (s.index() < keys.witnesses().size()) {
          Optional<Verfer> v = witnessKey(keys.witnesses().get(s.index()));
          if (v.isPresent()) {
            ser = ser == null ? ev.body().bytes() : ser;
            checks.add(new PlannedCheck(checks.size(), body, v.get(), s, null, ser));
            own.add(keys.witnesses().get(s.index()));
          }
        }
      }
    }
    String id = ev.prefix() + "/" + ev.said();
    if (!receipted.containsKey(id)) { // the first copy: the one the rules take first
      receipted.put(id, new Receipted(ev.body(), ser, keys.witnesses(), position, own,
          own.size() >= keys.toad(), new HashSet<>()));
    }
  }

  /**
   * Plans a receipt's couples whose key is in the receipted event's witness list and its witness
   * signatures by index in that list, over the receipted event's body; not those of a witness the
   * event's own signatures name (the rules count a witness once, and its own come first: {@link
   * KeverSignatures#witnessed}), nor one planned already.
   */
  private void planReceipt(Signatures sigs, Receipted r) {
    Set<String> wits = null;
    for (SignatureGroup g : sigs.byRole(SignatureRole.NON_TRANSFERABLE)) {
      for (Cigar c : g.cigars()) {
        wits = wits != null ? wits : new HashSet<>(r.witnesses());
        String w = c.verfer().qb64();
        if (wits.contains(w) && !r.own().contains(w) && r.planned().add(w + ' ' + c.qb64())) {
          addReceiptCheck(r, c.verfer(), null, c);
        }
      }
    }
    for (SignatureGroup g : sigs.byRole(SignatureRole.WITNESS)) {
      for (Siger s : g.sigers()) {
        if (s.index() < r.witnesses().size()) {
          String w = r.witnesses().get(s.index());
          Optional<Verfer> v = witnessKey(w);
          if (v.isPresent() && !r.own().contains(w) && r.planned().add(w + ' ' + s.qb64())) {
            addReceiptCheck(r, v.get(), s, null);
          }
        }
      }
    }
  }

  private static String establishmentKey(String prefix, BigInteger sn, String said) {
    return prefix + '/' + sn + '/' + said;
  }

  /**
   * Plans an exchange's checks as {@link dev.cesrj.keri.exchange.Exchanger} makes them: the
   * sender's TransIdxSigGroups' signatures by index in the keys of the establishment event each
   * names; without such groups, the couples of the sender's own non-transferable key (keripy
   * {@code src/keri/peer/exchanging.py} {@code Exchanger.processEvent}). A group of another
   * signer, or naming an event neither in the batch nor held, plans nothing (the rules reject
   * the message, or let it wait, or check serially).
   */
  private void planExchange(RoutedMessage exn, Signatures sigs, Object message,
      Map<String, List<Verfer>> establishments, HeldEstablishment heldAt) {
    String sender = exn.prefix().orElse("");
    List<SignatureGroup> groups = sigs.signerGroups();
    byte[] ser = null;
    if (!groups.isEmpty()) {
      for (SignatureGroup g : groups) {
        String signer = g.signerPrefix().get();
        if (!signer.equals(sender)) {
          continue;
        }
        BigInteger sn = g.signerSn().get();
        String said = g.signerSaid().get();
        List<Verfer> keys = establishments.get(establishmentKey(signer, sn, said));
        keys = keys != null ? keys : heldAt.keys(signer, sn, said);
        if (keys == null) {
          continue;
        }
        for (Siger s : g.sigers()) {
          if (s.index() < keys.size()) {
            ser = ser == null ? exn.body().bytes() : ser;
            checks.add(new PlannedCheck(checks.size(), message, keys.get(s.index()), s, null,
                ser));
            exchangeChecks++;
          }
        }
      }
      return;
    }
    for (SignatureGroup g : sigs.byRole(SignatureRole.NON_TRANSFERABLE)) {
      for (Cigar c : g.cigars()) {
        if (c.verfer().qb64().equals(sender) && !c.verfer().transferable()) {
          ser = ser == null ? exn.body().bytes() : ser;
          checks.add(new PlannedCheck(checks.size(), message, c.verfer(), null, c, ser));
          exchangeChecks++;
        }
      }
    }
  }

  private void addReceiptCheck(Receipted r, Verfer key, Siger sig, Cigar couple) {
    checks.add(new PlannedCheck(checks.size(), r.body(), key, sig, couple,
        r.ser() != null ? r.ser() : r.body().bytes()));
    receiptChecks++;
  }

  private Optional<Verfer> witnessKey(String qb64) {
    Verfer v = witnessKeys.get(qb64);
    if (v == null && !witnessKeys.containsKey(qb64)) {
      try {
        v = Verfer.of(qb64);
      } catch (CesrException e) {
        v = null; // a witness prefix that is no key verifies nothing
      }
      witnessKeys.put(qb64, v);
    }
    return Optional.ofNullable(v);
  }

  /** {@return the number of planned checks} */
  int size() {
    return checks.size();
  }

  /** {@return how many of the planned checks are receipts' signatures} */
  int receiptChecks() {
    return receiptChecks;
  }

  /** {@return how many of the planned checks are exchanges' ({@code exn}) signatures} */
  int exchangeChecks() {
    return exchangeChecks;
  }

  /**
   * The checks one task holds: {@value #CHUNK} at most (fewer claims on the shared counter for a
   * big batch), and few enough that each worker has a task. A batch of 3 or 4 checks, as a
   * credential stream's runs of key events give (ADR 0002), is split over 2 workers; with a fixed
   * {@value #CHUNK} it was one task, and the second worker was started only to find none.
   *
   * @param checks the batch's checks (0 or more)
   * @param workers the workers (at least 1)
   * @return {@code max(1, min(CHUNK, floor(checks / workers)))}: rounded down, so that there are
   *     at least {@code min(checks, workers)} tasks
   */
  static int chunkSize(int checks, int workers) {
    return Math.max(1, Math.min(CHUNK, checks / Math.max(1, workers)));
  }

  /**
   * Starts the planned checks on {@code workers - 1} extra workers and returns at once, so that
   * the key-state rules run on the calling thread while they check (issue 31, item 2): chunks of
   * checks ({@link #chunkSize}), in stream order, are the tasks of cesrj-core's per-call runner
   * ({@link ParallelRun#start}, ADR 0001's, shared with the batch parser). The rules take each
   * verdict from the returned {@link PrecomputedVerdicts}, verifying a check themselves if no
   * worker has claimed it yet; its {@link PrecomputedVerdicts#finish()} verifies what is left and
   * joins the workers. A check whose verification throws is left without a verdict (the rules
   * redo it and see the exception themselves).
   *
   * @param workers the clamped bound, at least 2 ({@link VerifyThreads#clamp(int, int, int,
   *     boolean)})
   * @param executor the caller's executor, or null for daemon threads named {@code
   *     cesrj-verify-K} made for this batch and joined by {@link PrecomputedVerdicts#finish()}
   * @param factory makes those threads instead, or null (tests count them)
   * @return the verdicts, being computed
   */
  PrecomputedVerdicts start(int workers, Executor executor, ThreadFactory factory) {
    return PrecomputedVerdicts.start(checks, chunkSize(checks.size(), workers), workers, executor,
        factory != null ? factory : ParallelRun.daemonThreads("cesrj-verify"));
  }
}
