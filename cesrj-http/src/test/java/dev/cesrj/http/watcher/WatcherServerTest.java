package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.SqliteWatcherStore;
import dev.cesrj.keri.kever.EscrowLimits;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recording A replayed over loopback HTTP, byte for byte (each recorded request's raw bytes, on
 * the connection the recording sent it on, one request at a time, as hio's client does), into a
 * watcher on an SQLite store; then the watcher restarted on that store serves the same bytes.
 */
class WatcherServerTest {

  @Test
  void recordingOverHttpThenRestartServesTheSameOobis(@TempDir Path dir) throws Exception {
    List<Recording.Exchange> xs = Recording.exchanges();
    Map<String, byte[]> served = new LinkedHashMap<>();
    try (Watcher w = Watcher.open(SqliteWatcherStore.open(dir), WatcherRecordingTest.CLOCK,
            EscrowLimits.DEFAULT);
        WatcherServer s = WatcherServer.builder(w).start()) {
      Map<Integer, Socket> conns = new HashMap<>();
      try {
        for (Recording.Exchange x : xs) {
          Socket c = conns.get(x.conn());
          if (c == null) {
            c = new Socket("127.0.0.1", s.port());
            c.setSoTimeout(20_000);
            conns.put(x.conn(), c);
          }
          RawHttp.Response r = RawHttp.send(c, x.rawRequest());
          WatcherRecordingTest.assertKeripyAnswer(x, r.asAnswer());
          if (x.method().equals("GET") && r.status() == 200) {
            served.put(x.target(), r.body());
          }
          if (x.header("Connection").map("close"::equalsIgnoreCase).orElse(false)) {
            assertEquals(-1, c.getInputStream().read(), "closed as asked: " + x.n());
            c.close();
            conns.remove(x.conn());
          }
        }
      } finally {
        for (Socket c : conns.values()) {
          c.close();
        }
      }
      WatcherRecordingTest.assertKeyStates(w);
      // each request's bytes are given back once its answer is written (a listener on the event
      // loop), which may run after this client has read the answer: wait for it, under a bound
      var budget = s.initializer().budget();
      for (int i = 0; i < 500 && budget.reservedBytes() > 0; i++) {
        Thread.sleep(10);
      }
      assertEquals(0, budget.reservedBytes(), "every request's bytes given back");
    }
    assertEquals(16, served.size(), served.keySet().toString());
    try (Watcher w = Watcher.open(SqliteWatcherStore.open(dir));
        WatcherServer s = WatcherServer.builder(w).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.setSoTimeout(20_000);
      for (Map.Entry<String, byte[]> e : served.entrySet()) {
        RawHttp.Response r = RawHttp.send(c, ("GET " + e.getKey()
            + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n")
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(200, r.status(), e.getKey());
        assertArrayEquals(e.getValue(), r.body(), "the same bytes after a restart: " + e.getKey());
      }
      assertTrue(w.stats().replayed() > 0, w.stats().toString());
      WatcherRecordingTest.assertKeyStates(w);
      // a client resolves the restarted watcher's witness OOBIs (cesrj's resolver, keripy's
      // Oobiery rules) to keripy's key states, with each witness's location
      try (dev.cesrj.http.oobi.OobiResolver resolver = new dev.cesrj.http.oobi.OobiResolver()) {
        for (String aid : List.of(Recording.TRANS_WITS, Recording.TRANS_WITS_MBX)) {
          resolver.resolve("http://127.0.0.1:" + s.port() + "/oobi/" + aid + "/witness");
        }
        var expected = Recording.json(Recording.folder().resolve("keystate.json"));
        for (String aid : List.of(Recording.TRANS_WITS, Recording.TRANS_WITS_MBX)) {
          var ks = resolver.keyStates().get(aid);
          assertEquals(expected.get(aid).get("said").asText(), ks.said(), aid);
          assertEquals(expected.get(aid).get("sn").asLong(), ks.sn().longValue(), aid);
        }
        assertEquals(List.of("http://127.0.0.1:5642/", "http://127.0.0.1:5643/",
            "http://127.0.0.1:5644/"), resolver.locSchemes().stream()
            .map(dev.cesrj.keri.reply.LocScheme::url).sorted().toList());
      }
    }
  }
}
