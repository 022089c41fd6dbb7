package dev.cesrj.keri.credential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 51 credential streams of set A ({@code src/test/resources/acdc/A}, copied from the
 * project's shared data {@code acdc/A}: see the README there) through one {@link
 * CredentialVerifier}, whole and through the push parser in 7-byte chunks: every message's
 * verdict at intake and after the escrow retries is keripy's ({@code messages[i]}: accepted,
 * escrowed in which escrow, rejected), at keripy's offset; every credential's status ({@code
 * issued}, {@code revoked}, {@code notAccepted} with the escrow it waits in or rejected), issuer,
 * issuee, schema, registry and TEL state ({@code vcState}) are keripy's; so are the registries
 * and the key states (sn, said, et). Where cesrj is stricter the expected verdict is {@link
 * #STRICTER}'s, and says why.
 */
@ExtendWith(LeakDetectionExtension.class)
class CredentialStreamsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * Where cesrj is stricter than keripy, by mutation and ilk: the message verdict expected
   * instead of keripy's, and the credential status.
   *
   * <ul>
   *   <li>{@code acdc-issuer-not-registry-issuer}: keripy's {@code Verifier.processCredential}
   *       never compares the ACDC's issuer with the registry's ({@code ii} of its {@code vcp}) and
   *       saves the credential as {@code issued}; a credential issued in a registry its issuer
   *       does not control is not the registry controller's statement: rejected ({@link
   *       CredentialReason#ISSUER_NOT_REGISTRY_ISSUER}).
   *   <li>{@code iss-unanchored-digest-seal}: keripy's {@code Tever.verifyAnchor} raises {@code
   *       KeyError} on a digest seal and drops the iss; it is simply not anchored yet, so it
   *       waits in {@code taes} as for a seal of another event.
   * </ul>
   */
  private static final Map<String, String> STRICTER = Map.of(
      "acdc-issuer-not-registry-issuer/acdc", "rejected -> rejected",
      "iss-unanchored-digest-seal/iss", "escrowed:taes -> escrowed:taes");
  private static final Map<String, String> STRICTER_STATUS = Map.of(
      "acdc-issuer-not-registry-issuer", "notAccepted rejected ISSUER_NOT_REGISTRY_ISSUER");

  static List<String> streams() throws IOException {
    JsonNode files = MAPPER.readTree(resource("A/MANIFEST.json")).get("files");
    List<String> out = new ArrayList<>();
    files.fieldNames().forEachRemaining(out::add);
    return out;
  }

  static InMemorySchemaResolver schemas() {
    InMemorySchemaResolver r = new InMemorySchemaResolver();
    for (String f : List.of("simple-attestation.json", "qualified-vLEI-issuer-vLEI-credential.json",
        "legal-entity-vLEI-credential.json")) {
      r.add(resource("schemas/" + f));
    }
    return r;
  }

  @Test
  void setAHasItsFiftyOneStreams() throws IOException {
    assertEquals(51, streams().size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void wholeGivesKeripysVerdicts(String file) throws IOException {
    CredentialVerifier v = new CredentialVerifier(schemas());
    v.acceptAll(resource("A/" + file));
    check(file, v, "whole");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void chunkedGivesKeripysVerdicts(String file) throws IOException {
    byte[] stream = resource("A/" + file);
    CredentialVerifier v = new CredentialVerifier(schemas());
    int chunk = 7;
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int i = 0; i < stream.length + chunk; i += chunk) {
        try (Framed fr = i < stream.length
            ? parser.feed(stream, i, Math.min(chunk, stream.length - i)) : parser.endOfInput()) {
          v.accept(fr);
          if (fr.failed()) {
            break;
          }
        }
      }
    }
    v.finish();
    check(file, v, "7-byte chunks");
  }

  /**
   * The credentials of set A's 51 streams by final status and reason, counted: 15 issued (the 12
   * originals' credentials, the QVI parents of the chain mutants that keep one), 9 revoked, and
   * the mutants each refused by the rule they break.
   */
  @Test
  void setACredentialsByStatusAndReason() throws IOException {
    Map<String, Integer> byStatus = new TreeMap<>();
    for (String file : streams()) {
      CredentialVerifier v = new CredentialVerifier(schemas());
      v.acceptAll(resource("A/" + file));
      v.credentials().values().forEach(c -> byStatus.merge(c.status().keripyName() + " "
          + c.reason(), 1, Integer::sum));
    }
    assertEquals(Map.of("issued NONE", 15, "revoked NONE", 9, "notAccepted ACDC", 15,
        "notAccepted ISSUANCE_UNKNOWN", 15, "notAccepted ISSUER_NOT_REGISTRY_ISSUER", 3,
        "notAccepted REVOKED_CHAIN", 3), byStatus);
  }

  private static void check(String file, CredentialVerifier v, String how) throws IOException {
    JsonNode verdict = MAPPER.readTree(resource("A/" + file + ".verdict.json"));
    String mutation = verdict.get("mutation").asText();
    String at = file + " " + how;
    List<MessageVerdict> last = v.messages();
    List<MessageVerdict> first = v.intake();
    assertEquals(verdict.get("messages").size(), last.size(), at + " messages");
    for (JsonNode m : verdict.get("messages")) {
      int i = m.get("i").asInt();
      String ilk = m.get("ilk").asText();
      String want = STRICTER.getOrDefault(mutation + "/" + ilk, keripys(m));
      assertEquals(want, ours(first.get(i)) + " -> " + ours(last.get(i)),
          at + " message " + i + " " + ilk + ": " + last.get(i));
      assertEquals(m.get("offset").asLong(), last.get(i).offset(), at + " offset of " + i);
      assertEquals(ilk, last.get(i).ilk().orElse(""), at + " ilk of " + i);
    }
    Map<String, String> wantCreds = new TreeMap<>();
    for (Map.Entry<String, JsonNode> c : verdict.get("credentials").properties()) {
      JsonNode x = c.getValue();
      String status = x.get("status").asText();
      if (status.equals("notAccepted")) {
        status += " " + x.get("reason").asText().split(" ")[0];
      }
      JsonNode t = x.get("tel");
      String tel = t == null ? "none"
          : t.get("sn").asLong() + " " + t.get("et").asText() + " " + t.get("said").asText();
      wantCreds.put(c.getKey(), status + " | " + x.path("issuer").asText("-") + " "
          + x.path("issuee").asText("-") + " " + x.path("schema").asText("-") + " "
          + x.path("registry").asText("-") + " | " + tel);
    }
    Map<String, String> gotCreds = new TreeMap<>();
    v.credentials().forEach((said, c) -> {
      String status = c.status().keripyName();
      if (c.status() == CredentialStatus.NOT_ACCEPTED) {
        status += " " + (c.escrow().isPresent() ? "escrowed:" + c.escrow().get().keripyName()
            : "rejected");
        if (STRICTER_STATUS.containsKey(mutation)) {
          status = STRICTER_STATUS.get(mutation).startsWith(status)
              ? "STRICTER " + c.reason() : status;
        }
      }
      gotCreds.put(said, status + " | " + c.acdc().issuer() + " " + c.acdc().issuee().orElse("-")
          + " " + c.acdc().schema().said().orElse("-") + " " + c.acdc().registry().orElse("-")
          + " | " + c.tel().map(s -> s.sn() + " " + s.ilk().code() + " " + s.said())
          .orElse("none"));
    });
    if (STRICTER_STATUS.containsKey(mutation)) {
      wantCreds.replaceAll((k, s) -> s.replaceFirst("^issued", "STRICTER "
          + STRICTER_STATUS.get(mutation).split(" ")[2]));
    }
    if (mutation.equals("acdc-said-mismatch")) {
      // keripy's parser rejects the body before reading it: its verdict lists the SAID only
      wantCreds.replaceAll((k, s) -> s.replaceFirst("\\|.*\\|", "|"));
      gotCreds.replaceAll((k, s) -> s.replaceFirst("\\|.*\\|", "|"));
    }
    assertEquals(wantCreds, gotCreds, at + " credentials");
    Map<String, String> wantRegs = new TreeMap<>();
    verdict.get("registries").properties().forEach(r -> wantRegs.put(r.getKey(),
        r.getValue().get("issuer").asText() + " " + r.getValue().get("sn").asLong() + " "
            + r.getValue().get("said").asText() + " " + r.getValue().get("toad").asLong()));
    Map<String, String> gotRegs = new TreeMap<>();
    v.registries().forEach((k, r) -> gotRegs.put(k, r.issuer() + " " + r.sn() + " " + r.said()
        + " " + r.toad()));
    assertEquals(wantRegs, gotRegs, at + " registries");
    Map<String, String> wantKeys = new TreeMap<>();
    verdict.get("keyStates").properties().forEach(k -> wantKeys.put(k.getKey(),
        k.getValue().get("sn").asLong() + " " + k.getValue().get("said").asText() + " "
            + k.getValue().get("et").asText()));
    Map<String, String> gotKeys = new TreeMap<>();
    v.keyStates().forEach((k, s) -> gotKeys.put(k, s.sn() + " " + s.said() + " " + s.et()));
    assertEquals(wantKeys, gotKeys, at + " keyStates");
    for (Map.Entry<String, String> k : gotKeys.entrySet()) {
      assertEquals(k.getValue(), v.keyStateAt(k.getKey(), v.keyStates().get(k.getKey()).sn())
          .map(s -> s.sn() + " " + s.said() + " " + s.et()).orElse("none"), at);
    }
  }

  private static String keripys(JsonNode m) {
    if (m.has("escrowed")) {
      String after = m.get("afterEscrows").asText();
      return "escrowed:" + m.get("escrowed").asText() + " -> "
          + (after.equals("dropped") ? "rejected" : after);
    }
    return m.get("accepted").asBoolean() ? "accepted -> accepted" : "rejected -> rejected";
  }

  private static String ours(MessageVerdict v) {
    if (v.status() == Status.ESCROWED) {
      return "escrowed:" + v.escrow().orElseThrow();
    }
    return v.status() == Status.ACCEPTED ? "accepted" : "rejected";
  }

  static byte[] resource(String path) {
    try (InputStream in = CredentialStreamsTest.class.getResourceAsStream("/acdc/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource acdc/" + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
