package dev.cesrj.keri.tel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.VerifierState;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Set A's accepted streams ({@code src/test/resources/acdc/A}) with their messages in other
 * orders, through a real {@code KelVerifier} and a {@link Tevery}: the TEL events that arrive
 * before their registry, their issuance or their anchoring KEL event wait in escrow and are
 * accepted once it arrives, so every order ends in the state the stream's own order gives
 * (keripy's, checked by {@link TelStreamsTest}). Orders from a seeded {@link SplittableRandom}
 * (seed {@code -Dcesrj.tel.seed}, printed on failure).
 */
@ExtendWith(LeakDetectionExtension.class)
class TelOrderTest {
  private static final long SEED = Long.getLong("cesrj.tel.seed", 0x7e1L);

  /** The stream's messages, each as its own bytes (version 1 forms: no genus-version code). */
  private static List<byte[]> messages(byte[] stream) {
    List<byte[]> out = new ArrayList<>();
    try (Messages ms = Messages.copyOf(stream)) {
      for (Message m : ms) {
        out.add(Arrays.copyOfRange(stream, (int) m.offset(), (int) m.offset() + m.length()));
      }
    }
    return out;
  }

  private static TelFeed feed(List<byte[]> messages) {
    TelFeed f = new TelFeed();
    for (byte[] b : messages) {
      try (Messages ms = Messages.copyOf(b)) {
        for (Message m : ms) {
          f.accept(m, 0);
        }
      }
    }
    return f.finish();
  }

  private static String state(TelFeed f) {
    Map<String, String> out = new TreeMap<>();
    f.tevery.registries().forEach((k, r) -> out.put(k, r.sn() + " " + r.said()));
    f.tevery.credentials().forEach((k, c) -> out.put(k, c.sn() + " " + c.ilk() + " " + c.said()
        + " anchored at " + c.events().stream().map(CredentialEvent::anchor).toList()));
    return out.toString();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"single.v1.original.cesr", "revoked.v1.original.cesr",
      "chain.v1.original.cesr", "witnessed.v1.original.cesr", "revoked.legacy.original.cesr"})
  void everyOrderEndsInTheSameState(String file) {
    List<byte[]> inOrder = messages(TelFeed.resource("A/" + file));
    TelFeed reference = feed(inOrder);
    String want = state(reference);
    assertTrue(reference.tevery.registries().size() >= 1 && !reference.tevery.credentials()
        .isEmpty(), want);
    SplittableRandom r = new SplittableRandom(SEED);
    for (int round = 0; round < 12; round++) {
      List<byte[]> shuffled = new ArrayList<>(inOrder);
      for (int i = shuffled.size() - 1; i > 0; i--) {
        int j = r.nextInt(i + 1);
        byte[] t = shuffled.get(i);
        shuffled.set(i, shuffled.get(j));
        shuffled.set(j, t);
      }
      TelFeed f = feed(shuffled);
      assertEquals(want, state(f), file + " seed " + SEED + " round " + round);
      assertEquals(0, f.tevery.escrowedCount(), file + " seed " + SEED + " round " + round);
    }
  }

  /**
   * The KEL last: the vcp waits anchorless (its issuer's KEL is unknown), the iss out of order
   * (its registry is not incepted); once the KEL arrives the retries accept both, each with the
   * KEL event its couple names.
   */
  @Test
  void theKelLastThenBothTelEventsAreAccepted() {
    List<byte[]> ms = messages(TelFeed.resource("A/single.v1.original.cesr"));
    // icp, ixn, ixn, vcp, iss, acdc
    List<byte[]> order = List.of(ms.get(3), ms.get(4), ms.get(0), ms.get(1), ms.get(2));
    TelFeed f = new TelFeed();
    for (byte[] b : order) {
      try (Messages x = Messages.copyOf(b)) {
        for (Message m : x) {
          f.accept(m, 0);
        }
      }
    }
    List<TelVerdict> intake = new ArrayList<>(f.intake.values());
    assertEquals(Status.ESCROWED, intake.get(0).status());
    assertEquals(TelReason.MISSING_ANCHOR, intake.get(0).reason());
    assertEquals(Status.ESCROWED, intake.get(1).status());
    assertEquals(TelReason.OUT_OF_ORDER, intake.get(1).reason());
    f.finish();
    List<TelVerdict> last = f.tevery.verdicts();
    assertEquals(Status.ACCEPTED, last.get(0).status());
    assertEquals(new TelAnchor(BigInteger.ONE, "ENkl1qb6GzL629w7ZhnaD1oFzPr__0BtOYqd6Cu2_pj_"),
        last.get(0).anchor().orElseThrow());
    assertEquals(new TelAnchor(BigInteger.TWO, "EJsWNt30-dhusqWjbd6khjSBImQ-gY9Aura8pEDDtvzb"),
        last.get(1).anchor().orElseThrow());
  }

  /** {@code KelVerifier.acceptedEvent}: the accepted ixn's SAID and the iss's event seal in it. */
  @Test
  void theKelVerifierGivesTheAcceptedEventAndItsSeals() {
    TelFeed f = TelFeed.whole(TelFeed.resource("A/single.v1.original.cesr"));
    String issuer = "EMC5Xyi3W_kniimpQqNaNyBQnV_I3jnw9MdQJtXVN0Gf";
    VerifierState.AcceptedEvent a = f.kel.acceptedEvent(issuer, BigInteger.TWO).orElseThrow();
    assertEquals("EJsWNt30-dhusqWjbd6khjSBImQ-gY9Aura8pEDDtvzb", a.said());
    assertEquals(List.of(new VerifierState.EventSeal(
        "EOZ_4c2snYykIRV-3qSpUFJY7lnQ3eAEXOiJA_aDA-Ub", "0",
        "EGQdDKpyjeO9qBoy0vv589d5ThD7TborYM4RF8JH5Kwe")), a.seals());
    assertTrue(f.kel.acceptedEvent(issuer, BigInteger.valueOf(3)).isEmpty());
    assertTrue(f.kel.acceptedEvent("Enot a prefix", BigInteger.ZERO).isEmpty());
  }

  /**
   * Bad input is normal input: each TEL message of a set A stream with one byte changed (seeded
   * positions and values) gets a verdict, never an exception; a change inside the body is never
   * accepted (its SAID no longer matches, or the body no longer reads or frames).
   */
  @Test
  void damagedTelMessagesGetVerdicts() {
    byte[] stream = TelFeed.resource("A/revoked.v1.original.cesr");
    List<byte[]> ms = messages(stream);
    SplittableRandom r = new SplittableRandom(SEED);
    int bodyChanges = 0;
    for (int round = 0; round < 300; round++) {
      List<byte[]> copy = new ArrayList<>();
      ms.forEach(b -> copy.add(b.clone()));
      int which = 4 + r.nextInt(3); // icp ixn ixn ixn, then vcp, iss or rev, then the acdc
      byte[] target = copy.get(which);
      int bodyEnd = bodySize(target);
      int at = r.nextInt(target.length);
      byte was = target[at];
      target[at] = (byte) (was + 1 + r.nextInt(255));
      TelFeed f = new TelFeed();
      List<Integer> damaged = new ArrayList<>();
      for (int i = 0; i < copy.size(); i++) {
        int before = f.tevery.verdicts().size();
        try (Messages x = Messages.copyOf(copy.get(i))) {
          for (Message m : x) {
            f.accept(m, 0);
          }
        } catch (CesrException e) {
          // a framing error: the rest of the bytes is not handed on, as keripy's parser does
        }
        if (i == which) {
          for (int k = before; k < f.tevery.verdicts().size(); k++) {
            damaged.add(k);
          }
        }
      }
      f.finish();
      List<TelVerdict> all = f.tevery.verdicts();
      all.forEach(t -> assertNotNull(t.status()));
      if (at < bodyEnd) {
        for (int k : damaged) {
          bodyChanges++;
          assertNotEquals(Status.ACCEPTED, all.get(k).status(),
              "seed " + SEED + " round " + round + " byte " + at + ": " + all.get(k));
        }
      }
    }
    assertTrue(bodyChanges > 30, "body changes " + bodyChanges);
  }

  private static int bodySize(byte[] message) {
    String v = new String(message, 0, Math.min(40, message.length),
        java.nio.charset.StandardCharsets.US_ASCII);
    int at = v.indexOf("KERI10JSON");
    return at < 0 ? 0 : Integer.parseInt(v.substring(at + 10, at + 16), 16);
  }
}
