package dev.cesrj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative Markdown link in the repository's {@code README.md} and {@code docs/**.md}
 * points to a file that exists and, for a {@code #anchor}, to a heading of that file (the anchor
 * GitHub makes of it: lower case, punctuation but {@code -} and {@code _} dropped, spaces as
 * {@code -}, a repeated heading suffixed {@code -1}, {@code -2}, ...). Links inside fenced code
 * blocks and inline code are not links; absolute URLs ({@code https:}, {@code mailto:}) are not
 * checked.
 *
 * <p>{@link #PENDING} lists the guide pages other branches of issue 33 are writing: a link to one
 * of them passes while the page is absent and is checked like any other once it exists.
 */
class DocLinksTest {
  /** The repository's root, from cesrj-cli (the module Surefire runs the test in). */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Guide pages written on other branches (issue 33); links to them pass while they are absent. */
  static final Set<String> PENDING = Set.of(
      "docs/guide/credentials.md", "docs/guide/oobi.md", "docs/guide/watcher.md");

  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
  private static final Pattern INLINE_CODE = Pattern.compile("`+[^`]*`+");
  private static final Pattern INLINE_LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");
  private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  /** A link that does not resolve: the file and line it is on, its target and why. */
  record Broken(Path file, int line, String target, String why) {
    @Override
    public String toString() {
      return file + ":" + line + ": (" + target + ") " + why;
    }
  }

  @Test
  void everyRelativeLinkResolves() throws IOException {
    List<Path> files = markdownFiles(ROOT);
    assertTrue(files.contains(ROOT.resolve("README.md")), "README.md at " + ROOT);
    assertTrue(files.contains(ROOT.resolve("docs/README.md")), "the docs index, docs/README.md");
    assertTrue(files.size() >= 10, "README.md and the docs pages: " + files);
    List<Broken> broken = new ArrayList<>();
    for (Path f : files) {
      broken.addAll(check(ROOT, f, PENDING));
    }
    assertEquals(List.of(), broken);
  }

  @Test
  void aMissingFileOrHeadingIsReportedWithItsLine(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("docs/guide"));
    Files.writeString(dir.resolve("docs/guide/a.md"), String.join("\n",
        "# A page",
        "## Who owns which buffer?",
        "## Same",
        "## Same",
        "[ok](#who-owns-which-buffer) [ok](#same-1) [ok](../../README.md#top-heading)",
        "[gone](b.md) [no heading](#nowhere) `[in code](c.md)`",
        "```",
        "[in a fence](d.md)",
        "```",
        "[bad anchor elsewhere](../../README.md#missing) [web](https://example.org/x.md)",
        "[pending](oobi.md)",
        "[ref]: ./e.md"), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("README.md"), "# Top heading\n", StandardCharsets.UTF_8);
    Path page = dir.resolve("docs/guide/a.md");
    List<String> got = check(dir, page, Set.of("docs/guide/oobi.md")).stream()
        .map(b -> b.line() + " " + b.target() + " " + b.why()).collect(Collectors.toList());
    assertEquals(List.of(
        "6 b.md no such file",
        "6 #nowhere no heading with that anchor",
        "10 ../../README.md#missing no heading with that anchor",
        "12 ./e.md no such file"), got);
    assertEquals(5, check(dir, page, Set.of()).size(), "without the pending list, oobi.md fails too");
  }

  @Test
  void anchorsAreGitHubs() {
    assertEquals(List.of("which-counter-table-applies", "pull-cursor-no-objects-per-token",
            "credentials-credentialverifier", "kt-nt-weighted", "same", "same-1"),
        anchors(List.of("# Which counter table applies", "### Pull cursor (no objects per token)",
            "## Credentials (CredentialVerifier)", "## `kt`, `nt` weighted", "## Same", "## Same",
            "```", "# not a heading in a fence", "```")).stream().collect(Collectors.toList()));
  }

  /** README.md and every .md under docs/, sorted. */
  static List<Path> markdownFiles(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> s = Files.walk(root.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    return files;
  }

  /** The links of {@code file} that do not resolve, in line order. */
  static List<Broken> check(Path root, Path file, Set<String> pending) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Map<Path, Set<String>> anchorCache = new HashMap<>();
    List<Broken> broken = new ArrayList<>();
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (FENCE.matcher(line).find()) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      String text = INLINE_CODE.matcher(line).replaceAll("");
      List<String> targets = new ArrayList<>();
      Matcher m = INLINE_LINK.matcher(text);
      while (m.find()) {
        targets.add(m.group(1));
      }
      Matcher r = REFERENCE.matcher(text);
      if (r.matches()) {
        targets.add(r.group(1));
      }
      for (String target : targets) {
        if (SCHEME.matcher(target).find()) {
          continue;
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!Files.exists(resolved)) {
          String rel = root.relativize(resolved).toString().replace('\\', '/');
          if (!pending.contains(rel)) {
            broken.add(new Broken(root.relativize(file), i + 1, target, "no such file"));
          }
          continue;
        }
        if (anchor != null && !anchor.isEmpty()) {
          if (!resolved.toString().endsWith(".md")
              || !anchorCache.computeIfAbsent(resolved, DocLinksTest::anchorsOf).contains(anchor)) {
            broken.add(new Broken(root.relativize(file), i + 1, target, "no heading with that anchor"));
          }
        }
      }
    }
    return broken;
  }

  private static Set<String> anchorsOf(Path file) {
    try {
      return anchors(Files.readAllLines(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The anchors GitHub gives the headings of these lines, in order. */
  static Set<String> anchors(List<String> lines) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (String line : lines) {
      if (FENCE.matcher(line).find()) {
        fenced = !fenced;
        continue;
      }
      Matcher h = HEADING.matcher(line);
      if (fenced || !h.matches()) {
        continue;
      }
      String slug = h.group(1).toLowerCase(Locale.ROOT)
          .replaceAll("[^\\p{L}\\p{N}\\p{Mn}\\p{Pc} -]", "")
          .replace(' ', '-');
      int n = seen.merge(slug, 1, Integer::sum) - 1;
      anchors.add(n == 0 ? slug : slug + "-" + n);
    }
    return anchors;
  }
}
