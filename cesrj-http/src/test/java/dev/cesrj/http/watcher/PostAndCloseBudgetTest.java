package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.netty.CesrMemoryBudget;
import dev.cesrj.netty.CloseReason;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that each post a whole request and close at once, while the watcher is busy (its first
 * append held on a latch), must not queue request bodies on the handler's thread that no budget
 * counts once their connections are gone (closed here by the server's idle guard, as a connection
 * whose request waits is not read). Each body stays charged until its answer is written, so
 * against a 256 KiB budget twelve posts of 36 KB fill it and the rest are refused (503, closed as
 * {@link CloseReason#MEMORY_BUDGET}); once the watcher goes on, every byte is given back. Before,
 * a connection's charge was given back at close whatever the watcher still held of it: the budget
 * stayed near empty and nothing was refused, however many bodies queued.
 */
class PostAndCloseBudgetTest {
  private static final long BUDGET = 256 << 10;
  private static final int BODY = 36_000;
  private static final int CLIENTS = 12; // 432 KB of bodies against 256 KiB
  /**
   * The server closes a connection idle this long. A connection whose whole request waits for
   * the watcher is not read (one request in flight), so it is the idle guard, not the client's
   * close, that makes it inactive while the request still waits.
   */
  private static final Duration IDLE = Duration.ofMillis(200);

  @Test
  void bodiesQueuedForABusyWatcherStayChargedAfterTheirClientsClose() throws Exception {
    PipelinedBudgetTest.HeldStore store = new PipelinedBudgetTest.HeldStore();
    byte[] first = heldPost();
    try (Watcher w = Watcher.open(store);
        WatcherServer s = WatcherServer.builder(w)
            .guards(g -> g.maxFrameBytes(128 << 10).memoryBudgetBytes(BUDGET)
                .idleTimeout(IDLE)).start();
        Socket busy = new Socket("127.0.0.1", s.port())) {
      busy.getOutputStream().write(first);
      busy.getOutputStream().flush();
      // the handler's one thread is held: what follows queues behind it
      assertTrue(store.entered.await(10, TimeUnit.SECONDS), "the first append started");
      try {
        fillWhileHeld(s, post());
      } finally {
        store.release.countDown(); // else closing the server waits for the held append
      }
      CesrMemoryBudget budget = s.initializer().budget();
      waitFor(() -> budget.reservedBytes() == 0, s, budget,
          "every queued request answered and given back");
      assertEquals(0, budget.reservedBytes());
    }
  }

  /**
   * A server stopped while the watcher still has a request of a connection it closes gives that
   * request's charge back once the watcher is done with it, though its event loops have ended by
   * then: a budget shared with other servers keeps nothing of a stopped one.
   */
  @Test
  void aServerStoppedWhileTheWatcherIsBusyLeavesASharedBudgetUncharged() throws Exception {
    CesrMemoryBudget shared = new CesrMemoryBudget(1 << 20);
    PipelinedBudgetTest.HeldStore store = new PipelinedBudgetTest.HeldStore();
    byte[] first = heldPost();
    try (Watcher w = Watcher.open(store)) {
      WatcherServer s = WatcherServer.builder(w)
          .guards(g -> g.maxFrameBytes(128 << 10).memoryBudget(shared)).start();
      Thread releaser = new Thread(() -> {
        try {
          Thread.sleep(7_000); // past stop's teardown rounds and its executors' 2 s timeout
        } catch (InterruptedException e) {
          return;
        } finally {
          store.release.countDown();
        }
      });
      try (Socket busy = new Socket("127.0.0.1", s.port())) {
        busy.getOutputStream().write(first);
        busy.getOutputStream().flush();
        assertTrue(store.entered.await(10, TimeUnit.SECONDS), "the append started");
        assertTrue(shared.reservedBytes() > 0, shared.toString());
        releaser.start();
        s.stop(); // closes the connection while its request is with the watcher
      } finally {
        store.release.countDown();
        releaser.join();
      }
      long until = System.nanoTime() + 10_000_000_000L;
      while (shared.reservedBytes() != 0 && System.nanoTime() < until) {
        Thread.sleep(5);
      }
      assertEquals(0, shared.reservedBytes(), "a stopped server leaves nothing charged: " + shared);
    }
  }

  /**
   * The request deadline runs from a request's first byte to its last: a whole request that
   * waits for a busy watcher longer than the deadline is answered, not refused with 408.
   */
  @Test
  void aWholeRequestWaitingForTheWatcherIsNotTimedOut() throws Exception {
    PipelinedBudgetTest.HeldStore store = new PipelinedBudgetTest.HeldStore();
    byte[] first = heldPost();
    try (Watcher w = Watcher.open(store);
        WatcherServer s = WatcherServer.builder(w)
            .guards(g -> g.maxFrameBytes(128 << 10).frameTimeout(Duration.ofMillis(300))
                .idleTimeout(Duration.ZERO)).start();
        Socket busy = new Socket("127.0.0.1", s.port())) {
      busy.getOutputStream().write(first);
      busy.getOutputStream().flush();
      try {
        assertTrue(store.entered.await(10, TimeUnit.SECONDS), "the append started");
        Thread.sleep(900); // three deadlines
        assertEquals(0, s.stats().closed(CloseReason.FRAME_TIMEOUT), s.connectionsSummary());
      } finally {
        store.release.countDown();
      }
      busy.setSoTimeout(10_000);
      InputStream in = busy.getInputStream();
      int status = RawHttp.read(in).status();
      assertTrue(status / 100 == 2, "the waiting request is answered: " + status);
      assertEquals(0, s.stats().closed(CloseReason.FRAME_TIMEOUT), s.connectionsSummary());
    }
  }

  /**
   * One packet: a GET answered at once, a whole POST whose append the watcher holds, and the head
   * of a third request whose body never comes. The third's deadline starts when the POST is
   * answered (reads are paused until then, so its bytes could not come): the POST gets its own
   * answer, however long the watcher takes, and only then the unfinished request its 408.
   */
  @Test
  void aRequestBegunBehindAWaitingOneIsTimedFromTheLastAnswer() throws Exception {
    PipelinedBudgetTest.HeldStore store = new PipelinedBudgetTest.HeldStore();
    byte[] held = heldPost();
    java.io.ByteArrayOutputStream packet = new java.io.ByteArrayOutputStream();
    packet.write("GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    packet.write(held);
    packet.write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/cesr\r\n"
        + "CESR-ATTACHMENT: -AAB\r\nContent-Length: 100\r\n\r\nabc")
        .getBytes(StandardCharsets.US_ASCII));
    try (Watcher w = Watcher.open(store);
        WatcherServer s = WatcherServer.builder(w)
            .guards(g -> g.maxFrameBytes(128 << 10).frameTimeout(Duration.ofMillis(300))
                .idleTimeout(Duration.ZERO)).start();
        Socket c = new Socket("127.0.0.1", s.port())) {
      c.getOutputStream().write(packet.toByteArray());
      c.getOutputStream().flush();
      try {
        assertTrue(store.entered.await(10, TimeUnit.SECONDS), "the POST's append started");
        Thread.sleep(900); // three deadlines while the POST waits for the watcher
        assertEquals(0, s.stats().closed(CloseReason.FRAME_TIMEOUT), s.connectionsSummary());
      } finally {
        store.release.countDown();
      }
      c.setSoTimeout(10_000);
      InputStream in = c.getInputStream();
      int get = RawHttp.read(in).status();
      assertTrue(get != 408, "the GET's own answer: " + get);
      int posted = RawHttp.read(in).status();
      assertTrue(posted / 100 == 2, "the held POST is answered: " + posted);
      assertEquals(408, RawHttp.read(in).status(), "the unfinished request, timed from then");
      long until = System.nanoTime() + 5_000_000_000L; // counted when the close completes
      while (s.stats().closed(CloseReason.FRAME_TIMEOUT) == 0 && System.nanoTime() < until) {
        Thread.sleep(5);
      }
      assertEquals(1, s.stats().closed(CloseReason.FRAME_TIMEOUT), s.connectionsSummary());
    }
  }

  /** The first POST of recording A: a KEL event, whose append a {@code HeldStore} holds. */
  private static byte[] heldPost() {
    return Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .findFirst().orElseThrow().rawRequest();
  }

  /** A POST of {@link #BODY} bytes that the watcher answers 400 (not CESR) once it gets to it. */
  private static byte[] post() {
    return ("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/cesr\r\n"
        + "CESR-ATTACHMENT: -AAB\r\nContent-Length: " + BODY + "\r\n\r\n" + "{".repeat(BODY))
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** The posting clients, each closing at once; then what the budget holds of them. */
  private static void fillWhileHeld(WatcherServer s, byte[] post) throws Exception {
    CesrMemoryBudget budget = s.initializer().budget();
    long before = s.stats().accepted();
    for (int i = 0; i < CLIENTS; i++) {
      long n = before + i + 1;
      try (Socket c = new Socket("127.0.0.1", s.port())) {
        OutputStream out = c.getOutputStream();
        out.write(post);
        out.flush();
      } catch (java.io.IOException e) {
        // refused and reset before the whole body was written: what the budget is for
      }
      // accepted, read and closed: refused by the budget, or its request handed on to wait for
      // the watcher and the connection closed as idle
      // (the first connection, whose request the held append has, is closed as idle too)
      waitFor(() -> s.stats().accepted() >= n && s.initializer().channels().isEmpty(), s,
          budget, "client " + i + " closed");
    }
    long refused = s.stats().closed(CloseReason.MEMORY_BUDGET);
    long charged = budget.reservedBytes();
    assertTrue(refused >= 1, "the queued bodies fill the budget: " + refused + " refused; "
        + budget);
    assertTrue(charged > BUDGET - 2L * (BODY + 8192),
        "the bodies queued behind the held append stay charged: " + charged + " of " + BUDGET);
    assertTrue(charged <= BUDGET, charged + " of " + BUDGET);
  }

  private static void waitFor(java.util.function.BooleanSupplier done, WatcherServer s,
      CesrMemoryBudget budget, String what) throws InterruptedException {
    long until = System.nanoTime() + 10_000_000_000L;
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > until) {
        throw new AssertionError("not within 10 s: " + what + "; " + s.connectionsSummary()
            + "; " + budget);
      }
      Thread.sleep(5);
    }
  }
}
