package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 28's promises attacked after they were built: each case an input an adversary (or a new
 * user) can send, with keripy's verdict (reasoned from keripy {@code src/keri/core/eventing.py})
 * or the documented stricter one.
 */
@ExtendWith(LeakDetectionExtension.class)
class Issue28BreakTest {

  private static String prefixOf(byte[] icp) {
    String s = new String(icp, StandardCharsets.US_ASCII);
    int at = s.indexOf("\"i\":\"") + 5;
    return s.substring(at, at + 44);
  }

  /**
   * A victim's KEL sent last event first from one source, with a flood of forged interactions
   * (good SAIDs, random priors, a stranger's signature: anyone can make them) at the victim's
   * prefix from another source between its events. keripy keeps every out-of-order event
   * ({@code Kevery.escrowOOEvent}, no bound) and ends at the KEL's last event; a bounded escrow
   * must too: the flood's own messages, held by the source that holds most of the prefix, go
   * first, not the victim's.
   */
  @Test
  void forgedOutOfOrderEventsFromAnotherSourceDoNotEvictAVictimsKel() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(20);
    String pre = prefixOf(kel.get(0));
    KeyPair stranger = KelBuilder.key(99);
    List<byte[]> junk = Floods.junkEvents(pre, 100, 210, stranger, 28);
    // per prefix 50 messages: the KEL's 20 out-of-order events fit, the flood does not
    KelVerifier v = new KelVerifier(new EscrowLimits(10_000, 1L << 30, 50, 1L << 30, 10_000,
        1L << 30));
    List<byte[]> reversed = new ArrayList<>(kel);
    Collections.reverse(reversed);
    int j = 0;
    for (int i = 0; i < reversed.size(); i++) {
      v.acceptMessage(reversed.get(i), 0, "victim");
      for (int k = 0; k < 10; k++) {
        v.acceptMessage(junk.get(j++), 0, "attacker");
      }
      v.retryEscrows();
    }
    v.finish();
    assertEquals(BigInteger.valueOf(20), v.keyState(pre).orElseThrow().sn());
  }

  /**
   * Inceptions signed by keys they name themselves, each partially signed ({@code kt} 2, one
   * signature): anyone can mint them, so they prove no more than an event out of order. Flooded
   * from one source until the escrow is full, they must not shut out a victim's log sent last
   * event first from another source: keripy keeps every escrowed event and ends at its last.
   */
  @Test
  void selfSignedInceptionsDoNotShutTheEscrowToAnOutOfOrderLog() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(5);
    String pre = prefixOf(kel.get(0));
    KeyPair a = KelBuilder.key(7);
    KeyPair b = KelBuilder.key(8);
    KelVerifier v = new KelVerifier(new EscrowLimits(40, 1L << 30));
    for (int i = 0; i < 40; i++) {
      assertEquals(Status.ESCROWED,
          v.acceptMessage(Floods.partiallySigned(a, b, i), 0, "attacker").status());
    }
    List<byte[]> reversed = new ArrayList<>(kel);
    Collections.reverse(reversed);
    for (byte[] m : reversed) {
      v.acceptMessage(m, 0, "victim");
      v.retryEscrows();
    }
    v.finish();
    assertEquals(BigInteger.valueOf(5), v.keyState(pre).orElseThrow().sn());
    assertEquals(40 - 5, v.escrowedCount());
  }

  /**
   * The same flood with events that are controller-signed in earnest: the attacker incepts its
   * own prefixes (accepted) and sends interactions of them, each partially signed ({@code kt} 2,
   * one signature), from one source until the escrow is full. A victim's log sent last event
   * first from another source must still get in (keripy ends at its last event): the source
   * holding the most, when it is not the newcomer's, gives up its oldest messages whatever their
   * standing.
   */
  @Test
  void partiallySignedInteractionsOfTheAttackersOwnLogsDoNotShutTheEscrow() throws Exception {
    List<byte[]> kel = SyntheticKel.messages(5);
    String pre = prefixOf(kel.get(0));
    KelVerifier v = new KelVerifier(new EscrowLimits(40, 1L << 30));
    for (int i = 0; i < 4; i++) {
      LivenessKel own = new LivenessKel(false, 200 + i);
      v.acceptMessage(own.message(own.icp, own.current, LivenessKel.at(0, 1), LivenessKel.at(),
          LivenessKel.at()), 0, "attacker");
      assertEquals(BigInteger.ZERO, v.keyState(own.pre).orElseThrow().sn());
      for (int j = 0; j < 10; j++) {
        assertEquals(Status.ESCROWED, v.acceptMessage(own.message(own.ixn(1, own.pre, "t" + j),
            own.current, LivenessKel.at(0), LivenessKel.at(), LivenessKel.at()), 0,
            "attacker").status());
      }
    }
    assertEquals(40, v.escrowedCount());
    List<byte[]> reversed = new ArrayList<>(kel);
    Collections.reverse(reversed);
    for (byte[] m : reversed) {
      v.acceptMessage(m, 0, "victim");
      v.retryEscrows();
    }
    v.finish();
    assertEquals(BigInteger.valueOf(5), v.keyState(pre).orElseThrow().sn());
  }
}
