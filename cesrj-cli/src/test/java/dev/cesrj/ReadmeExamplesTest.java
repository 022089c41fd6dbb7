package dev.cesrj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.netty.CesrFrame;
import dev.cesrj.netty.CesrServerInitializer;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's Java examples, run: each example's lines as written there (the README's free
 * names bound to test data), over a KEL of the keripy-generated mutant set (cesrj-keri's
 * {@code src/test/resources/kel/A}, found as {@code InspectVerifyTest} finds it) and set A's
 * credential chain (cesrj-keri's {@code src/test/resources/acdc}), asserting keripy's verdicts
 * and key state from the set's {@code .verdict.json}. {@link #everyReadmeJavaBlockIsRunByATest}
 * ties the README to the tests: every line of code of every {@code java} block of the README
 * must appear, in order, in one test source of the repository, so an example changed in the
 * README alone fails the build.
 */
class ReadmeExamplesTest {
  private static final Path ROOT = DocLinksTest.ROOT;
  private static final Path KEL_A = Path.of(System.getProperty("cesrj.kelA",
      "../cesrj-keri/src/test/resources/kel/A"));
  private static final String KEL = "kel_witnessed.v1.bare.txt.original.cesr";
  private static final Path ACDC = ROOT.resolve("cesrj-keri/src/test/resources/acdc");

  /** Runs {@code body} and returns what it printed on standard output, line by line. */
  private static List<String> printed(ThrowingRunnable body) throws Exception {
    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      body.run();
    } finally {
      System.setOut(saved);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    return text.isEmpty() ? List.of() : List.of(text.split("\n"));
  }

  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  private static JsonNode keripy() throws IOException {
    return new ObjectMapper().readTree(KEL_A.resolve(KEL + ".verdict.json").toFile());
  }

  /** README "Frame a stream": one line per message, its version string and signature count. */
  @Test
  void frameAStream() throws Exception {
    byte[] stream = Files.readAllBytes(KEL_A.resolve(KEL));
    List<String> lines = printed(() -> {
      try (Messages messages = Messages.copyOf(stream)) {         // one copy of the byte[]
        for (Message m : messages) {                               // each message: an O(1) view
          System.out.println(m.version() + " " + m.signatures().size() + " signatures");
        }
      }
    });
    JsonNode keripy = keripy().get("messages");
    assertEquals(keripy.size(), lines.size(), "one line per message keripy parsed");
    assertEquals(16, lines.size());
    // the inception: 580 bytes (0x244) of JSON, then -AAC (two controller signatures) and -BAD
    // (three witness signatures): signatures() gives both groups' indexed signatures
    assertEquals("KERI10JSON000244_ 5 signatures", lines.get(0));
    for (int i = 0; i < lines.size(); i++) {
      assertTrue(lines.get(i).matches("KERI10JSON[0-9a-f]{6}_ [0-9]+ signatures"), lines.get(i));
    }
  }

  /** README "Verify a KEL": keripy's verdict on each message and its final key state. */
  @Test
  void verifyAKel() throws Exception {
    byte[] bytes = Files.readAllBytes(KEL_A.resolve(KEL));
    JsonNode keripy = keripy();
    String prefix = keripy.get("messages").get(0).get("pre").asText();
    KeyState[] kept = new KeyState[1];
    List<String> lines = printed(() -> {
      KelVerifier kels = new KelVerifier();                    // one per stream; not thread-safe
      kels.acceptAll(bytes);                                    // frames the stream, verdicts at intake
      for (Verdict v : kels.finish()) {                         // escrows retried until nothing changes
        System.out.println(v.index() + " " + v.status() + " " + v.reason());
      }
      KeyState state = kels.keyState(prefix).orElseThrow();     // sn, said, et, k, kt, n, nt, b, bt, di
      kept[0] = state;
    });
    List<String> expected = new ArrayList<>();
    for (JsonNode m : keripy.get("messages")) {
      assertTrue(m.get("accepted").asBoolean(), "keripy accepts every message of " + KEL);
      expected.add(m.get("i").asInt() + " ACCEPTED NONE");
    }
    assertEquals(expected, lines);
    JsonNode ks = keripy.get("keyStates").get(prefix);
    KeyState state = kept[0];
    assertEquals(ks.get("sn").asLong(), state.sn().longValueExact());
    assertEquals(ks.get("said").asText(), state.said());
    assertEquals(ks.get("et").asText(), state.et());
    assertEquals(texts(ks.get("k")), state.keys());
    assertEquals(ks.get("kt").asText(), state.signingThreshold());
    assertEquals(texts(ks.get("n")), state.nextKeyDigests());
    assertEquals(texts(ks.get("b")), state.witnesses());
    assertEquals(ks.get("bt").asLong(), state.toad());
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  /**
   * README "Verify a credential", as the class it is there, on set A's chain (two credentials,
   * both issued, as keripy's verdicts say; cesrj-keri's {@code ReadmeExampleTest} runs it on more
   * streams).
   */
  @Test
  void verifyACredential() throws Exception {
    List<String> lines = printed(() -> CheckCredential.main(new String[] {
        ACDC.resolve("A/chain.v1.original.cesr").toString(), ACDC.resolve("schemas").toString()}));
    assertEquals(List.of(
        "EDrA0ZV5XrFEbHf7telGCimKHCU4IxRzZzGA2pTxZwfU issued issuer "
            + "ENG0PW-UJNAYIaR0-SyJZOeyBotx8-XY-mDb1ecgGEJg",
        "EGAgofKj9ybjgPLCK7JOvGIph8A7uoMh3bDv-PmtCt2s issued issuer "
            + "EA9kxTCtu1nxkkxlY8QSHy6mjuwZoygNgzVb50moTvEn"), lines);
  }

  /** The README's class, its lines as written there. */
  static final class CheckCredential {
    /** args: the credential stream, then a directory of schemas (.json). */
    public static void main(String[] args) throws Exception {
      InMemorySchemaResolver schemas = new InMemorySchemaResolver();
      try (var files = Files.list(Path.of(args[1]))) {
        for (Path p : (Iterable<Path>) files::iterator) {
          if (p.toString().endsWith(".json")) {
            schemas.add(Files.readAllBytes(p));
          }
        }
      }
      CredentialVerifier verifier = new CredentialVerifier(schemas);
      verifier.acceptAll(Files.readAllBytes(Path.of(args[0])));
      for (CredentialVerdict c : verifier.credentials().values()) {
        System.out.println(c.said() + " " + c.status().keripyName() + " issuer "
            + c.acdc().issuer() + (c.accepted() ? "" : " " + c.reason()
            + c.escrow().map(e -> " waiting in " + e.keripyName()).orElse("")));
      }
    }
  }

  /** What {@link MyHandler}s were handed, in order: each frame's version string. */
  private static final BlockingQueue<String> HANDLED = new LinkedBlockingQueue<>();

  /** The README's application handler: records each frame; SimpleChannelInboundHandler releases it. */
  static final class MyHandler extends SimpleChannelInboundHandler<CesrFrame> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, CesrFrame f) {
      HANDLED.add(f.message().version().toString());
    }
  }

  /**
   * README "Serve CESR over Netty": the server it builds, on a loopback port, hands the
   * application one frame per message of a KEL streamed to it, in order.
   */
  @Test
  void serveCesrOverNetty() throws Exception {
    HANDLED.clear();
    byte[] stream = Files.readAllBytes(KEL_A.resolve(KEL));
    List<String> expected = new ArrayList<>();
    try (Messages messages = Messages.copyOf(stream)) {
      for (Message m : messages) {
        expected.add(m.version().toString());
      }
    }
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    int port = 0;                                               // any free port
    try {
      CesrServerInitializer init = CesrServerInitializer.builder(ch -> ch.pipeline()
              .addLast(new MyHandler()))                      // gets CesrFrames; releases each
          .build();                                           // every guard at its default
      Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
          .childHandler(init)
          .bind(port).sync().channel();
      int bound = ((InetSocketAddress) server.localAddress()).getPort();
      try (Socket client = new Socket("127.0.0.1", bound)) {
        OutputStream out = client.getOutputStream();
        for (int at = 0; at < stream.length; at += 100) {      // in 100-byte writes
          out.write(stream, at, Math.min(100, stream.length - at));
        }
        out.flush();
        client.shutdownOutput();                               // the end of the input
        InputStream in = client.getInputStream();
        assertEquals(-1, in.read(), "the server answers nothing and closes at the end");
      }
      List<String> got = new ArrayList<>();
      while (got.size() < expected.size()) {
        String v = HANDLED.poll(60, TimeUnit.SECONDS);             // a guard against a hang only
        assertNotNull(v, "frames handled so far: " + got);
        got.add(v);
      }
      assertEquals(expected, got);
      assertEquals(16, got.size());
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  // ---- every README Java block is run by a test ----

  private static final Pattern JAVA_BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```");

  @Test
  void everyReadmeJavaBlockIsRunByATest() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    List<List<String>> sources = testSources();
    Matcher m = JAVA_BLOCK.matcher(readme);
    int blocks = 0;
    while (m.find()) {
      blocks++;
      List<String> code = codeLines(m.group(1));
      assertTrue(code.size() >= 3, "a block with code: " + m.group(1));
      String missing = code.get(0);
      for (List<String> source : sources) {
        String first = firstMissing(code, source);
        if (first == null || code.indexOf(first) > code.indexOf(missing)) {
          missing = first;                                     // the source that holds the most
        }
        if (missing == null) {
          break;
        }
      }
      assertEquals(null, missing, "README block starting \"" + code.get(0)
          + "\": no test source holds its lines in order (the first line missing from the"
          + " source that holds the most of them is shown)");
    }
    assertTrue(blocks >= 4, "the README's Java examples (frame, KEL, credential, Netty), found: " + blocks);
  }

  @Test
  void aChangedReadmeLineIsFoundMissing() {
    List<String> source = List.of("try (Messages messages = Messages.copyOf(stream)) { // x",
        "  for (Message m : messages) {", "    System.out.println(m.version());", "  }", "}");
    assertEquals(null, firstMissing(codeLines(
        "try (Messages messages = Messages.copyOf(stream)) {\n  for (Message m : messages) {\n"), source));
    assertEquals("for (Message m : messages.all()) {", firstMissing(codeLines(
        "try (Messages messages = Messages.copyOf(stream)) {\n  for (Message m : messages.all()) {\n"),
        source));
    assertEquals("try (Messages messages = Messages.copyOf(stream)) {", firstMissing(codeLines(
        "  for (Message m : messages) {\ntry (Messages messages = Messages.copyOf(stream)) {\n"),
        source), "in order");
  }

  /**
   * The lines of a README block that must appear in a test: without comments, imports and
   * declarations ({@code public ...}), lines of braces alone and blank lines; whitespace
   * collapsed and a final {@code ;} dropped (a test may go on where the README's statement ends).
   */
  static List<String> codeLines(String block) {
    List<String> out = new ArrayList<>();
    for (String line : block.split("\n")) {
      String s = normalize(line);
      if (s.endsWith(";")) {
        s = s.substring(0, s.length() - 1);
      }
      if (s.isEmpty() || s.matches("[{}();]+") || s.startsWith("import ") || s.startsWith("package ")
          || s.startsWith("public ") || s.startsWith("/*") || s.startsWith("*")) {
        continue;
      }
      out.add(s);
    }
    return out;
  }

  private static String normalize(String line) {
    String s = line;
    int comment = s.indexOf("//");
    if (comment >= 0 && (comment == 0 || s.charAt(comment - 1) != ':')) {
      s = s.substring(0, comment);
    }
    return s.trim().replaceAll("\\s+", " ");
  }

  /** The first line of {@code code} not found in order in {@code source} (as a part of a line). */
  static String firstMissing(List<String> code, List<String> source) {
    int at = 0;
    for (String want : code) {
      while (at < source.size() && !normalize(source.get(at)).contains(want)) {
        at++;
      }
      if (at == source.size()) {
        return want;
      }
      at++;
    }
    return null;
  }

  private static List<List<String>> testSources() throws IOException {
    List<List<String>> out = new ArrayList<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path module : modules.sorted().collect(Collectors.toList())) {
        Path tests = module.resolve("src/test/java");
        if (!Files.isDirectory(tests)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(tests)) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted()
              .collect(Collectors.toList())) {
            out.add(Files.readAllLines(f, StandardCharsets.UTF_8));
          }
        }
      }
    }
    return out;
  }
}
