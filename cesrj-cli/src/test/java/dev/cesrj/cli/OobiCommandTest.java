package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.cesrj.http.oobi.OobiFailure;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cesrj oobi resolve} against a loopback server (the JDK's {@code HttpServer}) serving
 * witness {@code wan}'s recorded OOBI answers of recording A ({@code
 * src/test/resources/network/A/ORIGIN.md}): {@code --json} prints keripy's key states of {@code
 * keystate.json}; a 404, a bad URL and a wrong command line give {@code inspect}'s exit statuses.
 */
@ExtendWith(LeakDetectionExtension.class)
class OobiCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String WAN = "BBilc4-L3tFUnfM_wJr4S4OJanAv_VmF_dJNN6vkf2Ha";
  private static final Map<String, String> SERVED = Map.of(
      "/oobi/ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL/witness/" + WAN,
      "00-witness-OOBI-of-trans-wits-from-wan.cesr",
      "/oobi/EP25mGKRPFii19t372OW29xfLNx135xf5y9O1PkfUxEO/witness/" + WAN,
      "09-witness-OOBI-of-trans-wits-mbx-from-wan.cesr");
  private static HttpServer server;
  private static String base;

  @BeforeAll
  static void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      String file = SERVED.get(exchange.getRequestURI().getPath());
      if (file == null) {
        exchange.sendResponseHeaders(404, -1);
        exchange.close();
        return;
      }
      byte[] body = resource("/network/A/oobi/" + file);
      exchange.getResponseHeaders().add("Content-Type", "application/cesr");
      exchange.getResponseHeaders().add("Keri-Aid", exchange.getRequestURI().getPath()
          .split("/")[2]);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  static byte[] resource(String name) throws IOException {
    try (InputStream in = OobiCommandTest.class.getResourceAsStream(name)) {
      return in.readAllBytes();
    }
  }

  @Test
  void jsonGivesKeripysKeyStates() throws Exception {
    String[] urls = SERVED.keySet().stream().sorted().map(p -> base + p).toArray(String[]::new);
    Run run = Run.of(new byte[0], "oobi", "resolve", "--json", urls[0], urls[1]);
    assertEquals(0, run.status(), run.stderr());
    JsonNode got = JSON.readTree(run.stdout());
    ObjectNode want = (ObjectNode) JSON.readTree(resource("/network/A/keystate.json"));
    want.forEach(k -> {
      ((ObjectNode) k).remove("from");
      ((ObjectNode) k).remove("witnessSigsOnLatest");
    });
    assertEquals(want, got.get("keyStates"));
    assertEquals(2, got.get("resolved").size());
    assertEquals(0, got.get("errors").size());
    assertEquals(0, got.get("endRoles").size());
    assertEquals(1, got.get("locSchemes").size(), "wan's /loc/scheme, stored once");
    assertEquals("http://127.0.0.1:5642/", got.get("locSchemes").get(0).get("url").asText());
  }

  @Test
  void textNamesTheKeyStateAndLocation() {
    String url = base + SERVED.keySet().stream().sorted().findFirst().orElseThrow();
    Run run = Run.of(new byte[0], "oobi", "resolve", url);
    assertEquals(0, run.status(), run.stderr());
    assertTrue(run.out().contains("key state ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL: sn 2"
        + " ixn EPjwHVos6w9aZj7Ek9enNCUxhLoCpvMf3c5tVU0JYhgs"), run.out());
    assertTrue(run.out().contains("location " + WAN + " http http://127.0.0.1:5642/"), run.out());
  }

  @Test
  void exitStatuses() throws Exception {
    Run notFound = Run.of(new byte[0], "oobi", "resolve", "--json", base + "/oobi/EXXX/witness");
    assertEquals(1, notFound.status());
    JsonNode e = JSON.readTree(notFound.stdout()).get("errors").get(0);
    assertEquals("status", e.get("kind").asText());
    assertEquals(404, e.get("status").asInt());
    assertEquals(1, OobiCommand.status(OobiFailure.STATUS));
    // the text error line says the status once (it said "(status 404): status 404 Not Found")
    Run notFoundText = Run.of(new byte[0], "oobi", "resolve", base + "/oobi/EXXX/witness");
    assertEquals(1, notFoundText.status());
    assertEquals("cesrj: STATUS " + base + "/oobi/EXXX/witness: status 404 Not Found\n",
        notFoundText.stderr());
    Run notOobi = Run.of(new byte[0], "oobi", "resolve", base + "/notanoobi");
    assertEquals(2, notOobi.status());
    assertTrue(notOobi.stderr().contains("BAD_URL"), notOobi.stderr());
    Run noUrl = Run.of(new byte[0], "oobi", "resolve");
    assertEquals(2, noUrl.status());
    // oobi's own usage, not the general one
    assertEquals("cesrj: oobi resolve needs at least one URL\n" + OobiCommand.HELP,
        noUrl.stderr());
    assertEquals(2, Run.of(new byte[0], "oobi", "fetch", base).status());
    assertEquals(2, Run.of(new byte[0], "oobi", "resolve", "--max-body", "x", base).status());
    for (OobiFailure f : OobiFailure.values()) {
      int s = OobiCommand.status(f);
      assertTrue(s == 1 || s == 2, f + " " + s);
    }
  }
}
