package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.netty.CloseReason;
import io.netty.channel.Channel;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 1: a keep-alive client pipelining requests faster than store
 * appends finish must not get them all read and queued. The first request's append is held on a
 * latch; 100 POSTs of 36 KB each (3.6 MB, within Netty's limit of 128 requests pipelined
 * unanswered) pipelined behind it on the same connection, against a 256 KiB memory budget, must
 * neither be read ahead (the budget would refuse with 503 and close) nor be lost: every one is
 * answered in order once the append goes on, and at most one request is with the watcher at a
 * time.
 */
class PipelinedBudgetTest {
  /** A store whose first append waits until released. */
  static final class HeldStore extends ForwardingStore {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    HeldStore() {
      super("held");
    }

    @Override
    void beforeAppend() {
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }


  @Test
  void pipelinedRequestsBehindASlowAppendStayWithinTheBudget() throws Exception {
    HeldStore store = new HeldStore();
    byte[] post = Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .findFirst().orElseThrow().rawRequest();
    String junk = "{".repeat(36_000);
    byte[] get = ("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/cesr\r\n"
        + "CESR-ATTACHMENT: -AAB\r\nContent-Length: " + junk.length() + "\r\n\r\n" + junk)
        .getBytes(StandardCharsets.US_ASCII);
    int n = 100; // within Netty's 128 requests pipelined unanswered; 3.6 MB in all
    long budget = 256 << 10;
    try (Watcher w = Watcher.open(store);
        WatcherServer s = WatcherServer.builder(w)
            .guards(g -> g.maxFrameBytes(128 << 10).memoryBudgetBytes(budget)).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.getOutputStream().write(post);
      c.getOutputStream().flush();
      store.entered.await();
      Channel ch = s.initializer().channels().iterator().next();
      assertEquals(false, ch.config().isAutoRead(), "reading paused while a request is in flight");
      AtomicReference<Throwable> failed = new AtomicReference<>();
      Thread writer = new Thread(() -> {
        try {
          ByteArrayOutputStream all = new ByteArrayOutputStream();
          for (int i = 0; i < n; i++) {
            all.write(get);
          }
          c.getOutputStream().write(all.toByteArray());
          c.getOutputStream().flush();
        } catch (Exception e) {
          failed.set(e);
        }
      });
      writer.start();
      store.release.countDown();
      InputStream in = c.getInputStream();
      int first = RawHttp.read(in).status();
      assertTrue(first / 100 == 2, "the POST is accepted: " + first);
      for (int i = 0; i < n; i++) {
        int status;
        try {
          status = RawHttp.read(in).status();
        } catch (java.io.IOException e) {
          throw new AssertionError("request " + i + ": " + e.getMessage() + "; "
              + s.connectionsSummary() + "; " + s.initializer().budget(), e);
        }
        assertEquals(400, status, "request " + i);
      }
      writer.join();
      assertEquals(null, failed.get());
      assertEquals(0, s.stats().closed(CloseReason.MEMORY_BUDGET));
      long high = s.initializer().budget().highWaterBytes();
      assertTrue(high <= 2 * (36_000 + 200) + (64 << 10),
          "at most the request in flight, the next begun and one read held: " + high);
      OneRequestInFlight gate = ch.pipeline().get(OneRequestInFlight.class);
      assertEquals(n + 1L, gate.handedOn(), "each handed on once");
      assertEquals(0, gate.waiting());
    }
  }
}
