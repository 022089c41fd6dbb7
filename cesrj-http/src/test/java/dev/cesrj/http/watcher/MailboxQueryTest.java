package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.code.MatterCode;
import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.keri.Saids;
import dev.cesrj.keri.body.Body;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 5: a mailbox query is a {@code qry} whose {@code r} is {@code mbx}
 * (keripy {@code src/keri/app/indirecting.py} {@code HttpEnd.on_post}: {@code serder.sad["r"]}),
 * not a body holding the text {@code "r":"mbx"} somewhere.
 */
class MailboxQueryTest {
  private static final String PRE = "ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL";

  /** {@return a qry body: {@code rest} after {@code d}, its version and SAID filled in} */
  static byte[] qry(String rest) {
    String template = "{\"v\":\"%s\",\"t\":\"qry\",\"d\":\"%s\"," + rest + "}";
    String dummy = "#".repeat(44);
    int size = String.format(template, "KERI10JSON000000_", dummy).length();
    String version = String.format("KERI10JSON%06x_", size);
    String said = Saids.compute(Body.parse(String.format(template, version, dummy)
        .getBytes(StandardCharsets.US_ASCII)), MatterCode.Blake3_256);
    return String.format(template, version, said).getBytes(StandardCharsets.US_ASCII);
  }

  private static WatcherAnswer post(Watcher w, byte[] body) {
    return w.post(PostTarget.EVENTS, body, "", "client");
  }

  @Test
  void theRouteFieldDecidesNotTheText() {
    try (Watcher w = Watcher.open(new InMemoryWatcherStore())) {
      String dt = "\"dt\":\"2026-12-06T03:05:26.581291+00:00\"";
      WatcherAnswer mbx = post(w, qry(dt + ",\"r\":\"mbx\",\"rr\":\"\",\"q\":{\"pre\":\"" + PRE
          + "\",\"topics\":{\"/receipt\":0}}"));
      assertEquals(200, mbx.status());
      assertEquals(WatcherAnswer.Kind.EVENT_STREAM, mbx.kind());
      // "r":"mbx" in q, but r is logs: not a mailbox query
      WatcherAnswer logs = post(w, qry(dt + ",\"r\":\"logs\",\"rr\":\"\",\"q\":{\"r\":\"mbx\","
          + "\"i\":\"" + PRE + "\"}"));
      assertEquals(204, logs.status(), logs.bodyText());
      assertEquals("application/json", logs.contentType());
      // and in rr
      WatcherAnswer rr = post(w, qry(dt + ",\"r\":\"ksn\",\"rr\":\"\\\"r\\\":\\\"mbx\\\"\","
          + "\"q\":{\"i\":\"" + PRE + "\"}"));
      assertEquals(204, rr.status(), rr.bodyText());
      // "r": "mbx" with spaces is not canonical JSON: cesrj's body parser refuses it (the SAID
      // of keripy's compact serialization could not match), so that form never reaches here
    }
  }
}
