package dev.cesrj.http.watcher;

import dev.cesrj.CesrException;
import dev.cesrj.group.Group;
import dev.cesrj.http.CesrHttp;
import dev.cesrj.http.store.RecordKind;
import dev.cesrj.http.store.StoreException;
import dev.cesrj.http.store.StoreRecord;
import dev.cesrj.http.store.WatcherStore;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.acdc.SchemaResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.MessageVerdict;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.keri.kever.EventId;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Reason;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.keri.reply.Revery;
import dev.cesrj.keri.tel.RegistryState;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.Unpooled;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A KERI watcher: it takes KERI messages in keripy's HTTP form (one message per request, as a
 * keripy witness's {@code HttpEnd} and {@code ReceiptEnd} take them: keripy {@code
 * src/keri/app/indirecting.py}), verifies each with a {@link KelVerifier} (keripy's {@code
 * Kevery(lax=True, local=False)} rules), keeps what it accepted in a {@link WatcherStore}, and
 * serves it back in keripy's forms: OOBIs ({@code GET /oobi/{aid}...}, keripy {@code
 * src/keri/end/ending.py} {@code OOBIEnd.on_get}), receipts ({@code GET /receipts?pre=&sn=}) and
 * KELs ({@code GET /query?typ=kel&pre=}). This class is the watcher without its transport: {@link
 * WatcherServer} puts it behind Netty's HTTP server with cesrj-netty's guards.
 *
 * <p><b>A watcher is not a witness: it signs nothing.</b> It has no AID and no keys. Where a
 * keripy witness adds its own signature (its {@code rct} receipt couple on {@code POST
 * /receipts}, its indexed signature in the {@code -B} group of the events it serves, its {@code
 * /loc/scheme} and {@code /end/role} replies, its own KEL on the blind {@code /oobi}), the watcher
 * serves only what others signed and it verified: the controller's signatures, the witness
 * signatures and receipt couples it was sent, and its own first-seen ordinal and date-time (the
 * {@code -E} couple, which keripy's witnesses also write unsigned).
 *
 * <p>Answers (keripy's, but where a watcher cannot give them; the verdict is in the {@value
 * #VERDICT_HEADER} header of every POST answer):
 *
 * <ul>
 *   <li>{@code POST /} a key event: 204, {@code Content-Type: application/json}, no body, as
 *       keripy (which answers 204 whatever it later decides; so does the watcher, the verdict
 *       header says what it decided);
 *   <li>{@code POST /} an {@code rct}: 200 with an empty {@code application/json} body (falcon's
 *       default, as keripy);
 *   <li>{@code POST /} a mailbox {@code qry} ({@code r} {@code mbx}): 200 {@code
 *       text/event-stream} with keripy's opening {@code retry: 5000} event, then the end of the
 *       stream: a watcher holds no mailbox (keripy's witness streams the receipts it stored for
 *       the querier, and keeps the stream open);
 *   <li>{@code POST /} a {@code rpy}: 204, as keripy; verified by a {@link Revery} (keripy's
 *       {@code Revery} with the {@code /end/role} and {@code /loc/scheme} routes) over this
 *       watcher's KELs, kept (stored) if accepted for an AID it serves, else held in memory
 *       within {@link WatcherLimits}, and served after the KEL in the witness OOBI forms ({@code
 *       /loc/scheme} replies of the AID's witnesses, as signed by them);
 *   <li>{@code POST /} a TEL event ({@code vcp}, {@code vrt}, {@code iss}, {@code rev}, {@code
 *       bis}, {@code brv}) or an ACDC: 204 {@code application/json}, as keripy's {@code
 *       HttpEnd.on_post} (which hands them to its {@code Tevery} and {@code Verifier}); verified
 *       by a {@link CredentialVerifier} over this watcher's KELs, kept if accepted or escrowed;
 *       the states reached are {@link #registries()} and {@link #credentials()};
 *   <li>{@code POST /} an {@code exn} or other message: 204, as keripy; not kept;
 *   <li>{@code POST /receipts} a key event: where keripy's witness answers 200 with its own
 *       receipt, the watcher answers 200 {@code application/cesr} with the {@code rct} of the
 *       witness signatures it holds for the event (what {@code GET /receipts} gives: possibly
 *       none, then a bare {@code rct}); 202 while the event is escrowed (keripy's 202: not known
 *       yet); 400 if it is rejected or not a key event (keripy's 400 for a non-event);
 *   <li>a request whose body and attachments do not frame as one CESR message: 400 with a JSON
 *       body naming the offset and what was expected (keripy's falcon raises a 500 or 400).
 * </ul>
 *
 * <p>Durability: a POST is answered only after the records it produced (the message, and the
 * first-seen record of each event it got accepted) are in the store ({@link
 * WatcherStore#append}); a watcher made on the same store replays them and serves the same
 * bytes. The log is replayed through a fresh verifier, not restored from a {@link
 * dev.cesrj.keri.kever.VerifierState} snapshot: the log is needed anyway for the bodies and
 * signatures served, a replay gives the verifier's own verdicts again, and a snapshot written
 * beside it could disagree with it after a crash between the two writes. A POST whose append
 * fails ({@link StoreException}, answered 503) makes the watcher rebuild its memory from the store
 * (the store is the truth), so nothing it was not acknowledged for is served or judged a
 * duplicate of when sent again. Each message is stored with its sender ({@link
 * RecordKind#SOURCED_MESSAGE}) and replayed as from it, so the per-source escrow bounds reach the
 * same escrows after a restart.
 *
 * <p>Thread-safe: every method takes this watcher's lock (the verifier is single-threaded), so
 * requests are handled one at a time, each with its store write.
 */
public final class Watcher implements AutoCloseable {
  /** The response header naming the AID an OOBI answer is about (keripy's {@code Keri-Aid}). */
  public static final String KERI_AID_HEADER = WatcherGets.KERI_AID_HEADER;

  /**
   * The response header of every POST answer with the watcher's verdict on the message: {@code
   * accepted}, {@code escrowed <escrow>} (keripy's name of the escrow on every path: {@code pwes},
   * {@code ooes}, {@code oots}, {@code mre}...), {@code rejected <reason>}, or {@code not-kept} for a
   * message it does not verify (a query, an exchange). Not keripy's: keripy answers before it
   * processes.
   */
  public static final String VERDICT_HEADER = "Keri-Verdict";

  /** Messages between two compactions of the verifier (its verdict list grows per message). */
  static final int COMPACT_EVERY = 4096;

  private static final Set<String> KEY_EVENTS = Set.of("icp", "rot", "ixn", "dip", "drt");

  private final WatcherStore store;
  private final Clock clock;
  private final WatcherLimits limits;
  private final int compactEvery;
  private KelVerifier kvy;
  /** The replies kept and held, and the revery judging them (replaced on reset). */
  private ReplyBook replyBook;
  private final SchemaResolver schemas;
  private CredentialVerifier cvy;
  /** The TEL events and ACDCs kept (accepted or escrowed), in order, with their index in cvy. */
  private final List<KeptCredentialMessage> credentialMessages = new ArrayList<>();
  /** True when the memory may be ahead of the store (a failed append): rebuild before use. */
  private boolean behindStore;
  private int sinceCompaction;
  private final Map<String, HeldEvent> events = new HashMap<>();
  private final Map<String, FirstSeen> firstSeen = new HashMap<>();
  private final Map<String, Long> nextFn = new HashMap<>();
  private final WatcherStats stats = new WatcherStats();
  /** The GET answers, reading the verifier and reply book current at each call. */
  private final WatcherGets gets = new WatcherGets(new WatcherGets.State() {
    @Override
    public KelVerifier kvy() {
      return kvy;
    }

    @Override
    public ReplyBook replies() {
      return replyBook;
    }
  }, events, firstSeen, stats);

  private Watcher(WatcherStore store, Clock clock, WatcherLimits limits, SchemaResolver schemas,
      int compactEvery) {
    this.compactEvery = compactEvery;
    this.schemas = Objects.requireNonNull(schemas, "schemas");
    this.store = Objects.requireNonNull(store, "store");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.limits = Objects.requireNonNull(limits, "limits");
    reset();
  }

  /** Forgets everything in memory: a fresh verifier, revery and credential verifier. */
  private void reset() {
    kvy = KelVerifier.builder().limits(limits.escrow()).build();
    replyBook = new ReplyBook(kvy, store, clock, limits, stats);
    cvy = credentialVerifier(kvy);
    credentialMessages.clear();
    events.clear();
    firstSeen.clear();
    nextFn.clear();
    sinceCompaction = 0;
  }

  private CredentialVerifier credentialVerifier(KelVerifier kel) {
    return new CredentialVerifier(schemas, CredentialResolver.NONE,
        CredentialVerifier.DEFAULT_ESCROW_LIMIT, kel);
  }

  /**
   * A watcher on {@code store}, with what the store holds replayed: the system clock (UTC) for
   * first-seen times and the default escrow bounds.
   *
   * @param store the store (the watcher closes it)
   * @return the watcher
   * @throws dev.cesrj.http.store.StoreException if the store cannot be read
   */
  public static Watcher open(WatcherStore store) {
    return open(store, Clock.systemUTC(), EscrowLimits.DEFAULT);
  }

  /**
   * A watcher on {@code store}, with what the store holds replayed.
   *
   * @param store the store (the watcher closes it)
   * @param clock the clock of first-seen times
   * @param limits the verifier's escrow bounds
   * @return the watcher
   * @throws dev.cesrj.http.store.StoreException if the store cannot be read or written
   */
  public static Watcher open(WatcherStore store, Clock clock, EscrowLimits limits) {
    return open(store, clock, limits, new InMemorySchemaResolver());
  }

  /**
   * A watcher on {@code store} that verifies credentials against {@code schemas}, with what the
   * store holds replayed. Without the schema a credential names, the credential waits in {@code
   * mse} (keripy's missing-schema escrow) until the escrow bound rejects it.
   *
   * @param store the store (the watcher closes it)
   * @param clock the clock of first-seen times
   * @param limits the verifier's escrow bounds
   * @param schemas the ACDC schemas credentials may name (read, not copied: give the same ones
   *     on every start, or the replay judges the stored credentials differently)
   * @return the watcher
   * @throws dev.cesrj.http.store.StoreException if the store cannot be read or written
   */
  public static Watcher open(WatcherStore store, Clock clock, EscrowLimits limits,
      SchemaResolver schemas) {
    return open(store, clock, WatcherLimits.DEFAULT.withEscrow(limits), schemas);
  }

  /**
   * A watcher on {@code store} with the bounds {@code limits} (its verifier's escrows and the
   * replies it holds without keeping them), verifying credentials against {@code schemas}, with
   * what the store holds replayed.
   *
   * @param store the store (the watcher closes it)
   * @param clock the clock of first-seen times and of the reply escrow's timeout
   * @param limits what it holds in memory for messages that wait ({@link WatcherLimits#DEFAULT})
   * @param schemas the ACDC schemas credentials may name (as in {@link #open(WatcherStore, Clock,
   *     EscrowLimits, SchemaResolver)})
   * @return the watcher
   * @throws dev.cesrj.http.store.StoreException if the store cannot be read or written
   */
  public static Watcher open(WatcherStore store, Clock clock, WatcherLimits limits,
      SchemaResolver schemas) {
    return open(store, clock, limits, schemas, COMPACT_EVERY);
  }

  /** As {@link #open(WatcherStore, Clock, EscrowLimits)}, compacting every {@code n} messages. */
  static Watcher open(WatcherStore store, Clock clock, EscrowLimits limits, int compactEvery) {
    return open(store, clock, WatcherLimits.DEFAULT.withEscrow(limits),
        new InMemorySchemaResolver(), compactEvery);
  }

  /** As {@link #open(WatcherStore, Clock, EscrowLimits, SchemaResolver)}, compacting every n. */
  static Watcher open(WatcherStore store, Clock clock, EscrowLimits limits,
      SchemaResolver schemas, int compactEvery) {
    return open(store, clock, WatcherLimits.DEFAULT.withEscrow(limits), schemas, compactEvery);
  }

  /** As {@link #open(WatcherStore, Clock, WatcherLimits, SchemaResolver)}, compacting every n. */
  static Watcher open(WatcherStore store, Clock clock, WatcherLimits limits,
      SchemaResolver schemas, int compactEvery) {
    Watcher w = new Watcher(store, clock, limits, schemas, compactEvery);
    w.replay();
    return w;
  }

  private void replay(StoreRecord r) {
    switch (r.kind()) {
      // written before the sender was stored: judged as from the verifier's default source
      case MESSAGE -> replay(new SourcedMessage(KelVerifier.DEFAULT_SOURCE, r.data()));
      case SOURCED_MESSAGE -> replay(SourcedMessage.decode(r.data()));
      case FIRST_SEEN -> {
        FirstSeen fs = FirstSeen.decode(r.data());
        firstSeen.put(fs.said(), fs);
        nextFn.merge(fs.prefix(), fs.fn() + 1, Math::max);
      }
      default -> throw new IllegalStateException("unhandled record kind " + r.kind());
    }
  }

  /** Judges a stored message again, as from the sender it came from the first time. */
  private void replay(SourcedMessage m) {
    intake(m, OptionalInt.empty(), false);
    replyBook.retryReplies(false, Set.of());
    stats.replayed++;
  }

  private void replay() {
    store.forEach(this::replay); // streamed: the log is never held whole
    kvy.takeChangedKels();
    // events accepted whose first-seen record a crash left out get one now
    for (Map.Entry<String, KeyState> e : kvy.keyStates().entrySet()) {
      replyBook.addWitnesses(e.getValue().witnesses());
      promote(e.getKey(), true);
    }
  }

  /**
   * Makes the memory the store's again after an append failed (the store is the truth: what a
   * restart would rebuild), so that nothing the client was answered 503 for is served or judged
   * a duplicate of when it is sent again. If the store cannot be read either, the watcher tries
   * again before its next use.
   */
  private void rebuild() {
    behindStore = true;
    reset();
    replay();
    behindStore = false;
  }

  /** Rebuilds from the store if a failed append left the memory ahead of it. */
  private void catchUp() {
    if (behindStore) {
      rebuild();
    }
  }

  /**
   * Takes one message POSTed in keripy's form and answers as the class comment says.
   *
   * @param target where it was POSTed
   * @param body the request body: the message's serialized body
   * @param attachments the {@link CesrHttp#ATTACHMENT_HEADER} value (empty text for none)
   * @param source the sender, for the verifier's per-source escrow bounds (e.g. its address)
   * @return the answer
   * @throws dev.cesrj.http.store.StoreException if what it produced could not be stored (nothing
   *     was acknowledged; the server answers 503): the watcher's memory is then rebuilt from the
   *     store, so the message is not served, and sending it again is judged afresh as if it
   *     never came
   * @throws NullPointerException if any parameter is null
   */
  public synchronized WatcherAnswer post(PostTarget target, byte[] body, String attachments,
      String source) {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(attachments, "attachments");
    Objects.requireNonNull(source, "source");
    catchUp();
    try {
      return postNow(target, body, attachments, source);
    } catch (StoreException e) {
      try {
        rebuild();
      } catch (RuntimeException again) {
        e.addSuppressed(again); // still behind: rebuilt before the next use
      }
      throw e;
    }
  }

  private WatcherAnswer postNow(PostTarget target, byte[] body, String attachments,
      String source) {
    byte[] att = attachments.getBytes(StandardCharsets.ISO_8859_1);
    byte[] raw = new byte[body.length + att.length];
    System.arraycopy(body, 0, raw, 0, body.length);
    System.arraycopy(att, 0, raw, body.length, att.length);
    stats.posts++;
    Intake in = intake(new SourcedMessage(source, raw), OptionalInt.of(body.length), true);
    if (in.error != null) {
      stats.malformed++;
      return WatcherAnswer.error(400, in.error);
    }
    compactIfDue();
    if (in.reply != null || in.credential != null) {
      if (target == PostTarget.RECEIPTS) {
        String ilk = in.reply != null ? "rpy" : in.credential.ilk().orElse("");
        return WatcherAnswer.error(400, "invalid event type (" + ilk + ") for receipting")
            .with(VERDICT_HEADER, in.verdictText());
      }
      return WatcherAnswer.of(204, "application/json", new byte[0])
          .with(VERDICT_HEADER, in.verdictText());
    }
    String ilk = in.verdict.ilk().orElse("");
    String verdict = in.verdictText();
    if (target == PostTarget.RECEIPTS) {
      if (!KEY_EVENTS.contains(ilk)) {
        return WatcherAnswer.error(400, "invalid event type (" + ilk + ") for receipting")
            .with(VERDICT_HEADER, verdict);
      }
      EventId id = in.verdict.event().orElseThrow();
      if (isAccepted(id.prefix(), id.sn(), id.said())) {
        return WatcherAnswer.of(200, CesrHttp.CONTENT_TYPE,
            gets.receiptBody(id.prefix(), id.sn(), id.said())).with(VERDICT_HEADER, verdict);
      }
      if (in.verdict.status() == Status.ESCROWED) {
        return WatcherAnswer.of(202, "", new byte[0]).with(VERDICT_HEADER, verdict);
      }
      return WatcherAnswer.error(400, "event rejected: " + in.verdict.reason() + " "
          + in.verdict.detail()).with(VERDICT_HEADER, verdict);
    }
    if (ilk.equals("rct")) {
      return WatcherAnswer.of(200, "application/json", new byte[0]).with(VERDICT_HEADER, verdict);
    }
    if (in.mailboxQuery) {
      byte[] events = "retry: 5000\n\n".getBytes(StandardCharsets.US_ASCII);
      return new WatcherAnswer(200, "text/event-stream", events,
          Map.of(VERDICT_HEADER, verdict), WatcherAnswer.Kind.EVENT_STREAM);
    }
    return WatcherAnswer.of(204, "application/json", new byte[0]).with(VERDICT_HEADER, verdict);
  }

  /**
   * Whether {@code m} is a mailbox query: a {@code qry} whose route {@code r} is {@code mbx}, read
   * from its parsed body (keripy {@code src/keri/app/indirecting.py} {@code HttpEnd.on_post}:
   * {@code serder.ilk == qry and serder.sad["r"] in ("mbx",)}).
   */
  private static boolean isMailboxQuery(Message m) {
    try {
      return KeriEvents.of(m) instanceof RoutedMessage q && q.ilk() == Ilk.QRY
          && q.route().equals("mbx");
    } catch (CesrException | IllegalArgumentException e) {
      return false; // the KEL verifier gives its own verdict on what it cannot read
    }
  }

  /**
   * Frames, verifies and keeps one message. {@code bodyBytes} is the length of the POSTed body
   * (empty on replay: the stored message is whole): the message's body must be exactly that, as
   * keripy's {@code httping.parseCesrHttpRequest} {@code json.load}s the whole body (attachments
   * sent in the body instead of the {@code CESR-ATTACHMENT} header make it 400 "Malformed
   * JSON"). {@code live}: a POST, whose records are appended (before the memory changes where it
   * can, else a failed append makes {@link #post} rebuild the memory from the store).
   */
  private Intake intake(SourcedMessage msg, OptionalInt bodyBytes, boolean live) {
    byte[] raw = msg.raw();
    String source = msg.source();
    Intake in = new Intake();
    Message m;
    int bodyLength;
    List<String> sigs = new ArrayList<>();
    List<String> wigs = new ArrayList<>();
    Map<String, String> couples = new LinkedHashMap<>();
    try (Messages ms = Messages.over(Unpooled.wrappedBuffer(raw))) {
      if (!ms.hasNext()) {
        in.error = "no CESR message at offset 0: expected a KERI message body";
        return in;
      }
      m = ms.next();
      if (bodyBytes.isPresent() && m.body().readableBytes() != bodyBytes.getAsInt()) {
        in.error = "the request body is " + bodyBytes.getAsInt() + " bytes but its message ends at offset "
            + m.body().readableBytes() + ": expected the body to be the message alone, its "
            + "attachments in the " + CesrHttp.ATTACHMENT_HEADER + " header";
        return in;
      }
      if (Revery.isReply(m)) {
        if (ms.hasNext()) {
          in.error = "more than one message: a second starts at offset " + ms.position()
              + "; expected one message per request";
          return in;
        }
        in.reply = replyBook.reply(m, msg, live);
        in.verified = true;
        return in;
      }
      if (isCredentialMessage(m)) {
        if (ms.hasNext()) {
          in.error = "more than one message: a second starts at offset " + ms.position()
              + "; expected one message per request";
          return in;
        }
        return credential(in, m, msg, live);
      }
      in.mailboxQuery = isMailboxQuery(m);
      bodyLength = m.body().readableBytes();
      for (Group g : m.attachments()) {
        HeldEvent.collect(g, raw, sigs, wigs, couples);
      }
      if (ms.hasNext()) {
        in.error = "more than one message: a second starts at offset " + ms.position()
            + "; expected one message per request";
        return in;
      }
    } catch (CesrException e) {
      in.error = e.getMessage();
      return in;
    }
    Verdict v = kvy.acceptMessage(raw, 0, source);
    for (Verdict r : kvy.retryEscrows()) {
      // an escrowed message the verifier evicted or rejected: drop what it brought, unless its
      // event is accepted (the verifier's escrow bounds then bound this map too)
      if (r.status() == Status.REJECTED && r.event().isPresent()) {
        EventId gone = r.event().get();
        if (!isAccepted(gone.prefix(), gone.sn(), gone.said())) {
          events.remove(gone.said());
        }
      }
    }
    in.verdict = v;
    String ilk = v.ilk().orElse("");
    boolean keyEvent = KEY_EVENTS.contains(ilk);
    in.verified = keyEvent || ilk.equals("rct");
    if (!in.verified || v.event().isEmpty()) {
      return in;
    }
    EventId id = v.event().get();
    boolean dupOfAccepted = v.status() == Status.REJECTED && v.reason() == Reason.DUPLICATE
        && isAccepted(id.prefix(), id.sn(), id.said());
    if (v.status() == Status.REJECTED && !dupOfAccepted) {
      return in;
    }
    HeldEvent e = events.computeIfAbsent(id.said(), s -> new HeldEvent(id.prefix(), id.sn(), s));
    int verifiedBefore = e.verifiedCount();
    boolean candidate = e.offer(keyEvent ? sigs : List.of(), wigs, couples);
    boolean bodyNew = keyEvent && e.body == null;
    if (bodyNew) {
      e.body = Arrays.copyOf(raw, bodyLength);
    }
    // kept (and stored, to be replayed) only if it brought something: the event's first copy,
    // a signature that verifies against the accepted event, or, while the event waits in escrow,
    // a new candidate (at most HeldEvent.MAX_CANDIDATES of each kind). A copy of an accepted
    // event whose signatures do not verify is not stored (keripy's Kever keeps only verified
    // signatures: Kever.validateSigsDelWigs, Kevery.processReceipt)
    boolean acceptedNow = isAccepted(id.prefix(), id.sn(), id.said());
    if (acceptedNow) {
      settle(e);
    }
    boolean keep = bodyNew || e.verifiedCount() > verifiedBefore
        || (!acceptedNow && candidate)
        || (!dupOfAccepted && v.status() == Status.ACCEPTED && keyEvent);
    if (live && keep) {
      store.append(RecordKind.SOURCED_MESSAGE, msg.encode());
      stats.kept++;
    }
    Set<String> changed = kvy.takeChangedKels();
    kelsChanged(changed, live);
    if (!changed.isEmpty() && !credentialMessages.isEmpty()) {
      cvy.finish(); // an anchoring event or an issuer's KEL may have come
      promoteChanged(live);
    }
    settle(e);
    return in;
  }

  /**
   * After KELs changed: each changed prefix's witnesses become served, its newly accepted
   * events get their first-seen records (stored if {@code live}), and the replies waiting are
   * judged again (a transferable signer's KEL, or the KEL naming a reply's AID, may have come).
   */
  private void kelsChanged(Set<String> changed, boolean live) {
    Set<String> nowServed = new HashSet<>(changed);
    for (String prefix : changed) {
      kvy.keyState(prefix).ifPresent(ks -> {
        replyBook.addWitnesses(ks.witnesses());
        nowServed.addAll(ks.witnesses());
      });
      if (live) {
        promote(prefix, true);
      }
    }
    if (!changed.isEmpty()) {
      replyBook.retryReplies(live, nowServed);
    }
  }


  /** {@return the messages in the KEL verifier's escrows (tests)} */
  synchronized int kelEscrowedCount() {
    return kvy.escrowedCount();
  }

  /** {@return the replies kept, held, and the records the revery holds (tests' bound)} */
  synchronized int[] replyCounts() {
    return replyBook.replyCounts();
  }

  /**
   * Whether {@code m} is a TEL event or an ACDC, which the {@link CredentialVerifier} decides (as
   * keripy's {@code HttpEnd.on_post} hands them to its {@code Tevery} and {@code Verifier}).
   */
  private static boolean isCredentialMessage(Message m) {
    KeriEvent ev;
    try {
      ev = KeriEvents.of(m);
    } catch (CesrException | IllegalArgumentException e) {
      return false; // the KEL verifier gives its own verdict on what it cannot read
    }
    return ev instanceof TelEvent || ev instanceof AcdcMessage;
  }

  /**
   * Verifies a TEL event or an ACDC with the {@link CredentialVerifier} (keripy's {@code
   * Tevery.processEvent}, {@code Verifier.processCredential}), retries the escrows together
   * ({@link CredentialVerifier#finish()}, keripy's {@code processEscrows()} of each), and keeps
   * the message if accepted or escrowed (replayed on restart like the key events).
   */
  private Intake credential(Intake in, Message m, SourcedMessage msg, boolean live) {
    MessageVerdict at = cvy.accept(m);
    in.credential = cvy.finish().get(at.index());
    in.verified = true;
    if (in.credential.status() != Status.REJECTED) {
      if (live) {
        store.append(RecordKind.SOURCED_MESSAGE, msg.encode());
        stats.kept++;
      }
      credentialMessages.add(new KeptCredentialMessage(msg.raw(), at.index()));
    }
    promoteChanged(live);
    return in;
  }

  /** Gives the events the KEL verifier accepted since last asked their first-seen records. */
  private void promoteChanged(boolean live) {
    kelsChanged(kvy.takeChangedKels(), live);
  }

  /** Gives each newly accepted event of {@code prefix} its first-seen record, stored. */
  private void promote(String prefix, boolean write) {
    BigInteger sn = BigInteger.ZERO;
    for (var a = kvy.acceptedEvent(prefix, sn); a.isPresent();
        sn = sn.add(BigInteger.ONE), a = kvy.acceptedEvent(prefix, sn)) {
      String said = a.get().said();
      if (!firstSeen.containsKey(said)) {
        long fn = nextFn.getOrDefault(prefix, 0L);
        FirstSeen fs = new FirstSeen(prefix, sn, said, fn, KelStreams.iso8601(clock.instant()));
        if (write) {
          store.append(RecordKind.FIRST_SEEN, fs.encode());
        }
        firstSeen.put(said, fs);
        nextFn.put(prefix, fn + 1);
      }
      HeldEvent e = events.get(said);
      if (e != null) {
        settle(e);
      }
    }
  }

  private void settle(HeldEvent e) {
    if (isAccepted(e.prefix, e.sn, e.said)) {
      kvy.keyStateAt(e.prefix, e.sn).ifPresent(e::settle);
    }
  }

  private boolean isAccepted(String prefix, BigInteger sn, String said) {
    return kvy.acceptedEvent(prefix, sn).map(a -> a.said().equals(said)).orElse(false);
  }

  private void compactIfDue() {
    if (++sinceCompaction >= compactEvery) {
      kvy = KelVerifier.builder().limits(limits.escrow()).restore(kvy.state());
      replyBook.rebuildRevery(kvy); // the revery's records, judged again on the KELs
      List<MessageVerdict> before = cvy.messages();
      cvy = credentialVerifier(kvy); // the TEL and credential records, judged again on the KELs
      List<KeptCredentialMessage> kept = List.copyOf(credentialMessages);
      credentialMessages.clear();
      for (KeptCredentialMessage k : kept) {
        if (before.get(k.index()).status() == Status.REJECTED) {
          continue; // evicted from its escrow since it was kept
        }
        try (Messages ms = Messages.over(Unpooled.wrappedBuffer(k.raw()))) {
          credentialMessages.add(new KeptCredentialMessage(k.raw(), cvy.accept(ms.next()).index()));
        }
      }
      cvy.finish();
      sinceCompaction = 0;
      stats.compactions++;
    }
  }

  /**
   * {@return the KEL of {@code prefix} as this watcher serves it: each accepted event in order
   * of sequence number with its {@code -V} group (keripy's {@code cloneEvtMsg} form), or empty if
   * it holds no accepted inception of that prefix}
   *
   * @param prefix a prefix (qb64)
   */
  public synchronized Optional<byte[]> kel(String prefix) {
    catchUp();
    return gets.kel(prefix);
  }

  /**
   * {@return the receipt of {@code prefix}'s accepted event {@code sn}: keripy's {@code rct}
   * body with the witness signatures this watcher verified on it ({@code -B}), or empty if no
   * such event is accepted}
   *
   * @param prefix a prefix (qb64)
   * @param sn a sequence number
   */
  public synchronized Optional<byte[]> receipt(String prefix, BigInteger sn) {
    return gets.receipt(prefix, sn);
  }

  /**
   * Answers a GET of {@code target} (path and query) as keripy's witness would, with what this
   * watcher holds: {@code /oobi/{aid}}, {@code /oobi/{aid}/{role}} and {@code
   * /oobi/{aid}/{role}/{eid}} give 200 {@code application/cesr} with the {@value
   * #KERI_AID_HEADER} header and the KEL, 404 (empty body) for an AID it holds no KEL of; the
   * blind {@code /oobi} gives 404 (a watcher has no AID of its own; keripy's witness serves its
   * own); {@code /.well-known/keri/oobi/{aid}} gives 404 as keripy's witness does; {@code
   * /receipts?pre=&sn=} the receipt ({@link #receipt}), 400 without {@code pre} or {@code sn};
   * {@code /query?typ=kel&pre=} the KEL; a query with a malformed percent-encoding 400; anything else 404.
   *
   * @param target the request target, e.g. {@code /receipts?pre=E...&sn=0}
   * @return the answer
   */
  public synchronized WatcherAnswer get(String target) {
    catchUp();
    return gets.get(target);
  }

  /** {@return the key state of every prefix with an accepted inception, in order of inception} */
  public synchronized Map<String, KeyState> keyStates() {
    catchUp();
    return kvy.keyStates();
  }

  /**
   * {@return the state of every registry whose {@code vcp} this watcher accepted, by registry
   * prefix (keripy's {@code Tevery} {@code tevers})}
   */
  public synchronized Map<String, RegistryState> registries() {
    return cvy.registries();
  }

  /**
   * {@return every credential (ACDC) this watcher was sent and kept or rejected since it was
   * opened or last compacted, by SAID, each with its status ({@code issued}, {@code revoked},
   * {@code notAccepted}) and TEL state (keripy's {@code Verifier} and {@code reger.saved})}
   */
  public synchronized Map<String, CredentialVerdict> credentials() {
    return cvy.credentials();
  }

  /** {@return what this watcher has done since it was opened} */
  public synchronized WatcherStats stats() {
    return stats.copy(store.size());
  }

  /** {@return the store this watcher keeps what it verified in} */
  public WatcherStore store() {
    return store;
  }

  /** Closes the store. */
  @Override
  public synchronized void close() {
    store.close();
  }
}
