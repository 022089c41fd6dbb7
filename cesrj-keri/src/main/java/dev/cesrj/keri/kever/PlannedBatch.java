package dev.cesrj.keri.kever;

import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.stream.Message;
import java.util.Map;
import java.util.Optional;

/**
 * A run of messages whose signature checks a {@link KelVerifier} planned at once and runs on its
 * workers while the batch is open, ahead of the rules (issue 31; {@code
 * docs/adr/0002-verify-threads.md}): the key events' and receipts' checks, which the verifier's
 * rules take when the run's key events are given to {@link KelVerifier#acceptAll(List, long)}
 * meanwhile, and the exchanges' ({@code exn}) checks, which an {@link
 * dev.cesrj.keri.exchange.Exchanger} over the same verifier takes when given the same {@link
 * Message} objects ({@link #verdict(Message, Verfer, Siger)}). Each verdict is the one the rules
 * would compute: a check the rules make that was not planned, or for another key than predicted,
 * is not found and verified serially, so the verdicts are those of one worker.
 *
 * <p>Opened by {@link KelVerifier#plan(List, long)}, one at a time per verifier; {@link #close()}
 * verifies what the workers left and joins them. With one worker ({@link VerifyThreads}) nothing
 * is planned and every lookup is empty. Used from the verifier's thread only, as the verifier.
 */
public final class PlannedBatch implements AutoCloseable {
  private final KelVerifier owner;
  /** The run's messages read, by identity, with the offset base they were read at. */
  private final Map<Message, Intake> intakes;
  private final long offsetBase;
  /** The verdicts being computed, or null if nothing runs on workers. */
  private final PrecomputedVerdicts verdicts;
  /** The verifier's first entry index of the run (its escrowed bodies serve the next retry). */
  private final int firstEntry;
  private long exchangeHits;
  private long exchangeMisses;
  private boolean open = true;

  PlannedBatch(KelVerifier owner, Map<Message, Intake> intakes, long offsetBase,
      PrecomputedVerdicts verdicts, int firstEntry) {
    this.owner = owner;
    this.intakes = intakes;
    this.offsetBase = offsetBase;
    this.verdicts = verdicts;
    this.firstEntry = firstEntry;
  }

  /** {@return {@code m} as the plan read it, or read now if the plan does not hold it} */
  Intake intake(Message m, long base) {
    Intake in = base == offsetBase ? intakes.get(m) : null;
    return in != null ? in : Intake.of(m, base);
  }

  /**
   * {@return the verdict of the planned check of the indexed signature {@code sig} by {@code key}
   * over the body of the exchange {@code exchange}: whether it verifies, computed by a worker (or
   * now, on this thread, if no worker has taken it); empty if the batch is closed, planned no such
   * check (another message, another key), or its verification threw: the caller then verifies
   * it itself}
   *
   * @param exchange a framed message of the run, as given to {@link KelVerifier#plan}
   * @param key the key the rules check it against
   * @param sig the signature
   */
  public Optional<Boolean> verdict(Message exchange, Verfer key, Siger sig) {
    return exchangeVerdict(exchange, key, sig.qb64());
  }

  /**
   * {@return the verdict of the planned check of the non-transferable couple {@code couple} (its
   * own key) over the body of the exchange {@code exchange}; empty as for {@link
   * #verdict(Message, Verfer, Siger)}}
   *
   * @param exchange a framed message of the run, as given to {@link KelVerifier#plan}
   * @param couple the couple
   */
  public Optional<Boolean> verdict(Message exchange, Cigar couple) {
    return exchangeVerdict(exchange, couple.verfer(), couple.qb64());
  }

  private Optional<Boolean> exchangeVerdict(Message exchange, Verfer key, String sig) {
    if (!open || verdicts == null) {
      return Optional.empty();
    }
    Optional<Boolean> v = verdicts.planned(exchange, key, sig);
    if (v.isPresent()) {
      exchangeHits++;
    } else {
      exchangeMisses++;
    }
    return v;
  }

  /** {@return the verdicts being computed, or null} */
  PrecomputedVerdicts verdicts() {
    return verdicts;
  }

  /** {@return how many exchange lookups found a planned verdict (tests count them)} */
  long exchangeHits() {
    return exchangeHits;
  }

  /** {@return how many exchange lookups found none (tests count them)} */
  long exchangeMisses() {
    return exchangeMisses;
  }

  /**
   * Closes the batch: the checks no worker took are verified here, the workers joined, and the
   * verdicts over the bodies the run left escrowed kept for the verifier's next escrow retry.
   * Idempotent.
   *
   * @throws Error an error a worker's verification threw
   */
  @Override
  public void close() {
    close(true);
  }

  /** Closes it; {@code ruled} false if the rules failed (the workers skip what is left). */
  void close(boolean ruled) {
    if (open) {
      open = false;
      owner.closed(this, firstEntry, ruled);
    }
  }
}
