package dev.cesrj.keri.exchange;

import dev.cesrj.CesrException;
import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.Siger;
import dev.cesrj.keri.SignatureGroup;
import dev.cesrj.keri.SignatureRole;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.keri.exchange.ExchangeVerdict.Exchange;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.PlannedBatch;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.StreamOffsets;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import java.math.BigInteger;
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
 * Verifies exchange messages ({@code exn}) against the key states a {@link KelVerifier} holds, as
 * keripy's {@code src/keri/peer/exchanging.py} {@code Exchanger.processEvent} and {@code
 * processEscrowPartialSigned} do.
 *
 * <p>Rules, in keripy's order:
 * <ol>
 *   <li>{@code d} is the body's SAID (keripy's {@code Serder}), else {@link
 *       ExchangeReason#SAID_MISMATCH}.</li>
 *   <li>TransIdxSigGroups ({@code -F} in CESR 1.0, {@code -X} in 2.0), if any, and then couples
 *       are ignored: each group's prefix must be the sender {@code i} ({@link
 *       ExchangeReason#SIGNER_NOT_SENDER}); the sender's KEL must be accepted up to the group's
 *       sequence number, else the message waits ({@link ExchangeReason#SENDER_NOT_ACCEPTED});
 *       the accepted event at that sequence number must be an establishment event with the
 *       group's SAID ({@link ExchangeReason#ESTABLISHMENT_MISMATCH}; keripy {@code
 *       Baser.resolveVerifiers}); the signatures verified against that event's keys ({@link
 *       KelVerifier#keyStateAt}) must satisfy its {@code kt}, with the signatures other copies of
 *       the same exchange brought, else the message waits ({@link
 *       ExchangeReason#SIGNING_THRESHOLD_UNMET}; keripy keeps them by SAID, {@code esigs}).</li>
 *   <li>Else non-transferable couples ({@code -C}/{@code -M}): each key must be {@code i} and its
 *       signature verify ({@link ExchangeReason#SIGNER_NOT_SENDER}, {@link
 *       ExchangeReason#INVALID_SIGNATURE}).</li>
 *   <li>Else the message waits for signatures ({@link ExchangeReason#MISSING_SIGNATURES}), as
 *       keripy escrows it.</li>
 *   <li>For the six IPEX routes, the chain rules ({@link ExchangeReason#IPEX_CHAIN}; keripy
 *       {@code src/keri/acdc/ipexing.py} {@code IpexHandler.verify}).</li>
 * </ol>
 * A message that waits is {@link Status#ESCROWED} in keripy's partially signed exchange escrow
 * ({@code epse}) and judged again by {@link #retryEscrows()}: call it after the {@link
 * KelVerifier} accepted more events.
 *
 * <p>Where keripy verifies less than the protocol means: keripy accepts a couple whose key is a
 * transferable one if it is {@code i}; a transferable prefix's keys rotate, so cesrj rejects it
 * ({@link ExchangeReason#TRANSFERABLE_COUPLE}). keripy checks the route {@code r} and the prior
 * {@code p} only for the routes it has a handler for (IPEX); an exchange on any other route is
 * accepted whatever its {@code p} names, here too: {@code p} then links a transaction the
 * application checks. keripy HEAD also compares an IPEX offer's or grant's nested version 2
 * artifacts with its {@code a}; that is not done here.
 *
 * <p>Signatures on workers (issue 31): while its {@link KelVerifier} has a batch open ({@link
 * KelVerifier#plan}, as {@link dev.cesrj.keri.credential.CredentialVerifier#acceptAll(List,
 * long)} opens one) that holds the message given, each check takes the verdict the batch's
 * workers computed ({@link PlannedBatch#verdict}); a check the batch did not plan (the signatures
 * pooled from other copies, keys it could not predict) and every retry are verified here. The
 * verdicts are the same either way.
 *
 * <p>Bounded: at most {@code escrowLimit} messages wait; one more evicts the oldest ({@link
 * ExchangeReason#ESCROW_EVICTED}, reported by the next {@link #retryEscrows()}). keripy drops a
 * waiting exchange after 10 seconds ({@code Exchanger.TimeoutPSE}); {@link #expire(int)} does
 * that by message index. The exchanger keeps, for its life, the route of each accepted exchange
 * and the answer to each (for IPEX's chain), and a verdict per message. Mutable and not
 * thread-safe, as its {@link KelVerifier}.
 */
public final class Exchanger {
  /** The escrow bound of {@link #Exchanger(KelVerifier)}. */
  public static final int DEFAULT_ESCROW_LIMIT = 1024;

  private final KelVerifier kevers;
  private final int escrowLimit;
  private final List<Pending> entries = new ArrayList<>();
  private final Map<Integer, Pending> escrowed = new LinkedHashMap<>();
  private final List<Pending> evicted = new ArrayList<>();
  /** Signatures of waiting copies, by exchange SAID, then group (prefix, sn, SAID), then qb64. */
  private final Map<String, Map<String, Map<String, Siger>>> pooled = new HashMap<>();
  private final Map<String, String> routes = new HashMap<>();
  private final Map<String, String> answers = new HashMap<>();

  /**
   * An exchanger over {@code kevers}' key states, at most {@link #DEFAULT_ESCROW_LIMIT} messages
   * waiting.
   *
   * @param kevers the verifier whose accepted KELs give the senders' key states
   */
  public Exchanger(KelVerifier kevers) {
    this(kevers, DEFAULT_ESCROW_LIMIT);
  }

  /**
   * An exchanger over {@code kevers}' key states.
   *
   * @param kevers the verifier whose accepted KELs give the senders' key states
   * @param escrowLimit the most messages that wait at once, at least 0
   * @throws IllegalArgumentException if {@code escrowLimit} is negative
   */
  public Exchanger(KelVerifier kevers, int escrowLimit) {
    this.kevers = Objects.requireNonNull(kevers, "kevers");
    if (escrowLimit < 0) {
      throw new IllegalArgumentException("escrow limit " + escrowLimit);
    }
    this.escrowLimit = escrowLimit;
  }

  /**
   * {@return true if {@code m}'s body reads as an {@code exn}}: a stream mixing key events and
   * exchanges gives these to an exchanger, the others to its {@link KelVerifier}.
   *
   * @param m a framed message whose buffer is valid for this call
   */
  public static boolean isExchange(Message m) {
    try {
      return KeriEvents.of(m).ilk() == Ilk.EXN;
    } catch (CesrException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Verifies one {@code exn}, at the stream offset of {@code m} ({@link StreamOffsets}).
   *
   * @param m a framed message whose buffer is valid for this call; nothing of it is kept
   * @return its verdict at intake
   */
  public ExchangeVerdict accept(Message m) {
    return accept(m, 0);
  }

  /**
   * Verifies the {@code exn} messages of one result of the push parser, each at its stream
   * offset ({@link Framed#offsetBase()} plus its offset); the others are skipped.
   *
   * @param framed a result of the push parser (the caller keeps owning it)
   * @return the verdicts of its exchanges, in order
   */
  public List<ExchangeVerdict> accept(Framed framed) {
    List<ExchangeVerdict> out = new ArrayList<>();
    for (Message m : framed.messages()) {
      if (isExchange(m)) {
        out.add(accept(m, framed.offsetBase()));
      }
    }
    return out;
  }

  /**
   * Verifies one {@code exn} whose parser counts offsets from {@code offsetBase}.
   *
   * @param m a framed message whose buffer is valid for this call; nothing of it is kept
   * @param offsetBase added to {@code m}'s offset
   * @return its verdict at intake
   */
  public ExchangeVerdict accept(Message m, long offsetBase) {
    long offset = StreamOffsets.of(m, offsetBase);
    int index = entries.size();
    KeriEvent ev;
    Signatures sigs;
    try {
      ev = KeriEvents.of(m);
      sigs = Signatures.of(m);
    } catch (CesrException e) {
      return settle(register(new Pending(index, offset, null, null)), Status.REJECTED,
          ExchangeReason.BODY_ERROR, String.valueOf(e.getMessage()));
    }
    if (ev.ilk() != Ilk.EXN || !(ev instanceof RoutedMessage)) {
      return settle(register(new Pending(index, offset, null, null)), Status.REJECTED,
          ExchangeReason.NOT_AN_EXCHANGE, "ilk " + ev.ilk());
    }
    Pending x = register(new Pending(index, offset, (RoutedMessage) ev, sigs));
    boolean saidOk;
    try {
      saidOk = Saids.verify(ev.body());
    } catch (CesrException e) {
      saidOk = false;
    }
    if (!saidOk) {
      return settle(x, Status.REJECTED, ExchangeReason.SAID_MISMATCH,
          "SAID is not the body's digest");
    }
    judge(x, m);
    return x.verdict;
  }

  /**
   * Judges again every waiting exchange, in order of arrival, until none changes (keripy {@code
   * Exchanger.processEscrowPartialSigned}).
   *
   * @return the new verdict of each exchange that was accepted, rejected or evicted since the
   *     last call, by index
   */
  public List<ExchangeVerdict> retryEscrows() {
    Map<Integer, ExchangeVerdict> out = new TreeMap<>();
    for (Pending x : evicted) {
      out.put(x.index, x.verdict);
    }
    evicted.clear();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Pending x : new ArrayList<>(escrowed.values())) {
        if (!escrowed.containsKey(x.index)) {
          continue; // settled by a copy judged earlier in this pass
        }
        escrowed.remove(x.index);
        judge(x, null);
        if (x.verdict.status() != Status.ESCROWED) {
          changed = true;
          out.put(x.index, x.verdict);
        }
      }
    }
    return new ArrayList<>(out.values());
  }

  /**
   * Drops the waiting exchanges given before message {@code beforeIndex}, as keripy drops stale
   * ones ({@code TimeoutPSE}): each becomes {@link Status#REJECTED} with {@link
   * ExchangeReason#ESCROW_EVICTED}.
   *
   * @param beforeIndex the first index kept
   * @return their verdicts, by index
   */
  public List<ExchangeVerdict> expire(int beforeIndex) {
    List<ExchangeVerdict> out = new ArrayList<>();
    for (Pending x : new ArrayList<>(escrowed.values())) {
      if (x.index < beforeIndex) {
        unescrow(x);
        out.add(settle(x, Status.REJECTED, ExchangeReason.ESCROW_EVICTED, "expired"));
      }
    }
    return out;
  }

  /** {@return the current verdict on every message given, in order} */
  public List<ExchangeVerdict> verdicts() {
    List<ExchangeVerdict> out = new ArrayList<>(entries.size());
    for (Pending x : entries) {
      out.add(x.verdict);
    }
    return out;
  }

  /** {@return the number of exchanges waiting} */
  public int escrowedCount() {
    return escrowed.size();
  }

  /**
   * {@return the route of the accepted exchange {@code said}, if it was accepted}
   *
   * @param said an exchange's SAID
   */
  public Optional<String> acceptedRoute(String said) {
    return Optional.ofNullable(routes.get(said));
  }

  // --- judging ------------------------------------------------------------------------------

  /**
   * Judges {@code x}; {@code m} is its framed message at intake (its signatures' verdicts may be
   * planned in the verifier's open batch: {@link KelVerifier#plan}), null on a retry.
   */
  private void judge(Pending x, Message m) {
    RoutedMessage exn = x.exn;
    String sender = exn.prefix().orElse("");
    byte[] ser = exn.body().bytes();
    Optional<PlannedBatch> batch = m == null ? Optional.empty() : kevers.openBatch();
    List<SignatureGroup> groups = x.sigs.signerGroups();
    List<Cigar> cigars = new ArrayList<>();
    for (SignatureGroup g : x.sigs.byRole(SignatureRole.NON_TRANSFERABLE)) {
      cigars.addAll(g.cigars());
    }
    if (!groups.isEmpty()) {
      for (SignatureGroup g : groups) {
        if (!g.signerPrefix().get().equals(sender)) {
          settle(x, Status.REJECTED, ExchangeReason.SIGNER_NOT_SENDER,
              "signature group of " + g.signerPrefix().get() + ", not of the sender " + sender);
          return;
        }
      }
      for (SignatureGroup g : groups) {
        BigInteger sn = g.signerSn().get();
        Optional<KeyState> now = kevers.keyState(sender);
        if (now.isEmpty() || now.get().sn().compareTo(sn) < 0) {
          wait(x, ExchangeReason.SENDER_NOT_ACCEPTED, "the sender's KEL is not accepted to sn "
              + sn);
          return;
        }
        Optional<KeyState> at = kevers.keyStateAt(sender, sn);
        if (at.isEmpty() || !at.get().atEstablishment()
            || !at.get().said().equals(g.signerSaid().get())) {
          settle(x, Status.REJECTED, ExchangeReason.ESTABLISHMENT_MISMATCH,
              "the sender's accepted event at sn " + sn + " is not the establishment event "
                  + g.signerSaid().get());
          return;
        }
        KeyState ks = at.get();
        Set<Integer> ok = new LinkedHashSet<>();
        List<Siger> sigers = new ArrayList<>(g.sigers());
        sigers.addAll(pooled.getOrDefault(exn.said(), Map.of())
            .getOrDefault(groupKey(g), Map.of()).values());
        for (Siger s : sigers) {
          int i = s.index();
          if (i < ks.verfers().size() && !ok.contains(i)
              && verifies(batch, m, ks.verfers().get(i), s, ser)) {
            ok.add(i);
          }
        }
        if (!ks.kt().satisfiedBy(ok)) {
          wait(x, ExchangeReason.SIGNING_THRESHOLD_UNMET, ok.size()
              + " verified signatures do not satisfy kt " + ks.kt() + " of the sender's sn " + sn);
          return;
        }
      }
    } else if (!cigars.isEmpty()) {
      for (Cigar c : cigars) {
        if (!c.verfer().qb64().equals(sender)) {
          settle(x, Status.REJECTED, ExchangeReason.SIGNER_NOT_SENDER,
              "couple of " + c.verfer().qb64() + ", not of the sender " + sender);
          return;
        }
        if (c.verfer().transferable()) {
          settle(x, Status.REJECTED, ExchangeReason.TRANSFERABLE_COUPLE,
              "couple of the transferable key " + sender);
          return;
        }
        if (!verifies(batch, m, c, ser)) {
          settle(x, Status.REJECTED, ExchangeReason.INVALID_SIGNATURE,
              "the couple's signature by " + sender + " does not verify");
          return;
        }
      }
    } else {
      wait(x, ExchangeReason.MISSING_SIGNATURES, "no signature groups and no couples");
      return;
    }
    String prior = exn.priorSaid().orElse("");
    if (IpexChain.governs(exn.route())) {
      Optional<String> breach = IpexChain.breach(exn.said(), exn.route(), prior, routes, answers);
      if (breach.isPresent()) {
        settle(x, Status.REJECTED, ExchangeReason.IPEX_CHAIN, breach.get());
        return;
      }
    }
    routes.put(exn.said(), exn.route());
    if (!prior.isEmpty()) {
      answers.put(prior, exn.said());
    }
    settle(x, Status.ACCEPTED, ExchangeReason.NONE, "");
    pooled.remove(exn.said());
    for (Pending copy : new ArrayList<>(escrowed.values())) {
      if (copy.identity.said().equals(exn.said())) {
        unescrow(copy);
        settle(copy, Status.ACCEPTED, ExchangeReason.NONE, "");
      }
    }
  }

  /**
   * {@return whether {@code s} by {@code key} verifies over {@code ser}, the body of {@code m}}:
   * the verdict the open batch's workers computed if it planned this check ({@link
   * PlannedBatch#verdict(Message, dev.cesrj.keri.crypto.Verfer, Siger)}), else verified here.
   */
  private static boolean verifies(Optional<PlannedBatch> batch, Message m,
      dev.cesrj.keri.crypto.Verfer key, Siger s, byte[] ser) {
    Optional<Boolean> planned = batch.flatMap(b -> b.verdict(m, key, s));
    return planned.isPresent() ? planned.get() : key.verify(s.raw(), ser);
  }

  /** {@return whether the couple {@code c} verifies over {@code ser}}: planned, else here. */
  private static boolean verifies(Optional<PlannedBatch> batch, Message m, Cigar c,
      byte[] ser) {
    Optional<Boolean> planned = batch.flatMap(b -> b.verdict(m, c));
    return planned.isPresent() ? planned.get() : c.verify(ser);
  }

  private static String groupKey(SignatureGroup g) {
    return g.signerPrefix().get() + "/" + g.signerSn().get() + "/" + g.signerSaid().get();
  }

  /** Escrows {@code x} (evicting the oldest waiting one if full) and pools its signatures. */
  private void wait(Pending x, ExchangeReason reason, String detail) {
    x.verdict = new ExchangeVerdict(x.index, x.offset, Optional.of(x.identity),
        Status.ESCROWED, reason, detail);
    if (escrowLimit == 0) {
      settle(x, Status.REJECTED, ExchangeReason.ESCROW_EVICTED, "no escrow room: " + detail);
      return;
    }
    while (escrowed.size() >= escrowLimit) {
      Pending oldest = escrowed.values().iterator().next();
      unescrow(oldest);
      settle(oldest, Status.REJECTED, ExchangeReason.ESCROW_EVICTED, "evicted for room");
      evicted.add(oldest);
    }
    escrowed.put(x.index, x);
    for (SignatureGroup g : x.sigs.signerGroups()) {
      Map<String, Siger> pool = pooled.computeIfAbsent(x.exn.said(), k -> new HashMap<>())
          .computeIfAbsent(groupKey(g), k -> new LinkedHashMap<>());
      for (Siger s : g.sigers()) {
        pool.putIfAbsent(s.qb64(), s);
      }
    }
  }

  /** Takes {@code x} out of the escrow; its event's pool goes when no copy waits. */
  private void unescrow(Pending x) {
    escrowed.remove(x.index);
    for (Pending other : escrowed.values()) {
      if (other.identity.said().equals(x.identity.said())) {
        return;
      }
    }
    pooled.remove(x.identity.said());
  }

  private ExchangeVerdict settle(Pending x, Status status, ExchangeReason reason,
      String detail) {
    x.verdict = new ExchangeVerdict(x.index, x.offset, Optional.ofNullable(x.identity), status,
        reason, detail);
    if (status != Status.ESCROWED) {
      x.sigs = null; // keep the verdict only
      x.exn = null;
    }
    return x.verdict;
  }

  private Pending register(Pending x) {
    entries.add(x);
    return x;
  }

  /** One message and its verdict. */
  private static final class Pending {
    final int index;
    final long offset;
    /** The said, sender, route and prior, or null if the body is no exn. */
    final Exchange identity;
    /** The exchange and its signatures while it waits; null once settled. */
    RoutedMessage exn;
    Signatures sigs;
    ExchangeVerdict verdict;

    Pending(int index, long offset, RoutedMessage exn, Signatures sigs) {
      this.index = index;
      this.offset = offset;
      this.exn = exn;
      this.sigs = sigs;
      this.identity = exn == null ? null : new Exchange(exn.said(), exn.prefix().orElse(""),
          exn.route(), exn.priorSaid().orElse(""));
    }
  }
}
