package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code inspect --verify --json --schemas DIR} over the 51 credential streams of set A (cesrj-keri's
 * {@code src/test/resources/acdc/A}, copied from the project's shared data: see the README
 * there): every message's final status and escrow, every credential's status, issuer, issuee,
 * schema, registry, edges and TEL state, and every registry are keripy's, or cesrj's stricter
 * verdict where it documents one ({@code acdc-issuer-not-registry-issuer}: rejected; {@code
 * iss-unanchored-digest-seal}: the iss waits in {@code taes} where keripy drops it); and {@code
 * --fail-on} sets exit status 3 exactly when a verdict it names was given.
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectCredentialsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path ACDC = Path.of("../cesrj-keri/src/test/resources/acdc");
  private static final String SCHEMAS = ACDC.resolve("schemas").toString();

  static List<String> streams() throws IOException {
    List<String> out = new ArrayList<>();
    MAPPER.readTree(ACDC.resolve("A/MANIFEST.json").toFile()).get("files").fieldNames()
        .forEachRemaining(out::add);
    return out;
  }

  private static JsonNode verify(String file) throws IOException {
    Run r = Run.of(new byte[0], "inspect", "--verify", "--json", "--schemas", SCHEMAS,
        ACDC.resolve("A/" + file).toString());
    assertEquals(Main.OK, r.status(), r.stderr());
    return MAPPER.readTree(r.stdout());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void jsonGivesKeripysCredentialVerdicts(String file) throws IOException {
    JsonNode want = MAPPER.readTree(ACDC.resolve("A/" + file + ".verdict.json").toFile());
    String mutation = want.get("mutation").asText();
    JsonNode got = verify(file);
    for (JsonNode m : want.get("messages")) {
      int i = m.get("i").asInt();
      String keripy = m.has("escrowed") ? m.get("afterEscrows").asText().replace("dropped",
          "rejected") : m.get("accepted").asBoolean() ? "accepted" : "rejected";
      if (mutation.equals("acdc-issuer-not-registry-issuer") && m.get("ilk").asText()
          .equals("acdc")) {
        keripy = "rejected";
      }
      if (mutation.equals("iss-unanchored-digest-seal") && m.get("ilk").asText().equals("iss")) {
        keripy = "escrowed:taes";
      }
      JsonNode g = got.get("messages").get(i);
      String ours = g.get("status").asText().equals("escrowed")
          ? "escrowed:" + g.get("escrow").asText() : g.get("status").asText();
      assertEquals(keripy, ours, file + " message " + i + ": " + g);
      assertEquals(m.get("offset").asLong(), g.get("offset").asLong(), file + " offset " + i);
      assertEquals(m.get("ilk").asText(), g.get("ilk").asText(), file + " ilk " + i);
    }
    Map<String, String> wantCreds = new TreeMap<>();
    want.get("credentials").properties().forEach(e -> wantCreds.put(e.getKey(),
        view(e.getValue(), mutation)));
    Map<String, String> gotCreds = new TreeMap<>();
    got.get("credentials").properties().forEach(e -> gotCreds.put(e.getKey(),
        view(e.getValue(), "")));
    if (mutation.equals("acdc-issuer-not-registry-issuer")) {
      wantCreds.replaceAll((k, v) -> v.replace("issued", "notAccepted rejected"));
    }
    if (mutation.equals("acdc-said-mismatch")) {
      wantCreds.replaceAll((k, v) -> v.replaceFirst(" .*", ""));
      gotCreds.replaceAll((k, v) -> v.replaceFirst(" .*", ""));
    }
    assertEquals(wantCreds, gotCreds, file + " credentials");
    Map<String, String> wantRegs = new TreeMap<>();
    want.get("registries").properties().forEach(e -> wantRegs.put(e.getKey(),
        e.getValue().toString()));
    Map<String, String> gotRegs = new TreeMap<>();
    got.get("registries").properties().forEach(e -> gotRegs.put(e.getKey(),
        e.getValue().toString()));
    assertEquals(wantRegs, gotRegs, file + " registries");
  }

  /** A credential as the verdict files write it: status, then its fields but the reason. */
  private static String view(JsonNode c, String mutation) {
    String status = c.get("status").asText();
    if (status.equals("notAccepted")) {
      status += " " + c.get("reason").asText().split(" ")[0];
    }
    return status + " " + c.path("issuer").asText("-") + " " + c.path("issuee").asText("-") + " "
        + c.path("schema").asText("-") + " " + c.path("registry").asText("-") + " "
        + c.path("edges") + " " + c.path("tel");
  }

  /** {@code --fail-on}: status 3 when a verdict it names was given, else 0. */
  @Test
  void failOnGivesStatusThreeForTheVerdictsItNames() {
    Map<String, Integer> got = new TreeMap<>();
    for (String file : List.of("single.v1.original.cesr", "single.v1.schema-unknown.cesr",
        "single.v1.acdc-said-mismatch.cesr")) {
      for (String on : List.of("rejected", "escrowed", "notaccepted")) {
        Run r = Run.of(new byte[0], "inspect", "--verify", "--schemas", SCHEMAS, "--fail-on", on,
            ACDC.resolve("A/" + file).toString());
        got.put(file.split("\\.")[2] + " " + on, r.status());
      }
    }
    assertEquals(Map.of(
        "original rejected", 0, "original escrowed", 0, "original notaccepted", 0,
        "schema-unknown rejected", 0, "schema-unknown escrowed", 3,
        "schema-unknown notaccepted", 3,
        "acdc-said-mismatch rejected", 3, "acdc-said-mismatch escrowed", 0,
        "acdc-said-mismatch notaccepted", 3), got);
  }

  /** {@code --fail-on} and {@code --schemas} need {@code --verify}; an unknown value is refused. */
  @Test
  void failOnIsCheckedAsAUsage() {
    assertEquals(Main.BAD_INPUT, Run.of(new byte[0], "inspect", "--fail-on", "rejected", "-")
        .status());
    assertEquals(Main.BAD_INPUT, Run.of(new byte[0], "inspect", "--verify", "--fail-on", "some",
        "-").status());
  }
}
