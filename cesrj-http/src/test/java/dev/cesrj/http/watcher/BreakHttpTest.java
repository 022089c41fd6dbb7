package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile HTTP clients on raw sockets (issue 32's review): request smuggling, broken framing,
 * odd targets and methods. Each gets a typed 4xx (and, where the request's framing cannot be
 * trusted, the connection closed), and the server keeps serving a well-behaved client after.
 */
class BreakHttpTest {
  private Watcher watcher;
  private WatcherServer server;

  @BeforeEach
  void start() throws InterruptedException {
    watcher = Watcher.open(new InMemoryWatcherStore());
    server = WatcherServer.builder(watcher).maxHeaderBytes(8 << 10)
        .guards(g -> g.maxFrameBytes(64 << 10).memoryBudgetBytes(256 << 10)
            .frameTimeout(Duration.ofMillis(500)).writeTimeout(Duration.ofMillis(500)))
        .start();
  }

  @AfterEach
  void stop() throws Exception {
    // after every attack a well-behaved client is still served
    try (Socket s = connect()) {
      assertEquals(404, RawHttp.send(s, ascii("GET /oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n"))
          .status());
    }
    server.close();
    watcher.close();
  }

  private Socket connect() throws IOException {
    Socket s = new Socket("127.0.0.1", server.port());
    s.setSoTimeout(5_000);
    return s;
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Sends {@code request}, reads one answer, then the end of the stream. */
  private int answerThenClosed(String request) throws IOException {
    try (Socket s = connect()) {
      RawHttp.Response r = RawHttp.send(s, ascii(request));
      InputStream in = s.getInputStream();
      assertEquals(-1, in.read(), "closed after status " + r.status());
      return r.status();
    }
  }

  private int answerKeptOpen(String request) throws IOException {
    try (Socket s = connect()) {
      RawHttp.Response r = RawHttp.send(s, ascii(request));
      assertEquals(404, RawHttp.send(s, ascii("GET /oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n"))
          .status(), "the connection still serves");
      return r.status();
    }
  }

  @Test
  void pipelinedRequestsAreAnsweredInOrder() throws Exception {
    try (Socket s = connect()) {
      s.getOutputStream().write(ascii("GET /receipts HTTP/1.1\r\nHost: x\r\n\r\n"
          + "GET /oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n"
          + "OPTIONS / HTTP/1.1\r\nHost: x\r\n\r\n"));
      s.getOutputStream().flush();
      assertEquals(400, RawHttp.read(s.getInputStream()).status());
      assertEquals(404, RawHttp.read(s.getInputStream()).status());
      assertEquals(200, RawHttp.read(s.getInputStream()).status());
    }
  }

  @Test
  void contentLengthWithTransferEncodingIsRefusedAndClosed() throws Exception {
    // RFC 9112 6.3: a request with both may be a smuggling attempt; reject it and close
    assertEquals(400, answerThenClosed("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /oobi/EBBB HTTP/1.1\r\n\r\n"));
  }

  @Test
  void badContentLengthsGet400AndClose() throws Exception {
    for (String cl : new String[] {"-1", "abc", "1e3", "99999999999999999999999", "4, 5",
        " 4\r\nContent-Length: 5"}) {
      assertEquals(400, answerThenClosed("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + cl
          + "\r\n\r\nabcde"), cl);
    }
  }

  @Test
  void overflowingChunkSizeIsRefused() throws Exception {
    int status = answerThenClosed("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
        + "\r\nFFFFFFFFFFFFFFFFFFFF\r\nabc\r\n");
    assertTrue(status == 400 || status == 413, "status " + status);
  }

  @Test
  void http10WithoutHostIsServedThenClosed() throws Exception {
    assertEquals(404, answerThenClosed("GET /oobi/EAAA HTTP/1.0\r\n\r\n"));
  }

  @Test
  void headerLineWithoutColonGets400() throws Exception {
    assertEquals(400, answerThenClosed("GET /oobi/EAAA HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n"));
  }

  @Test
  void nulAndNonAsciiInTargetAndHeadersGet400AndClose() throws Exception {
    int a = answerThenClosed("GET /oobi/E\u0000AA HTTP/1.1\r\nHost: x\r\n\r\n");
    assertEquals(400, a);
    int b = answerThenClosed("GET /oobi/E\u00e9AA HTTP/1.1\r\nHost: x\r\n\r\n");
    assertEquals(400, b);
    int c = answerThenClosed("GET /oobi/EAAA HTTP/1.1\r\nHost: x\u0000y\r\n\r\n");
    assertEquals(400, c);
  }

  @Test
  void malformedPercentEncodingGets400NotAClose() throws Exception {
    assertEquals(400, answerKeptOpen("GET /receipts?pre=%zz&sn=0 HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(400, answerKeptOpen("GET /query?typ=kel&pre=% HTTP/1.1\r\nHost: x\r\n\r\n"));
  }

  @Test
  void dotDotAndPercentInOobiPathsAreNotFound() throws Exception {
    assertEquals(404, answerKeptOpen("GET /oobi/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(404, answerKeptOpen("GET /oobi/%2e%2e/controller HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(404, answerKeptOpen("GET /oobi/E%zz HTTP/1.1\r\nHost: x\r\n\r\n"));
  }

  @Test
  void absoluteFormTargetIsServedAsItsPath() throws Exception {
    // RFC 9112 3.2.2: a server MUST accept the absolute form
    assertEquals(400, answerKeptOpen("GET http://127.0.0.1/receipts HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(400, answerKeptOpen("GET HTTP://h:5642/receipts?pre=E HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(400, answerThenClosed("GET http:///receipts HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(400, answerThenClosed("GET oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n"));
    assertEquals(200, answerKeptOpen("OPTIONS http://127.0.0.1/ HTTP/1.1\r\nHost: x\r\n\r\n"));
  }

  @Test
  void otherMethodsGet405() throws Exception {
    for (String m : new String[] {"DELETE", "PUT", "PATCH", "TRACE", "BREW"}) {
      assertEquals(405, answerKeptOpen(m + " /oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n"), m);
    }
    try (Socket s = connect()) { // a HEAD answer has no body: read its status line alone
      s.getOutputStream().write(ascii("HEAD /oobi/EAAA HTTP/1.1\r\nHost: x\r\n\r\n"));
      assertEquals("HTTP/1.1 405 Method Not Allowed", RawHttp.line(s.getInputStream()));
    }
  }

  @Test
  void expectContinueWithHugeBodyGets413BeforeTheBody() throws Exception {
    assertEquals(413, answerThenClosed("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
        + "Content-Length: 100000000\r\n\r\n"));
  }

  @Test
  void thousandsOfSmallHeadersGet431() throws Exception {
    StringBuilder b = new StringBuilder("GET /oobi/EAAA HTTP/1.1\r\nHost: x\r\n");
    for (int i = 0; i < 5000; i++) {
      b.append("a").append(i).append(": b\r\n");
    }
    assertEquals(431, answerThenClosed(b.append("\r\n").toString()));
  }

  @Test
  void aClientThatNeverReadsIsClosedAndOthersAreServed() throws Exception {
    try (Socket s = connect()) {
      s.setReceiveBufferSize(4096);
      byte[] one = ascii("GET /receipts HTTP/1.1\r\nHost: x\r\n\r\n");
      byte[] many = new byte[one.length * 2000];
      for (int i = 0; i < 2000; i++) {
        System.arraycopy(one, 0, many, i * one.length, one.length);
      }
      try {
        for (int i = 0; i < 20; i++) {
          s.getOutputStream().write(many);
        }
      } catch (IOException closed) {
        // the server closed it: fine
      }
      // others are served meanwhile (checked in stop())
    }
  }
}
