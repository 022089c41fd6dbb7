package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Escrows that cannot be flooded shut (issue 28): junk anyone can send does not keep an honest
 * KEL out, evicts nothing of higher standing, and costs retries linear in what was sent (counted,
 * not timed). The honest KELs end with the key state keripy gives them (it has no count bound on
 * its escrows: each event is accepted once its prior is).
 */
@ExtendWith(LeakDetectionExtension.class)
class EscrowFloodTest {
  /**
   * 1 in every build: the sizes (10,000 junk receipts, a 10,002-event KEL); under PIT
   * ({@link dev.cesrj.keri.PitSample#sampling()}) sizes a tenth as large, as PIT reruns each test
   * for every mutant of the code it covers (the assertions hold at any size).
   */
  private static final int SCALE_DIVISOR = dev.cesrj.keri.PitSample.sampling() ? 10 : 1;

  /** Accepts one message from its own bytes, then retries the escrows, as cesrj-flink does. */
  static Verdict feed(KelVerifier v, byte[] message, String source) {
    Verdict out;
    try (Messages ms = Messages.copyOf(message)) {
      out = v.accept(ms.next(), source);
    }
    v.retryEscrows();
    return out;
  }

  private static String prefixOf(List<byte[]> kel) {
    String icp = new String(kel.get(0), java.nio.charset.StandardCharsets.US_ASCII);
    int at = icp.indexOf("\"i\":\"") + 5;
    return icp.substring(at, at + 44);
  }

  /**
   * 10,000 junk receipts aimed at the honest prefix, then its 3-event KEL last event first, each
   * message followed by a retry: the KEL ends at sn 2 (keripy's verdict), with the default limits
   * and with an escrow of only 1,000 messages (the junk of lowest standing is evicted for the
   * events), and the retries are linear: each message is retried once after it comes, and each
   * receipt once more when an event at its sequence number is accepted (which rejects it).
   */
  @Test
  void junkReceiptsThenAnHonestKelOutOfOrder() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(2);
    String pre = prefixOf(kel);
    int n = 10_000 / SCALE_DIVISOR;
    List<byte[]> junk = Floods.junkReceipts(pre, n, 28);
    for (EscrowLimits limits : List.of(EscrowLimits.DEFAULT, new EscrowLimits(n / 10, 64L << 20))) {
      KelVerifier v = new KelVerifier(limits);
      for (byte[] r : junk) {
        assertEquals(Status.ESCROWED, feed(v, r, "attacker").status());
      }
      for (int i = kel.size() - 1; i >= 0; i--) {
        feed(v, kel.get(i), "honest");
      }
      assertEquals(BigInteger.TWO, v.keyState(pre).orElseThrow().sn(), limits.toString());
      assertTrue(v.retries() <= 2L * junk.size() + 2L * kel.size(), v.retries() + " retries");
      // every junk receipt was at sn 0 to 2: rejected once the event there was accepted
      assertEquals(0, v.escrowedCount());
      if (limits.maxMessages() == n / 10) {
        long evicted = v.verdicts().stream()
            .filter(x -> x.reason() == Reason.ESCROW_EVICTED).count();
        assertEquals(n - n / 10 + 2, evicted); // the 2 events out of order took 2 places
      }
    }
  }

  /** Junk receipts retried after every message: retries grow linearly, 1,000 to 8,000. */
  @Test
  void junkReceiptRetriesGrowLinearly() throws Exception {
    String pre = prefixOf(SyntheticKel.messages(0));
    for (int n = 1_000 / SCALE_DIVISOR; n <= 8_000 / SCALE_DIVISOR; n *= 2) {
      KelVerifier v = new KelVerifier();
      for (byte[] r : Floods.junkReceipts(pre, n, n)) {
        feed(v, r, KelVerifier.DEFAULT_SOURCE);
      }
      assertEquals(n, v.retries(), "each receipt retried once, after it came");
      assertEquals(0, v.woken(), "no receipt woke another");
    }
  }

  /**
   * A KEL of 10,002 events sent last event first, retried after every message, ends at sn 10001
   * with the default limits (16,384 messages per prefix) in retries linear in its length.
   */
  @Test
  void longKelLastEventFirst() throws Exception {
    int last = 10_002 / SCALE_DIVISOR - 1;
    List<byte[]> kel = SyntheticKel.messages(last);
    KelVerifier v = new KelVerifier();
    for (int i = kel.size() - 1; i >= 0; i--) {
      feed(v, kel.get(i), KelVerifier.DEFAULT_SOURCE);
    }
    assertEquals(BigInteger.valueOf(last), v.keyState(prefixOf(kel)).orElseThrow().sn());
    assertEquals(0, v.escrowedCount());
    assertTrue(v.retries() <= 2L * kel.size(), v.retries() + " retries");
  }

  /**
   * One source flooding controller-signed events (partially signed inceptions of its own) into a
   * full escrow evicts its own, never another source's.
   */
  @Test
  void floodingOneSourceDoesNotEvictAnothers() throws Exception {
    KeyPair a = KelBuilder.key(11);
    KeyPair b = KelBuilder.key(12);
    KelVerifier v = new KelVerifier(new EscrowLimits(50, 64L << 20));
    Verdict honest = feed(v, Floods.partiallySigned(a, b, 0), "honest");
    assertEquals(Escrow.PARTIALLY_SIGNED, honest.escrow().orElseThrow());
    List<Verdict> flood = new ArrayList<>();
    for (int i = 1; i <= 500; i++) {
      flood.add(feed(v, Floods.partiallySigned(a, b, i), "attacker"));
    }
    assertEquals(50, v.escrowedCount());
    assertEquals(Status.ESCROWED, v.verdicts().get(0).status());
    assertEquals(Escrow.PARTIALLY_SIGNED, v.verdicts().get(0).escrow().orElseThrow());
    // the attacker's oldest were evicted for its newest
    assertEquals(Reason.ESCROW_EVICTED, v.verdicts().get(1).reason());
    assertEquals(Status.ESCROWED, v.verdicts().get(500).status());
  }

  /**
   * One prefix flooded with junk events out of order (a stranger's signatures) is held to its
   * per-prefix bound, evicting its own oldest: another prefix's events out of order, older and of
   * the same standing, stay and are accepted when their inception comes.
   */
  @Test
  void floodingOnePrefixDoesNotEvictAnothers() throws Exception {
    List<byte[]> honest = SyntheticKel.messages(5);
    String pre = prefixOf(honest);
    KelVerifier v = new KelVerifier(new EscrowLimits(100, 64L << 20, 10, 64L << 20, 100,
        64L << 20));
    for (int i = honest.size() - 1; i >= 1; i--) {
      assertEquals(Status.ESCROWED, feed(v, honest.get(i), "").status());
    }
    String junkPre = KelBuilder.verfer(KelBuilder.key(21), true);
    for (byte[] e : Floods.junkEvents(junkPre, 1, 1_000, KelBuilder.key(22), 7)) {
      feed(v, e, "");
    }
    assertEquals(5 + 10, v.escrowedCount());
    feed(v, honest.get(0), "");
    assertEquals(BigInteger.valueOf(5), v.keyState(pre).orElseThrow().sn());
    assertEquals(10, v.escrowedCount());
  }

  /** An evicted message sent again is processed afresh: nothing remembers it. */
  @Test
  void anEvictedEventSentAgainIsAccepted() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(3);
    KelVerifier v = new KelVerifier(new EscrowLimits(2, 64L << 20));
    for (int i = 3; i >= 1; i--) {
      feed(v, kel.get(i), "");
    }
    List<Verdict> all = v.verdicts();
    assertEquals(Reason.ESCROW_EVICTED, all.get(0).reason()); // sn 3, the oldest
    feed(v, kel.get(0), "");
    assertEquals(BigInteger.TWO, v.keyState(prefixOf(kel)).orElseThrow().sn());
    assertEquals(Status.ACCEPTED, feed(v, kel.get(3), "").status());
    assertEquals(BigInteger.valueOf(3), v.keyState(prefixOf(kel)).orElseThrow().sn());
  }

  /**
   * Standing decides eviction: a junk receipt cannot evict a controller-signed event (it is turned
   * away, ESCROW_FULL), while an event out of order evicts a junk receipt.
   */
  @Test
  void junkNeverEvictsAControllerSignedEvent() throws Exception {
    KelVerifier v = new KelVerifier(new EscrowLimits(1, 64L << 20));
    assertEquals(Escrow.PARTIALLY_SIGNED, feed(v, Floods.partiallySigned(KelBuilder.key(11),
        KelBuilder.key(12), 0), "").escrow().orElseThrow());
    List<byte[]> kel = SyntheticKel.messages(1);
    Verdict junk = feed(v, Floods.junkReceipts(prefixOf(kel), 1, 3).get(0), "");
    assertEquals(Reason.ESCROW_FULL, junk.reason());
    assertEquals(Status.ESCROWED, v.verdicts().get(0).status());
    KelVerifier w = new KelVerifier(new EscrowLimits(1, 64L << 20));
    assertEquals(Status.ESCROWED,
        feed(w, Floods.junkReceipts(prefixOf(kel), 1, 3).get(0), "").status());
    assertEquals(Escrow.OUT_OF_ORDER, feed(w, kel.get(1), "").escrow().orElseThrow());
    assertEquals(Reason.ESCROW_EVICTED, w.verdicts().get(0).reason());
    assertEquals(Status.ACCEPTED, feed(w, kel.get(0), "").status());
    assertEquals(BigInteger.ONE, w.keyState(prefixOf(kel)).orElseThrow().sn());
  }

  /** A held message's source is kept in the state and restored with it. */
  @Test
  void sourcesSurviveState() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(1);
    KelVerifier v = new KelVerifier();
    assertEquals(Status.ESCROWED, v.acceptMessage(kel.get(1), 0, "conn-7").status());
    VerifierState s = v.state();
    assertEquals("conn-7", s.held().get(0).source());
    KelVerifier r = KelVerifier.restore(s, EscrowLimits.DEFAULT);
    assertEquals(s, r.state());
    assertEquals(Status.ACCEPTED, r.acceptMessage(kel.get(0), 1, "conn-8").status());
    assertEquals(List.of(Status.ACCEPTED),
        r.retryEscrows().stream().map(Verdict::status).toList());
  }
}
