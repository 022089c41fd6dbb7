package dev.cesrj.http.watcher;

import dev.cesrj.CesrException;
import dev.cesrj.http.store.RecordKind;
import dev.cesrj.http.store.WatcherStore;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.body.Value;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.reply.LocScheme;
import dev.cesrj.keri.reply.ReplyRoute;
import dev.cesrj.keri.reply.ReplyVerdict;
import dev.cesrj.keri.reply.Revery;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.Unpooled;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The replies ({@code rpy}) a {@link Watcher} keeps and holds, their bounds, and the {@link
 * Revery} that judges them over the watcher's KELs. It mirrors keripy's reply handling: {@code
 * src/keri/core/routing.py} {@code Revery.processReply} (Best Available Data Acceptance: a later
 * reply of the same record supersedes the earlier) and {@code Revery.processEscrowReply} (the
 * replies waiting for a signer's KEL, retried as KELs change). keripy bounds that escrow in time
 * alone ({@code Revery.TimeoutRPE}, 3600 s); the revery here is also given a count bound, and
 * this book bounds the replies it holds beside it by count and bytes.
 *
 * <p>Shapes: a reply accepted for an AID the watcher serves (one whose KEL it holds, or a witness
 * of one) is <em>kept</em>: appended to the {@link WatcherStore} as a {@link
 * RecordKind#SOURCED_MESSAGE} (counted in {@link WatcherStats#kept()}), replayed on restart and
 * served after the KEL in the witness OOBI forms. Any other reply the revery accepted or escrowed
 * is <em>held</em> in memory, oldest first, within {@link WatcherLimits#maxHeldReplies()} replies
 * and {@link WatcherLimits#maxHeldReplyBytes()} bytes (of message and attachments); past either
 * bound the oldest is evicted, and once as many were evicted as the reply bound the revery is made
 * afresh, so that its records stay within the bounds too. Errors: {@link
 * dev.cesrj.http.store.StoreException} from a failed append, after which the watcher rebuilds
 * this book from the store.
 *
 * <p>Not thread-safe: it is called only by its {@link Watcher}, from methods that hold the
 * watcher's lock (each is {@code synchronized} on the watcher), as when these methods were the
 * watcher's own. A watcher's reset makes a new book; a compaction gives it the new KEL verifier
 * ({@link #rebuildRevery(KelVerifier)}).
 */
final class ReplyBook {
  private final WatcherStore store;
  private final Clock clock;
  private final WatcherLimits limits;
  private final WatcherStats stats;
  /** The KEL verifier the revery reads key states from (replaced on compaction). */
  private KelVerifier kvy;
  private Revery rev;
  /**
   * The replies kept (accepted, of an AID served: {@link WatcherLimits}), stored and served, in
   * order of arrival, by SAID; one superseded by a later reply of the same record is dropped.
   */
  private final Map<String, HeldReply> replies = new LinkedHashMap<>();
  /** The replies held, not stored ({@link WatcherLimits}): oldest first, by SAID. */
  private final Map<String, HeldReply> heldReplies = new LinkedHashMap<>();
  private long heldReplyBytes;
  /** Replies evicted from {@link #heldReplies} since the revery was last made afresh. */
  private int reveryForgotten;
  /** The witnesses of the KELs the watcher holds: AIDs whose replies it keeps. */
  private final Set<String> witnesses = new HashSet<>();

  /**
   * An empty book whose revery reads {@code kvy}.
   *
   * @param kvy the watcher's KEL verifier
   * @param store where kept replies are appended
   * @param clock the clock of the revery's escrow timeout
   * @param limits the held replies' bounds
   * @param stats the watcher's counters ({@code kept} counts the replies appended)
   */
  ReplyBook(KelVerifier kvy, WatcherStore store, Clock clock, WatcherLimits limits,
      WatcherStats stats) {
    this.kvy = kvy;
    this.store = store;
    this.clock = clock;
    this.limits = limits;
    this.stats = stats;
    this.rev = newRevery();
  }

  private Revery newRevery() {
    return new Revery(kvy, limits.maxHeldReplies(), clock);
  }

  /** Adds the witnesses of a KEL the watcher holds: their replies are kept from now on. */
  void addWitnesses(Collection<String> wits) {
    witnesses.addAll(wits);
  }

  /**
   * The kept {@code /loc/scheme} replies of witness {@code eid} that the revery stores, in the
   * revery's order (what {@code GET /oobi/{aid}/witness} serves after the KEL).
   */
  List<HeldReply> locSchemes(String eid) {
    List<HeldReply> out = new ArrayList<>();
    for (LocScheme ls : rev.locSchemes()) {
      HeldReply kept = replies.get(ls.said());
      if (ls.eid().equals(eid) && kept != null && rev.stored(ls.said())) {
        out.add(kept);
      }
    }
    return out;
  }

  /** {@return the replies kept, held, and the records the revery holds (tests' bound)} */
  int[] replyCounts() {
    return new int[] {replies.size(), heldReplies.size(),
        rev.locSchemes().size() + rev.endRoles().size() + rev.escrowedCount()};
  }

  /**
   * Judges the revery's escrowed replies again ({@link Revery#retryEscrows()}): a held reply it
   * accepted is marked so, one it rejected or evicted is dropped; then each held reply accepted
   * now, or of an AID in {@code nowServed}, is kept if its AID is served ({@link #promoteHeld}).
   */
  void retryReplies(boolean live, Set<String> nowServed) {
    Set<String> accepted = new HashSet<>();
    for (ReplyVerdict v : rev.retryEscrows()) {
      if (v.reply().isEmpty()) {
        continue;
      }
      String said = v.reply().get().said();
      HeldReply h = heldReplies.get(said);
      if (h == null) {
        continue;
      }
      if (v.status() == Status.ACCEPTED) {
        heldReplies.put(said, h.accept()); // the same key: its place in the order stays
        accepted.add(said);
      } else if (v.status() == Status.REJECTED && !rev.stored(said)) {
        removeHeld(said);
      }
    }
    if (!accepted.isEmpty() || !nowServed.isEmpty()) {
      promoteHeld(live, h -> accepted.contains(h.said())
          || (h.aid().isPresent() && nowServed.contains(h.aid().get())));
    }
  }

  /**
   * Keeps each held reply that is a {@code candidate}, accepted by its revery and of an AID now
   * served, in order of arrival (the candidates: what changed, so that the served check, a key
   * state lookup, runs only for them).
   */
  private void promoteHeld(boolean live, Predicate<HeldReply> candidate) {
    for (HeldReply h : new ArrayList<>(heldReplies.values())) {
      if (candidate.test(h) && h.accepted() && served(h.aid()) && rev.stored(h.said())) {
        keep(h, live);
        removeHeld(h.said());
      }
    }
  }

  /**
   * Whether the watcher keeps the replies of {@code aid}: an AID whose KEL it holds, or a witness
   * of one (whose {@code /loc/scheme} replies {@code GET /oobi/{aid}/witness} serves).
   */
  private boolean served(Optional<String> aid) {
    return aid.isPresent()
        && (witnesses.contains(aid.get()) || kvy.keyState(aid.get()).isPresent());
  }

  /**
   * Keeps or holds a reply the {@link Revery} accepted or escrowed (keripy {@code
   * Revery.processReply}), as {@link WatcherLimits} says: kept (stored, replayed, and served after
   * the KEL in the witness OOBI forms) if accepted for an AID this watcher serves, else held in
   * memory, bounded. A later reply that replaces a kept or held one for the same record (Best
   * Available Data Acceptance) drops it.
   *
   * @param m the reply, framed from {@code msg}
   * @param msg the reply and its attachments, with its sender
   * @param live a POST: a kept reply is appended to the store
   * @return the revery's verdict on {@code m}
   * @throws dev.cesrj.http.store.StoreException if a kept reply could not be appended
   */
  ReplyVerdict reply(Message m, SourcedMessage msg, boolean live) {
    ReplyVerdict v = rev.accept(m);
    if (v.status() == Status.REJECTED || v.reply().isEmpty()) {
      return v;
    }
    String said = v.reply().get().said();
    boolean accepted = v.status() == Status.ACCEPTED;
    if (replies.containsKey(said)) {
      return v; // a copy of a kept reply (an end role accepted again)
    }
    HeldReply held = heldReplies.get(said);
    if (held != null) {
      if (accepted && !held.accepted()) {
        // this copy's signatures, with those the revery pooled, got it accepted
        heldReplies.put(said, new HeldReply(said, held.aid(), msg, true));
        dropSuperseded(held.aid());
        promoteHeld(live, h -> h.said().equals(said));
      }
      return v;
    }
    HeldReply r = new HeldReply(said, replyAid(m), msg, accepted);
    if (accepted && served(r.aid())) {
      keep(r, live);
    } else {
      hold(r);
    }
    return v;
  }

  /** Appends (if {@code live}) and then keeps {@code r}, dropping the replies it supersedes. */
  private void keep(HeldReply r, boolean live) {
    if (live) {
      store.append(RecordKind.SOURCED_MESSAGE, r.message().encode());
      stats.kept++;
    }
    replies.put(r.said(), r);
    dropSuperseded(r.aid());
  }

  /** Holds {@code r}, evicting the oldest held replies past the bounds. */
  private void hold(HeldReply r) {
    heldReplies.put(r.said(), r);
    heldReplyBytes += r.bytes();
    if (r.accepted()) {
      dropSuperseded(r.aid());
    }
    Iterator<HeldReply> oldest = heldReplies.values().iterator();
    while (oldest.hasNext() && (heldReplies.size() > limits.maxHeldReplies()
        || heldReplyBytes > limits.maxHeldReplyBytes())) {
      HeldReply gone = oldest.next();
      oldest.remove();
      heldReplyBytes -= gone.bytes();
      reveryForgotten++;
    }
    if (reveryForgotten >= Math.max(1, limits.maxHeldReplies())) {
      rebuildRevery(); // forgets the evicted ones: its records stay within the bounds too
    }
  }

  private void removeHeld(String said) {
    HeldReply h = heldReplies.remove(said);
    if (h != null) {
      heldReplyBytes -= h.bytes();
    }
  }

  /** Drops the kept and held replies of {@code aid} that the revery no longer stores. */
  private void dropSuperseded(Optional<String> aid) {
    if (aid.isEmpty()) {
      return;
    }
    replies.values().removeIf(k -> k.aid().equals(aid) && !rev.stored(k.said()));
    for (HeldReply h : new ArrayList<>(heldReplies.values())) {
      if (h.aid().equals(aid) && !rev.stored(h.said())) {
        removeHeld(h.said());
      }
    }
  }

  /**
   * A revery made afresh on the current KELs, given the kept replies and then the held ones
   * again in order: what a compaction does, and what forgets the replies evicted from the held
   * ones (a revery never forgets a record it accepted). Given {@code kvy}, the KEL verifier a
   * compaction made, the new revery reads it.
   */
  void rebuildRevery(KelVerifier kvy) {
    this.kvy = kvy;
    rebuildRevery();
  }

  private void rebuildRevery() {
    rev = newRevery();
    for (HeldReply k : replies.values()) {
      judgeReply(k);
    }
    for (HeldReply h : new ArrayList<>(heldReplies.values())) {
      ReplyVerdict v = judgeReply(h);
      if (v.status() == Status.REJECTED) {
        removeHeld(h.said());
      } else if (v.status() == Status.ACCEPTED && !h.accepted()) {
        heldReplies.put(h.said(), h.accept());
      }
    }
    reveryForgotten = 0;
  }

  private ReplyVerdict judgeReply(HeldReply r) {
    try (Messages ms = Messages.over(Unpooled.wrappedBuffer(r.message().raw()))) {
      return rev.accept(ms.next());
    }
  }

  /**
   * The AID that authorizes reply {@code m}: {@code eid} of a {@code /loc/scheme}, {@code cid}
   * of an end role (keripy {@code Kevery.processReplyLocScheme}, {@code
   * processReplyEndRole}); empty if {@code m} names none.
   */
  private static Optional<String> replyAid(Message m) {
    try {
      if (!(KeriEvents.of(m) instanceof RoutedMessage rpy)) {
        return Optional.empty();
      }
      Optional<ReplyRoute> route = ReplyRoute.of(rpy.route());
      Optional<Value> a = rpy.fields().get("a");
      if (route.isEmpty() || a.isEmpty() || !(a.get() instanceof Value.MapValue map)) {
        return Optional.empty();
      }
      return map.fields().text(route.get() == ReplyRoute.LOC_SCHEME ? "eid" : "cid");
    } catch (CesrException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
