package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.keri.kever.EscrowLimits;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many clients posting recording A's messages (events, receipts, replies) at once, each in its own
 * seeded shuffled order, to one watcher over loopback (issue 32's review): the key states are
 * keripy's ({@code keystate.json}) and every OOBI, KEL and receipt served is byte for byte what a
 * watcher fed by one client in recorded order serves.
 */
class ConcurrentPostsTest {
  private static final int CLIENTS = 6;

  private static byte[] request(Recording.Exchange x) {
    String body = new String(x.body(), StandardCharsets.ISO_8859_1);
    return ("POST " + x.target() + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/cesr\r\n"
        + "CESR-ATTACHMENT: " + x.header("CESR-ATTACHMENT").orElse("") + "\r\n"
        + "Content-Length: " + x.body().length + "\r\n\r\n" + body)
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  private static Map<String, byte[]> served(WatcherServer s) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    try (Socket c = new Socket("127.0.0.1", s.port())) {
      c.setSoTimeout(20_000);
      for (String aid : List.of(Recording.TRANS_WITS, Recording.TRANS_WITS_MBX)) {
        List<String> targets = new ArrayList<>(List.of("/oobi/" + aid, "/oobi/" + aid
            + "/witness", "/oobi/" + aid + "/controller", "/query?typ=kel&pre=" + aid));
        for (int sn = 0; sn < 3; sn++) {
          targets.add("/receipts?pre=" + aid + "&sn=" + sn);
        }
        for (String t : targets) {
          RawHttp.Response r = RawHttp.send(c, ("GET " + t + " HTTP/1.1\r\nHost: x\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
          assertEquals(200, r.status(), t);
          out.put(t, r.body());
        }
      }
    }
    return out;
  }

  @Test
  void shuffledConcurrentPostsEndInKeripysKeyStatesAndServeWhatInOrderServes() throws Exception {
    List<Recording.Exchange> posts = Recording.exchanges().stream()
        .filter(x -> x.method().equals("POST")).toList();
    Map<String, byte[]> inOrder;
    try (Watcher w = Watcher.open(new InMemoryWatcherStore(), WatcherRecordingTest.CLOCK,
            EscrowLimits.DEFAULT);
        WatcherServer s = WatcherServer.builder(w).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.setSoTimeout(20_000);
      for (Recording.Exchange x : posts) {
        int status = RawHttp.send(c, request(x)).status();
        assertTrue(status < 300 || x.target().equals("/receipts"), x.n() + ": " + status);
      }
      WatcherRecordingTest.assertKeyStates(w);
      inOrder = served(s);
    }
    for (long seed = 1; seed <= 3; seed++) {
      try (Watcher w = Watcher.open(new InMemoryWatcherStore(), WatcherRecordingTest.CLOCK,
              EscrowLimits.DEFAULT);
          WatcherServer s = WatcherServer.builder(w).start()) {
        ExecutorService ex = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> done = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int k = 0; k < CLIENTS; k++) {
          List<Recording.Exchange> mine = new ArrayList<>(posts);
          SplittableRandom r = rnd.split();
          for (int i = mine.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            mine.set(i, mine.set(j, mine.get(i)));
          }
          done.add(ex.submit(() -> {
            try (Socket c = new Socket("127.0.0.1", s.port())) {
              c.setSoTimeout(20_000);
              for (Recording.Exchange x : mine) {
                int status = RawHttp.send(c, request(x)).status();
                assertTrue(status < 500, x.n() + ": " + status);
              }
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get(120, TimeUnit.SECONDS);
        }
        ex.shutdown();
        WatcherRecordingTest.assertKeyStates(w);
        Map<String, byte[]> got = served(s);
        assertEquals(inOrder.keySet(), got.keySet());
        for (String t : inOrder.keySet()) {
          assertArrayEquals(inOrder.get(t), got.get(t), "seed " + seed + ": " + t);
        }
      }
    }
  }
}
