package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The heap bytes the escrows count, as exact numbers worked out by hand from the messages, and
 * the byte bounds per prefix and per source at their edges. {@link KelVerifierEscrowTest} checks
 * the bounds against a sum computed by the same {@link RetainedSize}; this test pins the figures
 * themselves, so that an estimate counting too little (or nothing) fails.
 *
 * <p>kel/A's {@code kel_single.v1.bare.txt.out-of-order.cesr}: keripy escrows messages 4, 6, 7
 * and 8 out of order at intake. Their lengths (body and attachments) and decoded values (the
 * body's map, each field's value, each list item; a map inside counts twice, as a value and as
 * the field map it holds, plus its fields):
 * <ul>
 *   <li>4, {@code rot} sn 5: 444 bytes; the map, its 14 fields, one key in {@code k} and one
 *       digest in {@code n} (its {@code br}, {@code ba} and {@code a} empty): 1 + 14 + 2 = 17;
 *   <li>6, {@code ixn} sn 6: 400 bytes; the map, its 7 fields, two seals in {@code a} of one
 *       field each: 1 + 7 + 2 &times; (2 + 1) = 14;
 *   <li>7 and 8, {@code rot} sn 7 and 8: 496 bytes; as 4 plus one seal of one field: 20.
 * </ul>
 * At 12 bytes per byte, 96 per value and 1,024 per message: 7,984, 7,168, 8,896 and 8,896.
 */
@ExtendWith(LeakDetectionExtension.class)
class EscrowAccountingTest {
  private static final String FILE = "kel_single.v1.bare.txt.out-of-order.cesr";
  private static final long[] RETAINED = {7_984, 7_168, 8_896, 8_896};
  private static final long ALL = 7_984 + 7_168 + 8_896 + 8_896;

  private static byte[] bytes() {
    try (InputStream in = EscrowAccountingTest.class.getResourceAsStream("/kel/A/" + FILE)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Feeds the file message by message, no retry; {@return the intake verdicts} */
  private static List<Verdict> intake(KelVerifier v) {
    List<Verdict> out = new ArrayList<>();
    try (Messages ms = Messages.copyOf(bytes())) {
      for (Message m : ms) {
        out.add(v.accept(m));
      }
    }
    return out;
  }

  @Test
  void eachEscrowedMessageIsCountedAsWorkedOutByHand() {
    List<Long> retained = new ArrayList<>();
    List<Long> lengths = new ArrayList<>();
    try (Messages ms = Messages.copyOf(bytes())) {
      int i = 0;
      for (Message m : ms) {
        if (i == 4 || i >= 6) {
          retained.add(EscrowLimits.retained(m));
          lengths.add((long) m.length());
        }
        i++;
      }
    }
    assertEquals(List.of(444L, 400L, 496L, 496L), lengths);
    assertEquals(List.of(RETAINED[0], RETAINED[1], RETAINED[2], RETAINED[3]), retained);
    assertEquals(444L * 12 + 17 * 96 + 1_024, RETAINED[0]);
  }

  @Test
  void theVerifierCountsTheSumWhileTheyAreHeldAndNothingOnceAccepted() {
    KelVerifier v = new KelVerifier();
    intake(v);
    assertEquals(4, v.escrowedCount());
    assertEquals(ALL, v.escrowedBytes());
    v.finish();
    assertEquals(0, v.escrowedCount());
    assertEquals(0, v.escrowedBytes());
  }

  /** The counts of intake verdicts: accepted, escrowed, rejected. */
  private static String counts(List<Verdict> verdicts) {
    int a = 0;
    int e = 0;
    int r = 0;
    for (Verdict x : verdicts) {
      switch (x.status()) {
        case ACCEPTED:
          a++;
          break;
        case ESCROWED:
          e++;
          break;
        default:
          r++;
      }
    }
    return a + " accepted, " + e + " escrowed, " + r + " rejected";
  }

  @Test
  void aPrefixByteBoundOfExactlyTheSumHoldsAllFourAndOneByteLessEvictsTheOldest() {
    long big = 1L << 30;
    KelVerifier exact = new KelVerifier(new EscrowLimits(100, big, 100, ALL, 100, big));
    assertEquals("5 accepted, 4 escrowed, 0 rejected", counts(intake(exact)));
    assertEquals(ALL, exact.escrowedBytes());

    KelVerifier less = new KelVerifier(new EscrowLimits(100, big, 100, ALL - 1, 100, big));
    intake(less);
    assertEquals(3, less.escrowedCount());
    assertEquals(ALL - RETAINED[0], less.escrowedBytes());
  }

  @Test
  void aSourceByteBoundOfExactlyTheSumHoldsAllFourAndOneByteLessEvictsTheOldest() {
    long big = 1L << 30;
    KelVerifier exact = new KelVerifier(new EscrowLimits(100, big, 100, big, 100, ALL));
    intake(exact);
    assertEquals(4, exact.escrowedCount());
    assertEquals(ALL, exact.escrowedBytes());

    KelVerifier less = new KelVerifier(new EscrowLimits(100, big, 100, big, 100, ALL - 1));
    intake(less);
    assertEquals(3, less.escrowedCount());
    assertEquals(ALL - RETAINED[0], less.escrowedBytes());
  }

  @Test
  void aMessageAloneAboveAPrefixOrSourceBoundIsTurnedAway() {
    long big = 1L << 30;
    for (EscrowLimits limits : List.of(
        new EscrowLimits(100, big, 100, RETAINED[1] - 1, 100, big),
        new EscrowLimits(100, big, 100, big, 100, RETAINED[1] - 1))) {
      KelVerifier v = new KelVerifier(limits);
      intake(v);
      // a bound below the smallest of the four (7,168): none fits, so none is held
      assertEquals(0, v.escrowedCount(), limits.toString());
      assertEquals(0, v.escrowedBytes(), limits.toString());
    }
  }
}
