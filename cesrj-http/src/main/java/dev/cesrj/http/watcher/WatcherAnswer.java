package dev.cesrj.http.watcher;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the watcher answers a request with, before HTTP framing: status, content type (empty for
 * none), body, and the extra headers (such as {@code Keri-Aid}). The server frames it; a test can
 * read it without a socket.
 *
 * @param status the HTTP status code
 * @param contentType the media type of the body, or empty text for none
 * @param body the body bytes (copied in, and copied out by {@link #body()})
 * @param headers extra response headers, name to value, in order
 * @param kind how the server sends it
 */
public record WatcherAnswer(int status, String contentType, byte[] body,
    Map<String, String> headers, Kind kind) {

  /** How an answer goes on the wire. */
  public enum Kind {
    /** A body with its {@code Content-Length} (none for 204). */
    PLAIN,
    /**
     * A server-sent event stream ({@code text/event-stream}, chunked): the body is its events,
     * and the stream ends after them (keripy's mailbox {@code qry} answer; a watcher holds no
     * mailbox, so it has nothing more to send).
     */
    EVENT_STREAM
  }

  /**
   * Copies the body and the headers.
   *
   * @param status see the record description
   * @param contentType see the record description
   * @param body see the record description
   * @param headers see the record description
   * @param kind see the record description
   */
  public WatcherAnswer {
    Objects.requireNonNull(contentType, "contentType");
    body = Objects.requireNonNull(body, "body").clone();
    Objects.requireNonNull(kind, "kind");
    headers = java.util.Collections.unmodifiableMap(
        new LinkedHashMap<>(Objects.requireNonNull(headers, "headers")));
  }

  /** {@return a copy of the body bytes} */
  @Override
  public byte[] body() {
    return body.clone();
  }

  static WatcherAnswer of(int status, String contentType, byte[] body) {
    return new WatcherAnswer(status, contentType, body, Map.of(), Kind.PLAIN);
  }

  static WatcherAnswer error(int status, String what) {
    String json = "{\"title\":\"" + escape(what) + "\"}";
    return of(status, "application/json", json.getBytes(StandardCharsets.UTF_8));
  }

  WatcherAnswer with(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new WatcherAnswer(status, contentType, body, h, kind);
  }

  private static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** {@return the body as UTF-8 text} */
  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
