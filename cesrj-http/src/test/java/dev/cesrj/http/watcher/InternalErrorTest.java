package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.RecordKind;
import dev.cesrj.http.store.StoreRecord;
import dev.cesrj.http.store.WatcherStore;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An unexpected exception inside the watcher (here a store that fails with an unchecked error
 * that is not a StoreException) is a typed 500 naming the error class, without a stack trace, and
 * the connection is closed: not a connection dropped without an answer (issue 32's review).
 */
class InternalErrorTest {
  @Test
  void anUnexpectedErrorIsA500ThenClose() throws Exception {
    InMemoryWatcherStore mem = new InMemoryWatcherStore();
    WatcherStore broken = new WatcherStore() {
      @Override
      public long append(RecordKind kind, byte[] data) {
        throw new IllegalStateException("boom");
      }

      @Override
      public List<StoreRecord> records() {
        return mem.records();
      }

      @Override
      public long size() {
        return mem.size();
      }

      @Override
      public String location() {
        return "broken";
      }

      @Override
      public void close() {
        mem.close();
      }
    };
    Recording.Exchange icp = Recording.exchanges().stream()
        .filter(x -> x.method().equals("POST") && x.target().equals("/")
            && new String(x.body(), StandardCharsets.ISO_8859_1).contains("\"t\":\"icp\""))
        .findFirst().orElseThrow();
    String body = new String(icp.body(), StandardCharsets.ISO_8859_1);
    try (Watcher w = Watcher.open(broken); WatcherServer s = WatcherServer.builder(w).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.setSoTimeout(5_000);
      RawHttp.Response r = RawHttp.send(c, ("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: "
          + "application/cesr\r\nCESR-ATTACHMENT: " + icp.header("CESR-ATTACHMENT").orElseThrow()
          + "\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
          .getBytes(StandardCharsets.ISO_8859_1));
      assertEquals(500, r.status());
      assertEquals("{\"title\":\"internal error: IllegalStateException\"}",
          new String(r.body(), StandardCharsets.UTF_8));
      assertEquals(-1, c.getInputStream().read(), "closed");
    }
  }
}
