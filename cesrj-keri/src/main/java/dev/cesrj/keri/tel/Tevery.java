package dev.cesrj.keri.tel;

import dev.cesrj.CesrException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Tuple;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.VerifierState;
import dev.cesrj.primitive.Matter;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
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
 * Validates transaction event logs (TEL) message by message with keripy's {@code Tevery} and
 * {@code Tever} rules (keripy {@code src/keri/vdr/eventing.py}: {@code Tevery.processEvent},
 * {@code Tever.incept}, {@code update}, {@code rotate}, {@code issue}, {@code revoke}, {@code
 * valAnchorBigs}, {@code verifyAnchor}, {@code escrowOOEvent}, {@code escrowALEvent}, {@code
 * escrowPWEvent}, {@code processEscrowOutOfOrders}, {@code processEscrowAnchorless}), as keripy's
 * {@code Tevery(lax=True, local=False)} does.
 *
 * <p>Rules: a registry starts with its {@code vcp} at sequence number 0 ({@code b} without
 * duplicates, {@code bt} in 1..|b|, or 0 without backers); its rotations {@code vrt} follow at the
 * next sequence number with {@code p} its last event's SAID, only without {@code NB}; a
 * credential's TEL is its issuance at 0 ({@code iss} in an {@code NB} registry, {@code bis} with
 * {@code ra} naming a registry event otherwise), then its revocation at 1 ({@code rev}/{@code
 * brv}, {@code p} the issuance's SAID). An event for a registry not incepted yet, or after an
 * event not accepted yet, waits in {@link TelEscrow#OUT_OF_ORDER}. Every event must be anchored:
 * the issuer's ({@code ii} of the registry's {@code vcp}) accepted KEL event that the last
 * SealSourceCouples attachment names (sequence number and SAID, both must match) must hold an
 * event seal {@code i s d} with the TEL event's {@code i}, its {@code s} as written and its SAID;
 * else it waits in {@link TelEscrow#ANCHORLESS}. Events of a registry with backers need verified
 * backer signatures (WitnessIdxSigs, indexed into the backers in force: the registry's, or those
 * of the registry event {@code ra} names) reaching the backer threshold, else they wait in
 * {@link TelEscrow#PARTIALLY_WITNESSED}. {@link #processEscrows()} retries escrowed messages
 * until nothing changes; a message is retried only once a TEL event was accepted or its issuer's
 * KEL grew since its last try.
 *
 * <p>Where keripy checks too little cesrj does what the protocol means: the anchoring seal is
 * found among any number of seals in the KEL event (keripy accepts only an event with exactly one
 * seal); a KEL event holding a digest seal instead is a missing anchor, escrowed (keripy raises
 * {@code KeyError} and drops the event); without a SealSourceCouples attachment the issuer's
 * accepted events are searched for the seal (keripy escrows it for good); a credential's
 * revocation must be in its issuance's registry ({@link TelReason#REGISTRY_MISMATCH}) and at
 * sequence number 1 (keripy accepts a revocation of a revoked credential); a {@code bis}'s
 * {@code ii} must be the registry's issuer ({@link TelReason#ISSUER_MISMATCH}) and {@code ra.s}
 * the sequence number of the registry event {@code ra.d} names (keripy reads neither). A body error rejects
 * that message only (keripy's parser drops the rest of the stream). keripy never retries its
 * partially witnessed escrow; cesrj retries it like the others, which changes nothing until
 * backer receipts are supported (they are not: a TEL event's backer signatures are those attached
 * to it).
 *
 * <p>Mutable and not thread-safe: one instance per stream, from one thread. What it keeps of a
 * message once accepted or rejected is its verdict; escrowed messages are kept typed, bounded by
 * {@link EscrowLimits} (messages and framed bytes). The message buffers may be released once
 * {@link #accept(Message)} returns.
 */
public final class Tevery {
  private static final Comparator<Entry> RETRY_ORDER =
      Comparator.comparing((Entry x) -> x.event.sn()).thenComparingInt(x -> x.index);
  private final KelAnchors kels;
  private final EscrowLimits limits;
  private final List<Entry> entries = new ArrayList<>();
  private final TreeMap<Integer, Entry> held = new TreeMap<>();
  private long heldBytes;
  private final Map<String, Registry> registries = new LinkedHashMap<>();
  private final Map<String, Credential> credentials = new LinkedHashMap<>();
  /** The number of TEL events accepted so far: a change escrowed events may wait for. */
  private long acceptedCount;
  private long processings;

  /**
   * A Tevery over the given KELs with {@link EscrowLimits#DEFAULT}.
   *
   * @param kels the issuers' KELs, read live
   */
  public Tevery(KelAnchors kels) {
    this(kels, EscrowLimits.DEFAULT);
  }

  /**
   * A Tevery over the given KELs with the given escrow bounds.
   *
   * @param kels the issuers' KELs, read live
   * @param limits the escrow bounds: a message that would exceed them is rejected with {@link
   *     TelReason#ESCROW_FULL}
   */
  public Tevery(KelAnchors kels, EscrowLimits limits) {
    this.kels = Objects.requireNonNull(kels, "kels");
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  /**
   * Validates one TEL message, its offset the message's own. Escrows are not retried here (call
   * {@link #processEscrows()}).
   *
   * @param m a framed message whose buffer is valid for this call
   * @return the verdict at intake ({@link TelReason#NOT_A_TEL_EVENT} for a message of another
   *     kind)
   */
  public TelVerdict accept(Message m) {
    return accept(m, 0);
  }

  /**
   * Validates the messages of one result of the push parser, in order, each verdict with its
   * stream offset ({@link Framed#offsetBase()} plus the message's offset). The caller keeps
   * owning {@code framed}.
   *
   * @param framed a result of the push parser
   * @return the verdicts at intake, one per message
   */
  public List<TelVerdict> accept(Framed framed) {
    List<TelVerdict> out = new ArrayList<>(framed.messages().size());
    for (Message m : framed.messages()) {
      out.add(accept(m, framed.offsetBase()));
    }
    return out;
  }

  /**
   * Validates one TEL message whose stream offset is {@code offsetBase} plus its own.
   *
   * @param m a framed message whose buffer is valid for this call
   * @param offsetBase what to add to the message's offset
   * @return the verdict at intake
   */
  public TelVerdict accept(Message m, long offsetBase) {
    Entry x = new Entry(entries.size(), offsetBase + m.offset(), m.length());
    entries.add(x);
    KeriEvent ev;
    try {
      ev = KeriEvents.of(m);
    } catch (CesrException e) {
      return x.reject(TelReason.BODY_ERROR, String.valueOf(e.getMessage()));
    }
    if (!(ev instanceof TelEvent)) {
      return x.reject(TelReason.NOT_A_TEL_EVENT, "ilk " + ev.ilk());
    }
    try {
      x.event = TelEvents.of((TelEvent) ev);
      x.couple = couple(m);
      x.backerSigs = Signatures.of(m).witnesses();
    } catch (CesrException e) {
      return x.reject(TelReason.BODY_ERROR, String.valueOf(e.getMessage()));
    }
    boolean saidOk;
    try {
      saidOk = Saids.verify(ev.body());
    } catch (CesrException e) {
      saidOk = false;
    }
    if (!saidOk) {
      return x.reject(TelReason.SAID_MISMATCH, "SAID is not the body's digest");
    }
    tried(x);
    process(x);
    return x.settled();
  }

  /**
   * Retries every escrowed message until a pass changes nothing (keripy {@code
   * Tevery.processEscrows}, called until no change, as keripy's harness does). Each pass takes
   * them by sequence number, then arrival. After its first retry a message is tried again only
   * once a TEL event was accepted or its issuer's KEL grew since its last try.
   *
   * @return the new verdict of each message whose status or escrow changed, by index
   */
  public List<TelVerdict> processEscrows() {
    Map<Integer, Entry> moved = new TreeMap<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      List<Entry> pass = new ArrayList<>(held.values());
      pass.sort(RETRY_ORDER);
      for (Entry x : pass) {
        if (x.retried && !waitedForArrived(x)) {
          continue;
        }
        TelEscrow before = x.escrow;
        unhold(x);
        x.retried = true;
        tried(x);
        process(x);
        if (x.status != Status.ESCROWED || x.escrow != before) {
          changed = true;
          moved.put(x.index, x);
        }
        x.settled();
      }
    }
    List<TelVerdict> out = new ArrayList<>(moved.size());
    for (Entry x : moved.values()) {
      out.add(x.verdict());
    }
    return out;
  }

  /**
   * Rejects, with {@link TelReason#ESCROW_EXPIRED}, every message still escrowed whose index is
   * below {@code beforeIndex}: the caller's bound on how long a message may wait (as {@code
   * KelVerifier.expire}; keripy's TEL escrows have no timeout).
   *
   * @param beforeIndex the first index not expired ({@link #nextIndex()} noted earlier)
   * @return the verdicts of the messages rejected, by index
   */
  public List<TelVerdict> expire(long beforeIndex) {
    List<TelVerdict> out = new ArrayList<>();
    for (Entry x : new ArrayList<>(held.headMap((int) Math.min(beforeIndex, Integer.MAX_VALUE))
        .values())) {
      unhold(x);
      out.add(x.reject(TelReason.ESCROW_EXPIRED, "escrowed too long: " + x.reason + ", "
          + x.detail));
    }
    return out;
  }

  /** {@return the index the next message gets ({@link TelVerdict#index()})} */
  public int nextIndex() {
    return entries.size();
  }

  /** {@return the current verdict on every message so far, in order} */
  public List<TelVerdict> verdicts() {
    List<TelVerdict> out = new ArrayList<>(entries.size());
    for (Entry x : entries) {
      out.add(x.verdict());
    }
    return out;
  }

  /** {@return the number of messages escrowed now} */
  public int escrowedCount() {
    return held.size();
  }

  /**
   * {@return how many times a TEL event was processed, at intake and by retries}: a count of
   * work, for tests that show retries happen only when what an event waits for arrives.
   */
  public long processings() {
    return processings;
  }

  /**
   * {@return the state of {@code registry}, if its inception is accepted}
   *
   * @param registry a registry prefix
   */
  public Optional<RegistryState> registry(String registry) {
    Registry r = registries.get(registry);
    return r == null ? Optional.empty() : Optional.of(r.state());
  }

  /** {@return the state of every registry whose inception is accepted, in order of inception} */
  public Map<String, RegistryState> registries() {
    Map<String, RegistryState> out = new LinkedHashMap<>();
    registries.forEach((k, r) -> out.put(k, r.state()));
    return out;
  }

  /**
   * {@return the TEL state of the credential {@code said}, if its issuance is accepted}
   *
   * @param said a credential's SAID
   */
  public Optional<CredentialState> credential(String said) {
    Credential c = credentials.get(said);
    return c == null ? Optional.empty() : Optional.of(c.state(said));
  }

  /** {@return the TEL state of every credential whose issuance is accepted, in order} */
  public Map<String, CredentialState> credentials() {
    Map<String, CredentialState> out = new LinkedHashMap<>();
    credentials.forEach((k, c) -> out.put(k, c.state(k)));
    return out;
  }

  // --- processing -----------------------------------------------------------------------------

  private void process(Entry x) {
    processings++;
    TransactionEvent ev = x.event;
    if (!sequenceValid(x, ev)) {
      return;
    }
    Registry reg = registries.get(ev.registry());
    if (reg == null) {
      if (ev instanceof RegistryInception) {
        incept(x, (RegistryInception) ev);
      } else {
        escrow(x, TelEscrow.OUT_OF_ORDER, TelReason.OUT_OF_ORDER,
            "registry " + ev.registry() + " not incepted");
      }
      return;
    }
    if (ev instanceof RegistryInception) {
      x.reject(reg.said(BigInteger.ZERO).equals(ev.said()) ? TelReason.DUPLICATE
          : TelReason.DUPLICITOUS, "registry " + reg.registry + " already incepted");
      return;
    }
    Credential cred = credentials.get(ev.prefix());
    if (ev instanceof Revocation && cred != null && !cred.registry.equals(reg.registry)) {
      x.reject(TelReason.REGISTRY_MISMATCH, "credential " + ev.prefix() + " issued in "
          + cred.registry + ", revoked in " + reg.registry);
      return;
    }
    BigInteger next;
    String atSn;
    if (ev instanceof RegistryRotation) {
      next = reg.sn.add(BigInteger.ONE);
      atSn = reg.saids.get(ev.sn());
    } else {
      next = BigInteger.valueOf(cred == null ? 0 : cred.events.size());
      atSn = cred == null || ev.sn().compareTo(next) >= 0 ? null
          : cred.events.get(ev.sn().intValueExact()).said();
    }
    int cmp = ev.sn().compareTo(next);
    if (cmp > 0) {
      escrow(x, TelEscrow.OUT_OF_ORDER, TelReason.OUT_OF_ORDER,
          "sn " + ev.sn() + " before sn " + next + " is accepted");
    } else if (cmp < 0) {
      x.reject(ev.said().equals(atSn) ? TelReason.DUPLICATE : TelReason.DUPLICITOUS,
          "an event is already accepted at sn " + ev.sn() + " of " + ev.prefix());
    } else if (ev instanceof RegistryRotation) {
      rotate(x, reg, (RegistryRotation) ev);
    } else if (ev instanceof Issuance) {
      issue(x, reg, (Issuance) ev);
    } else {
      revoke(x, reg, cred, (Revocation) ev);
    }
  }

  /**
   * keripy {@code Tevery.processEvent} and {@code Tever.update}: {@code Number.validate(
   * inceptive)}; cesrj: a revocation at 1.
   */
  private static boolean sequenceValid(Entry x, TransactionEvent ev) {
    boolean ok;
    if (ev instanceof RegistryInception || ev instanceof Issuance) {
      ok = ev.sn().signum() == 0;
    } else if (ev instanceof Revocation) {
      ok = ev.sn().equals(BigInteger.ONE);
    } else {
      ok = ev.sn().signum() > 0;
    }
    if (!ok) {
      x.reject(TelReason.INVALID_SEQUENCE, ev.ilk().code() + " at sn " + ev.sn());
    }
    return ok;
  }

  /** keripy {@code Tever.__init__}: {@code incept}, {@code config}, {@code valAnchorBigs}. */
  private void incept(Entry x, RegistryInception vcp) {
    if (!backersValid(x, vcp.backers(), vcp.toad())) {
      return;
    }
    Optional<TelAnchor> anchor = anchoredAndBacked(x, vcp.issuer(), vcp.toad(), vcp.backers());
    if (anchor.isEmpty()) {
      return;
    }
    Registry r = new Registry(vcp.registry(), vcp.issuer(), vcp.noBackers());
    r.log(vcp, vcp.toad(), vcp.backers(), anchor.get());
    registries.put(r.registry, r);
    accepted(x, anchor.get());
  }

  /** keripy {@code Tever.update} for {@code vrt} and {@code Tever.rotate}. */
  private void rotate(Entry x, Registry reg, RegistryRotation vrt) {
    if (reg.noBackers) {
      x.reject(TelReason.BACKERS_NOT_ALLOWED, "vrt in registry " + reg.registry + " (NB)");
      return;
    }
    if (!vrt.prior().equals(reg.said)) {
      x.reject(TelReason.PRIOR_MISMATCH, "p " + vrt.prior() + ", last event " + reg.said);
      return;
    }
    Set<String> cuts = new LinkedHashSet<>(vrt.cuts());
    Set<String> adds = new LinkedHashSet<>(vrt.adds());
    Set<String> baks = new LinkedHashSet<>(reg.backers);
    String bad = cuts.size() != vrt.cuts().size() ? "br has duplicates"
        : !baks.containsAll(cuts) ? "br names a prefix that is not a backer"
        : adds.size() != vrt.adds().size() ? "ba has duplicates"
        : adds.stream().anyMatch(cuts::contains) ? "br and ba intersect"
        : adds.stream().anyMatch(baks::contains) ? "ba names a backer already" : null;
    if (bad != null) {
      x.reject(TelReason.INVALID_BACKERS, bad);
      return;
    }
    baks.removeAll(cuts);
    baks.addAll(adds);
    List<String> newBaks = List.copyOf(baks);
    if (!backersValid(x, newBaks, vrt.toad())) {
      return;
    }
    Optional<TelAnchor> anchor = anchoredAndBacked(x, reg.issuer, vrt.toad(), newBaks);
    if (anchor.isPresent()) {
      reg.log(vrt, vrt.toad(), newBaks, anchor.get());
      accepted(x, anchor.get());
    }
  }

  /** keripy {@code Tever.issue}. */
  private void issue(Entry x, Registry reg, Issuance iss) {
    Optional<TelAnchor> anchor = simpleOrBacked(x, reg, iss.ilk() == Ilk.BIS,
        iss.registryAnchor());
    if (anchor.isPresent()) {
      Credential c = new Credential(reg.registry);
      c.events.add(new CredentialEvent(iss.sn(), iss.said(), iss.ilk(), iss.datetime(),
          anchor.get()));
      credentials.put(iss.prefix(), c);
      accepted(x, anchor.get());
    }
  }

  /** keripy {@code Tever.revoke}. */
  private void revoke(Entry x, Registry reg, Credential cred, Revocation rev) {
    String prior = cred.events.get(cred.events.size() - 1).said();
    if (!rev.prior().equals(prior)) {
      x.reject(TelReason.PRIOR_MISMATCH, "p " + rev.prior() + ", issuance " + prior);
      return;
    }
    Optional<TelAnchor> anchor = simpleOrBacked(x, reg, rev.ilk() == Ilk.BRV,
        rev.registryAnchor());
    if (anchor.isPresent()) {
      cred.events.add(new CredentialEvent(rev.sn(), rev.said(), rev.ilk(), rev.datetime(),
          anchor.get()));
      accepted(x, anchor.get());
    }
  }

  /**
   * keripy {@code Tever.issue}/{@code revoke}: a simple event needs an {@code NB} registry and its
   * anchor; a backed one a registry with backers, the backers of the registry event {@code ra}
   * names ({@code Tever.getBackerState}), and {@code valAnchorBigs}. cesrj also checks what keripy
   * does not: a {@code bis}'s {@code ii} is the registry's issuer, and {@code ra.s} is the
   * sequence number of the event {@code ra.d} names.
   */
  private Optional<TelAnchor> simpleOrBacked(Entry x, Registry reg, boolean backed,
      Optional<RegistryAnchor> ra) {
    if (!backed) {
      if (!reg.noBackers) {
        x.reject(TelReason.BACKERS_REQUIRED, x.event.ilk().code() + " in registry "
            + reg.registry + " with backers");
        return Optional.empty();
      }
      return anchoredAndBacked(x, reg.issuer, 0, List.of());
    }
    if (reg.noBackers) {
      x.reject(TelReason.BACKERS_NOT_ALLOWED, x.event.ilk().code() + " in registry "
          + reg.registry + " (NB)");
      return Optional.empty();
    }
    if (x.event instanceof Issuance && !((Issuance) x.event).issuer().orElseThrow()
        .equals(reg.issuer)) {
      x.reject(TelReason.ISSUER_MISMATCH, "bis ii " + ((Issuance) x.event).issuer().get()
          + ", registry issuer " + reg.issuer);
      return Optional.empty();
    }
    RegistryAnchor a = ra.orElseThrow();
    BackerSet at = reg.backersAt.get(a.said());
    if (at == null || !reg.said(at.sn).equals(a.said()) || !at.sn.toString(16).equals(a.sn())) {
      x.reject(TelReason.UNKNOWN_REGISTRY_EVENT, "ra " + a.sn() + " " + a.said()
          + " is no accepted event of " + reg.registry);
      return Optional.empty();
    }
    return anchoredAndBacked(x, reg.issuer, at.toad, at.backers);
  }

  /** keripy {@code Tever.incept} and {@code rotate}: the threshold fits the backers. */
  private static boolean backersValid(Entry x, List<String> baks, long toad) {
    if (new LinkedHashSet<>(baks).size() != baks.size()) {
      x.reject(TelReason.INVALID_BACKERS, "b has duplicates");
      return false;
    }
    if (baks.isEmpty() ? toad != 0 : toad < 1 || toad > baks.size()) {
      x.reject(TelReason.INVALID_BACKERS, "bt " + toad + " for " + baks.size() + " backers");
      return false;
    }
    return true;
  }

  /**
   * keripy {@code Tever.valAnchorBigs}: verifies the backer signatures, then the anchor (else
   * {@link TelEscrow#ANCHORLESS}), then the backer threshold (else {@link
   * TelEscrow#PARTIALLY_WITNESSED}).
   */
  private Optional<TelAnchor> anchoredAndBacked(Entry x, String issuer, long toad,
      List<String> baks) {
    Set<Integer> verified = new LinkedHashSet<>();
    byte[] ser = x.event.event().body().bytes();
    for (Siger s : x.backerSigs) {
      if (s.index() < baks.size()) {
        try {
          if (Verfer.of(baks.get(s.index())).verify(s.raw(), ser)) {
            verified.add(s.index());
          }
        } catch (CesrException e) {
          // a backer prefix that is not a key verifies nothing
        }
      }
    }
    Optional<TelAnchor> anchor = anchor(x, issuer);
    if (anchor.isEmpty()) {
      return anchor;
    }
    if (!baks.isEmpty() && verified.size() < toad) {
      escrow(x, TelEscrow.PARTIALLY_WITNESSED, TelReason.BACKER_THRESHOLD_UNMET,
          verified.size() + " backer signatures below bt " + toad);
      return Optional.empty();
    }
    return anchor;
  }

  /**
   * keripy {@code Tever.verifyAnchor}: the issuer's accepted event the couple names, its SAID the
   * couple's, holds the event's seal; cesrj: among any number of seals, and without a couple
   * the first of the issuer's accepted events that holds it.
   */
  private Optional<TelAnchor> anchor(Entry x, String issuer) {
    TransactionEvent ev = x.event;
    if (x.couple.isPresent()) {
      TelAnchor c = x.couple.get();
      Optional<VerifierState.AcceptedEvent> a = kels.acceptedEvent(issuer, c.sn());
      String why = a.isEmpty() ? "no accepted event of issuer " + issuer + " at sn " + c.sn()
          : !a.get().said().equals(c.said()) ? "issuer " + issuer + "'s event at sn " + c.sn()
              + " is " + a.get().said() + ", not " + c.said()
          : !seals(a.get(), ev) ? "issuer " + issuer + "'s event at sn " + c.sn()
              + " holds no event seal of " + ev.said() : null;
      if (why == null) {
        return Optional.of(c);
      }
      escrow(x, TelEscrow.ANCHORLESS, TelReason.MISSING_ANCHOR, why);
      return Optional.empty();
    }
    Optional<BigInteger> last = kels.lastSn(issuer);
    for (BigInteger sn = BigInteger.ZERO; last.isPresent() && sn.compareTo(last.get()) <= 0;
        sn = sn.add(BigInteger.ONE)) {
      Optional<VerifierState.AcceptedEvent> a = kels.acceptedEvent(issuer, sn);
      if (a.isPresent() && seals(a.get(), ev)) {
        return Optional.of(new TelAnchor(sn, a.get().said()));
      }
    }
    escrow(x, TelEscrow.ANCHORLESS, TelReason.MISSING_ANCHOR,
        "no SealSourceCouples, and no accepted event of issuer " + issuer + " seals "
            + ev.said());
    return Optional.empty();
  }

  private static boolean seals(VerifierState.AcceptedEvent a, TransactionEvent ev) {
    for (VerifierState.EventSeal s : a.seals()) {
      if (s.prefix().equals(ev.prefix()) && s.sn().equals(ev.snText())
          && s.said().equals(ev.said())) {
        return true;
      }
    }
    return false;
  }

  private void accepted(Entry x, TelAnchor anchor) {
    x.status = Status.ACCEPTED;
    x.escrow = null;
    x.reason = TelReason.NONE;
    x.detail = "";
    x.anchor = anchor;
    acceptedCount++;
  }

  private void escrow(Entry x, TelEscrow e, TelReason r, String detail) {
    if (held.size() >= limits.maxMessages() || heldBytes + x.bytes > limits.maxBytes()) {
      x.reject(TelReason.ESCROW_FULL, "escrows full (" + held.size() + " messages, "
          + heldBytes + " bytes): " + detail);
      return;
    }
    held.put(x.index, x);
    heldBytes += x.bytes;
    x.status = Status.ESCROWED;
    x.escrow = e;
    x.reason = r;
    x.detail = detail;
  }

  private void unhold(Entry x) {
    if (held.remove(x.index) != null) {
      heldBytes -= x.bytes;
    }
  }

  /** Notes what the entry's retry waits for: TEL acceptances and its issuer's KEL. */
  private void tried(Entry x) {
    x.triedAccepted = acceptedCount;
    x.triedKel = issuerKel(x);
  }

  private boolean waitedForArrived(Entry x) {
    return x.triedAccepted != acceptedCount || !x.triedKel.equals(issuerKel(x));
  }

  private Optional<BigInteger> issuerKel(Entry x) {
    String issuer;
    if (x.event instanceof RegistryInception) {
      issuer = ((RegistryInception) x.event).issuer();
    } else {
      Registry r = registries.get(x.event.registry());
      issuer = r == null ? null : r.issuer;
    }
    return issuer == null ? Optional.empty() : kels.lastSn(issuer);
  }

  /**
   * keripy's parser hands {@code Tevery.processEvent} the last SealSourceCouples couple. The
   * group's code fixes its tuples' shape (two primitives: a Seqner and a digest), which the
   * framer checked; the sequence number is the Seqner's raw bytes, unsigned.
   */
  private static Optional<TelAnchor> couple(Message m) {
    TelAnchor last = null;
    for (Group g : m.groups()) {
      if (g.code().baseName().equals("SealSourceCouples")) {
        for (var e : g.elements()) {
          if (e instanceof Tuple t && t.parts().size() == 2
              && t.parts().get(0) instanceof Matter sn && t.parts().get(1) instanceof Matter d) {
            last = new TelAnchor(new BigInteger(1, sn.raw()), d.qb64Text());
          }
        }
      }
    }
    return Optional.ofNullable(last);
  }

  // --- state ----------------------------------------------------------------------------------

  private record BackerSet(BigInteger sn, long toad, List<String> backers) {
  }

  /** One registry: keripy's {@code Tever}. */
  private static final class Registry {
    final String registry;
    final String issuer;
    final boolean noBackers;
    BigInteger sn;
    String said;
    Ilk ilk;
    List<String> backers;
    long toad;
    TelAnchor anchor;
    /** Its events' SAIDs by sequence number. */
    final Map<BigInteger, String> saids = new HashMap<>();
    /** The backers and threshold in force at each of its events, by SAID (keripy {@code Reger.baks}). */
    final Map<String, BackerSet> backersAt = new HashMap<>();

    Registry(String registry, String issuer, boolean noBackers) {
      this.registry = registry;
      this.issuer = issuer;
      this.noBackers = noBackers;
    }

    String said(BigInteger at) {
      return saids.getOrDefault(at, "");
    }

    void log(TransactionEvent ev, long toad, List<String> backers, TelAnchor anchor) {
      this.sn = ev.sn();
      this.said = ev.said();
      this.ilk = ev.ilk();
      this.toad = toad;
      this.backers = List.copyOf(backers);
      this.anchor = anchor;
      saids.put(ev.sn(), ev.said());
      backersAt.put(ev.said(), new BackerSet(ev.sn(), toad, this.backers));
    }

    RegistryState state() {
      return new RegistryState(registry, issuer, sn, said, ilk, noBackers, backers, toad, anchor);
    }
  }

  /** One credential's TEL. */
  private static final class Credential {
    final String registry;
    final List<CredentialEvent> events = new ArrayList<>(2);

    Credential(String registry) {
      this.registry = registry;
    }

    CredentialState state(String said) {
      return new CredentialState(said, registry, events);
    }
  }

  /** One message and its current verdict. */
  private static final class Entry {
    final int index;
    final long offset;
    final int bytes;
    /** The typed event, couple and backer signatures: dropped once settled. */
    TransactionEvent event;
    Optional<TelAnchor> couple = Optional.empty();
    List<Siger> backerSigs = List.of();
    Status status;
    TelEscrow escrow;
    TelReason reason = TelReason.NONE;
    String detail = "";
    TelAnchor anchor;
    boolean retried;
    long triedAccepted;
    Optional<BigInteger> triedKel = Optional.empty();
    TelVerdict settled;

    Entry(int index, long offset, int bytes) {
      this.index = index;
      this.offset = offset;
      this.bytes = bytes;
    }

    TelVerdict reject(TelReason r, String d) {
      status = Status.REJECTED;
      escrow = null;
      reason = r;
      detail = d;
      return settled();
    }

    /** {@return the verdict}, the event dropped once accepted or rejected (no retry changes it). */
    TelVerdict settled() {
      if (settled == null && status != Status.ESCROWED) {
        settled = verdict();
        event = null;
        couple = Optional.empty();
        backerSigs = List.of();
      }
      return verdict();
    }

    TelVerdict verdict() {
      if (settled != null) {
        return settled;
      }
      TransactionEvent ev = event;
      return new TelVerdict(index, offset,
          ev == null ? Optional.empty() : Optional.of(ev.ilk()),
          ev == null ? Optional.empty() : Optional.of(ev.prefix()),
          ev == null ? Optional.empty() : Optional.of(ev.sn()),
          ev == null ? Optional.empty() : Optional.of(ev.said()),
          ev == null ? Optional.empty() : Optional.of(ev.registry()),
          status, Optional.ofNullable(escrow), reason, detail, Optional.ofNullable(anchor));
    }
  }
}
