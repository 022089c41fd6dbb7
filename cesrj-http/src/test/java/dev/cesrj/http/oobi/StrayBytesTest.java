package dev.cesrj.http.oobi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpResponse;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 4: a kept-alive connection whose server sends bytes after a whole
 * response (between responses) must not hand those bytes to the next GET as its answer. The
 * connection is closed (or found holding bytes) and the next GET goes on a fresh one.
 */
class StrayBytesTest {
  /** Short timeouts: a stray byte read as an answer may leave a GET waiting for the rest. */
  private static final OobiSettings FAST = OobiSettings.DEFAULT
      .withReadTimeout(java.time.Duration.ofSeconds(2))
      .withTotalTimeout(java.time.Duration.ofSeconds(4));

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] response(String body) {
    return ascii("HTTP/1.1 200 OK\r\nContent-Type: application/cesr\r\nContent-Length: "
        + body.length() + "\r\n\r\n" + body);
  }

  /** GETs {@code url}: its status and body as text. */
  private static String get(HttpGetter g, URI url) {
    StringBuilder body = new StringBuilder();
    HttpGetter.Head head = g.get(url, new HttpGetter.Body() {
      @Override
      public void head(HttpResponse h, URI u) {}

      @Override
      public void content(ByteBuf content) {
        body.append(content.toString(StandardCharsets.US_ASCII));
      }

      @Override
      public void end() {}
    });
    return head.status() + " " + body;
  }

  private static void nextGetIsAnswered(String stray) throws Exception {
    try (RawServer s = new RawServer((t, h, n, out) -> {
      if (t.equals("/a")) {
        // the answer, then (in the same write) bytes no request asked for
        byte[] a = response("AAAAA");
        byte[] both = new byte[a.length + stray.length()];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(ascii(stray), 0, both, a.length, stray.length());
        out.write(both);
      } else {
        out.write(response("BBBBB"));
      }
      return true;
    }); HttpGetter g = new HttpGetter(FAST)) {
      assertEquals("200 AAAAA", get(g, URI.create(s.base() + "/a")));
      assertEquals("200 BBBBB", get(g, URI.create(s.base() + "/b")), "stray " + stray);
      assertEquals(2, s.connections.get(), "the second GET on a fresh connection");
      assertTrue(g.connections() == 2);
    }
  }

  @Test
  void aWholeResponseNobodyAskedForClosesTheConnection() throws Exception {
    nextGetIsAnswered("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nSTRAY");
  }

  @Test
  void partOfAResponseNobodyAskedForIsNeverReadAsTheNextAnswer() throws Exception {
    nextGetIsAnswered("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nSTR");
  }

  @Test
  void partOfAStatusLineNobodyAskedForIsNeverReadAsTheNextAnswer() throws Exception {
    nextGetIsAnswered("HTTP/1.1 2");
  }

  @Test
  void aConnectionWithoutStrayBytesIsReused() throws Exception {
    try (RawServer s = new RawServer((t, h, n, out) -> {
      out.write(response(t.equals("/a") ? "AAAAA" : "BBBBB"));
      return true;
    }); HttpGetter g = new HttpGetter(FAST)) {
      assertEquals("200 AAAAA", get(g, URI.create(s.base() + "/a")));
      assertEquals("200 BBBBB", get(g, URI.create(s.base() + "/b")));
      assertEquals(1, s.connections.get());
    }
  }

  @Test
  void anExceptionWithoutAStatusSaysSo() {
    OobiException e = new OobiException(OobiFailure.CONNECT_FAILED, URI.create("http://h/"),
        java.util.OptionalInt.empty(), 0, "refused", null);
    assertTrue(e.status().isEmpty());
    assertEquals("CONNECT_FAILED http://h/: refused", e.getMessage());
    OobiException s = new OobiException(OobiFailure.STATUS, URI.create("http://h/"),
        java.util.OptionalInt.of(404), 0, "status 404", null);
    assertEquals(404, s.status().getAsInt());
    assertEquals("STATUS http://h/ (status 404): status 404", s.getMessage());
  }
}
