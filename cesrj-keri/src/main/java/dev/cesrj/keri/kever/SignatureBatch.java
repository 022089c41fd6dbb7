package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.RotationEvent;
import dev.cesrj.parallel.ParallelRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
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
 * Receipts' signatures are not planned (their signed event is not in the receipt): the rules
 * verify them.
 *
 * <p>Workers: cesrj-core's {@link ParallelRun}, the runner the batch parser uses: the calling
 * thread plus {@code workers - 1} threads made for the call and joined before it returns, or tasks
 * on the caller's {@link Executor}; the caller claims work too, so a saturated executor delays
 * nothing (a task that starts after the work is claimed does nothing).
 */
final class SignatureBatch {
  /** The most checks a worker claims at a time. */
  static final int CHUNK = 8;

  /** The keys a key event's signatures are checked against, as a key state holds them. */
  record Keys(List<Verfer> verfers, List<String> witnesses, long toad) {
  }

  /** One planned check. */
  private record Check(Object body, Verfer key, Siger sig, byte[] ser) {
  }

  private final List<Check> checks = new ArrayList<>();
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
    SignatureBatch b = new SignatureBatch();
    Map<String, Keys> latest = new HashMap<>();
    for (int i = 0; i < events.size(); i++) {
      if (events.get(i) instanceof KeyEvent && sigs.get(i) != null) {
        b.planEvent((KeyEvent) events.get(i), sigs.get(i), latest, held);
      }
    }
    return b;
  }

  private void planEvent(KeyEvent ev, Signatures sigs, Map<String, Keys> latest,
      Function<String, Keys> held) {
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
          checks.add(new Check(body, keys.verfers().get(s.index()), s, ser));
        }
      }
    }
    if (keys.toad() == 0) {
      return;
    }
    for (SignatureGroup g : sigs.byRole(SignatureRole.WITNESS)) {
      for (Siger s : g.sigers()) {
        if (s.index() < keys.witnesses().size()) {
          Optional<Verfer> v = witnessKey(keys.witnesses().get(s.index()));
          if (v.isPresent()) {
            ser = ser == null ? ev.body().bytes() : ser;
            checks.add(new Check(body, v.get(), s, ser));
          }
        }
      }
    }
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
   * Runs the planned checks on {@code workers} workers (the caller one of them) and collects the
   * verdicts: chunks of checks ({@link #chunkSize}) are the tasks of cesrj-core's per-call runner
   * ({@link ParallelRun}, ADR 0001's, shared with the batch parser), each writing its own slots.
   * A check whose verification throws is left out (the rules redo it and see the exception
   * themselves), so no task throws and the run never stops early.
   *
   * @param workers the clamped bound, at least 2 ({@link VerifyThreads#clamp})
   * @param executor the caller's executor, or null for daemon threads named {@code
   *     cesrj-verify-K} made for this call and joined before it returns
   * @return the verdicts
   */
  PrecomputedVerdicts run(int workers, Executor executor) {
    byte[] results = new byte[checks.size()]; // 0 not computed, 1 verifies, 2 does not
    int chunk = chunkSize(checks.size(), workers);
    int chunks = (int) ((checks.size() + (long) chunk - 1) / chunk);
    ParallelRun.run(chunks, workers, executor, ParallelRun.daemonThreads("cesrj-verify"), k -> {
      int to = (int) Math.min(results.length, (long) k * chunk + chunk);
      for (int i = k * chunk; i < to; i++) {
        Check c = checks.get(i);
        try {
          results[i] = c.key().verify(c.sig().raw(), c.ser()) ? (byte) 1 : (byte) 2;
        } catch (RuntimeException e) {
          results[i] = 0;
        }
      }
    });
    PrecomputedVerdicts out = new PrecomputedVerdicts();
    for (int i = 0; i < results.length; i++) {
      if (results[i] != 0) {
        Check c = checks.get(i);
        out.put(c.body(), c.key(), c.sig(), results[i] == 1);
      }
    }
    return out;
  }
}
