package dev.cesrj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/guide/install.md} says what each artifact exports and brings: its module table is
 * the unqualified {@code exports} and the {@code requires transitive} of each module's {@code
 * module-info.java}, and its artifact table's "it brings" column names every compile-scope,
 * non-optional dependency of each library's {@code pom.xml} by its artifactId.
 */
class InstallGuideTest {
  private static final Path ROOT = DocLinksTest.ROOT;
  private static final List<String> MODULES =
      List.of("cesrj-core", "cesrj-netty", "cesrj-keri", "cesrj-http");
  private static final List<String> LIBRARIES =
      List.of("cesrj-core", "cesrj-netty", "cesrj-keri", "cesrj-http", "cesrj-flink");

  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern MODULE = Pattern.compile("\\bmodule\\s+([\\w.]+)\\s*\\{");
  private static final Pattern EXPORTS = Pattern.compile("\\bexports\\s+([\\w.]+)\\s*;");
  private static final Pattern TRANSITIVE =
      Pattern.compile("\\brequires\\s+transitive\\s+([\\w.]+)\\s*;");
  private static final Pattern DEPENDENCY =
      Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
  private static final Pattern ARTIFACT = Pattern.compile("<artifactId>([^<]+)</artifactId>");

  /** A row of a Markdown table whose first cell is {@code `artifactId`}, split into cells. */
  static List<List<String>> rows(String markdown, String artifactId) {
    List<List<String>> rows = new ArrayList<>();
    for (String line : markdown.split("\n")) {
      if (line.startsWith("| `" + artifactId + "` |")) {
        List<String> cells = new ArrayList<>();
        for (String c : line.substring(1).split("\\|")) {
          cells.add(c.trim());
        }
        rows.add(cells);
      }
    }
    return rows;
  }

  static Set<String> all(Pattern p, String text) {
    Set<String> found = new TreeSet<>();
    Matcher m = p.matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  /** The names in backquotes of a cell that look like Java package or module names. */
  static Set<String> names(String cell) {
    Set<String> found = new TreeSet<>();
    for (String n : all(CODE, cell)) {
      if (n.matches("[a-z][\\w]*(\\.[a-z][\\w]*)*")) {
        found.add(n);
      }
    }
    return found;
  }

  /** The line comments and block comments of Java source, removed. */
  static String uncommented(String java) {
    return java.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ");
  }

  @Test
  void theModuleTableIsEachModuleInfo() throws IOException {
    String guide = Files.readString(ROOT.resolve("docs/guide/install.md"));
    for (String artifact : MODULES) {
      String info = uncommented(Files.readString(
          ROOT.resolve(artifact).resolve("src/main/java/module-info.java")));
      List<List<String>> moduleRows = new ArrayList<>();
      for (List<String> row : rows(guide, artifact)) {
        if (row.size() == 4 && names(row.get(1)).size() == 1) {
          moduleRows.add(row);
        }
      }
      assertEquals(1, moduleRows.size(), artifact + ": one row in the module table");
      List<String> row = moduleRows.get(0);
      assertEquals(all(MODULE, info), names(row.get(1)), artifact + ": module name");
      assertEquals(all(EXPORTS, info), names(row.get(2)), artifact + ": exports");
      assertEquals(all(TRANSITIVE, info), names(row.get(3)), artifact + ": requires transitive");
    }
  }

  @Test
  void theArtifactTableNamesEachDependency() throws IOException {
    String guide = Files.readString(ROOT.resolve("docs/guide/install.md"));
    for (String artifact : LIBRARIES) {
      String pom = Files.readString(ROOT.resolve(artifact).resolve("pom.xml"));
      pom = pom.substring(pom.indexOf("<dependencies>"));
      Set<String> runtime = new TreeSet<>();
      Matcher d = DEPENDENCY.matcher(pom.replaceAll("(?s)<!--.*?-->", ""));
      while (d.find()) {
        String dep = d.group(1);
        if (dep.contains("<scope>test</scope>") || dep.contains("<scope>provided</scope>")
            || dep.contains("<optional>true</optional>")) {
          continue;
        }
        Matcher a = ARTIFACT.matcher(dep);
        assertTrue(a.find(), artifact + ": " + dep);
        runtime.add(a.group(1));
      }
      assertTrue(!runtime.isEmpty(), artifact + " has dependencies");
      List<List<String>> artifactRows = new ArrayList<>();
      for (List<String> row : rows(guide, artifact)) {
        if (row.size() == 3) {
          artifactRows.add(row);
        }
      }
      assertEquals(1, artifactRows.size(), artifact + ": one row in the artifact table");
      Set<String> named = all(CODE, artifactRows.get(0).get(2));
      Set<String> unnamed = new TreeSet<>(runtime);
      unnamed.removeAll(named);
      assertEquals(Set.of(), unnamed, artifact + ": dependencies the guide does not name");
    }
  }

  @Test
  void aMissingExportIsFound() {
    String info = "module a.b { requires transitive c.d; exports a.b; exports a.b.x;"
        + " exports a.b.y to e.f; /* exports a.b.z; */ }";
    assertEquals(Set.of("a.b", "a.b.x"), all(EXPORTS, uncommented(info)));
    assertEquals(Set.of("c.d"), all(TRANSITIVE, uncommented(info)));
    List<List<String>> rows = rows("| `m` | `a.b` | `a.b`, `a.b.x` (see [x](x.md)) | `c.d` |\n", "m");
    assertEquals(Set.of("a.b", "a.b.x"), names(rows.get(0).get(2)));
    assertEquals(Set.of("a.b"), names(rows.get(0).get(1)));
  }
}
