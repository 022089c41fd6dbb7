package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cesrj.keri.kever.KelBuilder.Sig;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link KelVerifier} on hostile and adversarial input: streams whose signatures do not decode,
 * and logs made by {@link KelBuilder} that are valid CESR and correctly signed but break a rule of
 * keripy's {@code Kever} ({@code src/keri/core/eventing.py}). Every stream is verified whole
 * ({@link KelVerifier#acceptAll(byte[])}) and through {@link CesrStreamParser} in 1-, 7- and
 * 64-byte chunks ({@link KelVerifier#accept(Framed)}), with the same verdicts and key states.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelVerifierHostileTest {
  private static byte[] bytes(String file) {
    try (InputStream in = KelVerifierHostileTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The final verdicts and key states of {@code stream}, the same whole and in chunks. */
  private record Outcome(List<Verdict> verdicts, Map<String, KeyState> states) {}

  private static Outcome verify(byte[] stream) {
    KelVerifier whole = new KelVerifier();
    List<Verdict> intake = whole.acceptAll(stream);
    Outcome w = new Outcome(whole.finish(), whole.keyStates());
    for (int n : new int[] {1, 7, 64}) {
      KelVerifier pushed = new KelVerifier();
      List<Verdict> chunkedIntake = new ArrayList<>();
      try (CesrStreamParser parser = new CesrStreamParser()) {
        for (int at = 0; at < stream.length; at += n) {
          try (Framed f = parser.feed(stream, at, Math.min(n, stream.length - at))) {
            assertFalse(f.failed(), () -> f.error().toString());
            chunkedIntake.addAll(pushed.accept(f));
          }
        }
        try (Framed f = parser.endOfInput()) {
          assertFalse(f.failed(), () -> f.error().toString());
          chunkedIntake.addAll(pushed.accept(f));
        }
      }
      assertEquals(intake, chunkedIntake, n + "-byte chunks, at intake");
      assertEquals(w.verdicts(), pushed.finish(), n + "-byte chunks, after finish");
      assertEquals(w.states(), pushed.keyStates(), n + "-byte chunks, key states");
    }
    return w;
  }

  /**
   * A controller signature whose value holds a byte that is not Base64url (the stream is framed
   * without {@code checkValueCharacters}, so only decoding finds it): the message is rejected
   * with the typed error's words and the stream offset of the byte; the verifier goes on with the
   * rest of the stream, whole and chunked, and throws nothing.
   */
  @Test
  void signatureThatDoesNotDecodeRejectsItsMessage() {
    byte[] stream = bytes("kel_single.v1.bare.txt.original.cesr");
    int sigs = new String(stream, java.nio.charset.StandardCharsets.US_ASCII).indexOf("-AAB");
    int bad = sigs + 4 + 40; // inside the signature's value
    stream[bad] = 0x08;
    Outcome o = verify(stream);
    Verdict icp = o.verdicts().get(0);
    assertEquals(Status.REJECTED, icp.status(), icp.toString());
    assertEquals(Reason.BODY_ERROR, icp.reason());
    assertEquals("at offset " + bad + ", code A: byte 0x8 in the value; expected a Base64url"
        + " value character", icp.detail());
    assertEquals(9, o.verdicts().size());
    for (Verdict v : o.verdicts().subList(1, 9)) {
      assertEquals(Optional.of(Escrow.OUT_OF_ORDER), v.escrow(), v.toString());
    }
    assertEquals(Map.of(), o.states());
  }
}
