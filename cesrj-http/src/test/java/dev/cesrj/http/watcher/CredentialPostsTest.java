package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.http.store.SqliteWatcherStore;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.credential.CredentialStatus;
import dev.cesrj.keri.kever.EscrowLimits;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Credential streams of set A ({@code src/test/resources/acdc}, see ORIGIN.md there) POSTed to a
 * watcher over loopback one message per request in keripy's form (the body alone, its
 * attachments in {@code CESR-ATTACHMENT}, as keripy's {@code HttpEnd.on_post} takes them): every
 * POST is answered 204 with the verdict keripy gave the message at intake ({@code accepted}, or
 * {@code escrowed} in keripy's escrow, e.g. {@code oots} for a {@code rev} before its {@code iss},
 * {@code mce} for a credential whose chain is missing); the watcher's key states, registries and
 * credentials (status, issuer, issuee, schema, registry, TEL state) are those of the stream's
 * {@code .verdict.json}; a watcher reopened on the store replays them to the same states.
 */
class CredentialPostsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A v1 JSON body's version string: its size in six hex digits. */
  private static final Pattern VERSION =
      Pattern.compile("^\\{\"v\":\"(?:KERI|ACDC)10JSON([0-9a-f]{6})_\"");

  @TempDir
  Path dir;

  static byte[] resource(String name) {
    try (InputStream in = CredentialPostsTest.class.getResourceAsStream("/acdc/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource acdc/" + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static InMemorySchemaResolver schemas() {
    InMemorySchemaResolver r = new InMemorySchemaResolver();
    for (String f : List.of("simple-attestation.json", "qualified-vLEI-issuer-vLEI-credential.json",
        "legal-entity-vLEI-credential.json")) {
      r.add(resource("schemas/" + f));
    }
    return r;
  }

  /** One message of a stream as keripy's {@code kli} POSTs it: request bytes. */
  static byte[] request(byte[] stream, JsonNode m) {
    int offset = m.get("offset").asInt();
    int length = m.get("length").asInt();
    String msg = new String(stream, offset, length, StandardCharsets.ISO_8859_1);
    Matcher v = VERSION.matcher(msg);
    if (!v.find()) {
      throw new IllegalStateException("no v1 JSON version string at offset " + offset);
    }
    int size = Integer.parseInt(v.group(1), 16);
    String body = msg.substring(0, size);
    return ("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/cesr\r\n"
        + "CESR-ATTACHMENT: " + msg.substring(size) + "\r\n"
        + "Content-Length: " + size + "\r\n\r\n" + body).getBytes(StandardCharsets.ISO_8859_1);
  }

  /** keripy's verdict on a message at intake, as the watcher's {@code Keri-Verdict} says it. */
  static String intakeVerdict(JsonNode m) {
    if (m.path("accepted").asBoolean(false)) {
      return "accepted";
    }
    if (m.has("escrowed")) {
      return "escrowed " + m.get("escrowed").asText();
    }
    return "rejected";
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"chain.v1.original.cesr", "revoked.v1.original.cesr",
      "revoked.v1.rev-before-iss.cesr", "chain.v1.edge-parent-missing.cesr"})
  void postedOneByOneGiveKeripysStatesAndReplayThem(String file) throws Exception {
    byte[] stream = resource("A/" + file);
    JsonNode verdict = JSON.readTree(resource("A/" + file + ".verdict.json"));
    List<String> got = new ArrayList<>();
    List<String> want = new ArrayList<>();
    try (Watcher w = Watcher.open(SqliteWatcherStore.open(dir), WatcherRecordingTest.CLOCK,
            EscrowLimits.DEFAULT, schemas());
        WatcherServer s = WatcherServer.builder(w).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.setSoTimeout(20_000);
      for (JsonNode m : verdict.get("messages")) {
        RawHttp.Response r = RawHttp.send(c, request(stream, m));
        got.add(r.status() + " " + r.headers().get("keri-verdict"));
        want.add("204 " + intakeVerdict(m));
      }
      assertEquals(want, got, file + ": status and verdict of each POST");
      assertStates(file, verdict, w);
      assertEquals(verdict.get("messages").size(), w.stats().kept(), file + " messages kept");
    }
    try (Watcher w = Watcher.open(SqliteWatcherStore.open(dir), WatcherRecordingTest.CLOCK,
        EscrowLimits.DEFAULT, schemas())) {
      assertEquals(verdict.get("messages").size(), w.stats().replayed(), file + " replayed");
      assertStates(file + " after restart", verdict, w);
    }
  }

  /**
   * The same streams through a watcher compacted every 3 messages (its verifiers rebuilt from the
   * KEL state and the kept TEL events and ACDCs judged again): the same states.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"chain.v1.original.cesr", "revoked.v1.rev-before-iss.cesr",
      "chain.v1.edge-parent-missing.cesr"})
  void compactionKeepsTheCredentialStates(String file) throws Exception {
    byte[] stream = resource("A/" + file);
    JsonNode verdict = JSON.readTree(resource("A/" + file + ".verdict.json"));
    try (Watcher w = Watcher.open(new dev.cesrj.http.store.InMemoryWatcherStore(),
        WatcherRecordingTest.CLOCK, EscrowLimits.DEFAULT, schemas(), 3)) {
      for (JsonNode m : verdict.get("messages")) {
        String req = new String(request(stream, m), StandardCharsets.ISO_8859_1);
        int head = req.indexOf("\r\n\r\n");
        String att = req.substring(req.indexOf("CESR-ATTACHMENT: ") + 17);
        att = att.substring(0, att.indexOf("\r\n"));
        w.post(PostTarget.EVENTS, req.substring(head + 4).getBytes(StandardCharsets.ISO_8859_1),
            att, "test");
      }
      assertEquals(verdict.get("messages").size() / 3, w.stats().compactions(), file);
      assertStates(file + " compacted every 3", verdict, w);
    }
  }

  /**
   * A TEL event or ACDC POSTed to {@code /receipts} is 400 naming its ilk (keripy's {@code
   * ReceiptEnd.on_post}: not a key event), and a second copy of an accepted TEL event is not kept
   * again.
   */
  @org.junit.jupiter.api.Test
  void receiptsRefuseTelEventsAndACopyIsNotKeptTwice() throws Exception {
    String file = "revoked.v1.original.cesr";
    byte[] stream = resource("A/" + file);
    JsonNode messages = JSON.readTree(resource("A/" + file + ".verdict.json")).get("messages");
    try (Watcher w = Watcher.open(new dev.cesrj.http.store.InMemoryWatcherStore(),
        WatcherRecordingTest.CLOCK, EscrowLimits.DEFAULT, schemas())) {
      List<String> got = new ArrayList<>();
      for (int i = 0; i < messages.size(); i++) {
        String[] parts = parts(request(stream, messages.get(i)));
        got.add(w.post(PostTarget.EVENTS, parts[0].getBytes(StandardCharsets.ISO_8859_1),
            parts[1], "test").status() + "");
      }
      assertEquals(java.util.Collections.nCopies(messages.size(), "204"), got);
      long kept = w.stats().kept();
      String[] vcp = parts(request(stream, messages.get(4)));
      assertEquals("vcp", messages.get(4).get("ilk").asText());
      WatcherAnswer r = w.post(PostTarget.RECEIPTS, vcp[0].getBytes(StandardCharsets.ISO_8859_1),
          vcp[1], "test");
      assertEquals(400, r.status());
      assertEquals("{\"title\":\"invalid event type (vcp) for receipting\"}",
          new String(r.body(), StandardCharsets.UTF_8));
      WatcherAnswer again = w.post(PostTarget.EVENTS,
          vcp[0].getBytes(StandardCharsets.ISO_8859_1), vcp[1], "test");
      assertEquals(204, again.status());
      assertTrue(again.headers().get(Watcher.VERDICT_HEADER).startsWith("rejected "),
          again.headers().toString());
      assertEquals(kept, w.stats().kept(), "neither copy kept");
    }
  }

  /** A request's body and its CESR-ATTACHMENT header value. */
  private static String[] parts(byte[] request) {
    String req = new String(request, StandardCharsets.ISO_8859_1);
    String att = req.substring(req.indexOf("CESR-ATTACHMENT: ") + 17);
    return new String[] {req.substring(req.indexOf("\r\n\r\n") + 4),
        att.substring(0, att.indexOf("\r\n"))};
  }

  private static void assertStates(String at, JsonNode verdict, Watcher w) {
    Map<String, String> wantKeys = new TreeMap<>();
    verdict.get("keyStates").properties().forEach(k -> wantKeys.put(k.getKey(),
        k.getValue().get("sn").asLong() + " " + k.getValue().get("said").asText() + " "
            + k.getValue().get("et").asText()));
    Map<String, String> gotKeys = new TreeMap<>();
    w.keyStates().forEach((k, s) -> gotKeys.put(k, s.sn() + " " + s.said() + " " + s.et()));
    assertEquals(wantKeys, gotKeys, at + " key states");

    Map<String, String> wantRegs = new TreeMap<>();
    verdict.get("registries").properties().forEach(r -> wantRegs.put(r.getKey(),
        r.getValue().get("issuer").asText() + " " + r.getValue().get("sn").asLong() + " "
            + r.getValue().get("said").asText() + " " + r.getValue().get("toad").asLong()));
    Map<String, String> gotRegs = new TreeMap<>();
    w.registries().forEach((k, r) -> gotRegs.put(k, r.issuer() + " " + r.sn() + " " + r.said()
        + " " + r.toad()));
    assertEquals(wantRegs, gotRegs, at + " registries");

    Map<String, String> wantCreds = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : verdict.get("credentials").properties()) {
      JsonNode x = e.getValue();
      String status = x.get("status").asText();
      if (status.equals("notAccepted")) {
        status += " " + x.get("reason").asText().split(" ")[0];
      }
      JsonNode t = x.get("tel");
      String tel = t == null ? "none"
          : t.get("sn").asLong() + " " + t.get("et").asText() + " " + t.get("said").asText();
      wantCreds.put(e.getKey(), status + " | " + x.get("issuer").asText() + " "
          + x.get("issuee").asText() + " " + x.get("schema").asText() + " "
          + x.get("registry").asText() + " | " + tel);
    }
    Map<String, String> gotCreds = new TreeMap<>();
    w.credentials().forEach((said, c) -> {
      String status = c.status().keripyName();
      if (c.status() == CredentialStatus.NOT_ACCEPTED) {
        status += " " + c.escrow().map(x -> "escrowed:" + x.keripyName()).orElse("rejected");
      }
      gotCreds.put(said, status + " | " + c.acdc().issuer() + " " + c.acdc().issuee().orElse("-")
          + " " + c.acdc().schema().said().orElse("-") + " " + c.acdc().registry().orElse("-")
          + " | " + c.tel().map(s -> s.sn() + " " + s.ilk().code() + " " + s.said())
          .orElse("none"));
    });
    assertEquals(wantCreds, gotCreds, at + " credentials");
  }
}
