package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.crypto.Diger;
import dev.cesrj.keri.crypto.Verfer;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The key-state API a verifier builds on (issue 30 item 5): keripy's escrow names, verdict fields
 * present as their status says, and one offset convention (keripy's: after a genus-version code
 * that leads a message), checked against keripy's verdict files of the KEL mutant set A.
 */
class KeyStateApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static byte[] bytes(String file) {
    try (InputStream in = KeyStateApiTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void escrowsCarryKeripysNames() {
    assertEquals(List.of("ooes", "pses", "pwes", "pdes", "ures", "uwes", "vres"),
        Arrays.stream(Escrow.values()).map(Escrow::keripyName).toList());
    for (Escrow e : Escrow.values()) {
      assertEquals(Optional.of(e), Escrow.ofKeripyName(e.keripyName()));
    }
    assertEquals(Optional.empty(), Escrow.ofKeripyName("epse"));
    assertEquals(Optional.empty(), Escrow.ofKeripyName("OOES"));
  }

  @Test
  void verdictFieldsFitTheStatus() {
    Optional<EventId> id = Optional.of(new EventId("Epre", BigInteger.ONE, "Esaid"));
    assertThrows(IllegalArgumentException.class, () -> new Verdict(0, 0, Optional.of("icp"), id,
        Status.ACCEPTED, Optional.of(Escrow.OUT_OF_ORDER), Reason.NONE, ""));
    assertThrows(IllegalArgumentException.class, () -> new Verdict(0, 0, Optional.of("icp"), id,
        Status.ESCROWED, Optional.empty(), Reason.OUT_OF_ORDER, ""));
    assertThrows(IllegalArgumentException.class, () -> new Verdict(0, 0, Optional.of("icp"), id,
        Status.REJECTED, Optional.empty(), Reason.NONE, ""));
    assertThrows(IllegalArgumentException.class, () -> new Verdict(0, 0, Optional.of("icp"), id,
        Status.ACCEPTED, Optional.empty(), Reason.DUPLICATE, ""));
    Verdict escrowed = new Verdict(3, 9, Optional.of("ixn"), id, Status.ESCROWED,
        Optional.of(Escrow.PARTIALLY_SIGNED), Reason.SIGNING_THRESHOLD_UNMET, "1 of 2");
    assertEquals(new Outcome.Escrowed(Escrow.PARTIALLY_SIGNED, Reason.SIGNING_THRESHOLD_UNMET),
        escrowed.outcome());
    assertEquals(Optional.of("Epre"), escrowed.prefix());
    assertEquals(Optional.of(BigInteger.ONE), escrowed.sn());
    assertEquals(Optional.of("Esaid"), escrowed.said());
    Verdict rejected = new Verdict(0, 0, Optional.empty(), Optional.empty(), Status.REJECTED,
        Optional.empty(), Reason.BODY_ERROR, "x");
    assertEquals(new Outcome.Rejected(Reason.BODY_ERROR), rejected.outcome());
    assertEquals(Optional.empty(), rejected.prefix());
  }

  /**
   * Every verdict of every stream of the mutant set fits its status (escrow iff escrowed, NONE
   * iff accepted, an event id iff a key event or receipt), and {@code outcome()} agrees.
   */
  @ParameterizedTest
  @ValueSource(strings = {"kel_single.v2.bare.txt.out-of-order.cesr",
      "kel_cbor.v2.bare.txt.receipts-below-toad.cesr",
      "kel_delegated.v2.bare.txt.bad-delegation-unanchored.cesr",
      "kel_bigmultisig.v2.bare.txt.duplicate-sn.cesr",
      "kel_single.v2.bare.txt.next-digest-mismatch.cesr"})
  void offsetsAreKeripysAfterALeadingGenusVersionCode(String file) throws IOException {
    byte[] input = bytes(file);
    assertTrue(new String(input, 0, 3, StandardCharsets.US_ASCII).equals("-_A"), file);
    JsonNode want = JSON.readTree(bytes(file + ".verdict.json")).get("messages");
    List<Long> keripy = new ArrayList<>();
    want.forEach(m -> keripy.add(m.get("offset").asLong()));
    KelVerifier whole = new KelVerifier();
    List<Long> got = whole.acceptAll(input).stream().map(Verdict::offset).toList();
    assertEquals(keripy, got, file);
    assertEquals(8L, got.get(0), file); // after -_AAACAA
    KelVerifier pushed = new KelVerifier();
    List<Long> chunked = new ArrayList<>();
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int i = 0; i < input.length + 7; i += 7) {
        try (Framed f = i < input.length
            ? parser.feed(input, i, Math.min(7, input.length - i)) : parser.endOfInput()) {
          pushed.accept(f).forEach(v -> chunked.add(v.offset()));
        }
      }
    }
    assertEquals(keripy, chunked, file + " in 7-byte chunks");
    for (Verdict v : whole.finish()) {
      assertEquals(v.status(), v.outcome().status());
      assertEquals(v.status() == Status.ESCROWED, v.escrow().isPresent(), v.toString());
      assertEquals(v.status() == Status.ACCEPTED, v.reason() == Reason.NONE, v.toString());
      assertEquals(v.ilk().equals(Optional.of("icp")) || v.ilk().equals(Optional.of("rot"))
          || v.ilk().equals(Optional.of("ixn")) || v.ilk().equals(Optional.of("rct"))
          || v.ilk().equals(Optional.of("dip")) || v.ilk().equals(Optional.of("drt")),
          v.event().isPresent(), v.toString());
    }
  }

  @Test
  void keyStateTypesAndTextForms() {
    KelVerifier v = new KelVerifier();
    v.acceptAll(bytes("kel_single.v2.bare.txt.out-of-order.cesr"));
    v.finish();
    KeyState s = v.keyStates().values().iterator().next();
    assertEquals(s.verfers().stream().map(Verfer::qb64).toList(), s.keys());
    assertEquals(s.nextDigests().stream().map(Diger::qb64).toList(), s.nextKeyDigests());
    assertEquals(s.kt().toString(), s.signingThreshold());
    assertEquals(s.nt().toString(), s.nextThreshold());
    KeyState at = v.keyStateAt(s.prefix(), s.establishmentSn()).orElseThrow();
    assertTrue(at.atEstablishment());
    assertEquals(s.establishmentSaid(), at.said());
    assertEquals(s.verfers(), at.verfers());
    for (Diger d : s.nextDigests()) {
      assertTrue(d.code().isPresent(), d.qb64());
      assertFalse(d.verify(new byte[0]));
    }
    Diger junk = new Diger("not a digest");
    assertEquals(Optional.empty(), junk.code());
    assertFalse(junk.verify(new byte[] {1}));
    assertFalse(junk.commitsTo(s.verfers().get(0)));
    assertInstanceOf(dev.cesrj.keri.event.Threshold.class, s.kt());
  }
}
