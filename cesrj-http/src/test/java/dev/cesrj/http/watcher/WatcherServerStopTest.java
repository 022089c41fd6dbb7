package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.http.store.InMemoryWatcherStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Stopping a {@link WatcherServer} right after its connections close ends the I/O loops and the
 * handler executor together, so the pipelines of those connections are torn down without Netty
 * logging a task it could not run: rounds of an empty task on each executor carry every queued
 * teardown hop through before either is shut down. Before, the I/O loops ended first and the handler executor's last task for a closed
 * connection was rejected ({@code RejectedExecutionException: event executor terminated}, a
 * warning on every {@code cesrj watch} stop with a connection open).
 */
class WatcherServerStopTest {
  @Test
  void stoppingRightAfterConnectionsCloseLogsNoRejectedTask() throws Exception {
    List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
          warnings.add(r);
        }
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
    Logger netty = Logger.getLogger("io.netty");
    netty.addHandler(capture);
    try {
      for (int round = 0; round < 10; round++) {
        try (Watcher watcher = Watcher.open(new InMemoryWatcherStore())) {
          WatcherServer server = WatcherServer.builder(watcher).start();
          for (int c = 0; c < 3; c++) {
            get(server.port(), c % 2 == 0);
          }
          postIcp(server.port());
          server.stop();
        }
      }
    } finally {
      netty.removeHandler(capture);
    }
    assertEquals(List.of(), warnings.stream()
        .map(r -> r.getMessage() + (r.getThrown() == null ? "" : ": " + r.getThrown()))
        .toList());
  }

  /** Recording A's first inception POSTed on its own connection (204), read, then closed. */
  private static void postIcp(int port) throws IOException {
    Recording.Exchange icp = Recording.exchanges().stream()
        .filter(x -> x.method().equals("POST") && x.target().equals("/")
            && new String(x.body(), StandardCharsets.ISO_8859_1).contains("\"t\":\"icp\""))
        .findFirst()
        .orElseThrow();
    String body = new String(icp.body(), StandardCharsets.ISO_8859_1);
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(5_000);
      RawHttp.Response r = RawHttp.send(s, ("POST / HTTP/1.1\r\nHost: x\r\n"
          + "Content-Type: application/cesr\r\nCESR-ATTACHMENT: "
          + icp.header("CESR-ATTACHMENT").orElseThrow() + "\r\nContent-Length: " + body.length()
          + "\r\n\r\n" + body).getBytes(StandardCharsets.ISO_8859_1));
      assertEquals(204, r.status());
    }
  }

  /**
   * One {@code GET /oobi/...} on its own connection, read, then closed: 404 (nothing held), or,
   * if {@code bad}, with a control byte in its target, 400 and closed by the server.
   */
  private static void get(int port, boolean bad) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(5_000);
      OutputStream out = s.getOutputStream();
      out.write(("GET /oobi/EAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" + (bad ? "\u0001" : "")
          + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      byte[] head = new byte[12];
      int n = 0;
      while (n < head.length) {
        int k = in.read(head, n, head.length - n);
        if (k < 0) {
          break;
        }
        n += k;
      }
      assertEquals(bad ? "HTTP/1.1 400" : "HTTP/1.1 404",
          new String(head, 0, n, StandardCharsets.US_ASCII));
    }
  }
}
