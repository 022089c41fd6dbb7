package dev.cesrj.keri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.ErrorKind;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.KeriBodyException;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SAID and signature mutants of the KEL mutant set A ({@code src/test/resources/kel/A}): each
 * fails the SAID check or signature verification exactly at the message keripy's verdict marks
 * with an error, and nowhere else. Under PIT ({@link PitSample}) an even spread of them.
 */
@ExtendWith(LeakDetectionExtension.class)
class KelMutantsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static byte[] bytes(String file) {
    try (InputStream in = KelMutantsTest.class.getResourceAsStream("/kel/A/" + file)) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> files(String mutation) {
    JsonNode manifest = json("MANIFEST.json");
    List<String> out = new ArrayList<>();
    for (String name : List.of(
        "kel_bigmultisig", "kel_cbor", "kel_delegated", "kel_mgpk", "kel_mixedcrypto", "kel_single",
        "kel_transreceipts", "kel_weighted", "kel_witnessed")) {
      for (String form : List.of("v1.bare.txt", "v2.bare.txt", "v2.bare.qb2", "v1.bare.qb2")) {
        String f = name + "." + form + "." + mutation + ".cesr";
        if (KelMutantsTest.class.getResource("/kel/A/" + f) != null) {
          out.add(f);
        }
      }
    }
    assertTrue(manifest.get("mutations").has(mutation));
    return out;
  }

  static List<String> saidMismatches() {
    return PitSample.spread(files("said-mismatch"));
  }

  static List<String> sigFlips() {
    return PitSample.spread(files("sig-flip"));
  }

  private static JsonNode json(String file) {
    try {
      return MAPPER.readTree(bytes(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The indices of the messages the verdict gives an error of the mutation itself (not the
   * out-of-order and unverified-receipt errors that follow from it: a Kever's to tell).
   */
  private static List<Integer> errors(String file) {
    List<Integer> out = new ArrayList<>();
    for (JsonNode m : json(file + ".verdict.json").get("messages")) {
      String c = m.has("error") ? m.get("error").get("class").asText() : "";
      if (c.equals("ValidationError") || c.equals("MissingSignatureError")) {
        out.add(m.get("i").asInt());
      }
    }
    return out;
  }

  @Test
  void theSetHoldsBothMutations() {
    assertEquals(27, files("said-mismatch").size());
    assertEquals(27, files("sig-flip").size());
  }

  @ParameterizedTest
  @MethodSource("saidMismatches")
  void aSaidMismatchFailsWhereTheVerdictSays(String file) {
    List<Integer> failing = new ArrayList<>();
    int i = 0;
    try (Messages messages = Messages.copyOf(bytes(file))) {
      for (Message m : messages) {
        Body b = Body.of(m);
        KeriEvents.of(b); // the fields are fine: only the SAID is wrong
        if (!Saids.verify(b)) {
          failing.add(i);
          KeriBodyException e = assertThrows(KeriBodyException.class, () -> Saids.require(b));
          assertEquals(ErrorKind.SAID_MISMATCH, e.kind());
          assertEquals("d", e.label().orElseThrow());
          assertEquals(b.fields().span("d").orElseThrow().offset(), e.offset());
        }
        i++;
      }
    }
    assertEquals(errors(file), failing, file);
    assertFalse(failing.isEmpty());
  }

  @ParameterizedTest
  @MethodSource("sigFlips")
  void aFlippedSignatureFailsWhereTheVerdictSays(String file) {
    KeyStates states = new KeyStates();
    int i = 0;
    try (Messages messages = Messages.copyOf(bytes(file))) {
      for (Message m : messages) {
        states.take(m, i++);
      }
    }
    assertEquals(errors(file), states.failing, file);
    assertEquals(1, states.counts.get(SignatureRole.CONTROLLER)[1], file + ": one signature flipped");
  }
}
