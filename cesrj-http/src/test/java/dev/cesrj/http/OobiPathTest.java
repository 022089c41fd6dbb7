package dev.cesrj.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class OobiPathTest {

  private static final String TRANS_WITS = "ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL";
  private static final String WAN = "BBilc4-L3tFUnfM_wJr4S4OJanAv_VmF_dJNN6vkf2Ha";

  /** Every GET path of recording A's oobi/ folder, by file: OOBI forms parse, the others do not. */
  @Test
  void recordedPathsParseAsKeripyRoutesThem() throws IOException, URISyntaxException {
    Map<String, Optional<OobiPath.Form>> expected = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    Path folder = Path.of(OobiPathTest.class.getResource("/network/A/oobi").toURI());
    List<Path> metas = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      files.filter(p -> p.toString().endsWith(".meta.json")).sorted().forEach(metas::add);
    }
    assertEquals(23, metas.size());
    Map<String, Optional<OobiPath.Form>> parsed = new TreeMap<>();
    for (Path meta : metas) {
      JsonNode node;
      try (InputStream in = Files.newInputStream(meta)) {
        node = json.readTree(in);
      }
      String target = node.get("path").asText();
      String path = URI.create(target).getPath();
      Optional<OobiPath> oobi = OobiPath.parse(path);
      parsed.put(meta.getFileName().toString(), oobi.map(OobiPath::form));
      oobi.ifPresent(o -> assertEquals(path, o.path(), "round trip of " + path));
      String kind = node.get("kind").asText();
      Optional<OobiPath.Form> form;
      if (kind.startsWith("witness OOBI of")) {
        form = Optional.of(OobiPath.Form.ROLE_EID);
      } else if (kind.contains("role witness without eid") || kind.contains("role controller")
          || kind.startsWith("controller OOBI of witness") || kind.startsWith("OOBI of unknown")) {
        form = Optional.of(OobiPath.Form.ROLE);
      } else if (kind.contains("no role")) {
        form = Optional.of(OobiPath.Form.AID);
      } else if (kind.startsWith(".well-known")) {
        form = Optional.of(OobiPath.Form.WELL_KNOWN);
      } else if (kind.startsWith("blind")) {
        form = Optional.of(OobiPath.Form.BLIND);
      } else {
        form = Optional.empty(); // /receipts and /query
      }
      expected.put(meta.getFileName().toString(), form);
    }
    assertEquals(expected, parsed);
  }

  @Test
  void eachFormReadsItsSegments() {
    assertEquals(OobiPath.blind(), OobiPath.parse("/oobi").orElseThrow());
    assertEquals(OobiPath.blind(), OobiPath.parse("/oobi/").orElseThrow());
    assertEquals(OobiPath.of(TRANS_WITS), OobiPath.parse("/oobi/" + TRANS_WITS).orElseThrow());
    assertEquals(
        OobiPath.of(WAN, Role.CONTROLLER), OobiPath.parse("/oobi/" + WAN + "/controller").orElseThrow());
    OobiPath full = OobiPath.parse("/oobi/" + TRANS_WITS + "/witness/" + WAN).orElseThrow();
    assertEquals(Optional.of(TRANS_WITS), full.aid());
    assertEquals(Optional.of(Role.WITNESS), full.role());
    assertEquals(Optional.of(WAN), full.eid());
  }

  @Test
  void whatIsNoFormIsEmpty() {
    for (String path :
        List.of("", "/", "oobi", "/oobis", "/oobi//witness", "/oobi/" + TRANS_WITS + "/boss",
            "/oobi/a/witness/b/c", "/receipts", "/.well-known/keri/oobi", "/.well-known/keri/oobi/a/b",
            "/OOBI/" + TRANS_WITS, "/oobi/" + TRANS_WITS + "/Witness")) {
      assertEquals(Optional.empty(), OobiPath.parse(path), path);
    }
  }

  @Test
  void rolesHaveKeripysNames() {
    assertEquals(11, Role.values().length);
    for (Role role : Role.values()) {
      assertEquals(Optional.of(role), Role.of(role.keripyName()));
      assertEquals(role.name().toLowerCase(java.util.Locale.ROOT), role.keripyName());
    }
    assertTrue(Role.of("Witness").isEmpty());
  }

  @Test
  void partsMustFitTheForm() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new OobiPath(OobiPath.Form.BLIND, Optional.of(TRANS_WITS), Optional.empty(), Optional.empty()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new OobiPath(OobiPath.Form.ROLE, Optional.of(TRANS_WITS), Optional.empty(), Optional.empty()));
  }
}
