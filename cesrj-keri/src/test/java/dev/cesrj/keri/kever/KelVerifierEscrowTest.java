package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link KelVerifier}'s escrow bounds at their exact edges, on kel/A's {@code
 * kel_single.v1.bare.txt.out-of-order.cesr}: keripy's verdict escrows messages 4, 6, 7 and 8 out
 * of order at intake and accepts them all after escrow processing. Also: a repeated event is a
 * duplicate (not duplicitous), and a body that does not read is rejected with no ilk or prefix.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierEscrowTest {
  private static final String FILE = "kel_single.v1.bare.txt.out-of-order.cesr";

  private static byte[] bytes(String file) {
    try (InputStream in = KelVerifierEscrowTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Feeds FILE; {@code retry} calls processEscrows after each message. */
  private static List<String> run(KelVerifier v, boolean retry, List<String> intake) {
    try (Messages ms = Messages.copyOf(bytes(FILE))) {
      for (Message m : ms) {
        intake.add(describe(v.accept(m)));
        if (retry) {
          v.processEscrows();
        }
      }
    }
    return v.finish().stream().map(KelVerifierEscrowTest::describe).collect(Collectors.toList());
  }

  private static String describe(Verdict v) {
    return v.index() + " " + v.status() + " " + v.reason();
  }

  /**
   * The heap bytes counted ({@link EscrowLimits#retained(Message)}) for the messages
   * keripy escrows: 4, 6, 7, 8.
   */
  private static long escrowedBytes() {
    long sum = 0;
    int i = 0;
    try (Messages ms = Messages.copyOf(bytes(FILE))) {
      for (Message m : ms) {
        if (i == 4 || i >= 6) {
          sum += EscrowLimits.retained(m);
        }
        i++;
      }
    }
    return sum;
  }

  private static final List<String> ALL_ACCEPTED = List.of("0 ACCEPTED NONE", "1 ACCEPTED NONE",
      "2 ACCEPTED NONE", "3 ACCEPTED NONE", "4 ACCEPTED NONE", "5 ACCEPTED NONE",
      "6 ACCEPTED NONE", "7 ACCEPTED NONE", "8 ACCEPTED NONE");

  @Test
  void fourMessagesFitAnEscrowOfFour() {
    List<String> intake = new ArrayList<>();
    assertEquals(ALL_ACCEPTED, run(new KelVerifier(new EscrowLimits(4, escrowedBytes())), false,
        intake));
    assertEquals(List.of("0 ACCEPTED NONE", "1 ACCEPTED NONE", "2 ACCEPTED NONE",
        "3 ACCEPTED NONE", "4 ESCROWED OUT_OF_ORDER", "5 ACCEPTED NONE",
        "6 ESCROWED OUT_OF_ORDER", "7 ESCROWED OUT_OF_ORDER", "8 ESCROWED OUT_OF_ORDER"), intake);
  }

  @Test
  void retriesAtEveryMessageKeepTheCounts() {
    // retried after each message, message 4 leaves the escrow and comes back while sn 4 is
    // missing, and is accepted once message 5 arrives: 6, 7 and 8 are then in order. An escrow of
    // one holds it only if each retry gives its place back.
    List<String> intake = new ArrayList<>();
    List<String> fin = run(new KelVerifier(new EscrowLimits(1, 1L << 20)), true, intake);
    List<String> want = new ArrayList<>(ALL_ACCEPTED);
    want.set(4, "4 ESCROWED OUT_OF_ORDER");
    assertEquals(want, intake);
    assertEquals(ALL_ACCEPTED, fin);
    intake.clear();
    long four = escrowedBytesOf(4);
    assertEquals(ALL_ACCEPTED, run(new KelVerifier(new EscrowLimits(1, four)), true, intake));
    assertEquals(want, intake);
  }

  private static long escrowedBytesOf(int index) {
    int i = 0;
    try (Messages ms = Messages.copyOf(bytes(FILE))) {
      for (Message m : ms) {
        if (i++ == index) {
          return EscrowLimits.retained(m);
        }
      }
    }
    throw new AssertionError("no message " + index);
  }

  /**
   * A fifth message (or byte) passes the bound: the newcomer, of the same standing as those held
   * (all out of order), evicts the oldest, message 4, whose verdict becomes ESCROW_EVICTED
   * (reported by the next retry); sent again, message 4 is processed afresh and the whole log is
   * accepted.
   */
  @Test
  void aFifthMessageOrByteEvictsTheOldestWhichIsAcceptedWhenSentAgain() {
    for (EscrowLimits limits : List.of(new EscrowLimits(3, 1L << 20),
        new EscrowLimits(10, escrowedBytes() - 1))) {
      KelVerifier v = new KelVerifier(limits);
      List<String> intake = new ArrayList<>();
      List<Message> kept = new ArrayList<>();
      try (Messages ms = Messages.copyOf(bytes(FILE))) {
        for (Message m : ms) {
          intake.add(describe(v.accept(m)));
        }
        List<String> moved = v.retryEscrows().stream().map(KelVerifierEscrowTest::describe)
            .collect(Collectors.toList());
        assertEquals("8 ESCROWED OUT_OF_ORDER", intake.get(8), limits.toString());
        assertEquals(List.of("4 REJECTED ESCROW_EVICTED"), moved, limits.toString());
        assertEquals(List.of("4 REJECTED ESCROW_EVICTED", "5 ACCEPTED NONE",
            "6 ESCROWED OUT_OF_ORDER", "7 ESCROWED OUT_OF_ORDER", "8 ESCROWED OUT_OF_ORDER"),
            v.finish().stream().map(KelVerifierEscrowTest::describe)
                .collect(Collectors.toList()).subList(4, 9));
      }
      try (Messages ms = Messages.copyOf(bytes(FILE))) {
        int i = 0;
        for (Message m : ms) {
          if (i++ == 4) {
            assertEquals("9 ACCEPTED NONE", describe(v.accept(m)));
          }
        }
      }
      assertEquals(List.of("6 ACCEPTED NONE", "7 ACCEPTED NONE", "8 ACCEPTED NONE"),
          v.retryEscrows().stream().map(KelVerifierEscrowTest::describe)
              .collect(Collectors.toList()));
      assertEquals(0, v.escrowedCount());
    }
  }

  @Test
  void aRepeatedEventIsADuplicate() {
    KelVerifier v = new KelVerifier();
    byte[] kel = bytes("kel_single.v1.bare.txt.original.cesr");
    List<Verdict> second = new ArrayList<>();
    for (int round = 0; round < 2; round++) {
      try (Messages ms = Messages.copyOf(kel)) {
        for (Message m : ms) {
          Verdict x = v.accept(m);
          if (round == 1) {
            second.add(x);
          }
        }
      }
    }
    assertEquals(9, second.size());
    for (Verdict x : second) {
      assertEquals(Status.REJECTED, x.status(), x.toString());
      assertEquals(Reason.DUPLICATE, x.reason(), x.toString());
    }
    assertEquals(Optional.of("icp"), second.get(0).ilk());
  }

  @Test
  void anUnreadableBodyIsRejectedWithoutFields() {
    String body = "{\"v\":\"KERI10JSON00003b_\",\"t\":\"ixn\",\"s\":[],\"x\":\"1234567890\"}";
    assertEquals(0x3b, body.length());
    KelVerifier v = new KelVerifier();
    try (Messages ms = Messages.copyOf(body.getBytes(StandardCharsets.US_ASCII))) {
      Verdict x = v.accept(ms.next());
      assertEquals(Status.REJECTED, x.status());
      assertEquals(Reason.BODY_ERROR, x.reason());
      assertEquals(Optional.empty(), x.ilk());
      assertEquals(Optional.empty(), x.prefix());
      assertEquals(Optional.empty(), x.said());
      assertEquals(0, x.index());
      assertEquals(List.of(x), v.finish());
    }
  }
}
