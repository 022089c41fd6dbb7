package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile CESR in well-framed POSTs (issue 32's review), from recording A's first inception: each
 * gets keripy's status (keripy {@code src/keri/app/httping.py} {@code parseCesrHttpRequest}: 406
 * for another Content-Type, 400 for a body that is not one JSON value, 412 without the attachment
 * header) or the watcher's documented stricter 400, a JSON {@code title}, never a 5xx, and nothing
 * is stored; the valid request after them is still accepted and stored.
 */
class BreakCesrTest {
  private InMemoryWatcherStore store;
  private Watcher watcher;
  private WatcherServer server;
  private String body;
  private String att;

  @BeforeEach
  void start() throws InterruptedException {
    store = new InMemoryWatcherStore();
    watcher = Watcher.open(store);
    server = WatcherServer.builder(watcher).start();
    Recording.Exchange icp = Recording.exchanges().stream()
        .filter(x -> x.method().equals("POST") && x.target().equals("/")
            && new String(x.body(), StandardCharsets.ISO_8859_1).contains("\"t\":\"icp\""))
        .findFirst()
        .orElseThrow();
    body = new String(icp.body(), StandardCharsets.ISO_8859_1);
    att = icp.header("CESR-ATTACHMENT").orElseThrow();
  }

  @AfterEach
  void stop() throws Exception {
    assertEquals(0, store.size(), "nothing refused was stored");
    RawHttp.Response ok = post("application/cesr", body, "CESR-ATTACHMENT: " + att + "\r\n");
    assertEquals(204, ok.status());
    // one controller signature, no witness receipts yet: kept in escrow, as keripy does
    assertEquals("escrowed pwes", ok.headers().get("keri-verdict")); // keripy's name, as TEL events get
    assertTrue(store.size() > 0, "the valid request is kept");
    server.close();
    watcher.close();
  }

  private RawHttp.Response post(String type, String b, String headers) throws IOException {
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(5_000);
      byte[] bytes = b.getBytes(StandardCharsets.ISO_8859_1);
      return RawHttp.send(s, ("POST / HTTP/1.1\r\nHost: x\r\n"
          + (type == null ? "" : "Content-Type: " + type + "\r\n") + headers
          + "Content-Length: " + bytes.length + "\r\n\r\n" + b)
          .getBytes(StandardCharsets.ISO_8859_1));
    }
  }

  private void refused(int status, String type, String b, String headers) throws IOException {
    RawHttp.Response r = post(type, b, headers);
    String text = new String(r.body(), StandardCharsets.UTF_8);
    assertEquals(status, r.status(), text);
    assertTrue(text.startsWith("{\"title\":"), text);
  }

  private String attHeader(String value) {
    return "CESR-ATTACHMENT: " + value + "\r\n";
  }

  @Test
  void wrongOrMissingContentTypeGets406AsKeripy() throws Exception {
    refused(406, "application/json", body, attHeader(att));
    refused(406, null, body, attHeader(att));
    refused(406, "application/cesrx", body, attHeader(att));
  }

  @Test
  void missingAttachmentHeaderGets412AsKeripy() throws Exception {
    refused(412, "application/cesr", body, "");
  }

  @Test
  void attachmentsInTheBodyGet400AsKeripysMalformedJson() throws Exception {
    refused(400, "application/cesr", body + att, attHeader(""));
    refused(400, "application/cesr", body + " ", attHeader(att));
  }

  @Test
  void aBodyThatIsNotOneVersionedMessageGets400() throws Exception {
    refused(400, "application/cesr", "hello", attHeader(att));
    refused(400, "application/cesr", "{\"t\":\"icp\",\"i\":\"E\"}", attHeader(att));
    refused(400, "application/cesr", body.replaceFirst("JSON0001", "JSON0002"), attHeader(att));
    refused(400, "application/cesr", body.substring(0, body.length() - 5), attHeader(att));
    refused(400, "application/cesr", "", attHeader(att));
  }

  @Test
  void garbageTruncatedOrSecondMessageAttachmentsGet400() throws Exception {
    refused(400, "application/cesr", body, attHeader("-AAB!!!!"));
    refused(400, "application/cesr", body, attHeader(att.substring(0, att.length() - 7)));
    refused(400, "application/cesr", body, attHeader(att + body));
    refused(400, "application/cesr", body, attHeader(att + "-AAB"));
  }

  @Test
  void aRepeatedAttachmentHeaderGets400() throws Exception {
    refused(400, "application/cesr", body, attHeader(att) + attHeader(att));
  }
}
