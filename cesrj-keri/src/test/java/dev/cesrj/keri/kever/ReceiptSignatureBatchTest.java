package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 31, item 2: receipts' signatures (non-transferable couples {@code -C}, witness indexed
 * signatures {@code -B}) are checked on the workers with the batch's key events ({@link
 * SignatureBatch}), against the keys the receipt and the receipted event of the batch give, and
 * the rules take those verdicts, in the batch or on the escrow retry after it. The counts are
 * exact: what was precomputed and what the rules had to redo serially. The outcome is the serial
 * one in each case ({@link ParallelEqualsSerialTest} covers the two recorded streams too).
 */
@ExtendWith(LeakDetectionExtension.class)
class ReceiptSignatureBatchTest {
  /** trans-wits of network recording A, and keripy's key state of it (keystate.json). */
  private static final String PRE = "ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL";
  private static final String LAST = "EPjwHVos6w9aZj7Ek9enNCUxhLoCpvMf3c5tVU0JYhgs";

  @BeforeEach
  void twoProcessors() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: serial path");
  }

  private static byte[] bytes(String resource) {
    try (InputStream in = ReceiptSignatureBatchTest.class.getResourceAsStream(resource)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A verifier whose extra workers are tasks of an executor (each on a new thread): these batches
   * hold fewer checks than {@link VerifyThreads#CHECKS_PER_MADE_THREAD}, below which threads made
   * per call are not started, and an executor takes no such floor.
   */
  private static KelVerifier verifier(int workers) {
    return KelVerifier.builder().threads(workers).executor(OverlapTest::threadPerTask).build();
  }

  private static void assertKeripysKeyState(KelVerifier v) {
    KeyState ks = v.keyState(PRE).orElseThrow();
    assertEquals(BigInteger.TWO, ks.sn());
    assertEquals(LAST, ks.said());
  }

  /**
   * Each receipt before its event: the receipt is escrowed with its couple, and the event's
   * {@code bt} 2 is met by the three couples when the event comes, in the same batch. The 3
   * controller signatures and the 9 couples are all precomputed and all taken: no check redone.
   */
  @Test
  void receiptsBeforeTheirEventsAreCheckedOnTheWorkers() {
    byte[] input = bytes("/network/A/receipts/receipts-before-events.cesr");
    KelVerifier v = verifier(2);
    List<Verdict> intake = v.acceptAll(input);
    assertEquals(12, intake.size());
    for (int i = 0; i < 12; i++) {
      assertEquals(i % 4 == 3 ? Status.ACCEPTED : Status.ESCROWED, intake.get(i).status(),
          "message " + i);
    }
    assertEquals(9, v.precomputedReceiptChecks());
    assertEquals(12, v.precomputedHits());
    assertEquals(0, v.precomputedMisses());
    for (Verdict f : v.finish()) {
      assertEquals(Status.ACCEPTED, f.status());
    }
    assertEquals(0, v.retryHits(), "receipts of accepted events: nothing checked");
    assertKeripysKeyState(v);

    KelVerifier serial = verifier(1);
    assertEquals(intake, serial.acceptAll(input));
    assertEquals(0, serial.precomputedReceiptChecks());
    assertEquals(0, serial.precomputedHits());
  }

  /**
   * Each event, then its three receipts (as the controller got them from keripy's witnesses): the
   * inception waits for witnesses, the later events wait out of order, and all are decided on
   * the escrow retry of {@link KelVerifier#finish()}, after the batch. The verdicts planned for
   * the escrowed bodies are kept for that retry: its 12 checks (3 controller signatures, 9
   * couples) all take them.
   */
  @Test
  void receiptsAfterTheirEventsServeTheRetry() {
    byte[] input = bytes("/network/A/receipts/receipts-after-events.cesr");
    KelVerifier v = verifier(2);
    List<Verdict> intake = v.acceptAll(input);
    for (Verdict d : intake) {
      assertEquals(Status.ESCROWED, d.status());
    }
    assertEquals(Escrow.PARTIALLY_WITNESSED, intake.get(0).escrow().orElseThrow());
    assertEquals(9, v.precomputedReceiptChecks());
    assertEquals(1, v.precomputedHits(), "the inception's controller signature");
    assertEquals(0, v.precomputedMisses());
    for (Verdict f : v.finish()) {
      assertEquals(Status.ACCEPTED, f.status());
    }
    assertEquals(12, v.retryHits());
    assertEquals(0, v.retryMisses());
    assertKeripysKeyState(v);
  }

  /**
   * A receipt after an event whose own witness signatures reach its {@code bt} is not planned
   * (the event is accepted on arrival and the receipt's signatures are then never checked); a
   * receipt before an event is planned only for the witnesses the event does not sign itself.
   */
  @Test
  void receiptsTheRulesWillNotCheckAreNotPlanned() throws Exception {
    LivenessKel kel = new LivenessKel(true, 40);
    byte[] witnessed = kel.message(kel.icp, kel.current, LivenessKel.at(0, 1),
        LivenessKel.at(0, 1), LivenessKel.at());
    byte[] after = kel.receipt(kel.icp, LivenessKel.at(), LivenessKel.at(0, 1));
    KelVerifier v = verifier(2);
    List<Verdict> intake = v.acceptAll(KelBuilder.stream(witnessed, after));
    assertEquals(Status.ACCEPTED, intake.get(0).status());
    assertEquals(Status.ACCEPTED, intake.get(1).status());
    assertEquals(0, v.precomputedReceiptChecks());
    assertEquals(4, v.precomputedHits(), "2 controller and 2 witness signatures");
    assertEquals(0, v.precomputedMisses());

    LivenessKel other = new LivenessKel(true, 60);
    byte[] before = other.receipt(other.icp, LivenessKel.at(0), LivenessKel.at(0, 1));
    byte[] oneWig = other.message(other.icp, other.current, LivenessKel.at(0, 1),
        LivenessKel.at(0), LivenessKel.at());
    KelVerifier w = verifier(2);
    List<Verdict> got = w.acceptAll(KelBuilder.stream(before, oneWig));
    assertEquals(Status.ACCEPTED, got.get(1).status());
    // witness 0 signs the event itself: its receipt signature and couple are not planned
    assertEquals(1, w.precomputedReceiptChecks(), "witness 1's couple");
    assertEquals(4, w.precomputedHits(), "2 controller, 1 own witness signature, 1 couple");
    assertEquals(0, w.precomputedMisses());
    assertEquals(got, verifier(1).acceptAll(KelBuilder.stream(before, oneWig)));
  }

  /**
   * A receipt is planned against the first copy of its event in the batch; when the rules reject
   * that copy (its controller signature is by another key) and accept a later one, the couples
   * are looked up over the accepted copy's body, find nothing, and are verified serially: the
   * verdicts are the serial ones.
   */
  @Test
  void couplesPlannedOverACopyTheRulesRejectAreRedoneSerially() throws Exception {
    LivenessKel kel = new LivenessKel(true, 80);
    byte[] rct = kel.receipt(kel.icp, LivenessKel.at(), LivenessKel.at(0, 1));
    byte[] forged = kel.message(kel.icp, kel.next, LivenessKel.at(0), LivenessKel.at(),
        LivenessKel.at());
    byte[] good = kel.message(kel.icp, kel.current, LivenessKel.at(0, 1), LivenessKel.at(),
        LivenessKel.at());
    byte[] input = KelBuilder.stream(rct, forged, good);
    KelVerifier v = verifier(2);
    List<Verdict> intake = v.acceptAll(input);
    assertEquals(Status.ESCROWED, intake.get(0).status());
    assertEquals(Reason.NO_VERIFIED_SIGNATURES, intake.get(1).reason());
    assertEquals(Status.ACCEPTED, intake.get(2).status());
    assertEquals(2, v.precomputedReceiptChecks());
    assertEquals(3, v.precomputedHits(), "the forged copy's signature, the good copy's two");
    assertEquals(2, v.precomputedMisses(), "the two couples, over the good copy's body");
    assertEquals(intake, verifier(1).acceptAll(input));
  }
}
