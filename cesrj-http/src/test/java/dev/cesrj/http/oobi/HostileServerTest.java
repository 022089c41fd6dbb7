package dev.cesrj.http.oobi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.stream.Framed;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link OobiResolver} against servers that misbehave: each answer is a typed {@link
 * OobiException}, within the limits set, and what the parser held never exceeds the body limit
 * plus one read however much the server sends. Also keripy's recorded quirks: a 204 with a
 * chunked terminator on a reused connection, and the mailbox's server-sent events.
 */
@ExtendWith(LeakDetectionExtension.class)
class HostileServerTest {
  private static final String OOBI = "/oobi/ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL/controller";
  private static final byte[] KEL =
      RecordedWitness.resource("05-OOBI-of-trans-wits-role-controller.cesr");
  private static final OobiSettings FAST = OobiSettings.DEFAULT
      .withConnectTimeout(Duration.ofSeconds(2)).withReadTimeout(Duration.ofSeconds(2))
      .withTotalTimeout(Duration.ofSeconds(4));

  /** A sink that records the most bytes the parser held at once. */
  static final class Peak implements OobiSink {
    long peak;
    int messages;

    @Override
    public void accept(Framed framed, URI source) {
      peak = Math.max(peak, framed.buffered());
      messages += framed.messages().size();
    }
  }

  private static OobiException fail(OobiSettings settings, RawServer.Handler h)
      throws IOException {
    try (RawServer s = new RawServer(h); OobiResolver r = new OobiResolver(settings)) {
      return assertThrows(OobiException.class, () -> r.resolve(s.base() + OOBI));
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void trickleHitsTheTotalTimeout() throws Exception {
    OobiSettings s = FAST.withTotalTimeout(Duration.ofMillis(600));
    long t0 = System.nanoTime();
    OobiException e = fail(s, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Content-Length", String.valueOf(KEL.length))));
      for (byte b : KEL) {
        out.write(b);
        out.flush();
        Thread.sleep(20);
      }
      return false;
    });
    assertEquals(OobiFailure.TOTAL_TIMEOUT, e.kind());
    assertTrue(e.offset() < KEL.length, "stopped before the body ended: " + e.offset());
    assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(3).toNanos(), "the total bounds it");
  }

  @Test
  void silenceHitsTheReadTimeout() throws Exception {
    OobiException e = fail(FAST.withReadTimeout(Duration.ofMillis(300)), (t, h, n, out) -> {
      Thread.sleep(3000);
      return false;
    });
    assertEquals(OobiFailure.READ_TIMEOUT, e.kind());
  }

  @Test
  void announcedHugeBodyRefusedBeforeItIsRead() throws Exception {
    OobiException e = fail(FAST, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Content-Length", "100000000000")));
      return false;
    });
    assertEquals(OobiFailure.TOO_LARGE, e.kind());
    assertEquals(0, e.offset());
  }

  /**
   * A chunked body of 4 MiB of valid KEL copies against a 64 KiB limit: refused once the limit
   * is passed, and the parser never held more than the limit plus one read (16 KiB chunks).
   */
  @Test
  void endlessBodyStoppedAtTheLimitWithinBoundedMemory() throws Exception {
    long limit = 64 * 1024;
    Peak peak = new Peak();
    long[] sent = new long[1];
    try (RawServer s = new RawServer((t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Transfer-Encoding", "chunked")));
      for (int i = 0; i < 4 * 1024 * 1024 / KEL.length; i++) {
        out.write(ascii(Integer.toHexString(KEL.length) + "\r\n"));
        out.write(KEL);
        out.write(ascii("\r\n"));
        sent[0] += KEL.length;
      }
      out.write(ascii("0\r\n\r\n"));
      return false;
    }); OobiResolver r = new OobiResolver(FAST.withMaxBodyBytes(limit), peak)) {
      OobiException e = assertThrows(OobiException.class, () -> r.resolve(s.base() + OOBI));
      assertEquals(OobiFailure.TOO_LARGE, e.kind());
      assertTrue(e.offset() <= limit, "bytes taken " + e.offset());
      assertTrue(peak.peak <= limit + 16 * 1024, "peak " + peak.peak);
      assertTrue(peak.messages > 0 && peak.messages <= limit / 400,
          "messages before the limit " + peak.messages);
    }
  }

  @Test
  void truncatedBodies() throws Exception {
    OobiException e = fail(FAST, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Content-Length", String.valueOf(KEL.length))));
      out.write(KEL, 0, 1000);
      return false;
    });
    assertEquals(OobiFailure.TRUNCATED, e.kind());
    assertEquals(1000, e.offset());
    OobiException chunked = fail(FAST, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Transfer-Encoding", "chunked")));
      out.write(ascii(Integer.toHexString(KEL.length) + "\r\n"));
      out.write(KEL, 0, 500);
      return false;
    });
    assertEquals(OobiFailure.TRUNCATED, chunked.kind());
    OobiException noHead = fail(FAST, (t, h, n, out) -> false);
    assertEquals(OobiFailure.TRUNCATED, noHead.kind());
    assertTrue(noHead.status().isEmpty());
    // read-until-close framing: the HTTP body ends whole, the CESR in it does not
    OobiException cesr = fail(FAST, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Connection", "close")));
      out.write(KEL, 0, 1000);
      return false;
    });
    assertEquals(OobiFailure.TRUNCATED, cesr.kind());
  }

  @Test
  void malformedHeads() throws Exception {
    assertEquals(OobiFailure.MALFORMED_HTTP, fail(FAST, (t, h, n, out) -> {
      out.write(ascii("HTTP/1.1 200 OK\r\nContent-Length: twelve\r\n\r\n"));
      return false;
    }).kind());
    assertEquals(OobiFailure.MALFORMED_HTTP, fail(FAST, (t, h, n, out) -> {
      out.write(ascii("HELLO THERE\r\n\r\n"));
      return false;
    }).kind());
    assertEquals(OobiFailure.MALFORMED_HTTP, fail(FAST, (t, h, n, out) -> {
      out.write(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"));
      return false;
    }).kind());
    assertEquals(OobiFailure.HEADERS_TOO_LARGE, fail(FAST, (t, h, n, out) -> {
      out.write(ascii("HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(100_000) + "\r\n\r\n"));
      return false;
    }).kind());
    assertEquals(OobiFailure.HEADERS_TOO_LARGE, fail(FAST, (t, h, n, out) -> {
      out.write(ascii("HTTP/1.1 200 " + "O".repeat(20_000) + "\r\n\r\n"));
      return false;
    }).kind());
  }

  @Test
  void notCesr() throws Exception {
    OobiException html = fail(FAST, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "text/html",
          "Content-Length", "5")));
      out.write(ascii("<html"));
      return false;
    });
    assertEquals(OobiFailure.NOT_CESR, html.kind());
    byte[] garbage = ascii("hello, I am not CESR at all");
    OobiException bytes = fail(FAST, (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Content-Length", String.valueOf(KEL.length + garbage.length))));
      out.write(KEL);
      out.write(garbage);
      return false;
    });
    assertEquals(OobiFailure.NOT_CESR, bytes.kind());
    assertEquals(KEL.length, bytes.offset(), "the offset of the first byte refused");
  }

  @Test
  void redirects() throws Exception {
    try (RawServer s = new RawServer((t, h, n, out) -> {
      String to = switch (t) {
        case "/loop/a" -> "/loop/b";
        case "/loop/b" -> "/loop/a";
        case "/https" -> "https://127.0.0.1/oobi";
        case "/file" -> "file:///etc/passwd";
        case "/none" -> "";
        default -> t.startsWith("/chain/") ? "/chain/" + (Integer.parseInt(t.substring(7)) + 1)
            : t.equals("/moved") ? OOBI : null;
      };
      if (to == null) {
        out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
            "Content-Length", String.valueOf(KEL.length))));
        out.write(KEL);
      } else {
        out.write(RawServer.head(302, "Found", RawServer.headers("Location", to,
            "Content-Length", "0")));
      }
      return true;
    }); OobiResolver r = new OobiResolver(FAST)) {
      assertEquals(OobiFailure.REDIRECT_LOOP,
          assertThrows(OobiException.class, () -> r.fetch(URI.create(s.base() + "/loop/a")))
              .kind());
      assertEquals(OobiFailure.REDIRECT_SCHEME,
          assertThrows(OobiException.class, () -> r.fetch(URI.create(s.base() + "/https")))
              .kind());
      assertEquals(OobiFailure.REDIRECT_SCHEME,
          assertThrows(OobiException.class, () -> r.fetch(URI.create(s.base() + "/file")))
              .kind());
      assertEquals(OobiFailure.REDIRECT_INVALID,
          assertThrows(OobiException.class, () -> r.fetch(URI.create(s.base() + "/none")))
              .kind());
      OobiException limit = assertThrows(OobiException.class,
          () -> r.fetch(URI.create(s.base() + "/chain/0")));
      assertEquals(OobiFailure.REDIRECT_LIMIT, limit.kind());
      assertEquals(URI.create(s.base() + "/chain/3"), limit.url(), "three followed");
      OobiResponse moved = r.fetch(URI.create(s.base() + "/moved"));
      assertEquals(List.of(URI.create(s.base() + OOBI)), moved.redirects());
      assertEquals(3, moved.messages(), "icp, rot, ixn");
    }
  }

  @Test
  void badUrlsAndRefusedConnections() throws Exception {
    try (OobiResolver r = new OobiResolver(FAST)) {
      assertEquals(OobiFailure.BAD_URL,
          assertThrows(OobiException.class, () -> r.resolve("not a url")).kind());
      assertEquals(OobiFailure.BAD_URL,
          assertThrows(OobiException.class, () -> r.resolve("http://127.0.0.1/notoobi")).kind());
      assertEquals(OobiFailure.UNSUPPORTED_SCHEME,
          assertThrows(OobiException.class, () -> r.resolve("https://127.0.0.1/oobi")).kind());
      int port;
      try (ServerSocket closed = new ServerSocket(0)) {
        port = closed.getLocalPort();
      }
      assertEquals(OobiFailure.CONNECT_FAILED, assertThrows(OobiException.class,
          () -> r.resolve("http://127.0.0.1:" + port + "/oobi")).kind());
    }
  }

  /**
   * keripy's quirk, byte for byte (exchange 039: a 204 with {@code Transfer-Encoding: chunked}
   * and a {@code 0\r\n\r\n} terminator), on a connection kept open (its {@code Connection: close}
   * line taken out, as hio ignores it and reuses the connection): the next response on that
   * connection is read in step.
   */
  @Test
  void a204WithAChunkedTerminatorKeepsTheConnectionInStep() throws Exception {
    byte[] raw = Base64.getDecoder().decode(RecordedWitness.JSON.readTree(
        RecordedWitness.class.getResourceAsStream("/network/A/exchanges/039-POST-wan-root.json"))
        .get("response").get("rawBase64").asText());
    String quirk = new String(raw, StandardCharsets.ISO_8859_1);
    assertTrue(quirk.endsWith("Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"), quirk);
    byte[] kept = ascii(quirk.replace("Connection: close\r\n", ""));
    try (RawServer s = new RawServer((t, h, n, out) -> {
      if (n == 0) {
        out.write(kept);
      } else {
        out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
            "Content-Length", String.valueOf(KEL.length))));
        out.write(KEL);
      }
      return true;
    }); OobiResolver r = new OobiResolver(FAST)) {
      OobiResponse first = r.fetch(URI.create(s.base() + OOBI));
      assertEquals(204, first.status());
      assertEquals(0, first.messages());
      OobiResponse second = r.fetch(URI.create(s.base() + OOBI));
      assertEquals(200, second.status());
      assertEquals(3, second.messages(), "icp, rot, ixn");
      assertEquals(1, s.connections.get(), "one connection, reused");
    }
  }

  /**
   * keripy's mailbox answer (exchange 041: {@code text/event-stream}, a {@code retry} event, then
   * a witness's {@code rct} in a {@code data} line), its stream ended here: after the KEL, the
   * receipt in it is accepted.
   */
  @Test
  void serverSentEventsCarryCesr() throws Exception {
    byte[] raw = Base64.getDecoder().decode(RecordedWitness.JSON.readTree(
        RecordedWitness.class.getResourceAsStream("/network/A/exchanges/041-POST-wan-root.json"))
        .get("response").get("rawBase64").asText());
    byte[] kel = RecordedWitness.resource("16-KEL-query-of-trans-wits-mbx.cesr");
    KeriSink sink = new KeriSink();
    try (RawServer s = new RawServer((t, h, n, out) -> {
      if (t.startsWith("/query")) {
        out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
            "Content-Length", String.valueOf(kel.length))));
        out.write(kel);
        return true;
      }
      out.write(raw);
      out.write(ascii("0\r\n\r\n"));
      return false;
    }); OobiResolver r = new OobiResolver(FAST, sink)) {
      r.kel(s.base(), "EP25mGKRPFii19t372OW29xfLNx135xf5y9O1PkfUxEO");
      OobiResponse sse = r.fetch(URI.create(s.base() + "/mbx"));
      assertTrue(sse.contentType().startsWith("text/event-stream"));
      assertEquals(1, sse.messages());
      var last = sink.kevers().verdicts().get(sink.kevers().verdicts().size() - 1);
      assertEquals("rct", last.ilk().orElseThrow());
      assertEquals(dev.cesrj.keri.kever.Status.ACCEPTED, last.status());
    }
  }

  /** A caller interrupted while the server says nothing gets a typed error at once. */
  @Test
  void interruptedWhileWaiting() throws Exception {
    try (RawServer s = new RawServer((t, h, n, out) -> {
      Thread.sleep(10_000);
      return false;
    }); OobiResolver r = new OobiResolver(OobiSettings.DEFAULT)) {
      OobiException[] got = new OobiException[1];
      Thread caller = new Thread(() -> {
        try {
          r.resolve(s.base() + OOBI);
        } catch (OobiException e) {
          got[0] = e;
        }
      });
      caller.start();
      while (s.targets.isEmpty()) {
        Thread.sleep(10);
      }
      caller.interrupt();
      caller.join(5_000);
      assertEquals(OobiFailure.INTERRUPTED, got[0].kind());
    }
  }

  /** An event-stream line longer than the limit is refused, not buffered. */
  @Test
  void endlessEventStreamLineRefused() throws Exception {
    OobiException e = fail(FAST.withMaxBodyBytes(4096), (t, h, n, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "text/event-stream",
          "Connection", "close")));
      byte[] a = new byte[1024];
      java.util.Arrays.fill(a, (byte) 'a');
      out.write(ascii("data: "));
      for (int i = 0; i < 64; i++) {
        out.write(a);
      }
      return false;
    });
    assertEquals(OobiFailure.TOO_LARGE, e.kind());
  }

}
