package dev.cesrj.keri.reply;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.StreamOffsets;
import dev.cesrj.keri.reply.ReplyVerdict.Reply;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Verifies reply messages ({@code rpy}) against the key states a {@link KelVerifier} holds and
 * stores the end roles and locations they carry, as keripy's {@code Revery} with the reply routes
 * of {@code Kevery} registered does ({@code Revery(lax=True, local=False)}, the form an OOBI
 * resolver or a witness runs; keripy {@code src/keri/core/routing.py} {@code Revery.processReply},
 * {@code acceptReply}, {@code escrowReply}, {@code processEscrowReply}; {@code
 * src/keri/core/eventing.py} {@code Kevery.processReplyEndRole}, {@code processReplyLocScheme},
 * {@code updateEnd}, {@code updateLoc}).
 *
 * <p>Rules, in keripy's order:
 * <ol>
 *   <li>{@code d} is the body's SAID ({@link ReplyReason#SAID_MISMATCH}); the reply carries
 *       non-transferable couples ({@code -C} within {@code -V}, e.g. {@code -VAi-CAB}) or
 *       transferable groups ({@link ReplyReason#MISSING_SIGNATURES}; keripy's parser).</li>
 *   <li>{@code r} is {@code /end/role/add}, {@code /end/role/cut} or {@code /loc/scheme} ({@link
 *       ReplyReason#UNSUPPORTED_ROUTE}); {@code a} has {@code cid}, {@code role}, {@code eid}, or
 *       {@code eid}, {@code scheme}, {@code url} ({@link ReplyReason#MISSING_FIELD}); {@code cid}
 *       and {@code eid} are qb64 prefixes ({@link ReplyReason#INVALID_PREFIX}); {@code role} is
 *       one of {@link #ROLES}, {@code scheme} one of {@link #SCHEMES}, and a scheme written in
 *       {@code url} is {@code scheme} (Python's {@code urlsplit}); {@code dt} reads as an ISO-8601
 *       date-time ({@link ReplyReason#INVALID_DATETIME}).</li>
 *   <li>The authorizing AID is {@code cid} for an end role, {@code eid} for a location; the record
 *       is keyed by {@code (cid, role, eid)} or {@code (eid, scheme)}. Best Available Data
 *       Acceptance against the reply stored for that key: a couple counts if its key is not
 *       transferable, is the AID, the reply's {@code dt} is later than the stored reply's, and
 *       it verifies; the first that does accepts the reply.</li>
 *   <li>Each transferable group by the AID ({@code -F}: at the establishment event it names;
 *       {@code -H}: at the AID's latest establishment event, see below): not stale (its sequence
 *       number below the stored reply's signer's is stale, equal with a {@code dt} not later is
 *       stale); the AID's KEL accepted up to that event, else the reply is escrowed ({@link
 *       ReplyReason#SIGNER_NOT_ACCEPTED}); the accepted event there is that establishment event
 *       ({@link ReplyReason#ESTABLISHMENT_MISMATCH}); at least one signature verifies against its
 *       keys ({@link ReplyReason#NO_VERIFIED_SIGNATURES}), and the verified ones, with those
 *       escrowed copies of the reply brought, satisfy its {@code kt}, else the reply is escrowed
 *       ({@link ReplyReason#SIGNING_THRESHOLD_UNMET}).</li>
 *   <li>Accepted: the record is set ({@link #endRoles()}, {@link #locSchemes()}) and the reply
 *       replaces the one stored for that key ({@link #stored(String)}). Not accepted and not
 *       escrowed: {@link ReplyReason#STALE} if a signature was stale, else {@link
 *       ReplyReason#UNVERIFIED}.</li>
 * </ol>
 * An end-role reply whose SAID is the stored one's is accepted again (keripy's idempotence
 * check); a location reply is not, so a copy of a stored location reply is {@link
 * ReplyReason#STALE}, as in keripy.
 *
 * <p>Where keripy checks too little: keripy's parser hands {@code rpy} only TransIdxSigGroups
 * ({@code -F}) and couples, so a reply signed with TransLastIdxSigGroups ({@code -H}) alone is
 * rejected there for missing signatures. Such a group signs with the signer's latest
 * establishment event's keys, which the protocol defines; cesrj verifies it so (a group of a
 * signer not yet known escrows the reply), and rejects a reply with neither kind of signature.
 *
 * <p>Escrow: a reply waits ({@link Status#ESCROWED}) in keripy's {@code rpes} and is judged again
 * by {@link #retryEscrows()} (keripy {@code processEscrowReply}): call it after the {@link
 * KelVerifier} accepted more events. A reply escrowed more than {@link #TIMEOUT} after its
 * {@code dt} by the retry's clock is dropped ({@link ReplyReason#ESCROW_STALE}; keripy's {@code
 * TimeoutRPE}). Bounded: at most {@code escrowLimit} messages wait; one more evicts the oldest
 * ({@link ReplyReason#ESCROW_EVICTED}, reported by the next {@link #retryEscrows()}).
 *
 * <p>Keeps, for its life, a verdict per message, the end roles and locations, and the SAID, date
 * and signer's sequence number of each stored reply. Mutable and not thread-safe, as its {@link
 * KelVerifier}.
 */
public final class Revery {
  /** The escrow bound of {@link #Revery(KelVerifier)}. */
  public static final int DEFAULT_ESCROW_LIMIT = 1024;

  /** keripy's {@code Revery.TimeoutRPE}: how long after its {@code dt} a reply may wait. */
  public static final Duration TIMEOUT = Duration.ofSeconds(3600);

  /** keripy's {@code Roles} ({@code src/keri/kering.py}): the roles an end role can name. */
  public static final Set<String> ROLES = Set.of("controller", "witness", "registrar", "gateway",
      "watcher", "judge", "juror", "peer", "mailbox", "agent", "indexer");

  /** keripy's {@code Schemes} ({@code src/keri/kering.py}): the schemes a location can name. */
  public static final Set<String> SCHEMES = Set.of("tcp", "http", "https");

  private final KelVerifier kevers;
  private final int escrowLimit;
  private final Clock clock;
  private final List<Pending> entries = new ArrayList<>();
  private final Map<Integer, Pending> escrowed = new LinkedHashMap<>();
  private final List<Pending> evicted = new ArrayList<>();
  /** Signatures of waiting copies, by reply SAID, then group (prefix/sn/SAID), then qb64. */
  private final Map<String, Map<String, Map<String, Siger>>> pooled = new HashMap<>();
  /** keripy's {@code rpys}/{@code sdts}/{@code tsgs} head: the stored replies by SAID. */
  private final Map<String, StoredReply> stored = new HashMap<>();
  /** keripy's {@code ends}, by "cid role eid". */
  private final Map<String, EndRole> ends = new LinkedHashMap<>();
  /** keripy's {@code locs}, by "eid scheme". */
  private final Map<String, LocScheme> locs = new LinkedHashMap<>();

  /**
   * A revery over {@code kevers}' key states, at most {@link #DEFAULT_ESCROW_LIMIT} messages
   * waiting, on the system clock.
   *
   * @param kevers the verifier whose accepted KELs give transferable signers' key states
   */
  public Revery(KelVerifier kevers) {
    this(kevers, DEFAULT_ESCROW_LIMIT, Clock.systemUTC());
  }

  /**
   * A revery over {@code kevers}' key states.
   *
   * @param kevers the verifier whose accepted KELs give transferable signers' key states
   * @param escrowLimit the most messages that wait at once, at least 0
   * @param clock the clock {@link #retryEscrows()} judges an escrowed reply's age by
   * @throws IllegalArgumentException if {@code escrowLimit} is negative
   */
  public Revery(KelVerifier kevers, int escrowLimit, Clock clock) {
    this.kevers = Objects.requireNonNull(kevers, "kevers");
    this.clock = Objects.requireNonNull(clock, "clock");
    if (escrowLimit < 0) {
      throw new IllegalArgumentException("escrow limit " + escrowLimit);
    }
    this.escrowLimit = escrowLimit;
  }

  /**
   * {@return true if {@code m}'s body reads as a {@code rpy}}: a stream mixing key events and
   * replies gives these to a revery, the others to its {@link KelVerifier}.
   *
   * @param m a framed message whose buffer is valid for this call
   */
  public static boolean isReply(Message m) {
    try {
      return KeriEvents.of(m).ilk() == Ilk.RPY;
    } catch (CesrException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Verifies one {@code rpy}, at the stream offset of {@code m} ({@link StreamOffsets}).
   *
   * @param m a framed message whose buffer is valid for this call; nothing of it is kept
   * @return its verdict at intake
   */
  public ReplyVerdict accept(Message m) {
    return accept(m, 0);
  }

  /**
   * Verifies the {@code rpy} messages of one result of the push parser, each at its stream offset
   * ({@link Framed#offsetBase()} plus its offset); the others are skipped.
   *
   * @param framed a result of the push parser (the caller keeps owning it)
   * @return the verdicts of its replies, in order
   */
  public List<ReplyVerdict> accept(Framed framed) {
    List<ReplyVerdict> out = new ArrayList<>();
    for (Message m : framed.messages()) {
      if (isReply(m)) {
        out.add(accept(m, framed.offsetBase()));
      }
    }
    return out;
  }

  /**
   * Verifies one {@code rpy} whose parser counts offsets from {@code offsetBase}.
   *
   * @param m a framed message whose buffer is valid for this call; nothing of it is kept
   * @param offsetBase added to {@code m}'s offset
   * @return its verdict at intake
   */
  public ReplyVerdict accept(Message m, long offsetBase) {
    long offset = StreamOffsets.of(m, offsetBase);
    int index = entries.size();
    KeriEvent ev;
    Signatures sigs;
    try {
      ev = KeriEvents.of(m);
      sigs = Signatures.of(m);
    } catch (CesrException | IllegalArgumentException e) {
      return settle(register(new Pending(index, offset, null, null)), Status.REJECTED,
          ReplyReason.BODY_ERROR, String.valueOf(e.getMessage()));
    }
    if (ev.ilk() != Ilk.RPY || !(ev instanceof RoutedMessage)) {
      return settle(register(new Pending(index, offset, null, null)), Status.REJECTED,
          ReplyReason.NOT_A_REPLY, "ilk " + ev.ilk());
    }
    Pending x = register(new Pending(index, offset, (RoutedMessage) ev, sigs));
    boolean saidOk;
    try {
      saidOk = Saids.verify(ev.body());
    } catch (CesrException e) {
      saidOk = false;
    }
    if (!saidOk) {
      return settle(x, Status.REJECTED, ReplyReason.SAID_MISMATCH,
          "SAID is not the body's digest");
    }
    if (cigars(sigs).isEmpty() && groups(sigs).isEmpty()) {
      return settle(x, Status.REJECTED, ReplyReason.MISSING_SIGNATURES,
          "no non-transferable couples and no transferable signature groups");
    }
    judge(x);
    return x.verdict;
  }

  /**
   * Judges again every waiting reply, in order of arrival, until none changes (keripy {@code
   * Revery.processEscrowReply}); a reply waiting more than {@link #TIMEOUT} after its {@code dt}
   * is dropped ({@link ReplyReason#ESCROW_STALE}).
   *
   * @return the new verdict of each reply that was accepted, rejected or evicted since the last
   *     call, by index
   */
  public List<ReplyVerdict> retryEscrows() {
    Map<Integer, ReplyVerdict> out = new TreeMap<>();
    for (Pending x : evicted) {
      out.put(x.index, x.verdict);
    }
    evicted.clear();
    Instant now = clock.instant();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Pending x : new ArrayList<>(escrowed.values())) {
        if (!escrowed.containsKey(x.index)) {
          continue; // settled by a copy judged earlier in this pass
        }
        unescrow(x);
        Optional<Instant> dt = instant(x.rpy.datetime());
        if (dt.isEmpty() || Duration.between(dt.get(), now).compareTo(TIMEOUT) > 0) {
          dropIfUnaccepted(x.identity.said());
          settle(x, Status.REJECTED, ReplyReason.ESCROW_STALE,
              "escrowed past " + TIMEOUT.toSeconds() + " s after its dt " + x.rpy.datetime());
        } else {
          judge(x);
          if (x.verdict.status() == Status.REJECTED) {
            dropIfUnaccepted(x.identity.said()); // keripy removeReply on an escrow error
          }
        }
        if (x.verdict.status() != Status.ESCROWED) {
          changed = true;
          out.put(x.index, x.verdict);
        }
      }
    }
    return new ArrayList<>(out.values());
  }

  /**
   * Drops the waiting replies given before message {@code beforeIndex}: each becomes {@link
   * Status#REJECTED} with {@link ReplyReason#ESCROW_EVICTED}.
   *
   * @param beforeIndex the first index kept
   * @return their verdicts, by index
   */
  public List<ReplyVerdict> expire(int beforeIndex) {
    List<ReplyVerdict> out = new ArrayList<>();
    for (Pending x : new ArrayList<>(escrowed.values())) {
      if (x.index < beforeIndex) {
        unescrow(x);
        dropIfUnaccepted(x.identity.said());
        out.add(settle(x, Status.REJECTED, ReplyReason.ESCROW_EVICTED, "expired"));
      }
    }
    return out;
  }

  /** {@return the current verdict on every message given, in order} */
  public List<ReplyVerdict> verdicts() {
    List<ReplyVerdict> out = new ArrayList<>(entries.size());
    for (Pending x : entries) {
      out.add(x.verdict);
    }
    return out;
  }

  /** {@return the number of replies waiting} */
  public int escrowedCount() {
    return escrowed.size();
  }

  /**
   * {@return the end roles stored, in the order first set (keripy's {@code ends}); a cut role
   * stays, with {@code allowed} false}
   */
  public List<EndRole> endRoles() {
    return List.copyOf(ends.values());
  }

  /** {@return the locations stored, in the order first set (keripy's {@code locs})} */
  public List<LocScheme> locSchemes() {
    return List.copyOf(locs.values());
  }

  /**
   * {@return true if the reply {@code said} is stored (keripy's {@code rpys}): accepted and not
   * replaced by a later one, or waiting in the escrow}
   *
   * @param said a reply's SAID
   */
  public boolean stored(String said) {
    return stored.containsKey(said);
  }

  // --- judging ------------------------------------------------------------------------------

  /** The record a reply sets: its authorizing AID, database key and what to store. */
  private record Target(String aid, String key, ReplyRoute route, FieldMap a) {
  }

  private void judge(Pending x) {
    RoutedMessage rpy = x.rpy;
    Optional<ReplyRoute> route = ReplyRoute.of(rpy.route());
    if (route.isEmpty()) {
      settle(x, Status.REJECTED, ReplyReason.UNSUPPORTED_ROUTE, "route " + rpy.route());
      return;
    }
    Optional<Value> av = rpy.fields().get("a");
    if (av.isEmpty() || !(av.get() instanceof Value.MapValue map)) {
      settle(x, Status.REJECTED, ReplyReason.MISSING_FIELD, "no map a");
      return;
    }
    FieldMap a = map.fields();
    Target target;
    if (route.get() == ReplyRoute.LOC_SCHEME) {
      Optional<String> missing = missing(a, "eid", "scheme", "url");
      if (missing.isPresent()) {
        settle(x, Status.REJECTED, ReplyReason.MISSING_FIELD, "a has no text " + missing.get());
        return;
      }
      String eid = a.text("eid").get();
      String scheme = a.text("scheme").get();
      String url = a.text("url").get();
      if (!isPrefix(eid)) {
        settle(x, Status.REJECTED, ReplyReason.INVALID_PREFIX, "eid " + eid);
        return;
      }
      if (!SCHEMES.contains(scheme)) {
        settle(x, Status.REJECTED, ReplyReason.INVALID_SCHEME, "scheme " + scheme);
        return;
      }
      String urlScheme = urlScheme(url);
      if (!urlScheme.isEmpty() && !urlScheme.equals(scheme)) {
        settle(x, Status.REJECTED, ReplyReason.URL_SCHEME_MISMATCH,
            "url " + url + " for scheme " + scheme);
        return;
      }
      target = new Target(eid, eid + " " + scheme, route.get(), a);
    } else {
      Optional<String> missing = missing(a, "cid", "role", "eid");
      if (missing.isPresent()) {
        settle(x, Status.REJECTED, ReplyReason.MISSING_FIELD, "a has no text " + missing.get());
        return;
      }
      String cid = a.text("cid").get();
      String role = a.text("role").get();
      String eid = a.text("eid").get();
      if (!isPrefix(cid)) {
        settle(x, Status.REJECTED, ReplyReason.INVALID_PREFIX, "cid " + cid);
        return;
      }
      if (!ROLES.contains(role)) {
        settle(x, Status.REJECTED, ReplyReason.INVALID_ROLE, "role " + role);
        return;
      }
      if (!isPrefix(eid)) {
        settle(x, Status.REJECTED, ReplyReason.INVALID_PREFIX, "eid " + eid);
        return;
      }
      target = new Target(cid, cid + " " + role + " " + eid, route.get(), a);
    }
    Optional<Instant> dt = instant(rpy.datetime());
    if (dt.isEmpty()) {
      settle(x, Status.REJECTED, ReplyReason.INVALID_DATETIME, "dt " + rpy.datetime());
      return;
    }
    acceptReply(x, target, dt.get());
  }

  /** keripy {@code Revery.acceptReply}, then {@code updateEnd}/{@code updateLoc}. */
  private void acceptReply(Pending x, Target t, Instant dt) {
    RoutedMessage rpy = x.rpy;
    String said = rpy.said();
    String oldSaid = t.route == ReplyRoute.LOC_SCHEME
        ? Optional.ofNullable(locs.get(t.key)).map(LocScheme::said).orElse(null)
        : Optional.ofNullable(ends.get(t.key)).map(EndRole::said).orElse(null);
    if (oldSaid != null && t.route != ReplyRoute.LOC_SCHEME && oldSaid.equals(said)) {
      oldSaid = null; // keripy processReplyEndRole: the same reply again is not stale
    }
    StoredReply old = oldSaid == null ? null : stored.get(oldSaid);
    byte[] ser = rpy.body().bytes();
    List<String> skipped = new ArrayList<>();
    boolean stale = false;
    boolean accepted = false;
    Optional<BigInteger> signerSn = Optional.empty();
    for (Cigar c : cigars(x.sigs)) {
      if (c.verfer().transferable()) {
        skipped.add("couple of the transferable key " + c.verfer().qb64());
        continue;
      }
      if (!c.verfer().qb64().equals(t.aid)) {
        skipped.add("couple of " + c.verfer().qb64() + ", not of " + t.aid);
        continue;
      }
      if (old != null && !dt.isAfter(old.dt)) {
        stale = true;
        skipped.add("dt not later than the stored reply " + old.said + "'s");
        continue;
      }
      if (!c.verify(ser)) {
        skipped.add("couple of " + t.aid + " does not verify");
        continue;
      }
      accepted = true;
      break;
    }
    ReplyReason waitReason = null;
    String waitDetail = "";
    for (SignatureGroup g : groups(x.sigs)) {
      String spre = g.signerPrefix().orElse("");
      if (!spre.equals(t.aid)) {
        skipped.add("signature group of " + spre + ", not of " + t.aid);
        continue;
      }
      BigInteger sn;
      String sdig;
      if (g.role() == SignatureRole.TRANSFERABLE_LAST) {
        Optional<KeyState> latest = kevers.keyState(spre);
        if (latest.isEmpty()) {
          waitReason = ReplyReason.SIGNER_NOT_ACCEPTED;
          waitDetail = "no accepted KEL of the signer " + spre;
          continue;
        }
        sn = latest.get().establishmentSn();
        sdig = latest.get().establishmentSaid();
      } else {
        sn = g.signerSn().orElseThrow();
        sdig = g.signerSaid().orElseThrow();
      }
      if (old != null && old.signerSn.isPresent()) {
        int cmp = sn.compareTo(old.signerSn.get());
        if (cmp < 0 || (cmp == 0 && !dt.isAfter(old.dt))) {
          stale = true;
          skipped.add("signed at sn " + sn + ", not later than the stored reply " + old.said);
          continue;
        }
      }
      Optional<KeyState> now = kevers.keyState(spre);
      if (now.isEmpty() || now.get().sn().compareTo(sn) < 0) {
        waitReason = ReplyReason.SIGNER_NOT_ACCEPTED;
        waitDetail = "the signer " + spre + "'s KEL is not accepted to sn " + sn;
        continue;
      }
      Optional<KeyState> at = kevers.keyStateAt(spre, sn);
      if (at.isEmpty() || !at.get().atEstablishment() || !at.get().said().equals(sdig)
          || at.get().verfers().isEmpty()) {
        settle(x, Status.REJECTED, ReplyReason.ESTABLISHMENT_MISMATCH, "the signer's accepted "
            + "event at sn " + sn + " is not the establishment event " + sdig);
        return;
      }
      KeyState ks = at.get();
      List<Siger> sigers = new ArrayList<>(g.sigers());
      sigers.addAll(pooled.getOrDefault(said, Map.of())
          .getOrDefault(groupKey(spre, sn, sdig), Map.of()).values());
      Set<Integer> ok = new LinkedHashSet<>();
      for (Siger s : sigers) {
        int i = s.index();
        if (i < ks.verfers().size() && !ok.contains(i)
            && ks.verfers().get(i).verify(s.raw(), ser)) {
          ok.add(i);
        }
      }
      if (ok.isEmpty()) {
        settle(x, Status.REJECTED, ReplyReason.NO_VERIFIED_SIGNATURES,
            "no signature of " + spre + " at sn " + sn + " verifies");
        return;
      }
      if (!ks.kt().satisfiedBy(ok)) {
        waitReason = ReplyReason.SIGNING_THRESHOLD_UNMET;
        waitDetail = ok.size() + " verified signatures do not satisfy kt " + ks.kt()
            + " of " + spre + " at sn " + sn;
        continue;
      }
      accepted = true;
      signerSn = Optional.of(sn);
    }
    if (accepted) {
      update(x, t, dt, signerSn, oldSaid);
      return;
    }
    if (waitReason != null) {
      wait(x, waitReason, waitDetail);
      return;
    }
    settle(x, Status.REJECTED, stale ? ReplyReason.STALE : ReplyReason.UNVERIFIED,
        skipped.isEmpty() ? "no signature by " + t.aid : String.join("; ", skipped));
  }

  private void update(Pending x, Target t, Instant dt, Optional<BigInteger> signerSn,
      String oldSaid) {
    String said = x.rpy.said();
    if (oldSaid != null && !oldSaid.equals(said)) {
      stored.remove(oldSaid); // keripy removeReply(osaider)
    }
    stored.put(said, new StoredReply(said, dt, signerSn));
    FieldMap a = t.a;
    if (t.route == ReplyRoute.LOC_SCHEME) {
      locs.put(t.key, new LocScheme(a.text("eid").get(), a.text("scheme").get(),
          a.text("url").get(), said));
    } else {
      ends.put(t.key, new EndRole(a.text("cid").get(), a.text("role").get(),
          a.text("eid").get(), t.route == ReplyRoute.END_ROLE_ADD, said));
    }
    settle(x, Status.ACCEPTED, ReplyReason.NONE, "");
    pooled.remove(said);
    for (Pending copy : new ArrayList<>(escrowed.values())) {
      if (copy.identity.said().equals(said)) {
        unescrow(copy);
        settle(copy, Status.ACCEPTED, ReplyReason.NONE, "");
      }
    }
  }

  private static Optional<String> missing(FieldMap a, String... labels) {
    for (String l : labels) {
      if (a.text(l).isEmpty()) {
        return Optional.of(l);
      }
    }
    return Optional.empty();
  }

  /** keripy's {@code Prefixer(qb64=...)}: one whole qb64 primitive. */
  private static boolean isPrefix(String text) {
    if (text.isEmpty()) {
      return false;
    }
    try {
      Matter.parse(text);
      return true;
    } catch (CesrException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The scheme Python's {@code urllib.parse.urlsplit} reads from {@code url}, lower-cased, or
   * empty text: the text before the first {@code :} if it starts with an ASCII letter and has
   * only letters, digits, {@code +}, {@code -} and {@code .}.
   */
  static String urlScheme(String url) {
    int colon = url.indexOf(':');
    if (colon <= 0) {
      return "";
    }
    char first = url.charAt(0);
    if (!(first < 128 && Character.isLetter(first))) {
      return "";
    }
    for (int i = 0; i < colon; i++) {
      char c = url.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '+' || c == '-' || c == '.';
      if (!ok) {
        return "";
      }
    }
    return url.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
  }

  /** keripy's {@code Dater(dts=...)}: an ISO-8601 date-time with an offset. */
  static Optional<Instant> instant(String dts) {
    try {
      return Optional.of(OffsetDateTime.parse(dts).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  private static List<Cigar> cigars(Signatures sigs) {
    List<Cigar> out = new ArrayList<>();
    for (SignatureGroup g : sigs.byRole(SignatureRole.NON_TRANSFERABLE)) {
      out.addAll(g.cigars());
    }
    return out;
  }

  /**
   * The TransIdxSigGroups ({@code -F}, keripy's {@code tsgs}) and TransLastIdxSigGroups ({@code
   * -H}) of {@code sigs}; receipt groups sign no reply.
   */
  private static List<SignatureGroup> groups(Signatures sigs) {
    List<SignatureGroup> out = new ArrayList<>();
    for (SignatureGroup g : sigs.byRole(SignatureRole.TRANSFERABLE)) {
      if (g.groupName().equals("TransIdxSigGroups") && g.signerPrefix().isPresent()
          && g.signerSn().isPresent() && g.signerSaid().isPresent()) {
        out.add(g);
      }
    }
    for (SignatureGroup g : sigs.byRole(SignatureRole.TRANSFERABLE_LAST)) {
      if (g.signerPrefix().isPresent()) {
        out.add(g);
      }
    }
    return out;
  }

  private static String groupKey(String prefix, BigInteger sn, String said) {
    return prefix + "/" + sn + "/" + said;
  }

  /** Escrows {@code x} (evicting the oldest waiting one if full) and pools its signatures. */
  private void wait(Pending x, ReplyReason reason, String detail) {
    x.verdict = new ReplyVerdict(x.index, x.offset, Optional.of(x.identity), Status.ESCROWED,
        reason, detail);
    if (escrowLimit == 0) {
      settle(x, Status.REJECTED, ReplyReason.ESCROW_EVICTED, "no escrow room: " + detail);
      return;
    }
    while (escrowed.size() >= escrowLimit) {
      Pending oldest = escrowed.values().iterator().next();
      unescrow(oldest);
      dropIfUnaccepted(oldest.identity.said());
      settle(oldest, Status.REJECTED, ReplyReason.ESCROW_EVICTED, "evicted for room");
      evicted.add(oldest);
    }
    escrowed.put(x.index, x);
    String said = x.rpy.said();
    stored.putIfAbsent(said, new StoredReply(said, instant(x.rpy.datetime()).orElse(Instant.EPOCH),
        Optional.empty(), false));
    for (SignatureGroup g : groups(x.sigs)) {
      if (g.role() != SignatureRole.TRANSFERABLE) {
        continue; // a -H group is judged again with the signer's latest keys, not pooled
      }
      Map<String, Siger> pool = pooled.computeIfAbsent(said, k -> new HashMap<>())
          .computeIfAbsent(groupKey(g.signerPrefix().get(), g.signerSn().get(),
              g.signerSaid().get()), k -> new LinkedHashMap<>());
      for (Siger s : g.sigers()) {
        pool.putIfAbsent(s.qb64(), s);
      }
    }
  }

  /** Forgets a reply that waited and was never accepted (keripy {@code removeReply}). */
  private void dropIfUnaccepted(String said) {
    StoredReply s = stored.get(said);
    if (s != null && !s.accepted) {
      for (Pending other : escrowed.values()) {
        if (other.identity.said().equals(said)) {
          return;
        }
      }
      stored.remove(said);
    }
  }

  /** Takes {@code x} out of the escrow; its reply's pool goes when no copy waits. */
  private void unescrow(Pending x) {
    escrowed.remove(x.index);
    for (Pending other : escrowed.values()) {
      if (other.identity.said().equals(x.identity.said())) {
        return;
      }
    }
    pooled.remove(x.identity.said());
  }

  private ReplyVerdict settle(Pending x, Status status, ReplyReason reason, String detail) {
    x.verdict = new ReplyVerdict(x.index, x.offset, Optional.ofNullable(x.identity), status,
        reason, detail);
    if (status != Status.ESCROWED) {
      x.sigs = null; // keep the verdict only
      x.rpy = null;
    }
    return x.verdict;
  }

  private Pending register(Pending x) {
    entries.add(x);
    return x;
  }

  /**
   * A reply in keripy's {@code rpys}: its date ({@code sdts}), the sequence number of its
   * transferable signer's establishment event (the zeroth of {@code tsgs}), and whether it was
   * accepted or only waits.
   */
  private record StoredReply(String said, Instant dt, Optional<BigInteger> signerSn,
      boolean accepted) {
    StoredReply(String said, Instant dt, Optional<BigInteger> signerSn) {
      this(said, dt, signerSn, true);
    }
  }

  /** One message and its verdict. */
  private static final class Pending {
    final int index;
    final long offset;
    /** The said, route and date-time, or null if the body is no rpy. */
    final Reply identity;
    /** The reply and its signatures while it waits; null once settled. */
    RoutedMessage rpy;
    Signatures sigs;
    ReplyVerdict verdict;

    Pending(int index, long offset, RoutedMessage rpy, Signatures sigs) {
      this.index = index;
      this.offset = offset;
      this.rpy = rpy;
      this.sigs = sigs;
      this.identity = rpy == null ? null : new Reply(rpy.said(), rpy.route(), rpy.datetime());
    }
  }
}
