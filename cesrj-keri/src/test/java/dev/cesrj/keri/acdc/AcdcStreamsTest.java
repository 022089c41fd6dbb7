package dev.cesrj.keri.acdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 51 credential streams of set A ({@code src/test/resources/acdc/A}, copied from the
 * project's shared data: see the README there) against keripy's verdicts: every ACDC message of
 * every stream is read, verified ({@link AcdcVerifier}: SAIDs, schema, edges) with the three
 * schemas keripy's verifier held, and far nodes from the credentials verified earlier in the
 * same stream (as keripy's saved credentials), and its status is the one keripy gave it where
 * keripy's outcome is decided by one of those rules: accepted is {@link AcdcStatus#VERIFIED},
 * {@code ValidationError} (the SAID mutant) and {@code FailedSchemaValidationError} are {@link
 * AcdcStatus#REJECTED}, the missing-schema escrow is {@link AcdcStatus#MISSING_SCHEMA}, the
 * missing-chain escrow {@link AcdcStatus#MISSING_CHAIN}. keripy's outcomes decided by the TEL or
 * KEL ({@code MissingRegistryError}: iss unanchored, anchored by another, bad anchor signature,
 * anchor below toad; {@code RevokedChainError}: parent revoked) are not this layer's: there the
 * credential itself is sound and must verify. Where keripy's verdict describes the credential
 * ({@code credentials}: issuer, issuee, schema, registry, edges), the typed {@link Acdc} reads the
 * same.
 */
@ExtendWith(LeakDetectionExtension.class)
class AcdcStreamsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** keripy's error class at an ACDC message, to the status of this layer. */
  private static final Map<String, AcdcStatus> BY_KERIPY = Map.of(
      "", AcdcStatus.VERIFIED,
      "ValidationError", AcdcStatus.REJECTED,
      "FailedSchemaValidationError", AcdcStatus.REJECTED,
      "MissingSchemaError", AcdcStatus.MISSING_SCHEMA,
      "MissingChainError", AcdcStatus.MISSING_CHAIN,
      "MissingRegistryError", AcdcStatus.VERIFIED,
      "RevokedChainError", AcdcStatus.VERIFIED);

  /** The reason of each mutant this layer refuses, and the field it names. */
  private static final Map<String, String> REASONS = Map.of(
      "acdc-said-mismatch", "SAID_MISMATCH a.d",
      "schema-unknown", "SCHEMA_UNKNOWN s",
      "schema-invalid-attributes", "SCHEMA_INVALID s",
      "edge-parent-missing", "EDGE_NODE_UNKNOWN e.qvi.n",
      "edge-i2i-violated", "EDGE_OPERATOR_VIOLATED e.qvi.o");

  static List<String> streams() throws IOException {
    JsonNode files = MAPPER.readTree(AcdcTestData.resource("A/MANIFEST.json")).get("files");
    List<String> out = new ArrayList<>();
    files.fieldNames().forEachRemaining(out::add);
    return out;
  }

  @Test
  void setAHasItsFiftyOneStreams() throws IOException {
    assertEquals(51, streams().size());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void everyAcdcGetsKeripysOutcome(String file) throws IOException {
    JsonNode verdict = MAPPER.readTree(AcdcTestData.resource("A/" + file + ".verdict.json"));
    String mutation = verdict.get("mutation").asText();
    InMemorySchemaResolver schemas = AcdcTestData.setASchemas();
    Map<String, Acdc> saved = new HashMap<>();
    AcdcVerifier verifier = new AcdcVerifier(schemas, said -> java.util.Optional.ofNullable(saved.get(said)));
    int checked = 0;
    int typed = 0;
    for (AcdcTestData.Indexed x : AcdcTestData.acdcs(AcdcTestData.resource("A/" + file))) {
      JsonNode m = verdict.get("messages").get(x.index());
      assertEquals("acdc", m.get("ilk").asText(), file + " message " + x.index());
      assertEquals(m.get("said").asText(), x.acdc().said());
      String error = m.has("error") ? m.get("error").get("class").asText() : "";
      AcdcStatus want = BY_KERIPY.get(error);
      AcdcVerdict got = verifier.verify(x.acdc());
      String at = file + " message " + x.index() + " keripy " + error + ": " + got.failure();
      assertEquals(want, got.status(), at);
      if (want != AcdcStatus.VERIFIED) {
        AcdcFailure f = got.failure().orElseThrow();
        assertEquals(REASONS.get(mutation), f.reason() + " " + f.path(), at);
      } else {
        saved.put(x.acdc().said(), x.acdc());
        assertTrue(got.saids().stream().allMatch(SaidCheck::ok), at);
        assertEquals(x.acdc().schema().said(), got.schema().map(AcdcSchema::said), at);
      }
      JsonNode c = verdict.get("credentials").get(x.acdc().said());
      if (c != null && c.has("issuer")) {
        assertEquals(keripysView(c), typedView(x.acdc()), at);
        typed++;
      }
      checked++;
    }
    assertTrue(typed > 0 || mutation.equals("acdc-said-mismatch"), file);
    assertEquals(file.startsWith("chain") && !mutation.equals("edge-parent-missing") ? 2 : 1,
        checked, file);
  }

  /** keripy's view of a credential in the verdict: issuer, issuee, schema, registry, edges. */
  private static String keripysView(JsonNode c) {
    StringBuilder sb = new StringBuilder();
    sb.append(c.get("issuer").asText()).append(' ').append(c.path("issuee").asText("-"))
        .append(' ').append(c.get("schema").asText()).append(' ')
        .append(c.get("registry").asText());
    for (Iterator<Map.Entry<String, JsonNode>> it = c.get("edges").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      sb.append(' ').append(e.getKey()).append("->").append(e.getValue().get("n").asText())
          .append('/').append(e.getValue().path("s").asText("-"))
          .append('/').append(e.getValue().path("o").asText("-"));
    }
    return sb.toString();
  }

  /** The same read from the typed credential. */
  private static String typedView(Acdc a) {
    StringBuilder sb = new StringBuilder();
    sb.append(a.issuer()).append(' ').append(a.issuee().orElse("-")).append(' ')
        .append(a.schema().said().orElse("")).append(' ').append(a.registry().orElse(""));
    for (Edge e : a.edgeBlocks()) {
      sb.append(' ').append(e.label()).append("->").append(e.node()).append('/')
          .append(e.schema().orElse("-")).append('/')
          .append(e.operators().isEmpty() ? "-" : e.operators().get(0).name());
    }
    return sb.toString();
  }

  /** What each mutation gives here, over the three forms: the mutants this layer decides. */
  @Test
  void theMutantsThisLayerDecides() throws IOException {
    Map<String, String> got = new TreeMap<>();
    for (String file : streams()) {
      String mutation = file.split("\\.")[2];
      AcdcTestData.Indexed last = null;
      InMemorySchemaResolver schemas = AcdcTestData.setASchemas();
      Map<String, Acdc> saved = new HashMap<>();
      AcdcVerifier v = new AcdcVerifier(schemas, said -> java.util.Optional.ofNullable(saved.get(said)));
      String status = "";
      for (AcdcTestData.Indexed x : AcdcTestData.acdcs(AcdcTestData.resource("A/" + file))) {
        AcdcVerdict verdict = v.verify(x.acdc());
        if (verdict.verified()) {
          saved.put(x.acdc().said(), x.acdc());
        }
        status = verdict.status().name();
      }
      got.merge(mutation, status, (a, b) -> a.equals(b) ? a : a + "|" + b);
    }
    Map<String, String> want = new TreeMap<>(Map.ofEntries(
        Map.entry("original", "VERIFIED"),
        Map.entry("acdc-said-mismatch", "REJECTED"),
        Map.entry("schema-unknown", "MISSING_SCHEMA"),
        Map.entry("schema-invalid-attributes", "REJECTED"),
        Map.entry("edge-parent-missing", "MISSING_CHAIN"),
        Map.entry("edge-i2i-violated", "MISSING_CHAIN"),
        // decided by the TEL or KEL, not by the credential
        Map.entry("edge-parent-revoked", "VERIFIED"),
        Map.entry("iss-unanchored", "VERIFIED"),
        Map.entry("iss-unanchored-digest-seal", "VERIFIED"),
        Map.entry("iss-anchored-by-other", "VERIFIED"),
        Map.entry("anchor-bad-signature", "VERIFIED"),
        Map.entry("anchor-below-toad", "VERIFIED"),
        Map.entry("acdc-issuer-not-registry-issuer", "VERIFIED"),
        Map.entry("rev-before-iss", "VERIFIED")));
    assertEquals(want, got);
  }
}
