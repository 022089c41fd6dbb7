package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.netty.CesrServerStats;
import dev.cesrj.netty.CloseReason;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile clients against a watcher with small guards (a 64 KiB body limit, an 8 KiB header
 * limit, a 256 KiB memory budget, a 300 ms request deadline, 4 connections): each gets the guard's
 * answer and its connection closed for the guard's reason; the bytes held never pass the budget
 * (the heap the requests can take is fixed by it), and all are given back.
 */
class HostileClientsTest {
  private static final long BUDGET = 256 << 10;
  private Watcher watcher;
  private WatcherServer server;

  @BeforeEach
  void start() throws InterruptedException {
    watcher = Watcher.open(new InMemoryWatcherStore());
    server = WatcherServer.builder(watcher).maxHeaderBytes(8 << 10)
        .guards(g -> g.maxFrameBytes(64 << 10).memoryBudgetBytes(BUDGET)
            .frameTimeout(Duration.ofMillis(300)).maxConnections(4))
        .start();
  }

  @AfterEach
  void stop() {
    server.close();
    watcher.close();
  }

  private Socket connect() throws IOException {
    Socket s = new Socket("127.0.0.1", server.port());
    s.setSoTimeout(10_000);
    return s;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Reads the answer, then the end of the stream: the server closed the connection. */
  private static int answerThenClosed(Socket s) throws IOException {
    RawHttp.Response r = RawHttp.read(s.getInputStream());
    InputStream in = s.getInputStream();
    assertEquals(-1, in.read(), "closed after status " + r.status());
    return r.status();
  }

  private void awaitClosed(CloseReason reason, long count) throws InterruptedException {
    CesrServerStats st = server.stats();
    for (int i = 0; i < 200 && st.closed(reason) < count; i++) {
      Thread.sleep(10);
    }
    assertEquals(count, st.closed(reason), st.toString());
  }

  private void assertBudgetKept() throws InterruptedException {
    var budget = server.initializer().budget();
    assertTrue(budget.highWaterBytes() <= BUDGET, "high water " + budget.highWaterBytes());
    for (int i = 0; i < 200 && budget.reservedBytes() > 0; i++) {
      Thread.sleep(10);
    }
    assertEquals(0, budget.reservedBytes(), "every byte given back");
  }

  @Test
  void slowHeadersGet408AtTheDeadline() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("GET /oobi/EAAA HTTP/1.1\r\nHo"));
      s.getOutputStream().flush();
      assertEquals(408, answerThenClosed(s));
    }
    awaitClosed(CloseReason.FRAME_TIMEOUT, 1);
    assertBudgetKept();
  }

  @Test
  void truncatedBodyGets408AndIsNotTaken() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("POST / HTTP/1.1\r\nContent-Type: application/cesr\r\n"
          + "Content-Length: 500\r\n\r\n{\"v\":\"KERI10JSON0001b7_\",\"t\":\"icp\""));
      s.getOutputStream().flush();
      assertEquals(408, answerThenClosed(s));
    }
    awaitClosed(CloseReason.FRAME_TIMEOUT, 1);
    assertEquals(0, watcher.stats().posts(), "a truncated request reaches no verifier");
    assertBudgetKept();
  }

  @Test
  void hugeDeclaredBodyGets413BeforeItIsSent() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("POST / HTTP/1.1\r\nContent-Type: application/cesr\r\n"
          + "Content-Length: 1000000000\r\n\r\n"));
      s.getOutputStream().flush();
      assertEquals(413, answerThenClosed(s));
    }
    awaitClosed(CloseReason.FRAME_TOO_LARGE, 1);
    assertBudgetKept();
  }

  @Test
  void hugeChunkedBodyGets413() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"));
      byte[] chunk = new byte[16 << 10];
      java.util.Arrays.fill(chunk, (byte) 'x');
      try {
        for (int i = 0; i < 8; i++) { // 128 KiB, twice the body limit
          s.getOutputStream().write(ascii(Integer.toHexString(chunk.length) + "\r\n"));
          s.getOutputStream().write(chunk);
          s.getOutputStream().write(ascii("\r\n"));
        }
      } catch (IOException closedWhileSending) {
        // the server may close before the last chunk
      }
      assertEquals(413, RawHttp.read(s.getInputStream()).status());
    }
    awaitClosed(CloseReason.FRAME_TOO_LARGE, 1);
    assertBudgetKept();
  }

  @Test
  void hugeHeadersGet431() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("POST / HTTP/1.1\r\nCesr-Attachment: -AAB"
          + "A".repeat(20_000) + "\r\n\r\n"));
      s.getOutputStream().flush();
      assertEquals(431, answerThenClosed(s));
    }
    awaitClosed(CloseReason.FRAME_TOO_LARGE, 1);
    assertBudgetKept();
  }

  @Test
  void malformedRequestLineAndHeadersGet400() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("GARBAGE\r\n\r\n"));
      assertEquals(400, answerThenClosed(s));
    }
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("GET /oobi HTTP/1.1\r\nBad Name: x\r\n\r\n"));
      assertEquals(400, answerThenClosed(s));
    }
    awaitClosed(CloseReason.MALFORMED, 2);
    assertBudgetKept();
  }

  @Test
  void malformedCesrGets400WithOffsetAndKeepsTheConnection() throws Exception {
    try (Socket s = connect()) {
      String body = "{\"v\":\"KERI10JSON0000ff_\",\"t\":\"icp\"}";
      RawHttp.Response r = RawHttp.send(s, ascii("POST / HTTP/1.1\r\nContent-Length: "
          + body.length() + "\r\nCesr-Attachment: -AAB\r\n\r\n" + body));
      assertEquals(400, r.status());
      String text = new String(r.body(), StandardCharsets.UTF_8);
      assertTrue(text.startsWith("{\"title\":\"") && text.contains("offset"), text);
      // the same connection still serves
      RawHttp.Response again = RawHttp.send(s, ascii("GET /oobi/EAAA HTTP/1.1\r\n\r\n"));
      assertEquals(404, again.status());
    }
    assertEquals(1, watcher.stats().malformed());
  }

  @Test
  void aFifthConnectionIsClosedAtOnce() throws Exception {
    List<Socket> held = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        Socket s = connect();
        RawHttp.Response r = RawHttp.send(s, ascii("GET /oobi/EAAA HTTP/1.1\r\n\r\n"));
        assertEquals(404, r.status());
        held.add(s);
      }
      try (Socket fifth = connect()) {
        int read;
        try {
          fifth.getOutputStream().write(ascii("GET /oobi/EAAA HTTP/1.1\r\n\r\n"));
          read = fifth.getInputStream().read();
        } catch (IOException reset) {
          read = -1;
        }
        assertEquals(-1, read, "refused without an answer");
      }
      awaitClosed(CloseReason.CONNECTION_CAP, 1);
      assertEquals(4, server.stats().openConnections());
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
  }

  @Test
  void manySlowClientsTogetherStayWithinTheBudget() throws Exception {
    List<Socket> held = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) { // each sends 60 KiB of a 64 KiB body, then stalls
        Socket s = connect();
        s.getOutputStream().write(ascii("POST / HTTP/1.1\r\nContent-Length: 65536\r\n\r\n"));
        s.getOutputStream().write(new byte[60 << 10]);
        s.getOutputStream().flush();
        held.add(s);
      }
      for (Socket s : held) {
        int status = RawHttp.read(s.getInputStream()).status();
        assertTrue(status == 408 || status == 503, "408 at the deadline or 503: " + status);
      }
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
    assertBudgetKept();
  }
}
