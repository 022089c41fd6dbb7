package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 31: the floor on threads made per call ({@link VerifyThreads#CHECKS_PER_MADE_THREAD}),
 * counted with a counting thread factory, and the rules running while the workers check ({@link
 * PrecomputedVerdicts}): whoever verifies a planned check (a worker, or the rules' thread that
 * found it unclaimed), each is verified exactly once and the outcome is the serial one.
 */
@ExtendWith(LeakDetectionExtension.class)
class OverlapTest {
  /** kel/A's multisig KEL: 192 signature checks in one batch when given whole. */
  private static final String BIG = "/kel/A/kel_bigmultisig.v1.bare.txt.original.cesr";
  /** kel/A's CBOR KEL: one signature per event. */
  private static final String SMALL = "/kel/A/kel_cbor.v1.bare.txt.original.cesr";
  private static final String[] STREAMS = {BIG,
      "/kel/A/kel_delegated.v1.bare.txt.original.cesr",
      "/kel/A/kel_mixedcrypto.v2.bare.txt.original.cesr",
      "/network/A/receipts/receipts-after-events.cesr",
      "/network/A/receipts/receipts-before-events.cesr"};

  /** An executor whose every task runs on a new daemon thread (the tests' extra workers). */
  static void threadPerTask(Runnable r) {
    Thread t = new Thread(r, "overlap-test");
    t.setDaemon(true);
    t.start();
  }

  private static byte[] bytes(String resource) {
    try (InputStream in = OverlapTest.class.getResourceAsStream(resource)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ParallelEqualsSerialTest.Outcome serial(byte[] input) {
    return ParallelEqualsSerialTest.whole(KelVerifier.builder().threads(1).build(), input);
  }

  @Test
  void theFloorIsOneMadeThreadPerSixteenChecks() {
    assertEquals(1, VerifyThreads.clamp(2, 2, 3, true), "a credential run of 3 checks");
    assertEquals(1, VerifyThreads.clamp(2, 2, 12, true), "a witnessed issuer's run of 12");
    assertEquals(1, VerifyThreads.clamp(2, 2, 15, true));
    assertEquals(2, VerifyThreads.clamp(2, 2, 16, true));
    assertEquals(2, VerifyThreads.clamp(8, 16, 31, true));
    assertEquals(3, VerifyThreads.clamp(8, 16, 47, true));
    assertEquals(4, VerifyThreads.clamp(8, 16, 48, true));
    assertEquals(2, VerifyThreads.clamp(2, 2, 3, false), "an executor takes no floor");
    assertEquals(1, VerifyThreads.clamp(2, 2, 1, false));
    assertEquals(1, VerifyThreads.clamp(1, 16, 1_000, true));
    assertEquals(1, VerifyThreads.clamp(8, 16, 0, true));
  }

  /**
   * At the default bound, batches of 3 key events of a single-key KEL (3 checks, as a credential
   * stream's runs give) make no thread; the whole multisig KEL (one batch of 192 checks) makes one.
   */
  @Test
  void aSmallBatchMakesNoThreadABigOneMakesOne() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: serial path");
    AtomicInteger made = new AtomicInteger();
    ThreadFactory counting = r -> {
      made.incrementAndGet();
      Thread t = new Thread(r);
      t.setDaemon(true);
      return t;
    };
    byte[] input = bytes(SMALL);
    KelVerifier small = KelVerifier.builder().threadFactory(counting).build();
    List<Verdict> got = new ArrayList<>();
    try (Messages ms = Messages.copyOf(input)) {
      List<Message> all = new ArrayList<>();
      ms.forEach(all::add);
      for (int i = 0; i < all.size(); i += 3) {
        got.addAll(small.acceptAll(all.subList(i, Math.min(all.size(), i + 3)), 0));
      }
    }
    assertEquals(0, made.get(), "runs of 3 messages: below the floor");
    assertEquals(0, small.precomputedPlanned());
    assertEquals(serial(input).intake(), got);

    byte[] big = bytes(BIG);
    KelVerifier whole = KelVerifier.builder().threadFactory(counting).build();
    assertEquals(serial(big), ParallelEqualsSerialTest.whole(whole, big));
    assertEquals(1, made.get(), "one batch of 192 checks, 2 workers: one thread made");
    assertEquals(192, whole.precomputedPlanned());
    assertEquals(192, whole.precomputedVerifications(), "each planned check verified once");
  }

  /**
   * An executor that has not run its task when the rules start: the rules' thread claims and
   * verifies every check it needs itself, then the join verifies the rest; each check once, and
   * the late task finds nothing left.
   */
  @Test
  void theRulesVerifyUnclaimedChecksThemselvesOnce() {
    for (String s : STREAMS) {
      byte[] input = bytes(s);
      List<Runnable> held = new ArrayList<>();
      KelVerifier v = KelVerifier.builder().threads(2).executor(held::add).build();
      assertEquals(serial(input), ParallelEqualsSerialTest.whole(v, input), s);
      assertTrue(v.precomputedPlanned() > 0, s);
      assertTrue(v.precomputedSelfChecks() > 0, s);
      assertTrue(v.precomputedSelfChecks() <= v.precomputedPlanned(), s);
      assertEquals(v.precomputedPlanned(), v.precomputedVerifications(), s + ": each once");
      for (Runnable r : held) {
        r.run();
      }
      assertEquals(v.precomputedPlanned(), v.precomputedVerifications(), s + ": late tasks");
    }
  }

  /**
   * An executor that runs its task at once, inside the submit: every check is done before the
   * rules start, and the rules verify none themselves.
   */
  @Test
  void checksDoneBeforeTheRulesAreTaken() {
    for (String s : STREAMS) {
      byte[] input = bytes(s);
      KelVerifier v = KelVerifier.builder().threads(2).executor(Runnable::run).build();
      assertEquals(serial(input), ParallelEqualsSerialTest.whole(v, input), s);
      assertEquals(0, v.precomputedSelfChecks(), s);
      assertEquals(v.precomputedPlanned(), v.precomputedVerifications(), s);
      assertTrue(v.precomputedHits() > 0, s);
    }
  }

  /**
   * Workers on their own threads while the rules run: whatever the interleaving, each planned
   * check is verified once and the outcome is the serial one (repeated, so that the rules meet
   * checks unclaimed, claimed and done).
   */
  @Test
  void workersAndRulesTogetherVerifyEachCheckOnce() {
    for (int round = 0; round < 5; round++) {
      for (String s : STREAMS) {
        byte[] input = bytes(s);
        KelVerifier v = KelVerifier.builder().threads(2).executor(OverlapTest::threadPerTask)
            .build();
        assertEquals(serial(input), ParallelEqualsSerialTest.whole(v, input), s);
        assertEquals(v.precomputedPlanned(), v.precomputedVerifications(), s);
      }
    }
  }
}
