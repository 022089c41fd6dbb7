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
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The built artifacts of the published modules, after {@code package}: the cesrj-core jar is
 * module {@code dev.cesrj} exporting the API packages only (and {@code dev.cesrj.internal} to
 * {@code dev.cesrj.netty} only, {@code dev.cesrj.parallel} to {@code dev.cesrj.keri} only), the
 * cesrj-netty jar is module {@code dev.cesrj.netty}, the cesrj-keri jar module {@code
 * dev.cesrj.keri}; none
 * holds an example or test class, and every public type of an exported package has a Javadoc
 * description; both modules resolve on the module path, and the core parses there; each sources
 * jar holds every main source of its module; the cesrj-cli jar is self-contained and runs
 * {@code inspect} on every corpus file.
 *
 * <p>Runs under failsafe ({@code *IT}, integration-test phase) in cesrj-cli, the last published
 * module the reactor builds: {@code cesrj.root} is the root of the repository and {@code
 * cesrj.version} the version, so that a module's artifacts are {@code
 * ROOT/MODULE/target/MODULE-VERSION*.jar}.
 */
class ReleaseArtifactsIT {
  static final String CORE = "cesrj-core";
  static final String NETTY = "cesrj-netty";
  static final String KERI = "cesrj-keri";
  static final String HTTP = "cesrj-http";
  static final String CLI = "cesrj-cli";

  static final Set<String> CORE_EXPORTED = Set.of(
      "dev.cesrj", "dev.cesrj.code", "dev.cesrj.primitive", "dev.cesrj.group", "dev.cesrj.stream",
      "dev.cesrj.batch");
  static final Set<String> NETTY_EXPORTED = Set.of("dev.cesrj.netty");
  static final Set<String> KERI_EXPORTED = Set.of("dev.cesrj.keri", "dev.cesrj.keri.acdc",
      "dev.cesrj.keri.body", "dev.cesrj.keri.credential", "dev.cesrj.keri.crypto",
      "dev.cesrj.keri.event",
      "dev.cesrj.keri.exchange", "dev.cesrj.keri.kever", "dev.cesrj.keri.reply", "dev.cesrj.keri.tel",
      "dev.cesrj.keri.vlei");

  static final Set<String> HTTP_EXPORTED = Set.of("dev.cesrj.http", "dev.cesrj.http.oobi",
      "dev.cesrj.http.store", "dev.cesrj.http.watcher");

  private static Path root() {
    String root = System.getProperty("cesrj.root");
    assertNotNull(root, "run by failsafe: -Dcesrj.root=ROOT -Dcesrj.version=VERSION");
    return Path.of(root);
  }

  private static Path artifact(String module, String suffix) {
    String version = System.getProperty("cesrj.version");
    assertNotNull(version, "run by failsafe: -Dcesrj.version=VERSION");
    Path p = root().resolve(module).resolve("target").resolve(module + "-" + version + suffix);
    assertTrue(Files.isRegularFile(p), p + " was built");
    return p;
  }

  private static List<String> entries(Path jar) throws IOException {
    try (JarFile j = new JarFile(jar.toFile())) {
      return j.stream().map(ZipEntry::getName).sorted().collect(Collectors.toList());
    }
  }

  private static ModuleDescriptor descriptor(String module) throws IOException {
    Path jar = artifact(module, ".jar");
    assertTrue(entries(jar).contains("module-info.class"), module);
    return ModuleFinder.of(jar).findAll().iterator().next().descriptor();
  }

  private static Set<String> unqualifiedExports(ModuleDescriptor d) {
    return d.exports().stream().filter(e -> e.targets().isEmpty())
        .map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
  }

  private static Set<String> transitive(ModuleDescriptor d) {
    return d.requires().stream()
        .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE))
        .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
  }

  /** Every module's requires but the mandated {@code java.base}. */
  private static Set<String> requires(ModuleDescriptor d) {
    return d.requires().stream()
        .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.MANDATED))
        .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
  }

  @Test
  void coreJarIsModuleDevCesrjExportingTheApiOnly() throws IOException {
    ModuleDescriptor d = descriptor(CORE);
    assertEquals("dev.cesrj", d.name());
    assertEquals(CORE_EXPORTED, unqualifiedExports(d));
    Map<String, Set<String>> qualified = d.exports().stream().filter(e -> !e.targets().isEmpty())
        .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
    assertEquals(Map.of("dev.cesrj.internal", Set.of("dev.cesrj.netty"),
        "dev.cesrj.parallel", Set.of("dev.cesrj.keri")), qualified);
    assertTrue(d.opens().isEmpty());
    assertEquals(Set.of("io.netty.buffer", "io.netty.common"), transitive(d));
    assertEquals(Set.of("io.netty.buffer", "io.netty.common"), requires(d),
        "netty-buffer is the only dependency: no static requires of codec, transport or Jackson");
    assertTrue(d.packages().contains("dev.cesrj.internal"));
    assertTrue(d.packages().contains("dev.cesrj.parallel"));
    assertFalse(d.packages().contains("dev.cesrj.netty"));
    assertFalse(d.packages().contains("dev.cesrj.cli"));
  }

  @Test
  void nettyJarIsModuleDevCesrjNetty() throws IOException {
    ModuleDescriptor d = descriptor(NETTY);
    assertEquals("dev.cesrj.netty", d.name());
    assertEquals(NETTY_EXPORTED, unqualifiedExports(d));
    assertEquals(NETTY_EXPORTED, d.exports().stream().map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toSet()));
    assertTrue(d.opens().isEmpty());
    Set<String> required = Set.of("dev.cesrj", "io.netty.codec", "io.netty.transport");
    assertEquals(required, transitive(d));
    // io.netty.handler (CesrServerInitializer's timeout handlers) is not in the public API
    assertEquals(Set.of("dev.cesrj", "io.netty.codec", "io.netty.transport", "io.netty.handler"),
        requires(d));
    assertEquals(NETTY_EXPORTED, d.packages());
  }

  @Test
  void keriJarIsModuleDevCesrjKeri() throws IOException {
    ModuleDescriptor d = descriptor(KERI);
    assertEquals("dev.cesrj.keri", d.name());
    assertEquals(KERI_EXPORTED, d.exports().stream().map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toSet()));
    assertEquals(KERI_EXPORTED, unqualifiedExports(d));
    assertTrue(d.opens().isEmpty());
    assertEquals(Set.of("dev.cesrj"), transitive(d));
    // libsodium through lazysodium-java and JNA (lazysodium 5.1.4 names no module: its name is
    // the jar's), networknt's schema validator on the Jackson 3 databind, slf4j for their logging
    assertEquals(Set.of("dev.cesrj", "com.fasterxml.jackson.core",
        "com.fasterxml.jackson.dataformat.cbor", "org.bouncycastle.provider", "lazysodium.java",
        "com.sun.jna", "org.slf4j", "com.networknt.schema", "tools.jackson.core",
        "tools.jackson.databind"), requires(d));
    assertEquals(KERI_EXPORTED, d.packages());
  }

  @Test
  void httpJarIsModuleDevCesrjHttp() throws IOException {
    ModuleDescriptor d = descriptor(HTTP);
    assertEquals("dev.cesrj.http", d.name());
    assertEquals(HTTP_EXPORTED, unqualifiedExports(d));
    assertTrue(d.opens().isEmpty());
    assertEquals(Set.of("dev.cesrj", "dev.cesrj.keri", "dev.cesrj.netty"), transitive(d));
    assertEquals(Set.of("dev.cesrj", "dev.cesrj.keri", "dev.cesrj.netty", "io.netty.codec.http",
        "io.netty.codec", "io.netty.handler", "io.netty.transport", "io.netty.buffer",
        "io.netty.common", "org.xerial.sqlitejdbc"), requires(d));
    assertEquals(HTTP_EXPORTED, d.packages());
  }

  /** The class files of the tests (the harness included) of every published module. */
  private static Set<String> testClasses() throws IOException {
    Set<String> classes = new TreeSet<>();
    for (String module : List.of(CORE, NETTY, KERI, CLI)) {
      Path dir = root().resolve(module).resolve("target/test-classes");
      try (Stream<Path> files = Files.walk(dir)) {
        files.filter(f -> f.toString().endsWith(".class"))
            .forEach(f -> classes.add(dir.relativize(f).toString().replace(File.separatorChar, '/')));
      }
    }
    assertTrue(classes.contains("dev/cesrj/testing/Corpus.class"), "the harness is a test class");
    assertTrue(classes.contains("dev/cesrj/netty/Wire.class"), "netty's tests were compiled");
    assertTrue(classes.contains("dev/cesrj/cli/Run.class"), "cli's tests were compiled");
    return classes;
  }

  @Test
  void jarsHoldNoExampleOrTestClass() throws IOException {
    Set<String> testClasses = testClasses();
    for (String module : List.of(CORE, NETTY, KERI)) {
      List<String> classes = entries(artifact(module, ".jar")).stream()
          .filter(n -> n.endsWith(".class")).collect(Collectors.toList());
      for (String c : classes) {
        assertTrue(c.equals("module-info.class") || c.startsWith("dev/cesrj/"), module + ": " + c);
        assertFalse(testClasses.contains(c), module + ": test or example class in the jar: " + c);
        assertFalse(c.matches(".*(Test|IT|Benchmark)(\\$.*)?\\.class"), module + ": " + c);
      }
    }
    assertTrue(entries(artifact(CORE, ".jar")).contains("dev/cesrj/stream/Messages.class"));
    assertTrue(entries(artifact(NETTY, ".jar")).contains("dev/cesrj/netty/CesrFrameDecoder.class"));
    for (String c : entries(artifact(CLI, ".jar"))) {
      if (c.endsWith(".class")) {
        assertFalse(testClasses.contains(c), "cli: test class in the jar: " + c);
        // the examples are in the unnamed package, the benchmarks in dev.cesrj.bench
        assertTrue(c.contains("/"), "cli: example class in the jar: " + c);
        assertFalse(c.startsWith("dev/cesrj/bench/"), "cli: benchmark in the jar: " + c);
      }
    }
    // cesrj watch serves on cesrj-netty's guarded pipeline: the tool now carries it
    assertTrue(entries(artifact(CLI, ".jar")).contains(
        "dev/cesrj/http/watcher/WatcherServer.class"), "cli: cesrj watch's server in the jar");
  }

  /**
   * Every public type of an exported package (nested ones included) has a page in the Javadoc
   * jar of its module whose description is not empty; non-exported packages have none.
   */
  @Test
  void everyExportedPublicTypeHasJavadoc() throws Exception {
    List<String> core = checkJavadoc(CORE, "dev.cesrj", CORE_EXPORTED);
    // 40 public types in 0.1; a floor, so that the check cannot pass by checking nothing
    assertTrue(core.size() >= 40, "public API types checked: " + core);
    assertTrue(core.contains("dev.cesrj.CesrOptions$Builder"));
    List<String> netty = checkJavadoc(NETTY, "dev.cesrj.netty", NETTY_EXPORTED);
    assertTrue(netty.containsAll(List.of("dev.cesrj.netty.CesrFrameDecoder",
        "dev.cesrj.netty.CesrFrameEncoder", "dev.cesrj.netty.OnMalformed")), "checked: " + netty);
    List<String> keri = checkJavadoc(KERI, "dev.cesrj.keri", KERI_EXPORTED);
    assertTrue(keri.containsAll(List.of("dev.cesrj.keri.KeriEvents", "dev.cesrj.keri.Saids",
        "dev.cesrj.keri.crypto.Verfer")), "checked: " + keri);
  }

  private static List<String> checkJavadoc(String module, String moduleName, Set<String> exported)
      throws Exception {
    List<String> pages = entries(artifact(module, "-javadoc.jar"));
    List<String> checked = new ArrayList<>();
    try (URLClassLoader loader = new URLClassLoader(
            new URL[] {artifact(module, ".jar").toUri().toURL()},
            ReleaseArtifactsIT.class.getClassLoader());
        JarFile javadoc = new JarFile(artifact(module, "-javadoc.jar").toFile())) {
      for (String entry : entries(artifact(module, ".jar"))) {
        if (!entry.endsWith(".class") || entry.equals("module-info.class")
            || entry.endsWith("package-info.class")) {
          continue;
        }
        String name = entry.substring(0, entry.length() - 6).replace('/', '.');
        Class<?> c = Class.forName(name, false, loader);
        String pkg = c.getPackageName();
        if (!exported.contains(pkg) || !visible(c)) {
          continue;
        }
        String simple = name.substring(pkg.length() + 1).replace('$', '.');
        String page = moduleName + "/" + pkg.replace('.', '/') + "/" + simple + ".html";
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
    assertFalse(pages.stream().anyMatch(p -> p.contains("/cli/") || p.contains("/internal/")),
        module + ": non-exported packages are not documented");
    return checked;
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
    for (String module : List.of(CORE, NETTY, KERI, CLI)) {
      List<String> sources = entries(artifact(module, "-sources.jar"));
      Path main = root().resolve(module).resolve("src/main/java");
      int n = 0;
      try (Stream<Path> files = Files.walk(main)) {
        for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
          String name = main.relativize(f).toString().replace(File.separatorChar, '/');
          assertTrue(sources.contains(name), module + ": sources jar lacks " + name);
          n++;
        }
      }
      assertTrue(n > 0, module + ": no main source found in " + main);
    }
    assertTrue(entries(artifact(CORE, "-sources.jar")).contains("module-info.java"));
    assertTrue(entries(artifact(NETTY, "-sources.jar")).contains("module-info.java"));
  }

  /** The jars on the test class path whose file names start with one of {@code prefixes}. */
  private static List<Path> classPath(String... prefixes) {
    List<Path> path = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String file = Path.of(e).getFileName().toString();
      for (String prefix : prefixes) {
        if (file.startsWith(prefix + "-") && file.endsWith(".jar")) {
          path.add(Path.of(e));
        }
      }
    }
    return path;
  }

  /**
   * The core module resolves on the module path with Netty's two buffer modules alone (its
   * requires are complete) and frames a corpus stream there.
   */
  @Test
  void coreModuleResolvesAndParsesOnTheModulePath() throws Exception {
    List<Path> path = new ArrayList<>(List.of(artifact(CORE, ".jar")));
    path.addAll(classPath("netty-buffer", "netty-common"));
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
   * The netty module resolves on the module path with the core module and Netty's modules alone,
   * and reads {@code dev.cesrj.internal}, which the core exports to it and to no other module.
   */
  @Test
  void nettyModuleResolvesOnTheModulePath() throws Exception {
    List<Path> path = new ArrayList<>(List.of(artifact(CORE, ".jar"), artifact(NETTY, ".jar")));
    // "netty-transport" also finds netty-transport-native-unix-common, which netty-handler needs
    List<Path> netty = classPath("netty-buffer", "netty-common", "netty-codec-base",
        "netty-transport", "netty-resolver", "netty-handler");
    assertEquals(7, netty.size(), "Netty's modules on the test class path: " + netty);
    path.addAll(netty);
    ModuleFinder finder = ModuleFinder.of(path.toArray(new Path[0]));
    Configuration cf = ModuleLayer.boot().configuration()
        .resolve(finder, ModuleFinder.of(), Set.of("dev.cesrj.netty"));
    ModuleLayer layer = ModuleLayer.boot()
        .defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
    Class<?> decoder =
        layer.findLoader("dev.cesrj.netty").loadClass("dev.cesrj.netty.CesrFrameDecoder");
    // the initializer's timeout handlers come from io.netty.handler, which the module requires
    Module handler = layer.findModule("io.netty.handler").orElseThrow();
    assertTrue(decoder.getModule().canRead(handler));
    Class<?> init =
        layer.findLoader("dev.cesrj.netty").loadClass("dev.cesrj.netty.CesrServerInitializer");
    assertEquals("dev.cesrj.netty", init.getModule().getName());
    Module nettyModule = decoder.getModule();
    assertEquals("dev.cesrj.netty", nettyModule.getName());
    Module core = layer.findModule("dev.cesrj").orElseThrow();
    assertTrue(nettyModule.canRead(core));
    assertTrue(core.isExported("dev.cesrj.internal", nettyModule));
    assertFalse(core.isExported("dev.cesrj.internal"));
    assertTrue(core.isExported("dev.cesrj.stream"));
  }

  /**
   * The CLI jar alone (no other class path) runs {@code inspect} on every corpus file: exit 0 on
   * text streams, 2 with a typed error on streams the parser does not read yet.
   */
  @Test
  void cliJarIsSelfContainedAndInspectsEveryCorpusFile() throws Exception {
    Path cli = artifact(CLI, ".jar");
    List<String> names = entries(cli);
    assertFalse(names.contains("module-info.class"), "a class-path jar");
    assertTrue(names.contains("dev/cesrj/cli/Main.class"));
    assertTrue(names.contains("dev/cesrj/stream/Messages.class"));
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

  /** {@code java -jar cesrj-cli-VERSION.jar inspect FILE}, as a user runs it. */
  @Test
  void cliJarRunsWithJavaJar() throws Exception {
    Path file = Files.createTempFile("kel", ".cesr");
    Files.write(file, Corpus.bytes("kel_witnessed.v1.bare.txt.cesr"));
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", artifact(CLI, ".jar").toString(), "inspect", file.toString())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.startsWith("message 0 at 0, 1296 bytes: KERI10JSON000244_"), out);
    Files.delete(file);
  }
}
