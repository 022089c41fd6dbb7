package dev.cesrj.http.watcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A minimal HTTP/1.1 client over a socket, to send recorded requests byte for byte. */
final class RawHttp {
  /** A response as read: status, headers (names lower-cased), de-chunked body. */
  record Response(int status, Map<String, String> headers, byte[] body, boolean chunked) {
    WatcherAnswer asAnswer() {
      Map<String, String> h = new LinkedHashMap<>();
      if (headers.containsKey("keri-aid")) {
        h.put(Watcher.KERI_AID_HEADER, headers.get("keri-aid"));
      }
      if (headers.containsKey("keri-verdict")) {
        h.put(Watcher.VERDICT_HEADER, headers.get("keri-verdict"));
      }
      String type = headers.getOrDefault("content-type", "");
      return new WatcherAnswer(status, type, body, h,
          chunked && type.equals("text/event-stream") ? WatcherAnswer.Kind.EVENT_STREAM
              : WatcherAnswer.Kind.PLAIN);
    }
  }

  private RawHttp() {}

  static Response send(Socket s, byte[] request) throws IOException {
    s.getOutputStream().write(request);
    s.getOutputStream().flush();
    return read(s.getInputStream());
  }

  static Response read(InputStream in) throws IOException {
    String status = line(in);
    if (status == null) {
      throw new IOException("connection closed before a response");
    }
    int code = Integer.parseInt(status.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String l = line(in); l != null && !l.isEmpty(); l = line(in)) {
      int c = l.indexOf(':');
      headers.put(l.substring(0, c).trim().toLowerCase(Locale.ROOT), l.substring(c + 1).trim());
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    boolean chunked = "chunked".equalsIgnoreCase(headers.get("transfer-encoding"));
    if (chunked) {
      while (true) {
        int size = Integer.parseInt(line(in).trim(), 16);
        if (size == 0) {
          line(in);
          break;
        }
        body.write(in.readNBytes(size));
        line(in);
      }
    } else if (headers.containsKey("content-length")) {
      body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
    }
    return new Response(code, headers, body.toByteArray(), chunked);
  }

  /** {@return a CRLF-ended line without its CRLF, or null at the end of the stream} */
  static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        byte[] l = b.toByteArray();
        int n = l.length > 0 && l[l.length - 1] == '\r' ? l.length - 1 : l.length;
        return new String(l, 0, n, StandardCharsets.ISO_8859_1);
      }
      b.write(c);
    }
    return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
  }
}
