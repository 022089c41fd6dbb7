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
import dev.cesrj.keri.crypto.Diger;
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
 * <p>Receipts ({@code rct}): accepted when the receipted event is accepted (non-transferable
 * couples then count toward its witnesses' {@code bt}; transferable groups need the signer's
 * establishment event accepted, else they wait in {@link Escrow#UNVERIFIED_TRANSFERABLE_RECEIPT});
 * for an event not accepted yet they wait in the escrow of their first kind of signature
 * (couples, witness signatures, transferable groups), and a receipt with only other groups is
 * rejected. A receipt waits for its event, and its signatures count toward that event's
 * {@code bt} meanwhile: witness signatures by their index in the event's witness list, couples by
 * key (the KERI specification's receipt escrows; keripy HEAD {@code processReceiptWitness},
 * {@code processEscrowUnverWitness}). Its own verdict is {@link Status#ACCEPTED} once its event is
 * accepted, on the retry after; it stays escrowed while the event is not, and expires with
 * {@link #expire(long)}. keripy 2.0.0-dev6 (the oracle of the KEL mutant set A) never retried
 * {@link Escrow#UNVERIFIED_WITNESS_RECEIPT} and rejected a receipt with couples for a partially
 * witnessed event on retry; cesrj no longer does either. A receipt's verdict says whether it could
 * be processed, as
 * keripy's {@code processReceipt} and {@code processReceiptTrans} do: a couple counts toward
 * {@code bt} only if its signature verifies, but the signatures of a receipt for an event already
 * accepted, couples or transferable groups, are not checked here, since they change no key state
 * (keripy checks them to store them, drops those that fail, and rejects a transferable receipt
 * whose signature index is past the signer's keys; cesrj accepts it).
 *
 * <p>Differences from keripy: a body or SAID error rejects that message only (keripy's parser
 * drops the rest of the stream); a duplicitous event is rejected (keripy HEAD tries to escrow it
 * as likely duplicitous, fails, and drops it); messages other than key events and receipts are
 * rejected with {@link Reason#NOT_A_KEY_EVENT} (an {@code exn} is verified by a {@link
 * dev.cesrj.keri.exchange.Exchanger} over this verifier's key states).
 *
 * <p>Escrow policy (issue 28: escrows that cannot be flooded shut). keripy keeps its escrows in
 * LMDB with no count bound and drops an escrowed message only on timeout; cesrj keeps them on the
 * heap and bounds them ({@link EscrowLimits}): in messages and in estimated heap bytes ({@link
 * EscrowLimits#retained(Message)}), in all, per prefix and per source (the caller's name for
 * where a message came from, {@link #accept(Message, String)}; {@link #DEFAULT_SOURCE} for the
 * calls without one). A message that would pass a bound evicts, among the messages that bound
 * counts, those of the lowest {@link EscrowStanding} first (receipts of events not accepted, then
 * events out of order and inceptions, which anyone can mint signed, then events with a
 * controller signature verified against an accepted log), oldest first, never one of higher
 * standing than itself; for a prefix's bound, first from the source holding the most of that
 * prefix, and for the total, first from the source holding the most. An
 * evicted message becomes {@link Status#REJECTED} with {@link Reason#ESCROW_EVICTED} (the next
 * {@link #retryEscrows()} reports it); if no room can be made the newcomer is {@link
 * Status#REJECTED} with {@link Reason#ESCROW_FULL}. Neither was judged: nothing remembers such a
 * message, and sent again it is processed afresh. Escrowed messages are indexed by what they wait
 * for ({@code EscrowWait}) and a retry takes only those a change woke, so the work of retrying
 * after every message is linear in the messages, not in their product.
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
  private static final String NOT_ACCEPTED = "receipted event not accepted";
  private final EscrowLimits limits;
  private final List<Entry> entries = new ArrayList<>();
  /** The index of the next message ({@link Verdict#index()}). */
  private int nextIndex;
  /** The escrowed entries, indexed by arrival, by what they wait for, by prefix and source. */
  private final Escrows escrows;
  /** Entries evicted for room since the last {@link #retryEscrows()}, which reports them. */
  private final List<Entry> evicted = new ArrayList<>();
  /** Entries retried so far (tests count the work). */
  private long retries;
  private final Map<String, Kel> kels = new LinkedHashMap<>();
  /**
   * Non-transferable receipt couples kept for events not accepted yet, by receipted event
   * "prefix/said", each couple once (by key and signature): they count toward that event's
   * {@code bt} when it is processed, and are dropped when it is accepted.
   */
  private final Map<String, Map<String, Cigar>> receipts = new LinkedHashMap<>();
  /**
   * Whether each kept couple verifies, by the key of {@link #receipts} then couple id, once
   * checked: a couple names its key and signs its event's body (fixed by the SAID), so its verdict
   * never changes, and a flood of couples for a partially witnessed event costs each of them one
   * verification, not one per retry of the event. Dropped with the couples.
   */
  private final Map<String, Map<String, Boolean>> coupleVerdicts = new HashMap<>();
  /** How many escrowed receipts hold each kept couple, by the key of {@link #receipts}, id. */
  private final Map<String, Map<String, Integer>> coupleHolders = new HashMap<>();
  /** Receipt couple verifications run so far (tests count work). */
  private long coupleChecks;
  /** A count of changes, and the count at the last change of each prefix (see processEscrows). */
  private long clock;
  private final Map<String, Long> changedAt = new HashMap<>();
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
  /** The heap bytes counted for the couples in {@link #receipts}, within maxBytes. */
  private long receiptBytes;
  /** The signatures of the escrowed messages, by the event they sign or receipt. */
  private final SignaturePool pool = new SignaturePool();
  /** The configured bound on signature-checking workers ({@link VerifyThreads}), unclamped. */
  private final int threads;
  /** The caller's executor for the extra workers, or null for threads made per call. */
  private final java.util.concurrent.Executor executor;
  /** The verdicts precomputed for the batch being accepted, else null (the serial path). */
  private PrecomputedVerdicts precomputed;
  /** Lookups of precomputed verdicts that hit, over the verifier's life (tests count them). */
  private long precomputedHits;
  /** Checks of a batch verified serially: not precomputed, or not for the key the rules use. */
  private long precomputedMisses;

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
    this(limits, VerifyThreads.configured(java.util.OptionalInt.empty()), null);
  }

  KelVerifier(EscrowLimits limits, int threads, java.util.concurrent.Executor executor) {
    this.limits = limits;
    this.escrows = new Escrows(limits);
    this.threads = threads;
    this.executor = executor;
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
    return accept(m, 0, null, java.util.Objects.requireNonNull(source, "source"));
  }

  /**
   * Validates the messages of one result of the push parser ({@link CesrStreamParser#feed} or
   * {@link CesrStreamParser#endOfInput()}, or a Netty decoder's frame of it), in order, as
   * {@link #accept(Message)} does, each verdict with its stream offset ({@link
   * Framed#offsetBase()} plus the message's offset, also past the parser's first GiB). Its
   * signatures are checked on the workers first, as {@link #acceptAll(ByteBuf)} does. A framing
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
    java.util.Objects.requireNonNull(source, "source");
    if (threads > 1) {
      List<Intake> batch = new ArrayList<>(framed.messages().size());
      for (Message m : framed.messages()) {
        batch.add(intake(m, framed.offsetBase()));
      }
      return acceptBatch(batch, null, source);
    }
    List<Verdict> out = new ArrayList<>(framed.messages().size());
    for (Message m : framed.messages()) {
      out.add(accept(m, framed.offsetBase(), null, source));
    }
    return out;
  }

  /**
   * As {@link #accept(Framed)}, over messages the caller framed: the signature checks of the
   * list run on the workers first ({@link VerifyThreads}), then the rules, in order.
   *
   * @param messages framed messages whose buffers are valid for this call
   * @param offsetBase added to each message's offset in its verdict
   * @return the verdicts at intake, one per message, in order
   */
  public List<Verdict> acceptAll(List<Message> messages, long offsetBase) {
    if (threads > 1) {
      List<Intake> batch = new ArrayList<>(messages.size());
      for (Message m : messages) {
        batch.add(intake(m, offsetBase));
      }
      return acceptBatch(batch, null, DEFAULT_SOURCE);
    }
    List<Verdict> out = new ArrayList<>(messages.size());
    for (Message m : messages) {
      out.add(accept(m, offsetBase, null, DEFAULT_SOURCE));
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
   * signatures are checked on the workers, then the rules run in order over their verdicts:
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
          batch.add(intake(m, 0, raw));
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
    java.util.Objects.requireNonNull(source, "source");
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
        return acceptBatch(List.of(intake(first, offset - first.offset())), message, source)
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
    Entry x = new Entry(nextIndex++, offset, null, null, List.of(), 0);
    entries.add(x);
    x.set(Status.REJECTED, null, Reason.BODY_ERROR, detail);
    return settled(x);
  }

  /**
   * One framed message read into its event and signatures (or the reason it could not be), and
   * its own bytes where they are kept ({@link #acceptMessage}, {@link #acceptAll(ByteBuf)}).
   */
  private record Intake(long offset, KeriEvent event, Signatures sigs, List<SealSource> seals,
      int length, CesrException error, byte[] raw) {
  }

  private static Intake intake(Message m, long offsetBase) {
    return intake(m, offsetBase, null);
  }

  private static Intake intake(Message m, long offsetBase, byte[] raw) {
    long offset = StreamOffsets.of(m, offsetBase);
    try {
      KeriEvent ev = KeriEvents.of(m);
      Signatures sigs = Signatures.of(m);
      return new Intake(offset, ev, sigs, sealSources(m), m.length(), null, raw);
    } catch (CesrException e) {
      return new Intake(offset, null, null, List.of(), 0, e, raw);
    }
  }

  /**
   * Accepts a batch in order, its signatures checked first on the workers ({@link
   * SignatureBatch}) and the rules then run serially over the precomputed verdicts.
   */
  private List<Verdict> acceptBatch(List<Intake> batch, byte[] raw, String source) {
    List<KeriEvent> events = new ArrayList<>(batch.size());
    List<Signatures> sigs = new ArrayList<>(batch.size());
    for (Intake in : batch) {
      events.add(in.event());
      sigs.add(in.sigs());
    }
    SignatureBatch plan = SignatureBatch.plan(events, sigs, p -> {
      Kel k = kels.get(p);
      return k == null ? null : new SignatureBatch.Keys(k.verfers, k.witnesses, k.toad);
    });
    int workers = VerifyThreads.clamp(threads, Runtime.getRuntime().availableProcessors(),
        plan.size());
    precomputed = workers > 1 ? plan.run(workers, executor) : null;
    List<Verdict> out = new ArrayList<>(batch.size());
    try {
      for (Intake in : batch) {
        out.add(accept(in, in.raw() != null ? in.raw() : raw, source)); // raw: a batch of one's
      }
    } finally {
      if (precomputed != null) {
        precomputedHits += precomputed.hits();
        precomputedMisses += precomputed.misses();
      }
      precomputed = null;
    }
    return out;
  }

  /** {@return how many signature checks took a precomputed verdict so far (tests count them)} */
  long precomputedHits() {
    return precomputedHits;
  }

  /** {@return how many checks of a planned batch were verified serially so far (tests)} */
  long precomputedMisses() {
    return precomputedMisses;
  }

  /** Verifies {@code s} by {@code key} over {@code ser}, the bytes of {@code body}. */
  private boolean check(Object body, Verfer key, Siger s, byte[] ser) {
    PrecomputedVerdicts p = precomputed;
    return p != null ? p.verify(body, key, s, ser) : key.verify(s.raw(), ser);
  }

  private Verdict accept(Message m, long offsetBase, byte[] raw, String source) {
    return accept(intake(m, offsetBase), raw, source);
  }

  private Verdict accept(Intake in, byte[] raw, String source) {
    int index = nextIndex++;
    long offset = in.offset();
    if (in.error() != null) {
      Entry x = new Entry(index, offset, null, null, List.of(), 0);
      entries.add(x);
      x.set(Status.REJECTED, null, Reason.BODY_ERROR, String.valueOf(in.error().getMessage()));
      return settled(x);
    }
    KeriEvent ev = in.event();
    Entry x = new Entry(index, offset, ev, in.sigs(), in.seals(), in.length());
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
   * Retries the escrows as {@link #processEscrows()} does and returns what changed.
   *
   * @return the new verdict of each message whose status or escrow the retries changed (accepted,
   *     rejected, or moved to another escrow), and of each message evicted for room ({@link
   *     Reason#ESCROW_EVICTED}) since the last call, once per message, by index
   */
  public List<Verdict> retryEscrows() {
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

  /** {@return the receipt couples verified so far, one count per verification (tests count work)} */
  long coupleChecks() {
    return coupleChecks;
  }

  /** {@return the escrowed messages retried so far, one count per retry (tests count work)} */
  long retries() {
    return retries;
  }

  /** {@return the escrowed messages woken by a change so far (tests count work)} */
  long woken() {
    return escrows.woken();
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

  /** {@return the witness-list set probes made so far (tests show the work is linear)} */
  long witnessProbes() {
    return witnessLists.probes();
  }

  /**
   * {@return the number of messages escrowed now}
   */
  public int escrowedCount() {
    return escrows.size();
  }

  /**
   * {@return the heap bytes counted for what the escrows hold now ({@link
   * EscrowLimits#retained(Message)}): the escrowed messages and the receipt couples kept}
   */
  public long escrowedBytes() {
    return escrows.cost() + receiptBytes;
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
   *     given as a framed {@link Message} ({@link #accept(Message)}, {@link #accept(Framed)}),
   *     whose bytes the verifier cannot take: feed a verifier whose state you take with {@link
   *     #acceptMessage(byte[], long)} or {@link #acceptAll(ByteBuf)}
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
    List<VerifierState.HeldMessage> hs = new ArrayList<>(escrows.size());
    for (Entry x : escrows.entries()) {
      if (x.raw == null) {
        throw new IllegalStateException("escrowed message " + x.index
            + " was not given with acceptMessage");
      }
      hs.add(new VerifierState.HeldMessage(x.index, x.offset, x.raw, x.retried, x.triedAt,
          x.escrow, x.reason, x.detail, x.source));
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
   * @throws IllegalStateException if its last establishment event was given as a framed {@link
   *     Message} ({@link #accept(Message)}, {@link #accept(Framed)}), not with {@link
   *     #acceptMessage(byte[], long)} or {@link #acceptAll(ByteBuf)}
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
    for (Entry x : escrows.entries()) {
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
    return restored(state, new KelVerifier(limits));
  }

  /** {@return {@code v}, a new verifier, with {@code state} restored into it} */
  static KelVerifier restored(VerifierState state, KelVerifier v) {
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
      k.lastEstablishment = e.sn();
      k.lastEstablishmentIlk = e.ilk();
      for (VerifierState.AcceptedEvent a : r.events()) {
        k.events.put(a.sn(), new Accepted(a.said(), a.seals()));
      }
      k.keepEstablishment(e.said());
      v.kels.put(k.prefix, k);
    }
    for (VerifierState.HeldMessage h : state.held()) {
      Entry x = held(h);
      x.retried = h.retried();
      x.triedAt = h.triedAt();
      x.source = h.source();
      x.set(Status.ESCROWED, h.escrow(), h.reason(), h.detail());
      v.entries.add(x);
      x.standing = EscrowStanding.of(x.escrow, x.event.ilk());
      x.cost = RetainedSize.of(x.event, x.bytes);
      // retried at the next pass if never retried, or if what it depends on changed since its
      // last try (the change counts of the state: a superset of its waits)
      v.escrows.add(x, v.waits(x), !x.retried || v.dependsOnChange(x));
      v.pool(x);
    }
    for (VerifierState.KeptCouple c : state.couples()) {
      String id = c.key() + c.signature();
      v.receipts.computeIfAbsent(c.event(), k -> new LinkedHashMap<>())
          .put(id, new Cigar(Verfer.of(c.key()), c.signature(), c.offset()));
      v.receiptBytes += coupleCost(id);
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

  /**
   * {@return the events of {@code prefix} that recovery rotations superseded, in order: seen and
   * accepted once, now off its trunk (empty if none, or if its inception is not accepted)}; kept
   * for this verifier's life, not in its {@link VerifierState}.
   *
   * @param prefix a prefix (qb64)
   */
  public List<SupersededEvent> superseded(String prefix) {
    Kel k = kels.get(prefix);
    return k == null ? List.of() : List.copyOf(k.superseded);
  }

  /** {@return the signature checks the pooled-signature judgments ran (a count, for tests)} */
  long signatureChecks() {
    return pool.checks();
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
    Kel k = kels.get(prefix);
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
      if (unsigned(x)) {
        return;
      }
      if (!witnessLists.valid(icp.witnesses(), icp.toad())) {
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
      if (di.isPresent() && delegated(x, di.get()) == null) {
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
    String prior = kel.said;
    boolean recovery = false;
    if (sn.compareTo(next) < 0) {
      Accepted a = kel.events.get(sn);
      if (a != null && a.said.equals(ev.said())) {
        if (x.status == Status.ESCROWED && (x.escrow == Escrow.PARTIALLY_SIGNED
            || x.escrow == Escrow.PARTIALLY_WITNESSED)) {
          // a copy that waited for signatures: its own went into the pool that completed it
          x.set(Status.ACCEPTED, null, Reason.NONE,
              "accepted at sn " + sn + " with the signatures pooled from its copies");
        } else {
          x.set(Status.REJECTED, null, Reason.DUPLICATE, "already accepted at sn " + sn);
        }
        return;
      }
      Optional<String> refusal = Recovery.refusal(ev.ilk(), sn, kel.lastEstablishment,
          kel.lastEstablishmentIlk);
      if (refusal.isPresent()) {
        x.set(Status.REJECTED, null, Reason.DUPLICITOUS,
            "another event accepted at sn " + sn + ": " + refusal.get());
        return;
      }
      Accepted before = kel.events.get(sn.subtract(BigInteger.ONE));
      if (before == null) { // a KEL restored from a record without its events
        x.set(Status.REJECTED, null, Reason.INVALID_SEQUENCE, "no accepted event before sn " + sn);
        return;
      }
      prior = before.said;
      recovery = true;
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
    if (!ev.prior().orElse("").equals(prior)) {
      x.set(Status.REJECTED, null, Reason.INVALID_SEQUENCE,
          "p " + ev.prior().orElse("") + " is not " + prior);
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
    if (unsigned(x)) {
      return;
    }
    List<String> wits = witnessLists.rotate(kel.witnesses, rot.cuts(), rot.adds()).orElse(null);
    if (wits == null || !witnessLists.valid(wits, rot.toad())) {
      x.set(Status.REJECTED, null, Reason.INVALID_WITNESSES, "bad br, ba or bt");
      return;
    }
    if (!signed(x, rot.verfers(), rot.signingThreshold(), kel, wits)) {
      return;
    }
    if (!witnessed(x, wits, rot.toad())) {
      return;
    }
    if (kel.delegator.isPresent()) {
      Anchor anchor = delegated(x, kel.delegator.get());
      if (anchor == null) {
        return;
      }
      if (recovery && Recovery.supersedesRotation(rot.ilk(), sn, kel.lastEstablishment)
          && !laterDelegation(x, kel, anchor)) {
        return;
      }
    }
    if (recovery) {
      kel.supersede(sn);
    }
    kel.add(rot, wits, x.raw);
    accepted(x, ev);
  }

  /** Accepts a key event: the receipt couples kept for it are no longer needed. */
  private void accepted(Entry x, KeyEvent ev) {
    x.set(Status.ACCEPTED, null, Reason.NONE, "");
    changed(ev.prefix());
    kelChanges.add(ev.prefix());
    escrows.wake(EscrowWait.eventAt(ev.prefix(), ev.sn()));
    escrows.wake(EscrowWait.delegator(ev.prefix()));
    Map<String, Cigar> kept = receipts.remove(ev.prefix() + "/" + ev.said());
    coupleVerdicts.remove(ev.prefix() + "/" + ev.said());
    coupleHolders.remove(ev.prefix() + "/" + ev.said());
    if (kept != null) {
      for (String id : kept.keySet()) {
        receiptBytes -= coupleCost(id);
      }
    }
  }

  /**
   * Rejects an establishment event with no controller signature attached before any work that
   * grows with its witness lists (keripy checks its witnesses first, {@code Kever.rotate}, and
   * rejects such an event in {@code Kever.validateSigsDelWigs}: rejected either way; the reason
   * here is {@link Reason#MISSING_SIGNATURES}).
   *
   * @return true if it was rejected
   */
  private static boolean unsigned(Entry x) {
    if (x.sigs.byRole(SignatureRole.CONTROLLER).isEmpty()) {
      x.set(Status.REJECTED, null, Reason.MISSING_SIGNATURES, "no controller signatures");
      return true;
    }
    return false;
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
    String event = x.eventKey();
    for (Siger s : controllerSigers(x)) {
      verifyInto(x, event, s, keys, ser, ok, verified);
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
    for (Siger s : pool.controller(event)) {
      verifyInto(x, event, s, keys, ser, ok, verified); // the signatures its escrowed copies carry
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
   * Adds {@code s} to {@code verified}, and its key's index to {@code ok}, if it verifies (once
   * per pooled event: {@link SignaturePool#verifies}) and brings something new: a key index not in
   * {@code ok} yet, or an ondex no verified signature has. A key counts once toward {@code kt}
   * (its index in {@code ok}), but each of its verified signatures may expose a prior next key by
   * its ondex, as keripy {@code src/keri/core/eventing.py} {@code Kever.exposeds} reads the ondex
   * of every verified signature ({@code verifySigs} keeps them unique by qb64): a key that signs
   * current-only ({@code B}) and again with both indexes ({@code A}) exposes its prior next key.
   */
  private void verifyInto(Entry x, String event, Siger s, List<Verfer> keys, byte[] ser,
      Set<Integer> ok, List<Siger> verified) {
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
    if (pool.verifies(event, "c", s, () -> check(x.event.body(), keys.get(i), s, ser))) {
      ok.add(i);
      verified.add(s);
    }
  }

  /**
   * Rejects an establishment event ({@code icp}, {@code dip}, {@code rot}, {@code drt}) whose
   * {@code kt} needs more keys than {@code k} lists (keripy {@code src/keri/core/eventing.py}
   * {@code Kever.incept}, {@code Kever.rotate}: "Invalid sith ... for keys") or whose {@code nt}
   * needs more next keys than {@code n} lists (keripy {@code eventing.py} {@code state}, called by
   * {@code Kever.state} when the event is logged: "Invalid nsith = ... for keys"). Both are
   * rejections, not escrows: no signature can mend them.
   *
   * @return true if both thresholds fit their lists
   */
  private static boolean thresholdFits(Entry x, EstablishmentEvent e) {
    if (e.signingThreshold().size() > e.keys().size()) {
      x.set(Status.REJECTED, null, Reason.INVALID_THRESHOLD,
          "kt " + e.signingThreshold() + " needs more than the " + e.keys().size() + " keys");
      return false;
    }
    if (e.nextThreshold().size() > e.nextKeyDigests().size()) {
      x.set(Status.REJECTED, null, Reason.INVALID_THRESHOLD,
          "nt " + e.nextThreshold() + " needs more than the " + e.nextKeyDigests().size()
              + " next key digests");
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
    String event = x.eventKey();
    List<Siger> wigs = witnessSigers(x);
    wigs.addAll(pool.witness(event)); // its escrowed copies' and receipts' signatures
    for (Siger s : wigs) {
      if (s.index() < wits.size() && !ok.contains(wits.get(s.index()))) {
        try {
          Verfer v = witnessKey(wits.get(s.index()));
          if (pool.verifies(event, "w", s, () -> check(ev.body(), v, s, ser))) {
            ok.add(wits.get(s.index()));
          }
        } catch (CesrException e) {
          // a witness prefix that is not a key verifies nothing
        }
      }
    }
    Map<String, Cigar> kept = receipts.getOrDefault(ev.prefix() + "/" + ev.said(), Map.of());
    Set<String> witSet = kept.isEmpty() ? Set.of() : witnessLists.lookup(wits);
    Map<String, Boolean> known = kept.isEmpty() ? Map.of()
        : coupleVerdicts.computeIfAbsent(ev.prefix() + "/" + ev.said(), k -> new HashMap<>());
    for (Map.Entry<String, Cigar> kc : kept.entrySet()) {
      // a witness counted already needs no other couple; each couple is verified once
      Cigar c = kc.getValue();
      String w = c.verfer().qb64();
      if (!ok.contains(w) && witSet.contains(w)) {
        Boolean verifies = known.get(kc.getKey());
        if (verifies == null) {
          coupleChecks++;
          verifies = c.verify(ser);
          known.put(kc.getKey(), verifies);
        }
        if (verifies) {
          ok.add(w);
        }
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

  /**
   * The delegator's accepted event that anchors {@code x}, or null (then {@code x} is rejected or
   * escrowed here).
   */
  private Anchor delegated(Entry x, String delegator) {
    KeyEvent ev = (KeyEvent) x.event;
    Kel d = kels.get(delegator);
    if (d != null && d.doNotDelegate) {
      x.set(Status.REJECTED, null, Reason.DO_NOT_DELEGATE, delegator + " has the DND trait");
      return null;
    }
    if (d != null) {
      List<BigInteger> candidates = new ArrayList<>();
      if (!x.sealSources.isEmpty()) {
        for (SealSource s : x.sealSources) {
          Accepted a = d.events.get(s.sn);
          if (a != null && a.said.equals(s.said)) {
            candidates.add(s.sn);
          }
        }
      }
      if (candidates.isEmpty() && x.retried) {
        candidates.addAll(d.events.keySet());
      }
      for (BigInteger sn : candidates) {
        Accepted a = d.events.get(sn);
        int seal = sealIndex(a.seals, ev.prefix(), ev.sn(), ev.said());
        if (seal >= 0) {
          return new Anchor(sn, a.said, seal);
        }
      }
    }
    escrow(x, Escrow.PARTIALLY_DELEGATED, Reason.MISSING_DELEGATION,
        "no seal of " + ev.said() + " in " + delegator + "'s accepted events");
    return null;
  }

  /**
   * Whether the delegated rotation {@code x}, anchored at {@code anchor}, may supersede the
   * delegated rotation accepted at its sequence number (keripy {@code Kever.validateDelegation},
   * rules B1 and B2, {@link Recovery#laterDelegation}); escrows it as partially delegated if the
   * superseded rotation's anchor is not among the delegator's accepted events, rejects it if its
   * anchor is not later.
   */
  private boolean laterDelegation(Entry x, Kel kel, Anchor anchor) {
    KeyEvent ev = (KeyEvent) x.event;
    Accepted superseded = kel.events.get(ev.sn());
    String old = superseded == null ? "" : superseded.said;
    Kel d = kels.get(kel.delegator.orElseThrow());
    Anchor original = null;
    for (var e : d.events.entrySet()) {
      int seal = sealIndex(e.getValue().seals, ev.prefix(), ev.sn(), old);
      if (seal >= 0) {
        original = new Anchor(e.getKey(), e.getValue().said, seal);
        break;
      }
    }
    if (original == null) {
      escrow(x, Escrow.PARTIALLY_DELEGATED, Reason.MISSING_DELEGATION,
          "no seal of the superseded " + old + " in " + d.prefix + "'s accepted events");
      return false;
    }
    Optional<String> refusal = Recovery.laterDelegation(anchor.sn, anchor.said, anchor.seal,
        original.sn, original.said, original.seal);
    if (refusal.isPresent()) {
      x.set(Status.REJECTED, null, Reason.DUPLICITOUS,
          "another event accepted at sn " + ev.sn() + ": " + refusal.get());
      return false;
    }
    return true;
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
  private static int sealIndex(List<VerifierState.EventSeal> seals, String prefix, BigInteger sn,
      String said) {
    String snh = sn.toString(16);
    for (int i = 0; i < seals.size(); i++) {
      VerifierState.EventSeal seal = seals.get(i);
      if (seal.prefix().equals(prefix) && seal.sn().equals(snh) && seal.said().equals(said)) {
        return i;
      }
    }
    return -1;
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
    if (!cigars.isEmpty()) {
      String key = rct.prefix() + "/" + rct.said();
      Map<String, Cigar> kept = receipts.getOrDefault(key, Map.of());
      Map<String, Cigar> fresh = new LinkedHashMap<>();
      Set<String> shared = new LinkedHashSet<>();
      boolean holds = x.couples != null; // retried: what it brought is kept while it holds it
      long freshBytes = 0;
      for (SignatureGroup g : cigars) {
        for (Cigar c : g.cigars()) {
          String id = c.verfer().qb64() + c.qb64();
          if (kept.containsKey(id)) {
            if (!holds) {
              shared.add(id);
            }
          } else if (fresh.putIfAbsent(id, c) == null) {
            freshBytes += coupleCost(id);
          }
        }
      }
      escrow(x, Escrow.UNVERIFIED_RECEIPT, Reason.UNVERIFIED_RECEIPT, NOT_ACCEPTED, freshBytes);
      if (x.status == Status.ESCROWED && !holds && (!fresh.isEmpty() || !shared.isEmpty())) {
        receipts.computeIfAbsent(key, k -> new LinkedHashMap<>()).putAll(fresh);
        receiptBytes += freshBytes;
        // every receipt bringing a couple holds it, so the couple stays while one of them is
        // escrowed: an evicted relay of a receipt does not take the honest copy's couples
        Set<String> all = new LinkedHashSet<>(fresh.keySet());
        all.addAll(shared);
        Map<String, Integer> holders = coupleHolders.computeIfAbsent(key, k -> new HashMap<>());
        for (String id : all) {
          holders.merge(id, 1, Integer::sum);
        }
        x.couples = key;
        x.coupleIds = List.copyOf(all);
        if (!fresh.isEmpty()) {
          changed(rct.prefix());
          escrows.wake(EscrowWait.couplesFor(rct.prefix(), rct.said()));
        }
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

  private void escrow(Entry x, Escrow e, Reason r, String detail) {
    escrow(x, e, r, detail, 0);
  }

  /**
   * Escrows {@code x}, evicting for room what {@link EscrowLimits} says, or turns it away with
   * {@link Reason#ESCROW_FULL} if no room can be made for it and {@code extra} heap bytes
   * (receipt couples it brings).
   */
  private void escrow(Entry x, Escrow e, Reason r, String detail, long extra) {
    EscrowStanding standing = EscrowStanding.of(e, x.event.ilk());
    long cost = x.cost > 0 ? x.cost : RetainedSize.of(x.event, x.bytes);
    x.standing = standing;
    List<Entry> victims = escrows.room(x, cost + extra, receiptBytes);
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
    if (!x.retried && x.event instanceof ReceiptEvent && !witnessSigers(x).isEmpty()) {
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
    dropCouples(x);
    x.set(Status.REJECTED, null, Reason.ESCROW_EVICTED,
        "evicted from a full escrow for a message of higher standing, newer, or from a source"
            + " holding less (send it again): "
            + x.reason + ", " + x.detail);
    changed(x.prefix);
    x.settleIfFinal();
    evicted.add(x);
  }

  /** Drops the receipt couples {@code x} brought, if still kept. */
  private void dropCouples(Entry x) {
    if (x.couples == null) {
      return;
    }
    Map<String, Cigar> kept = receipts.get(x.couples);
    Map<String, Boolean> known = coupleVerdicts.getOrDefault(x.couples, new HashMap<>());
    Map<String, Integer> holders = coupleHolders.getOrDefault(x.couples, new HashMap<>());
    if (kept != null) {
      for (String id : x.coupleIds) {
        Integer left = holders.computeIfPresent(id, (k, n) -> n > 1 ? n - 1 : null);
        if (left != null) {
          continue; // another escrowed receipt holds it too
        }
        known.remove(id);
        if (kept.remove(id) != null) {
          receiptBytes -= coupleCost(id);
        }
      }
      if (kept.isEmpty()) {
        receipts.remove(x.couples);
        coupleVerdicts.remove(x.couples);
        coupleHolders.remove(x.couples);
      }
    }
    x.couples = null;
    x.coupleIds = List.of();
  }

  /** {@return the heap bytes counted for a kept couple of id (key and signature qb64)} */
  private static long coupleCost(String id) {
    return EscrowLimits.retainedCouple(id.length());
  }

  /** {@return what escrowed {@code x} waits for ({@link EscrowWait})} */
  private List<EscrowWait> waits(Entry x) {
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
      Kel own = kels.get(x.prefix);
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
  private void pool(Entry x) {
    if (x.event instanceof KeyEvent) {
      pool.hold(x.eventKey(), x.index, controllerSigers(x), witnessSigers(x));
    } else if (x.event instanceof ReceiptEvent) {
      pool.hold(x.eventKey(), x.index, List.of(), witnessSigers(x));
    }
  }

  /** {@return the indexed controller signatures of {@code x} over its body (no path groups)} */
  private static List<Siger> controllerSigers(Entry x) {
    List<Siger> out = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.CONTROLLER)) {
      if (g.path().isEmpty()) {
        out.addAll(g.sigers());
      }
    }
    return out;
  }

  /** {@return the indexed witness signatures of {@code x}} */
  private static List<Siger> witnessSigers(Entry x) {
    List<Siger> out = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.WITNESS)) {
      out.addAll(g.sigers());
    }
    return out;
  }

  private void unescrow(Entry x) {
    escrows.remove(x);
    pool.release(x.eventKey(), x.index);
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

  /**
   * Where a delegated event is anchored: the delegator's accepted event (sequence number, SAID)
   * and the index of the event's seal among that event's event seals.
   */
  private record Anchor(BigInteger sn, String said, int seal) {
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
    /**
     * The key state at each accepted establishment event of the trunk, by sequence number: one
     * per establishment event, not per event ({@link #stateAt}).
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
          superseded.add(new SupersededEvent(prefix, e.getKey(), e.getValue().said));
          it.remove();
        }
      }
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

    /** {@return the key state at the latest accepted event} */
    KeyState state() {
      return establishments.lastEntry().getValue().at(sn, said, et);
    }

    /**
     * {@return the key state at the accepted trunk event {@code at}, or null if there is none or
     * its establishment event is not known (a KEL restored from a record knows its last one)}
     */
    KeyState stateAt(BigInteger at) {
      Accepted a = events.get(at);
      var est = establishments.floorEntry(at);
      if (a == null || est == null) {
        return null;
      }
      KeyState s = est.getValue();
      return s.at(at, a.said, est.getKey().equals(at) ? s.et() : Ilk.IXN.code());
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

  /** One message and its current verdict. */
  static final class Entry {
    final int index;
    final long offset;
    /** The typed event, signatures and seal sources: dropped ({@code null}) once settled. */
    KeriEvent event;
    Signatures sigs;
    List<SealSource> sealSources;
    /** The bytes of the message alone, if given ({@link #acceptMessage}); kept while escrowed. */
    byte[] raw;
    final int bytes;
    /** What the caller says it came from ({@link #DEFAULT_SOURCE} if nothing). */
    String source = DEFAULT_SOURCE;
    /** While escrowed: its standing, its counted heap bytes, what it waits for. */
    EscrowStanding standing;
    long cost;
    List<EscrowWait> waits = List.of();
    /** The receipt couples it brought to {@link #receipts}: the event key and couple ids. */
    String couples;
    List<String> coupleIds = List.of();
    /** While it is being retried: the escrow it was in, else null. */
    Escrow retriedFrom;
    /** The event's prefix, sequence number and SAID (a receipt's: its event's), or null. */
    final String prefix;
    final BigInteger sn;
    final String said;
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
        said = event.said();
      } else if (event instanceof ReceiptEvent) {
        prefix = ((ReceiptEvent) event).prefix();
        sn = ((ReceiptEvent) event).sn();
        said = event.said();
      } else {
        prefix = null;
        sn = null;
        said = null;
      }
    }

    /** {@return the {@link SignaturePool} key of its event (a receipt's: the receipted event)} */
    String eventKey() {
      return prefix == null ? "" : SignaturePool.key(prefix, sn, said);
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
      Optional<EventId> id = prefix == null ? Optional.empty()
          : Optional.of(new EventId(prefix, sn, said));
      return new Verdict(index, offset, ilk, id, status, Optional.ofNullable(escrow), reason,
          detail);
    }
  }
}
