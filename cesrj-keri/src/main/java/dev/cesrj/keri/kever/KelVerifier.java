package dev.cesrj.keri.kever;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

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
 * {@code EO} forbids interactions, a delegator's {@code DND} delegated events. A second event
 * at an accepted sequence number is rejected as duplicitous (first seen wins), but for a
 * recovery rotation: a {@code rot} or {@code drt} after the last establishment event supersedes
 * the interactions accepted from its sequence number on ({@link Recovery}; keripy
 * {@code Kever.rotate}), which stay listed by {@link #superseded(String)}, off the trunk. Events
 * and receipts that wait for something go to an {@link Escrow}; each call of
 * {@link #processEscrows()} retries those that can have changed until none can, and {@link
 * #finish()} does so and returns the final verdicts.
 *
 * <p>Signatures are judged per event, not per message: the controller and witness signatures of
 * every escrowed copy of an event (same prefix, sequence number and SAID) and the witness
 * signatures of every escrowed receipt of it count together toward {@code kt} and {@code bt}
 * ({@link SignaturePool}; keripy {@code escrowPSEvent}, {@code escrowPWEvent},
 * {@code processEscrowPartialSigs}, {@code processEscrowPartialWigs}, which keep signatures by
 * event digest). A copy's own signatures must include one that verifies, else it is rejected and
 * takes nothing from the pool. When a copy completes its event, the other copies that waited in
 * {@link Escrow#PARTIALLY_SIGNED} or {@link Escrow#PARTIALLY_WITNESSED} are accepted on their
 * next retry (their signatures counted); a copy arriving after its event is accepted is a
 * {@link Reason#DUPLICATE}.
 *
 * <p>Receipts ({@code rct}): accepted when the receipted event is accepted (transferable groups
 * once the signer's establishment event is too); for an event not accepted yet they wait in the
 * escrow of their first kind of signature, and their witness signatures and couples count toward
 * that event's {@code bt} meanwhile (keripy HEAD {@code processReceiptWitness}, {@code
 * processEscrowUnverWitness}); a receipt with none of those is rejected. The signatures of a
 * receipt of an accepted event change no key state and are not checked (keripy checks them to
 * store them). The rules and keripy's differences: {@code docs/guide/kever.md}.
 *
 * <p>Differences from keripy: a body or SAID error rejects that message only (keripy's parser
 * drops the rest of the stream); a duplicitous event is rejected (keripy HEAD tries to escrow it
 * as likely duplicitous, fails, and drops it); messages other than key events and receipts are
 * rejected with {@link Reason#NOT_A_KEY_EVENT} (an {@code exn} is verified by a {@link
 * dev.cesrj.keri.exchange.Exchanger} over this verifier's key states).
 *
 * <p>Escrow policy (issue 28: escrows that cannot be flooded shut). keripy bounds its LMDB
 * escrows by time only; cesrj bounds them ({@link EscrowLimits}) in messages and in estimated heap
 * bytes ({@link EscrowLimits#retained(Message)}), in all, per prefix and per source ({@link
 * #accept(Message, String)}). A message that would pass a bound evicts those of lowest {@link
 * EscrowStanding} first, oldest first, never one of higher standing than itself (the full order:
 * {@code docs/guide/kever.md}); an evicted message becomes {@link Status#REJECTED} with {@link
 * Reason#ESCROW_EVICTED} (reported by the next {@link #retryEscrows()}), and a newcomer for which
 * no room can be made gets {@link Reason#ESCROW_FULL}; neither was judged, and sent again it is
 * processed afresh. A retry takes only the messages a change woke, so retrying after every message
 * costs work linear in the messages.
 *
 * <p>Mutable and not thread-safe: use one instance per stream from one thread. No global state.
 * Everything kept is copied out of the messages, so their buffers may be released once
 * {@link #accept(Message)} returns. It keeps the typed event and signatures of each escrowed
 * message (bounded by {@link EscrowLimits}) for its retries; once a message is accepted or
 * rejected only its {@link Verdict} is kept (a few hundred bytes). It also keeps, for its life,
 * each prefix's accepted events' SAIDs and anchors, a key state per accepted establishment event
 * ({@link #keyStateAt}), a verdict per message
 * and the witness keys it decoded (at most 4,096): memory grows with
 * the stream, so use one instance per stream or per batch.
 */
public final class KelVerifier {
  /** Intake, routing, the Kevers and the escrows: everything this facade holds but its workers. */
  private final Kevery kevery;
  /** The configured bound on signature-checking workers ({@link VerifyThreads}), unclamped. */
  private final int threads;
  /** The caller's executor for the extra workers, or null for threads made per call. */
  private final Executor executor;
  /** The extra workers' thread factory (tests), or null for daemon threads made per batch. */
  private final ThreadFactory threadFactory;
  /** Lookups of precomputed verdicts that hit, over the verifier's life (tests count them). */
  private long precomputedHits;
  /** Checks of a batch verified serially: not precomputed, or not for the key the rules use. */
  private long precomputedMisses;
  /** Planned checks the rules' thread verified itself, no worker having claimed them (tests). */
  private long precomputedSelfChecks;
  /** Verifications of planned checks by any thread, and the checks planned (tests: equal). */
  private long precomputedVerifications;
  private long precomputedPlanned;
  /** Receipts' signature checks run on the workers, over the verifier's life (tests count them). */
  private long precomputedReceiptChecks;
  /** Exchanges' signature checks run on the workers, and their lookups that hit and missed. */
  private long precomputedExchangeChecks;
  private long exchangeHits;
  private long exchangeMisses;
  /** The batch open ({@link #plan}, or one {@link #acceptBatch} opened), else null. */
  private PlannedBatch open;
  /**
   * The last batch's verdicts over the bodies of its messages it left escrowed, taken by the next
   * {@link #retryEscrows()} and dropped by it or by the next batch, else null: an event out of
   * order, or partially witnessed with its receipts' couples after it, is decided on the retry,
   * outside the batch. Holds at most one batch's escrowed bodies, which the escrows hold anyway.
   */
  private PrecomputedVerdicts retryVerdicts;
  /** Lookups in {@link #retryVerdicts} during retries that hit, and that missed (tests). */
  private long retryHits;
  private long retryMisses;

  /** A verifier with {@link EscrowLimits#DEFAULT}. */
  public KelVerifier() {
    this(EscrowLimits.DEFAULT);
  }

  /**
   * {@return a builder: escrow bounds, and the workers that check a batch's signatures ({@link
   * VerifyThreads})}
   */
  public static KelVerifierBuilder builder() {
    return new KelVerifierBuilder();
  }

  /**
   * A verifier with the given escrow bounds.
   *
   * @param limits the escrow bounds
   */
  public KelVerifier(EscrowLimits limits) {
    this(limits, VerifyThreads.configured(OptionalInt.empty()), null, null);
  }

  KelVerifier(EscrowLimits limits, int threads, Executor executor,
      ThreadFactory threadFactory) {
    this.kevery = new Kevery(limits);
    this.threads = threads;
    this.executor = executor;
    this.threadFactory = threadFactory;
  }

  /** {@return the configured bound on signature-checking workers, before clamping} */
  public int threads() {
    return threads;
  }

  /** The source of the messages given without one ({@link #accept(Message)} and the like). */
  public static final String DEFAULT_SOURCE = "";

  /**
   * Validates one message: a key event, or a receipt ({@code rct}); other messages get
   * {@link Reason#NOT_A_KEY_EVENT}. Escrows are not retried here (call {@link #processEscrows()}).
   *
   * @param m a framed message whose buffer is valid for this call
   * @return the verdict at intake
   */
  public Verdict accept(Message m) {
    return accept(m, 0, null, DEFAULT_SOURCE);
  }

  /**
   * As {@link #accept(Message)}, from the named source: what the caller says the message came
   * from (a connection, a Kafka key). {@link EscrowLimits} bounds what each source holds in
   * escrow, so that one source flooding the escrows evicts its own messages first.
   *
   * @param m a framed message whose buffer is valid for this call
   * @param source the message's source (any text; {@link #DEFAULT_SOURCE} for none)
   * @return the verdict at intake
   */
  public Verdict accept(Message m, String source) {
    return accept(m, 0, null, Objects.requireNonNull(source, "source"));
  }

  /**
   * Validates the messages of one result of the push parser ({@link CesrStreamParser#feed} or
   * {@link CesrStreamParser#endOfInput()}, or a Netty decoder's frame of it), in order, as
   * {@link #accept(Message)} does, each verdict with its stream offset ({@link
   * Framed#offsetBase()} plus the message's offset, also past the parser's first GiB). Its
   * signatures are checked on the workers while the rules run, as {@link #acceptAll(ByteBuf)}
   * does. A framing
   * error in {@code framed} ({@link Framed#error()}) is the caller's to handle: the messages
   * before it are validated. The caller keeps owning {@code framed} (and closes it).
   *
   * @param framed a result of the push parser
   * @return the verdicts at intake, one per message of {@code framed}
   */
  public List<Verdict> accept(Framed framed) {
    return accept(framed, DEFAULT_SOURCE);
  }

  /**
   * As {@link #accept(Framed)}, every message from the named source ({@link #accept(Message,
   * String)}).
   *
   * @param framed a result of the push parser
   * @param source the messages' source ({@link #DEFAULT_SOURCE} for none)
   * @return the verdicts at intake, one per message of {@code framed}
   */
  public List<Verdict> accept(Framed framed, String source) {
    Objects.requireNonNull(source, "source");
    return acceptEach(framed.messages(), framed.offsetBase(), source);
  }

  /**
   * As {@link #accept(Framed)}, over messages the caller framed: the signature checks of the
   * list start on the workers ({@link VerifyThreads}) and the rules run meanwhile, in order.
   *
   * @param messages framed messages whose buffers are valid for this call
   * @param offsetBase added to each message's offset in its verdict
   * @return the verdicts at intake, one per message, in order
   */
  public List<Verdict> acceptAll(List<Message> messages, long offsetBase) {
    return acceptEach(messages, offsetBase, DEFAULT_SOURCE);
  }

  /** Accepts framed messages in order: their signatures first on the workers if more than one. */
  private List<Verdict> acceptEach(List<Message> messages, long offsetBase, String source) {
    if (threads > 1) {
      List<Intake> batch = new ArrayList<>(messages.size());
      PlannedBatch b = open;
      for (Message m : messages) {
        batch.add(b != null ? b.intake(m, offsetBase) : Intake.of(m, offsetBase));
      }
      return acceptBatch(batch, null, source);
    }
    List<Verdict> out = new ArrayList<>(messages.size());
    for (Message m : messages) {
      out.add(accept(m, offsetBase, null, source));
    }
    return out;
  }

  /**
   * Frames {@code stream} ({@link Messages#over(ByteBuf)}: its reader index moved past each
   * message) and validates each message as {@link #acceptMessage(byte[], long)} does: each
   * message's bytes are copied and kept while it is escrowed or its KEL's last establishment
   * event, so that {@link #state()} and {@link #kelRecord(String)} work after it, as after {@link
   * #acceptMessage}. The caller keeps owning {@code stream}; escrows are not retried (call {@link
   * #finish()}). With more than one
   * worker ({@link #builder()}, {@link VerifyThreads}) the stream is framed first and its
   * signatures are checked on the workers while the rules run in order over their verdicts:
   * the verdicts are those of one worker (issue 31; {@code docs/adr/0002-verify-threads.md}).
   *
   * @param stream CESR messages: a KEL, receipts, or any stream
   * @return the verdicts at intake, one per message, in order
   * @throws CesrException the stream's first framing error (its offset counted from the reader
   *     index), thrown once the messages before it are validated
   */
  public List<Verdict> acceptAll(ByteBuf stream) {
    if (threads > 1) {
      List<Intake> batch = new ArrayList<>();
      CesrException framing = null;
      long start = stream.readerIndex();
      try (Messages ms = Messages.over(stream)) {
        for (Message m : ms) {
          byte[] raw = new byte[m.length()]; // as on the serial path below
          stream.getBytes(Math.toIntExact(start + m.offset()), raw);
          batch.add(Intake.of(m, 0, raw));
        }
      } catch (CesrException e) {
        framing = e; // thrown once the messages before it are validated, as on the serial path
      }
      List<Verdict> out = acceptBatch(batch, null, DEFAULT_SOURCE);
      if (framing != null) {
        throw framing;
      }
      return out;
    }
    List<Verdict> out = new ArrayList<>();
    long start = stream.readerIndex();
    try (Messages ms = Messages.over(stream)) {
      for (Message m : ms) {
        // each message's own bytes, as acceptMessage keeps them: so that state() and kelRecord
        // can take the escrowed messages and the last establishment events of a stream given
        // whole (kept while escrowed or a KEL's last establishment event, else dropped)
        byte[] raw = new byte[m.length()];
        stream.getBytes(Math.toIntExact(start + m.offset()), raw);
        out.add(accept(m, 0, raw, DEFAULT_SOURCE));
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
   * With an {@link KelVerifierBuilder#executor executor} and more than one worker, the message's
   * signatures are checked on it ahead of the rules; without one, serially (a thread made per
   * message would cost more than it saves).
   *
   * @param message the bytes of one message, as the push parser frames it alone (cesrj's default
   *     options); if they do not frame, or frame to no message or to more than one, the verdict
   *     is {@link Status#REJECTED} with {@link Reason#BODY_ERROR}
   * @param offset the stream offset of the bytes' first byte; the verdict reports it after a
   *     genus-version code that leads them ({@link StreamOffsets})
   * @return the verdict at intake
   */
  public Verdict acceptMessage(byte[] message, long offset) {
    return acceptMessage(message, offset, DEFAULT_SOURCE);
  }

  /**
   * As {@link #acceptMessage(byte[], long)}, from the named source ({@link #accept(Message,
   * String)}).
   *
   * @param message the bytes of one message
   * @param offset the stream offset of the bytes' first byte; the verdict reports it after a
   *     genus-version code that leads them ({@link StreamOffsets})
   * @param source the message's source ({@link #DEFAULT_SOURCE} for none)
   * @return the verdict at intake
   */
  public Verdict acceptMessage(byte[] message, long offset, String source) {
    Objects.requireNonNull(source, "source");
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
      if (threads > 1 && executor != null) {
        // one message's signatures on the caller's executor; never a thread made per message
        return acceptBatch(List.of(Intake.of(first, offset - first.offset())), message, source)
            .get(0);
      }
      return accept(first, offset - first.offset(), message, source);
    } catch (CesrException e) {
      return rejectedAlone(offset, String.valueOf(e.getMessage()));
    } finally {
      buf.release();
    }
  }

  private Verdict rejectedAlone(long offset, String detail) {
    return kevery.rejected(offset, detail);
  }

  /**
   * Plans the signature checks of {@code messages} and starts them on the workers ({@link
   * VerifyThreads}): the key events' and receipts' checks, as {@link #acceptAll(List, long)}
   * plans those of its list, and the exchanges' ({@code exn}) checks against the keys of the
   * establishment event each signature group names (in the list, or accepted here: {@link
   * #keyStateAt}). While the returned batch is open, {@link #acceptAll(List, long)} over messages
   * of the list takes their verdicts instead of planning its own, and an {@link
   * dev.cesrj.keri.exchange.Exchanger} over this verifier takes those of the exchanges it is given
   * ({@link PlannedBatch#verdict}); any other message, and a check not planned, is verified
   * serially. So a caller that routes a run of messages by kind (as {@link
   * dev.cesrj.keri.credential.CredentialVerifier#acceptAll(List, long)} does) has all of the run's
   * signature checks on the workers while its rules run in stream order; the verdicts are those
   * of one worker. With one worker nothing is planned.
   *
   * @param messages framed messages whose buffers are valid until the batch is closed
   * @param offsetBase added to each message's offset, as {@link #acceptAll(List, long)} is given
   * @return the open batch: close it (try-with-resources) before this verifier is used otherwise
   * @throws IllegalStateException if a batch is open already
   */
  public PlannedBatch plan(List<Message> messages, long offsetBase) {
    if (open != null) {
      throw new IllegalStateException("a planned batch is open: close it first");
    }
    if (threads <= 1) {
      open = new PlannedBatch(this, Map.of(), offsetBase, null, kevery.entries.size());
      return open;
    }
    List<KeriEvent> events = new ArrayList<>(messages.size());
    List<Signatures> sigs = new ArrayList<>(messages.size());
    Map<Message, Intake> intakes = new IdentityHashMap<>();
    for (Message m : messages) {
      Intake in;
      try {
        in = Intake.of(m, offsetBase);
      } catch (RuntimeException e) {
        in = null; // not read here: its own path reads it and gives its verdict
      }
      events.add(in == null ? null : in.event());
      sigs.add(in == null ? null : in.sigs());
      if (in != null) {
        intakes.put(m, in);
      }
    }
    return start(events, sigs, intakes, offsetBase, messages);
  }

  /** {@return the batch open ({@link #plan}), if any: an exchanger takes its verdicts} */
  public Optional<PlannedBatch> openBatch() {
    return Optional.ofNullable(open);
  }

  /**
   * Accepts a batch in order: its signature checks start on the workers ({@link
   * SignatureBatch}) and the rules run serially on this thread meanwhile, taking each verdict
   * when it is done or verifying the check themselves if no worker has claimed it ({@link
   * PrecomputedVerdicts}). Within a batch opened by {@link #plan}, that batch's verdicts serve.
   */
  private List<Verdict> acceptBatch(List<Intake> batch, byte[] raw, String source) {
    if (open != null) {
      return rules(batch, raw, source);
    }
    List<KeriEvent> events = new ArrayList<>(batch.size());
    List<Signatures> sigs = new ArrayList<>(batch.size());
    for (Intake in : batch) {
      events.add(in.event());
      sigs.add(in.sigs());
    }
    PlannedBatch b = start(events, sigs, Map.of(), 0, null);
    boolean ruled = false;
    try {
      List<Verdict> out = rules(batch, raw, source);
      ruled = true;
      return out;
    } finally {
      b.close(ruled);
    }
  }

  private List<Verdict> rules(List<Intake> batch, byte[] raw, String source) {
    List<Verdict> out = new ArrayList<>(batch.size());
    for (Intake in : batch) {
      // raw: a batch of one's
      out.add(kevery.accept(in, in.raw() != null ? in.raw() : raw, source));
    }
    return out;
  }

  /**
   * Plans the batch's {@code events} and their {@code sigs} (its exchanges too if {@code messages} is given, kept under those
   * messages' identities) and starts its checks on the workers; the rules take the verdicts until
   * the returned batch is closed ({@link #closed}).
   */
  private PlannedBatch start(List<KeriEvent> events, List<Signatures> sigs,
      Map<Message, Intake> intakes, long offsetBase, List<Message> messages) {
    SignatureBatch plan = SignatureBatch.plan(events, sigs, p -> {
      Kever k = kevery.kever(p);
      return k == null ? null : new SignatureBatch.Keys(k.verfers, k.witnesses, k.toad);
    }, messages, this::establishmentKeys);
    int workers = VerifyThreads.clamp(threads, Runtime.getRuntime().availableProcessors(),
        plan.size(), executor == null);
    // the workers check in stream order while the rules run here (issue 31, item 2)
    PrecomputedVerdicts precomputed = workers > 1 ? plan.start(workers, executor, threadFactory)
        : null;
    retryVerdicts = null;
    if (precomputed != null) {
      precomputedReceiptChecks += plan.receiptChecks();
      precomputedExchangeChecks += plan.exchangeChecks();
    }
    kevery.precomputed(precomputed);
    open = new PlannedBatch(this, intakes, offsetBase, precomputed, kevery.entries.size());
    return open;
  }

  /** {@return the keys of the accepted establishment event {@code said} at {@code sn}, or null} */
  private List<dev.cesrj.keri.crypto.Verfer> establishmentKeys(String prefix, BigInteger sn,
      String said) {
    return keyStateAt(prefix, sn).filter(k -> k.atEstablishment() && k.said().equals(said))
        .map(KeyState::verfers).orElse(null);
  }

  /**
   * The batch {@code b} closes: the checks left are verified and the workers joined, its counts
   * added, and the verdicts over the bodies it left escrowed kept for the next retry.
   */
  void closed(PlannedBatch b, int first, boolean ruled) {
    open = null;
    kevery.precomputed(null);
    exchangeHits += b.exchangeHits();
    exchangeMisses += b.exchangeMisses();
    PrecomputedVerdicts precomputed = b.verdicts();
    if (precomputed != null) {
      if (!ruled) {
        precomputed.abandon();
      }
      precomputed.finish(); // the checks left, then the workers joined
      precomputedHits += precomputed.hits();
      precomputedMisses += precomputed.misses();
      precomputedSelfChecks += precomputed.selfChecks();
      precomputedVerifications += precomputed.verifications();
      precomputedPlanned += precomputed.size();
      if (ruled) {
        retryVerdicts = precomputed.retain(escrowedBodies(first));
      }
    }
  }

  /** {@return the bodies (by identity) of the messages from entry {@code first} on still escrowed} */
  private Set<Object> escrowedBodies(int first) {
    Set<Object> out = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Entry> entries = kevery.entries;
    for (int i = first; i < entries.size(); i++) {
      Entry x = entries.get(i);
      if (x.status == Status.ESCROWED && x.event != null) {
        out.add(x.event.body());
      }
    }
    return out;
  }

  /** {@return how many signature checks took a precomputed verdict so far (tests count them)} */
  long precomputedHits() {
    return precomputedHits;
  }

  /** {@return how many planned checks the rules' thread verified itself so far (tests)} */
  long precomputedSelfChecks() {
    return precomputedSelfChecks;
  }

  /** {@return how many planned checks were verified so far, by any thread (tests)} */
  long precomputedVerifications() {
    return precomputedVerifications;
  }

  /** {@return how many checks were planned in batches run on workers so far (tests)} */
  long precomputedPlanned() {
    return precomputedPlanned;
  }

  /** {@return how many retries' checks took a verdict of the batch before them (tests)} */
  long retryHits() {
    return retryHits;
  }

  /** {@return how many retries' checks, with a batch's verdicts kept, found none (tests)} */
  long retryMisses() {
    return retryMisses;
  }

  /** {@return how many receipt signature checks ran on the workers so far (tests count them)} */
  long precomputedReceiptChecks() {
    return precomputedReceiptChecks;
  }

  /** {@return how many exchanges' signature checks ran on the workers so far (tests count them)} */
  long precomputedExchangeChecks() {
    return precomputedExchangeChecks;
  }

  /** {@return how many exchange lookups took a planned verdict so far (tests count them)} */
  long exchangeHits() {
    return exchangeHits;
  }

  /** {@return how many exchange lookups in a planned batch found none so far (tests)} */
  long exchangeMisses() {
    return exchangeMisses;
  }

  /** {@return how many checks of a planned batch were verified serially so far (tests)} */
  long precomputedMisses() {
    return precomputedMisses;
  }

  private Verdict accept(Message m, long offsetBase, byte[] raw, String source) {
    return kevery.accept(Intake.of(m, offsetBase), raw, source);
  }

  /**
   * Retries the escrowed messages that can have changed until none can (keripy {@code
   * Kevery.processEscrows}, called until no change). Each pass takes them in order of sequence number (of the event, or
   * of the event a receipt receipts), then of arrival, as keripy's escrows are keyed by prefix
   * and sequence number: a log that arrives last event first is accepted in one pass, not one
   * pass per event. A message is retried once after it enters an escrow, then only when what it
   * waits for happens ({@code EscrowWait}): an event of its prefix accepted at its sequence number
   * or the one before (for a receipt: at the receipted event's; for a transferable receipt also
   * the signer's establishment event), receipt couples kept for its event (partially witnessed),
   * an event of its delegator accepted (partially delegated), its event entering the partially
   * witnessed escrow (a receipt with couples). The messages are indexed by these, so a retry costs
   * work in what changed, not in what is held: a flood of receipts for events nobody sent costs
   * each of them one retry. A message retried that stays in its escrow keeps the verdict it had.
   */
  public void processEscrows() {
    retryEscrows();
  }

  /**
   * Retries the escrows as {@link #processEscrows()} does and returns what changed. The first
   * retry after a batch checked on workers takes the verdicts that batch computed over the
   * messages it left escrowed (an event out of order, a partially witnessed event and the
   * receipts' couples that came after it), so those checks are not made again; the verdicts are
   * the serial ones either way (issue 31; {@code docs/adr/0002-verify-threads.md}).
   *
   * @return the new verdict of each message whose status or escrow the retries changed (accepted,
   *     rejected, or moved to another escrow), and of each message evicted for room ({@link
   *     Reason#ESCROW_EVICTED}) since the last call, once per message, by index
   */
  public List<Verdict> retryEscrows() {
    PrecomputedVerdicts p = retryVerdicts;
    if (p == null || open != null) { // within an open batch its verdicts serve
      return kevery.retryEscrows();
    }
    retryVerdicts = null;
    kevery.precomputed(p);
    try {
      return kevery.retryEscrows();
    } finally {
      kevery.precomputed(null);
      retryHits += p.hits();
      retryMisses += p.misses();
    }
  }

  /** {@return the receipt couples verified so far, one count per verification (tests count work)} */
  long coupleChecks() {
    return kevery.receipts().coupleChecks();
  }

  /** {@return the escrowed messages retried so far, one count per retry (tests count work)} */
  long retries() {
    return kevery.retries();
  }

  /** {@return the escrowed messages woken by a change so far (tests count work)} */
  long woken() {
    return kevery.escrows.woken();
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
    return kevery.expire(beforeIndex);
  }

  /** {@return the witness-list set probes made so far (tests show the work is linear)} */
  long witnessProbes() {
    return kevery.witnessProbes();
  }

  /**
   * {@return the number of messages escrowed now}
   */
  public int escrowedCount() {
    return kevery.escrows.size();
  }

  /**
   * {@return the heap bytes counted for what the escrows hold now ({@link
   * EscrowLimits#retained(Message)}): the escrowed messages and the receipt couples kept}
   */
  public long escrowedBytes() {
    return kevery.escrows.cost() + kevery.receipts().bytes();
  }

  /**
   * {@return the index the next message gets ({@link Verdict#index()}): the number of messages
   * this verifier, and the verifiers whose state it was restored from, took so far}; {@link
   * VerifierState#nextIndex()} without taking the state (what {@link #expire(long)} takes as its
   * mark).
   */
  public int nextIndex() {
    return kevery.nextIndex;
  }

  // --- state as values --------------------------------------------------------------------------

  /**
   * Takes what this verifier holds as values ({@link VerifierState}): restored with
   * {@link #restore(VerifierState, EscrowLimits)}, it goes on as this one would. The verdicts of
   * messages already accepted or rejected are not in it.
   *
   * @return the state
   * @throws IllegalStateException if an escrowed message or a KEL's last establishment event was
   *     given as a framed {@link Message} ({@link #accept(Message)}, {@link #accept(Framed)}),
   *     whose bytes the verifier cannot take: feed a verifier whose state you take with {@link
   *     #acceptMessage(byte[], long)} or {@link #acceptAll(ByteBuf)}
   */
  public VerifierState state() {
    return KeveryState.of(kevery);
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
    return kevery.takeChangedKels();
  }

  /**
   * {@return the accepted KEL of {@code prefix} as {@link #state()} holds it, if its inception is
   * accepted}: the cost of that one KEL (its last establishment message, about 100 bytes per
   * accepted event), not of the others.
   *
   * @param prefix a prefix (qb64)
   * @throws IllegalStateException if its last establishment event was given as a framed {@link
   *     Message} ({@link #accept(Message)}, {@link #accept(Framed)}), not with {@link
   *     #acceptMessage(byte[], long)} or {@link #acceptAll(ByteBuf)}
   */
  public Optional<VerifierState.KelRecord> kelRecord(String prefix) {
    return KeveryState.kelRecord(kevery, prefix);
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
    Kever k = kevery.kever(prefix);
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
    return KeveryState.withoutKels(kevery);
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
    return restored(state, new KelVerifier(limits));
  }

  /** {@return {@code v}, a new verifier, with {@code state} restored into it} */
  static KelVerifier restored(VerifierState state, KelVerifier v) {
    KeveryState.restore(state, v.kevery);
    return v;
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
    List<Verdict> out = new ArrayList<>(kevery.entries.size());
    for (Entry x : kevery.entries) {
      out.add(x.verdict());
    }
    return out;
  }

  /**
   * {@return the events of {@code prefix} that recovery rotations superseded, in order: seen and
   * accepted once, now off its trunk (empty if none, or if its inception is not accepted)}; kept
   * for this verifier's life, not in its {@link VerifierState}.
   *
   * @param prefix a prefix (qb64)
   */
  public List<SupersededEvent> superseded(String prefix) {
    Kever k = kevery.kever(prefix);
    return k == null ? List.of() : List.copyOf(k.superseded);
  }

  /** {@return the signature checks the pooled-signature judgments ran (a count, for tests)} */
  long signatureChecks() {
    return kevery.pool().checks();
  }

  /** {@return the key state of every prefix with an accepted inception, in order of inception} */
  public Map<String, KeyState> keyStates() {
    Map<String, KeyState> out = new LinkedHashMap<>();
    for (Kever k : kevery.kevers.values()) {
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
    Kever k = kevery.kever(prefix);
    return k == null ? Optional.empty() : Optional.of(k.state());
  }

  /**
   * {@return the key state of {@code prefix} at its accepted event {@code sn}: the keys,
   * thresholds, witnesses and toad of the establishment event in force there (the last at or
   * before {@code sn}), with that event's sn, SAID and ilk}; empty if {@code prefix} has no
   * accepted event at {@code sn} on its trunk (never accepted, or superseded by a recovery
   * rotation), or if this verifier was restored from a {@link VerifierState} and {@code sn} is
   * before the KEL's last establishment event at that time (a {@link VerifierState.KelRecord}
   * keeps that one only). What a credential anchored at {@code sn}, or an {@code exn} signed at
   * the establishment event {@code sn}, is verified against (keripy {@code
   * src/keri/db/basing.py} {@code Baser.resolveVerifiers}). Costs one map look-up: the verifier
   * keeps one key state per accepted establishment event, not per event.
   *
   * @param prefix a prefix (qb64)
   * @param sn a sequence number
   */
  public Optional<KeyState> keyStateAt(String prefix, BigInteger sn) {
    Kever k = kevery.kever(prefix);
    return k == null ? Optional.empty() : Optional.ofNullable(k.stateAt(sn));
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
    Kever k = kevery.kever(prefix);
    Kever.Logged a = k == null ? null : k.events.get(sn);
    return a == null ? Optional.empty()
        : Optional.of(new VerifierState.AcceptedEvent(sn, a.said(), a.seals()));
  }
}
