package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.netty.CloseReason;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A slow request pipelined behind a quick one (issue 32's review): answering the first must not
 * end the second's deadline or give back the bytes of it the server already holds.
 */
class PipelinedSlowTest {
  @Test
  void aSlowRequestBehindAnAnsweredOneStillGets408() throws Exception {
    try (Watcher w = Watcher.open(new InMemoryWatcherStore());
        WatcherServer s = WatcherServer.builder(w)
            .guards(g -> g.frameTimeout(Duration.ofMillis(1000))).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.setSoTimeout(5_000);
      String partial = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/cesr\r\n"
          + "CESR-ATTACHMENT: -AAB\r\nContent-Length: 5000\r\n\r\n" + "{".repeat(2000);
      c.getOutputStream().write(("GET /oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n" + partial)
          .getBytes(StandardCharsets.US_ASCII));
      c.getOutputStream().flush();
      assertEquals(404, RawHttp.read(c.getInputStream()).status());
      Thread.sleep(100);
      assertTrue(s.initializer().budget().reservedBytes() >= partial.length(),
          "the partial request's bytes stay charged: " + s.initializer().budget().reservedBytes());
      assertEquals(408, RawHttp.read(c.getInputStream()).status());
      assertEquals(-1, c.getInputStream().read(), "closed");
      for (int i = 0; i < 200 && s.stats().closed(CloseReason.FRAME_TIMEOUT) < 1; i++) {
        Thread.sleep(10); // counted when the channel's close completes
      }
      assertEquals(1, s.stats().closed(CloseReason.FRAME_TIMEOUT));
    }
  }
}
