package dev.cesrj.http.watcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Recording A of keripy's HTTP traffic (src/test/resources/network/A, a byte-for-byte copy of
 * /work/shared's network recording, see its README.md): its exchanges in time order.
 */
final class Recording {
  static final String TRANS_WITS = "ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL";
  static final String TRANS_WITS_MBX = "EP25mGKRPFii19t372OW29xfLNx135xf5y9O1PkfUxEO";

  /** One recorded request and keripy's answer. */
  record Exchange(int n, String file, String method, String target, List<String[]> headers,
      byte[] body, int status, Optional<String> contentType, byte[] responseBody,
      List<String[]> responseHeaders, int conn, byte[] rawRequest) {

    /** {@return the value of request header {@code name}, its case ignored} */
    Optional<String> header(String name) {
      return find(headers, name);
    }

    Optional<String> responseHeader(String name) {
      return find(responseHeaders, name);
    }

    private static Optional<String> find(List<String[]> hs, String name) {
      for (String[] h : hs) {
        if (h[0].equalsIgnoreCase(name)) {
          return Optional.of(h[1]);
        }
      }
      return Optional.empty();
    }
  }

  private Recording() {}

  static Path folder() {
    try {
      return Path.of(Recording.class.getResource("/network/A").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static JsonNode json(Path p) {
    try (InputStream in = Files.newInputStream(p)) {
      return new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Exchange> exchanges() {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(folder().resolve("exchanges"))) {
      s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Exchange> out = new ArrayList<>();
    Base64.Decoder b64 = Base64.getDecoder();
    for (Path p : files) {
      JsonNode x = json(p);
      JsonNode rq = x.get("request");
      JsonNode rs = x.get("response");
      out.add(new Exchange(out.size(), p.getFileName().toString(), rq.get("method").asText(),
          rq.get("target").asText(), pairs(rq.get("headers")),
          b64.decode(rq.get("bodyBase64").asText()), rs.get("status").asInt(),
          find(pairs(rs.get("headers")), "Content-Type"),
          b64.decode(rs.get("bodyBase64").asText()), pairs(rs.get("headers")),
          x.get("conn").asInt(), b64.decode(rq.get("rawBase64").asText())));
    }
    return out;
  }

  private static Optional<String> find(List<String[]> hs, String name) {
    for (String[] h : hs) {
      if (h[0].equalsIgnoreCase(name)) {
        return Optional.of(h[1]);
      }
    }
    return Optional.empty();
  }

  private static List<String[]> pairs(JsonNode headers) {
    List<String[]> out = new ArrayList<>();
    for (JsonNode h : headers) {
      out.add(new String[] {h.get(0).asText(), h.get(1).asText()});
    }
    return out;
  }

  static byte[] oobiFile(String name) {
    try {
      return Files.readAllBytes(folder().resolve("oobi").resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
