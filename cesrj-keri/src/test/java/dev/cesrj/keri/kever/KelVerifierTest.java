package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reason {@link KelVerifier} gives at each mutation's target message of kel/A. */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static byte[] bytes(String file) {
    try (InputStream in = KelVerifierTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Verdict> run(String file, KelVerifier v, List<Verdict> intake) {
    try (Messages ms = Messages.copyOf(bytes(file))) {
      for (Message m : ms) {
        intake.add(v.accept(m));
      }
    }
    return v.finish();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "kel_single.v1.bare.txt.sig-flip.cesr, REJECTED, NO_VERIFIED_SIGNATURES, REJECTED",
      "kel_weighted.v1.bare.txt.weighted-threshold-unmet.cesr, ESCROWED, SIGNING_THRESHOLD_UNMET,"
          + " ESCROWED",
      "kel_single.v1.bare.txt.next-digest-mismatch.cesr, ESCROWED, PRIOR_NEXT_UNMET, ESCROWED",
      "kel_single.v1.bare.txt.said-mismatch.cesr, REJECTED, SAID_MISMATCH, REJECTED",
      "kel_single.v1.bare.txt.out-of-order.cesr, ESCROWED, OUT_OF_ORDER, ACCEPTED",
      "kel_witnessed.v1.bare.txt.receipts-below-toad.cesr, ESCROWED, WITNESS_THRESHOLD_UNMET,"
          + " ESCROWED",
      "kel_delegated.v1.bare.txt.bad-delegation-unanchored.cesr, ESCROWED, MISSING_DELEGATION,"
          + " ESCROWED",
      "kel_delegated.v1.bare.txt.bad-delegation-no-source-seal.cesr, ESCROWED, MISSING_DELEGATION,"
          + " ACCEPTED",
      "kel_single.v1.bare.txt.sig-missing.cesr, REJECTED, MISSING_SIGNATURES, REJECTED",
  })
  void reasonAtTarget(String file, Status atIntake, Reason reason, Status afterFinish)
      throws IOException {
    JsonNode target = MAPPER.readTree(bytes("MANIFEST.json")).get("files").get(file).get("target");
    int i = target.get("index").asInt();
    List<Verdict> intake = new java.util.ArrayList<>();
    List<Verdict> fin = run(file, new KelVerifier(), intake);
    Verdict v = intake.get(i);
    assertEquals(atIntake, v.status(), v.toString());
    assertEquals(reason, v.reason(), v.toString());
    assertEquals(Optional.of(target.get("said").asText()), v.said());
    assertEquals(Optional.of(BigInteger.valueOf(target.get("sn").asLong())), v.sn());
    assertEquals(afterFinish, fin.get(i).status(), fin.get(i).toString());
  }

  /** The first seen event wins: the second ixn at sn 3 is rejected as duplicitous. */
  @Test
  void duplicitousEventIsRejected() {
    List<Verdict> intake = new java.util.ArrayList<>();
    KelVerifier v = new KelVerifier();
    List<Verdict> fin = run("kel_single.v1.bare.txt.duplicate-sn.cesr", v, intake);
    assertEquals(Reason.DUPLICITOUS, intake.get(4).reason());
    assertEquals(Status.REJECTED, fin.get(4).status());
    KeyState s = v.keyState("DL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-").orElseThrow();
    assertEquals(BigInteger.valueOf(8), s.sn());
    assertEquals("ECV4nrqf5s9gOkAdLfuwL0LrOX5Fjv37N5FDggExEL-R", s.said());
    assertEquals("rot", s.et());
    assertEquals(List.of("DI4T0NGcj1bgF8ZIDerd5MP9Dra1G2NWV8C_YGCvXwPn"), s.keys());
    assertEquals("1", s.signingThreshold());
  }

  /** A full escrow rejects with ESCROW_FULL instead of dropping the message. */
  @Test
  void fullEscrowRejects() {
    List<Verdict> intake = new java.util.ArrayList<>();
    List<Verdict> fin = run("kel_single.v1.bare.txt.out-of-order.cesr",
        new KelVerifier(new EscrowLimits(0, 0)), intake);
    List<Verdict> unbounded = new java.util.ArrayList<>();
    run("kel_single.v1.bare.txt.out-of-order.cesr", new KelVerifier(), unbounded);
    long escrowed = unbounded.stream().filter(x -> x.status() == Status.ESCROWED).count();
    long full = intake.stream().filter(x -> x.reason() == Reason.ESCROW_FULL).count();
    assertTrue(escrowed > 0);
    assertEquals(escrowed, full);
    assertTrue(fin.stream().noneMatch(x -> x.status() == Status.ESCROWED));
    assertEquals(Reason.ESCROW_FULL, fin.stream().filter(x -> x.status() != Status.ACCEPTED)
        .findFirst().orElseThrow().reason());
  }

  @Test
  void negativeLimitsThrow() {
    assertThrows(IllegalArgumentException.class, () -> new EscrowLimits(-1, 0));
  }

  /**
   * kel_witnessed's first receipt (message 1: a rct of the icp with 4 non-transferable couples)
   * fed {@code copies} times before its event: each copy is escrowed as an unverified receipt,
   * costing its own length, while its couples (the same 4 each time) are kept and counted once.
   */
  private static List<Verdict> receiptFlood(long maxBytes, int copies, boolean thenEvent) {
    byte[] file = bytes("kel_witnessed.v1.bare.txt.original.cesr");
    KelVerifier v = new KelVerifier(new EscrowLimits(1_000, maxBytes));
    List<Verdict> intake = new java.util.ArrayList<>();
    try (Messages ms = Messages.copyOf(file)) {
      Message icp = ms.next();
      Message rct = ms.next();
      for (int i = 0; i < copies; i++) {
        intake.add(v.accept(rct));
      }
      if (thenEvent) {
        intake.add(v.accept(icp));
      }
    }
    return thenEvent ? v.finish() : intake;
  }

  /** The qb64 length of the receipt's couples: each key's and signature's. */
  private static long coupleChars() {
    try (Messages ms = Messages.copyOf(bytes("kel_witnessed.v1.bare.txt.original.cesr"))) {
      ms.next();
      long n = 0;
      for (dev.cesrj.keri.SignatureGroup g : dev.cesrj.keri.Signatures.of(ms.next())
          .byRole(dev.cesrj.keri.SignatureRole.NON_TRANSFERABLE)) {
        for (dev.cesrj.keri.Cigar c : g.cigars()) {
          n += c.verfer().qb64().length() + c.qb64().length();
        }
      }
      return n;
    }
  }

  /** The heap bytes counted for the receipt's couples. */
  private static long coupleBytes() {
    return EscrowLimits.retainedCouple(coupleChars());
  }

  /** The heap bytes counted for the receipt alone, escrowed (677 bytes as inspect frames it). */
  private static final long RECEIPT = receiptCost();

  private static long receiptCost() {
    try (Messages ms = Messages.copyOf(bytes("kel_witnessed.v1.bare.txt.original.cesr"))) {
      ms.next();
      Message rct = ms.next();
      assertEquals(677, rct.length());
      return EscrowLimits.retained(rct);
    }
  }

  @Test
  void repeatedReceiptKeepsItsCouplesOnce() {
    assertEquals(4 * (44 + 88), coupleChars());
    List<Verdict> intake = receiptFlood(3L * RECEIPT + coupleBytes(), 3, false);
    for (Verdict v : intake) {
      assertEquals(Status.ESCROWED, v.status(), v.toString());
      assertEquals(Optional.of(Escrow.UNVERIFIED_RECEIPT), v.escrow());
    }
  }

  @Test
  void receiptCouplesCountTowardTheByteBound() {
    // a third copy one byte short evicts the oldest copy, of the same standing, and takes its place
    List<Verdict> intake = receiptFlood(3L * RECEIPT + coupleBytes() - 1, 3, false);
    for (Verdict v : intake) {
      assertEquals(Status.ESCROWED, v.status(), v.toString());
    }
    // the bound counts the couples too: room for the message alone is not enough
    assertEquals(Reason.ESCROW_FULL, receiptFlood(RECEIPT, 1, false).get(0).reason());
    assertEquals(Status.ESCROWED, receiptFlood(RECEIPT + coupleBytes(), 1, false).get(0).status());
  }

  @Test
  void escrowedReceiptsAreAcceptedWithTheirEvent() {
    List<Verdict> fin = receiptFlood(3L * RECEIPT + coupleBytes(), 3, true);
    assertEquals(4, fin.size());
    for (Verdict v : fin) {
      assertEquals(Status.ACCEPTED, v.status(), v.toString());
    }
  }

  /**
   * A log of 1,000 interactions after its inception, given in order and last event first: every
   * event is accepted and the key state is the last interaction's. Given last first, each event
   * waits out of order until the inception (the last message) arrives, and one call of
   * {@link KelVerifier#finish()} accepts them all (retries in order of sequence number).
   */
  @Test
  void longLogLastEventFirstIsAccepted() throws Exception {
    int n = 1_000;
    List<byte[]> messages = SyntheticKel.messages(n);
    String lastSaid = null;
    for (boolean reversed : new boolean[] {false, true}) {
      KelVerifier v = new KelVerifier();
      List<Verdict> intake = new java.util.ArrayList<>();
      try (Messages ms = Messages.copyOf(SyntheticKel.stream(messages, reversed))) {
        for (Message m : ms) {
          intake.add(v.accept(m));
        }
      }
      for (int i = 0; i < intake.size(); i++) {
        Verdict at = intake.get(i);
        if (reversed && i < n) {
          assertEquals(Reason.OUT_OF_ORDER, at.reason(), at.toString());
        } else {
          assertEquals(Status.ACCEPTED, at.status(), at.toString());
        }
      }
      List<Verdict> fin = v.finish();
      assertEquals(n + 1, fin.size());
      for (Verdict f : fin) {
        assertEquals(Status.ACCEPTED, f.status(), f.toString());
      }
      KeyState ks = v.keyStates().values().iterator().next();
      assertEquals(BigInteger.valueOf(n), ks.sn());
      String said = (reversed ? fin.get(0) : fin.get(n)).said().orElseThrow();
      assertEquals(said, ks.said());
      if (lastSaid != null) {
        assertEquals(lastSaid, said);
      }
      lastSaid = said;
    }
  }

  /**
   * The three ways in: message by message, the whole stream ({@code acceptAll}), and the push
   * parser's results in 7-byte chunks ({@code accept(Framed)}): the same verdicts, offsets
   * included, on every message of kel_witnessed.
   */
  @Test
  void wholeStreamAndPushParserGiveTheSameVerdicts() {
    byte[] file = bytes("kel_witnessed.v1.bare.txt.original.cesr");
    KelVerifier one = new KelVerifier();
    List<Verdict> byMessage = new java.util.ArrayList<>();
    try (Messages ms = Messages.copyOf(file)) {
      for (Message m : ms) {
        byMessage.add(one.accept(m));
      }
    }
    assertEquals(16, byMessage.size());
    assertEquals(1296L, byMessage.get(1).offset());
    KelVerifier all = new KelVerifier();
    assertEquals(byMessage, all.acceptAll(file));
    KelVerifier pushed = new KelVerifier();
    List<Verdict> chunked = new java.util.ArrayList<>();
    try (dev.cesrj.stream.CesrStreamParser parser = new dev.cesrj.stream.CesrStreamParser()) {
      for (int at = 0; at < file.length; at += 7) {
        try (dev.cesrj.stream.Framed f = parser.feed(file, at, Math.min(7, file.length - at))) {
          chunked.addAll(pushed.accept(f));
        }
      }
      try (dev.cesrj.stream.Framed f = parser.endOfInput()) { // the last message ends there
        chunked.addAll(pushed.accept(f));
      }
    }
    assertEquals(byMessage, chunked);
    assertEquals(one.finish(), pushed.finish());
    assertEquals(one.keyStates(), pushed.keyStates());
  }

  /** A stream cut inside its second message: the first is validated, then the error is thrown. */
  @Test
  void acceptAllThrowsTheFramingErrorAfterTheMessagesBeforeIt() {
    byte[] file = bytes("kel_witnessed.v1.bare.txt.original.cesr");
    byte[] cut = java.util.Arrays.copyOf(file, 1296 + 100);
    KelVerifier v = new KelVerifier();
    dev.cesrj.TruncatedException e =
        assertThrows(dev.cesrj.TruncatedException.class, () -> v.acceptAll(cut));
    assertEquals(1296L, e.offset());
    assertEquals(1, v.verdicts().size());
    assertEquals(Status.ACCEPTED, v.verdicts().get(0).status());
  }
}
