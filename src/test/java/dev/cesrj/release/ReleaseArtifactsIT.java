package dev.cesrj.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.Corpus;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The built artifacts, after {@code package}: the main jar is module {@code dev.cesrj} exporting
 * the API packages only, holds no example or test class, and every public type of an exported
 * package has a Javadoc description; the module resolves and parses on the module path; the
 * sources jar holds every main source; the {@code -cli} jar is self-contained and runs
 * {@code inspect} on every corpus file.
 *
 * <p>Runs under failsafe ({@code *IT}, integration-test phase): {@code cesrj.artifacts} is the
 * path of the artifacts without extension ({@code target/cesrj-VERSION}).
 */
class ReleaseArtifactsIT {
  static final Set<String> EXPORTED = Set.of(
      "dev.cesrj", "dev.cesrj.code", "dev.cesrj.primitive", "dev.cesrj.group", "dev.cesrj.stream",
      "dev.cesrj.batch", "dev.cesrj.netty", "dev.cesrj.keri", "dev.cesrj.keri.body",
      "dev.cesrj.keri.crypto", "dev.cesrj.keri.event", "dev.cesrj.keri.kever");

  private static Path artifact(String suffix) {
    String base = System.getProperty("cesrj.artifacts");
    assertNotNull(base, "run by failsafe: -Dcesrj.artifacts=target/cesrj-VERSION");
    Path p = Path.of(base + suffix);
    assertTrue(Files.isRegularFile(p), p + " was built");
    return p;
  }

  private static List<String> entries(Path jar) throws IOException {
    try (JarFile j = new JarFile(jar.toFile())) {
      return j.stream().map(ZipEntry::getName).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void mainJarIsModuleDevCesrjExportingTheApiOnly() throws IOException {
    Path jar = artifact(".jar");
    assertTrue(entries(jar).contains("module-info.class"));
    ModuleDescriptor d = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
    assertEquals("dev.cesrj", d.name());
    assertEquals(EXPORTED, d.exports().stream()
        .map(e -> {
          assertTrue(e.targets().isEmpty(), "unqualified export " + e);
          return e.source();
        })
        .collect(Collectors.toSet()));
    assertTrue(d.opens().isEmpty());
    Set<String> transitive = d.requires().stream()
        .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE))
        .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
    assertEquals(Set.of("io.netty.buffer", "io.netty.common"), transitive);
    for (ModuleDescriptor.Requires r : d.requires()) {
      if (r.name().startsWith("com.fasterxml") || r.name().startsWith("org.bouncycastle")) {
        assertTrue(r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC),
            "Jackson and BouncyCastle are needed by the inspect tool and dev.cesrj.keri only: " + r);
      }
    }
    assertTrue(d.packages().containsAll(Set.of("dev.cesrj.internal", "dev.cesrj.cli")));
  }

  @Test
  void mainJarHoldsNoExampleOrTestClass() throws IOException {
    List<String> classes = entries(artifact(".jar")).stream()
        .filter(n -> n.endsWith(".class")).collect(Collectors.toList());
    Set<String> testClasses = new TreeSet<>();
    Path testDir = Path.of(System.getProperty("cesrj.testClasses"));
    try (Stream<Path> files = Files.walk(testDir)) {
      files.filter(f -> f.toString().endsWith(".class"))
          .forEach(f -> testClasses.add(testDir.relativize(f).toString().replace(File.separatorChar, '/')));
    }
    assertTrue(testClasses.contains("ConcurrentParse.class"), "the example is a test class");
    assertTrue(testClasses.contains("dev/cesrj/testing/Corpus.class"));
    for (String c : classes) {
      assertTrue(c.equals("module-info.class") || c.startsWith("dev/cesrj/"), c);
      assertFalse(testClasses.contains(c), "test or example class in the jar: " + c);
      assertFalse(c.matches(".*(Test|IT|Benchmark)(\\$.*)?\\.class"), c);
    }
    assertTrue(classes.contains("dev/cesrj/stream/Messages.class"));
  }

  /**
   * Every public type of an exported package (nested ones included) has a page in the Javadoc
   * jar whose description is not empty; non-exported packages have none.
   */
  @Test
  void everyExportedPublicTypeHasJavadoc() throws Exception {
    List<String> pages = entries(artifact("-javadoc.jar"));
    List<String> checked = new ArrayList<>();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {artifact(".jar").toUri().toURL()},
            ReleaseArtifactsIT.class.getClassLoader());
        JarFile javadoc = new JarFile(artifact("-javadoc.jar").toFile())) {
      for (String entry : entries(artifact(".jar"))) {
        if (!entry.endsWith(".class") || entry.equals("module-info.class")
            || entry.endsWith("package-info.class")) {
          continue;
        }
        String name = entry.substring(0, entry.length() - 6).replace('/', '.');
        Class<?> c = Class.forName(name, false, loader);
        String pkg = c.getPackageName();
        if (!EXPORTED.contains(pkg) || !visible(c)) {
          continue;
        }
        String simple = name.substring(pkg.length() + 1).replace('$', '.');
        String page = "dev.cesrj/" + pkg.replace('.', '/') + "/" + simple + ".html";
        ZipEntry e = javadoc.getEntry(page);
        assertNotNull(e, "no Javadoc page for " + name);
        String html = new String(javadoc.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
        int desc = html.indexOf("class=\"class-description\"");
        int end = html.indexOf("</section>", desc);
        assertTrue(desc > 0 && end > desc, page + ": no description section");
        assertTrue(html.substring(desc, end).contains("<div class=\"block\">"),
            name + " has no Javadoc description");
        checked.add(name);
      }
    }
    // 40 public types in 0.1; a floor, so that the check cannot pass by checking nothing
    assertTrue(checked.size() >= 40, "public API types checked: " + checked);
    assertTrue(checked.contains("dev.cesrj.CesrOptions$Builder"));
    assertFalse(pages.stream().anyMatch(p -> p.contains("/cli/") || p.contains("/internal/")),
        "non-exported packages are not documented");
  }

  private static boolean visible(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  @Test
  void sourcesJarHoldsEveryMainSource() throws IOException {
    List<String> sources = entries(artifact("-sources.jar"));
    Path main = Path.of("src/main/java");
    try (Stream<Path> files = Files.walk(main)) {
      for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
        String name = main.relativize(f).toString().replace(File.separatorChar, '/');
        assertTrue(sources.contains(name), "sources jar lacks " + name);
      }
    }
    assertTrue(sources.contains("module-info.java"));
  }

  /**
   * The module resolves on the module path with Netty's two modules alone (its requires are
   * complete) and frames a corpus stream there.
   */
  @Test
  void moduleResolvesAndParsesOnTheModulePath() throws Exception {
    List<Path> path = new ArrayList<>(List.of(artifact(".jar")));
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (e.contains("netty-buffer") || e.contains("netty-common")) {
        path.add(Path.of(e));
      }
    }
    assertEquals(3, path.size(), "netty-buffer and netty-common on the test class path: " + path);
    ModuleFinder finder = ModuleFinder.of(path.toArray(new Path[0]));
    Configuration cf = ModuleLayer.boot().configuration()
        .resolve(finder, ModuleFinder.of(), Set.of("dev.cesrj"));
    ModuleLayer layer = ModuleLayer.boot()
        .defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
    Class<?> messages = layer.findLoader("dev.cesrj").loadClass("dev.cesrj.stream.Messages");
    assertEquals("dev.cesrj", messages.getModule().getName());
    String file = "kel_witnessed.v1.bare.txt.cesr";
    Object it = messages.getMethod("copyOf", byte[].class).invoke(null, (Object) Corpus.bytes(file));
    int n = 0;
    try (AutoCloseable closing = (AutoCloseable) it) {
      for (Iterator<?> i = (Iterator<?>) it; i.hasNext(); i.next()) {
        n++;
      }
    }
    assertEquals(Corpus.manifestEntry(file).get("messages").asInt(), n);
  }

  /**
   * The CLI jar alone (no other class path) runs {@code inspect} on every corpus file: exit 0 on
   * text streams, 2 with a typed error on streams the parser does not read yet.
   */
  @Test
  void cliJarIsSelfContainedAndInspectsEveryCorpusFile() throws Exception {
    Path cli = artifact("-cli.jar");
    List<String> names = entries(cli);
    assertFalse(names.contains("module-info.class"), "a class-path jar");
    assertTrue(names.contains("dev/cesrj/cli/Main.class"));
    assertTrue(names.contains("io/netty/buffer/ByteBuf.class"));
    assertTrue(names.contains("com/fasterxml/jackson/core/JsonFactory.class"));
    try (JarFile j = new JarFile(cli.toFile())) {
      assertEquals("dev.cesrj.cli.Main", j.getManifest().getMainAttributes().getValue("Main-Class"));
    }
    try (URLClassLoader alone = new URLClassLoader(new URL[] {cli.toUri().toURL()},
        ClassLoader.getPlatformClassLoader())) {
      Method run = alone.loadClass("dev.cesrj.cli.Main").getMethod("run", String[].class,
          InputStream.class, PrintStream.class, PrintStream.class);
      List<String> files = new ArrayList<>(Corpus.streams());
      files.addAll(List.of("sigs_v1_K16_S2.qb64", "sigs_v2_K16_S2.qb64"));
      for (String file : files) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = (int) run.invoke(null, new String[] {"inspect", "-"},
            new ByteArrayInputStream(Corpus.bytes(file)), new PrintStream(out, true),
            new PrintStream(err, true));
        String text = file.endsWith(".qb64") ? "qb64" : Corpus.manifestEntry(file).get("domain").asText();
        if (status != 0 && !text.equals("qb64")) {
          assertEquals(2, status, file);
          assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("error: UnsupportedException"), file);
        } else {
          assertEquals(0, status, file + ": " + err);
          assertTrue(out.toString(StandardCharsets.UTF_8).endsWith(" bytes framed\n"), file);
        }
      }
    }
  }

  /** {@code java -jar cesrj-VERSION-cli.jar inspect FILE}, as a user runs it. */
  @Test
  void cliJarRunsWithJavaJar() throws Exception {
    Path file = Files.createTempFile("kel", ".cesr");
    Files.write(file, Corpus.bytes("kel_witnessed.v1.bare.txt.cesr"));
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", artifact("-cli.jar").toString(), "inspect", file.toString())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.startsWith("message 0 at 0, 1296 bytes: KERI10JSON000244_"), out);
    Files.delete(file);
  }
}
