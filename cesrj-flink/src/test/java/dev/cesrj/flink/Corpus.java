package dev.cesrj.flink;

import dev.cesrj.flink.kel.KeyStateChange;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The KEL mutant set A, read where cesrj-keri keeps it (system property {@code cesrj.kelA}, set by
 * this module's pom to {@code ../cesrj-keri/src/test/resources/kel/A}; origin: see its README),
 * and the single-JVM verifier's verdicts on it.
 */
final class Corpus {
  private Corpus() {
  }

  static Path dir() {
    return Path.of(System.getProperty("cesrj.kelA", "../cesrj-keri/src/test/resources/kel/A"));
  }

  /** {@return the names of the streams of set A, sorted} */
  static List<String> files() {
    try (Stream<Path> s = Files.list(dir())) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cesr")).sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] bytes(String file) {
    try {
      return Files.readAllBytes(dir().resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The single-JVM verdicts: per "file@offset", status[:escrow] after finish(). */
  static void expected(String file, Map<String, String> verdicts, Map<String, String> states) {
    KelVerifier v = new KelVerifier();
    for (CesrRecord r : CesrRecords.frame(file, bytes(file))) {
      if (!r.isError()) {
        v.acceptMessage(r.bytes, r.offset);
      }
    }
    for (Verdict x : v.finish()) {
      verdicts.put(file + "@" + x.offset(),
          x.status() + x.escrow().map(e -> ":" + e).orElse(""));
    }
    v.keyStates().forEach((p, s) -> states.put(file + " " + p,
        KeyStateChange.of(file, s).describe()));
  }

  static Map<String, String> sorted() {
    return new TreeMap<>();
  }
}
