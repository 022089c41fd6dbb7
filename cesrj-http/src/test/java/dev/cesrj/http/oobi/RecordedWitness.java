package dev.cesrj.http.oobi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Recording A's 23 GET responses of keripy's witnesses ({@code
 * src/test/resources/network/A/oobi/*.meta.json} with their bodies), served by a {@link
 * RawServer} at their recorded targets with their recorded status and headers, byte for byte
 * bodies; any other target is keripy's 404 for an unrouted path.
 */
final class RecordedWitness implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String DIR = "/network/A/oobi/";

  /** One recorded GET. */
  record Recorded(String name, String target, int status, List<String[]> headers, byte[] body,
      JsonNode verdict) {
  }

  static final Map<String, Recorded> BY_TARGET = load();
  final RawServer server;

  RecordedWitness() throws IOException {
    server = new RawServer((target, head, n, out) -> {
      Recorded r = BY_TARGET.get(target);
      if (r == null) {
        out.write(RawServer.head(404, "Not Found",
            RawServer.headers("Vary", "Accept", "Content-Length", "0")));
        return true;
      }
      out.write(RawServer.head(r.status(), r.status() == 200 ? "OK" : "Not Found", r.headers()));
      out.write(r.body());
      return true;
    });
  }

  String base() {
    return server.base();
  }

  static byte[] resource(String name) {
    try (InputStream in = RecordedWitness.class.getResourceAsStream(DIR + name)) {
      if (in == null) {
        throw new IllegalStateException("missing " + DIR + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Recorded> load() {
    Map<String, Recorded> out = new TreeMap<>();
    try {
      Path dir = Path.of(RecordedWitness.class.getResource(DIR).toURI());
      List<Path> metas;
      try (Stream<Path> s = Files.list(dir)) {
        metas = s.filter(p -> p.getFileName().toString().endsWith(".meta.json")).sorted()
            .toList();
      }
      for (Path p : metas) {
        JsonNode m = JSON.readTree(p.toFile());
        List<String[]> headers = new ArrayList<>();
        for (JsonNode h : m.get("headers")) {
          headers.add(new String[] {h.get(0).asText(), h.get(1).asText()});
        }
        JsonNode verdict = m.has("verdict") ? JSON.readTree(resource(m.get("verdict").asText()))
            : null;
        String name = p.getFileName().toString().replace(".meta.json", "");
        out.put(m.get("path").asText(), new Recorded(name, m.get("path").asText(),
            m.get("status").asInt(), headers, resource(m.get("file").asText()), verdict));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
