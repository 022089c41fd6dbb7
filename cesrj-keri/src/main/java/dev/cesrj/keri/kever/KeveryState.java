package dev.cesrj.keri.kever;

import dev.cesrj.keri.Cigar;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.Signatures;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.keri.event.EstablishmentEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Takes a {@link Kevery}'s state as values ({@link VerifierState}) and restores one from them:
 * the one place that knows both shapes. A KEL is kept as its {@link VerifierState.KelRecord} (its
 * traits, current sequence number and SAID, the bytes of its last establishment event's message,
 * its witnesses and {@code toad}, and the SAID and event seals of each accepted event); the
 * escrows as their messages' bytes with their verdicts and retry marks; the receipt couples kept;
 * the index and change counts. keripy keeps the same in LMDB ({@code src/keri/db/basing.py}
 * {@code Baser}: {@code states} (key state notices), {@code kels}/{@code fels}, the escrow
 * databases) and rebuilds its {@code Kever}s from them ({@code Kever.reload}); cesrj-flink keeps
 * it in Flink state ({@code KelValidation}).
 */
final class KeveryState {
  private KeveryState() {
  }

  /** See {@link KelVerifier#state()}. */
  static VerifierState of(Kevery kvy) {
    List<VerifierState.KelRecord> ks = new ArrayList<>(kvy.kevers.size());
    for (Kever k : kvy.kevers.values()) {
      ks.add(record(k));
    }
    return rest(kvy, ks, kvy.changedAt);
  }

  /** See {@link KelVerifier#kelRecord(String)}. */
  static Optional<VerifierState.KelRecord> kelRecord(Kevery kvy, String prefix) {
    Kever k = kvy.kever(prefix);
    return k == null ? Optional.empty() : Optional.of(record(k));
  }

  /** See {@link KelVerifier#stateWithoutKels()}: forgets the change counts no retry reads. */
  static VerifierState withoutKels(Kevery kvy) {
    long oldestTry = Long.MAX_VALUE;
    for (Entry x : kvy.escrows.entries()) {
      oldestTry = Math.min(oldestTry, x.triedAt);
    }
    long keep = oldestTry;
    kvy.changedAt.values().removeIf(at -> at <= keep);
    return rest(kvy, List.of(), kvy.changedAt);
  }

  /** The state of {@code ks}, the rest (escrows, couples, clocks) from {@code kvy}. */
  private static VerifierState rest(Kevery kvy, List<VerifierState.KelRecord> ks,
      Map<String, Long> changes) {
    List<VerifierState.HeldMessage> hs = new ArrayList<>(kvy.escrows.size());
    for (Entry x : kvy.escrows.entries()) {
      if (x.raw == null) {
        throw new IllegalStateException("escrowed message " + x.index
            + " was not given with acceptMessage");
      }
      hs.add(new VerifierState.HeldMessage(x.index, x.offset, x.raw, x.retried, x.triedAt,
          x.escrow, x.reason, x.detail, x.source));
    }
    List<VerifierState.KeptCouple> cs = new ArrayList<>();
    kvy.receipts().forEachCouple((event, c) -> cs.add(
        new VerifierState.KeptCouple(event, c.verfer().qb64(), c.qb64(), c.offset())));
    return new VerifierState(kvy.nextIndex, kvy.clock, changes, ks, hs, cs);
  }

  private static VerifierState.KelRecord record(Kever k) {
    if (k.establishment == null) {
      throw new IllegalStateException("the establishment event of " + k.prefix
          + " was not given with acceptMessage");
    }
    List<VerifierState.AcceptedEvent> evs = new ArrayList<>(k.events.size());
    k.events.forEach((sn, a) -> evs.add(new VerifierState.AcceptedEvent(sn, a.said(),
        a.seals())));
    return new VerifierState.KelRecord(k.prefix, k.delegator.orElse(""), k.establishmentOnly,
        k.doNotDelegate, k.sn, k.said, k.et, k.establishment, k.witnesses, k.toad, evs);
  }

  /**
   * Restores {@code state} into {@code kvy}, a new Kevery: see {@link KelVerifier#restore}.
   *
   * @throws dev.cesrj.CesrException if a message kept in {@code state} no longer frames or decodes
   */
  static void restore(VerifierState state, Kevery kvy) {
    kvy.nextIndex = state.nextIndex();
    kvy.clock = state.clock();
    kvy.changedAt.putAll(state.changedAt());
    for (VerifierState.KelRecord r : state.kels()) {
      Kever k = new Kever(r.prefix(), r.delegator().isEmpty() ? Optional.empty()
          : Optional.of(r.delegator()), r.establishmentOnly(), r.doNotDelegate(),
          kvy.kevers.size());
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
        k.events.put(a.sn(), new Kever.Logged(a.said(), a.seals()));
      }
      k.keepEstablishment(e.said());
      kvy.kevers.put(k.prefix, k);
    }
    for (VerifierState.HeldMessage h : state.held()) {
      Entry x = held(h);
      x.retried = h.retried();
      x.triedAt = h.triedAt();
      x.source = h.source();
      x.set(Status.ESCROWED, h.escrow(), h.reason(), h.detail());
      kvy.entries.add(x);
      x.standing = EscrowStanding.of(x.escrow, x.event.ilk());
      x.cost = RetainedSize.of(x.event, x.bytes);
      // retried at the next pass if never retried, or if what it depends on changed since its
      // last try (the change counts of the state: a superset of its waits)
      kvy.escrows.add(x, kvy.waits(x), !x.retried || kvy.dependsOnChange(x));
      kvy.pool(x);
    }
    for (VerifierState.KeptCouple c : state.couples()) {
      kvy.receipts().restoreCouple(c.event(), c.key() + c.signature(),
          new Cigar(Verfer.of(c.key()), c.signature(), c.offset()));
    }
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
          Intake.sealSources(m), m.length());
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
}
