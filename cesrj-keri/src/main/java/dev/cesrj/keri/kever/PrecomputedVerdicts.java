package dev.cesrj.keri.kever;

import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.parallel.ParallelRun;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The verdicts of a batch's planned signature checks ({@link SignatureBatch}), computed by the
 * workers while the key-state rules run, keyed by the key ({@link Verfer#qb64()}), the signature
 * ({@link Siger#qb64()}: its bytes and index; or a receipt couple's {@link Cigar#qb64()}) and the
 * identity of the signed body (the {@code Body} object of the parsed event). A verdict is a pure
 * function of those three, so the rules may take one whatever key they settle on: a lookup with a
 * key they do not confirm finds nothing, and they verify serially.
 *
 * <p>Overlap (issue 31, item 2; ADR 0002, "The rules overlap the checks"): the workers take the
 * checks in stream order from the moment {@link #start} returns, and the rules run at once on the
 * calling thread. When the rules need a verdict: if it is done they take it; if no thread has
 * claimed the check, the calling thread claims it and verifies it itself; if a worker has it, the
 * calling thread verifies the next unclaimed checks after it (which the rules will need next)
 * until the worker is done. Each check is claimed once, by one compare-and-set on its {@link
 * CheckState}, so no check is verified twice ({@link #verifications()}). {@link #finish()} has
 * the calling thread verify what is left and joins the workers, so that the verdicts over the
 * bodies the batch leaves escrowed serve the next escrow retry ({@link #retain}).
 *
 * <p>The lookups, and the counts of hits and misses, are the calling thread's only; the workers
 * write only the checks' states. Counts its hits and misses, so tests can show the serial rules
 * redo only what was not planned.
 */
final class PrecomputedVerdicts {
  /** Spins on {@link Thread#onSpinWait()} before yielding, while a worker verifies a check. */
  private static final int SPINS = 1_000;

  private final List<PlannedCheck> checks;
  private final AtomicReferenceArray<CheckState> states;
  private final Map<Object, Map<String, PlannedCheck>> byBody;
  /** Verifications of planned checks, by any thread (tests: each check once). */
  private final AtomicInteger verifications;
  /** Set when the rules failed: the workers skip the checks not yet claimed. */
  private volatile boolean abandoned;
  /** The started workers until {@link #finish()}, else null. */
  private ParallelRun run;
  /** The calling thread's next place to look for an unclaimed check while it waits. */
  private int ahead;
  private long hits;
  private long misses;
  private long selfChecks;
  private long waits;

  private PrecomputedVerdicts(List<PlannedCheck> checks, AtomicReferenceArray<CheckState> states,
      Map<Object, Map<String, PlannedCheck>> byBody, AtomicInteger verifications) {
    this.checks = checks;
    this.states = states;
    this.byBody = byBody;
    this.verifications = verifications;
  }

  /**
   * Indexes {@code checks} for the rules' lookups and starts the workers on them: cesrj-core's
   * {@link ParallelRun#start}, chunks of {@code chunk} checks in stream order as its tasks.
   *
   * @param checks the planned checks, {@link PlannedCheck#slot()} their index
   * @param chunk the checks one task takes ({@link SignatureBatch#chunkSize})
   * @param workers the workers, the calling thread one of them (at least 2)
   * @param executor the caller's executor, or null for threads from {@code factory}, made for
   *     this batch and joined by {@link #finish()}
   * @param factory makes the extra workers' threads when {@code executor} is null
   * @return the verdicts, being computed
   */
  static PrecomputedVerdicts start(List<PlannedCheck> checks, int chunk, int workers,
      Executor executor, ThreadFactory factory) {
    Map<Object, Map<String, PlannedCheck>> byBody = new IdentityHashMap<>();
    AtomicReferenceArray<CheckState> states = new AtomicReferenceArray<>(checks.size());
    for (PlannedCheck c : checks) {
      states.set(c.slot(), CheckState.UNCLAIMED);
      byBody.computeIfAbsent(c.body(), b -> new HashMap<>())
          .put(c.key().qb64() + ' ' + c.sigQb64(), c);
    }
    PrecomputedVerdicts p = new PrecomputedVerdicts(checks, states, byBody, new AtomicInteger());
    int n = checks.size();
    int chunks = (int) ((n + (long) chunk - 1) / chunk);
    p.run = ParallelRun.start(chunks, workers, executor, factory, k -> {
          int to = (int) Math.min(n, (long) k * chunk + chunk);
          for (int i = k * chunk; i < to && !p.abandoned; i++) {
            if (p.claim(i)) {
              p.verifyClaimed(i);
            }
          }
        });
    return p;
  }

  private boolean claim(int slot) {
    return states.compareAndSet(slot, CheckState.UNCLAIMED, CheckState.CLAIMED);
  }

  /**
   * Verifies a claimed check and records its state; a verification that throws is {@link
   * CheckState#THREW} (the rules redo it and see the exception), an {@link Error} is rethrown
   * after its state is set, so that no one waits for it.
   */
  private void verifyClaimed(int slot) {
    CheckState s = CheckState.THREW;
    try {
      s = checks.get(slot).verifies() ? CheckState.VERIFIES : CheckState.FAILS;
    } catch (RuntimeException e) {
      s = CheckState.THREW;
    } finally {
      verifications.incrementAndGet();
      states.set(slot, s);
    }
  }

  /** {@return the planned check of {@code sig} by {@code key} over {@code body}, or null} */
  private PlannedCheck find(Object body, Verfer key, String sig) {
    Map<String, PlannedCheck> m = byBody.get(body);
    PlannedCheck c = m == null ? null : m.get(key.qb64() + ' ' + sig);
    if (c != null) {
      hits++;
    } else {
      misses++;
    }
    return c;
  }

  /**
   * {@return the verdict of a planned check once it is done, the calling thread verifying it if
   * no one has claimed it, or null if its verification threw}
   */
  private Boolean await(PlannedCheck c) {
    int slot = c.slot();
    boolean waited = false;
    int spins = 0;
    while (true) {
      CheckState s = states.get(slot);
      if (s == CheckState.VERIFIES) {
        return Boolean.TRUE;
      } else if (s == CheckState.FAILS) {
        return Boolean.FALSE;
      } else if (s == CheckState.THREW) {
        return null;
      } else if (s == CheckState.UNCLAIMED) {
        if (claim(slot)) {
          selfChecks++;
          verifyClaimed(slot);
        }
      } else {
        if (!waited) {
          waited = true;
          waits++;
        }
        if (!verifyAhead(slot)) {
          if (spins++ < SPINS) {
            Thread.onSpinWait();
          } else {
            Thread.yield();
          }
        }
      }
    }
  }

  /**
   * While a worker verifies check {@code slot}, verifies the next unclaimed check after it, in
   * stream order (the rules will need it soon); false if none is left.
   */
  private boolean verifyAhead(int slot) {
    int n = checks.size();
    for (int i = Math.max(ahead, slot + 1); i < n; i++) {
      if (states.get(i) == CheckState.UNCLAIMED && claim(i)) {
        ahead = i + 1;
        selfChecks++;
        verifyClaimed(i);
        return true;
      }
    }
    ahead = n;
    return false;
  }

  /**
   * {@return the verdict of the planned check of {@code sig} (a {@link Siger}'s or a couple's
   * {@link Cigar}'s qb64) by {@code key} over {@code body}, done by a worker or now by the calling
   * thread; empty if none was planned or its verification threw, which the caller then verifies
   * itself}
   */
  Optional<Boolean> planned(Object body, Verfer key, String sig) {
    PlannedCheck c = find(body, key, sig);
    return Optional.ofNullable(c == null ? null : await(c));
  }

  /**
   * {@return the verdict of {@code sig} by {@code key} over {@code body}: planned (done by a
   * worker, or now by the calling thread), else verified now over {@code ser}}
   */
  boolean verify(Object body, Verfer key, Siger sig, byte[] ser) {
    PlannedCheck c = find(body, key, sig.qb64());
    Boolean v = c == null ? null : await(c);
    return v != null ? v : key.verify(sig.raw(), ser);
  }

  /**
   * {@return the verdict of the receipt couple {@code c} (its own key, keripy {@code
   * src/keri/core/eventing.py} {@code Kevery.processReceiptCouples}) over {@code body}:
   * planned, else verified now over {@code ser}}
   */
  boolean verify(Object body, Cigar c, byte[] ser) {
    PlannedCheck p = find(body, c.verfer(), c.qb64());
    Boolean v = p == null ? null : await(p);
    return v != null ? v : c.verify(ser);
  }

  /**
   * The rules failed: the workers skip the checks no one has claimed (call {@link #finish()}
   * after).
   */
  void abandon() {
    abandoned = true;
  }

  /**
   * The calling thread verifies the checks no worker has taken (unless {@link #abandon}ed), waits
   * for the rest and joins the workers ({@link ParallelRun#join()}). Idempotent.
   *
   * @throws Error an error a worker's verification threw
   */
  void finish() {
    ParallelRun r = run;
    run = null;
    if (r != null) {
      r.join();
    }
  }

  /**
   * {@return a new set of verdicts holding only those over the bodies in {@code bodies} (by
   * identity), or null if there are none}; after {@link #finish()}.
   *
   * @param bodies an identity set of bodies
   */
  PrecomputedVerdicts retain(Set<Object> bodies) {
    Map<Object, Map<String, PlannedCheck>> kept = new IdentityHashMap<>();
    for (Map.Entry<Object, Map<String, PlannedCheck>> e : byBody.entrySet()) {
      if (bodies.contains(e.getKey())) {
        kept.put(e.getKey(), e.getValue());
      }
    }
    return kept.isEmpty() ? null
        : new PrecomputedVerdicts(checks, states, kept, verifications);
  }

  /** {@return how many lookups found a planned check} */
  long hits() {
    return hits;
  }

  /** {@return how many lookups found none and verified serially} */
  long misses() {
    return misses;
  }

  /** {@return how many planned checks the calling thread verified itself (claimed first)} */
  long selfChecks() {
    return selfChecks;
  }

  /** {@return how many lookups waited for a worker that had claimed their check} */
  long waits() {
    return waits;
  }

  /** {@return how many planned checks were verified, by any thread: each at most once} */
  int verifications() {
    return verifications.get();
  }

  /** {@return the number of planned checks} */
  int size() {
    return checks.size();
  }
}
