package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.watcher.WatcherLimits;
import dev.cesrj.keri.kever.EscrowLimits;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code cesrj watch}'s guard and limit options: each reaches the server or the watcher (read back
 * from the parsed {@link WatchGuards}, and seen in what the server answers), each bad value is a
 * usage error naming its option, and the default memory budget is the smaller of 64 MiB and a third
 * of the heap.
 */
class WatchGuardsTest {
  private static final long MIB = 1L << 20;

  private static WatchGuards parse(String... options) throws UsageException {
    String[] args = new String[options.length + 3];
    args[0] = "watch";
    args[1] = "--http";
    args[2] = "0";
    System.arraycopy(options, 0, args, 3, options.length);
    return WatchCommand.parse(args, 1).guards();
  }

  @Test
  void withoutOptionsTheGuardsAreTheLibrarys() throws UsageException {
    WatchGuards g = parse();
    assertEquals(WatchGuards.DEFAULT, g);
    assertEquals(OptionalLong.empty(), g.budget());
    assertEquals(1024, g.maxConnections());
    assertEquals(MIB, g.maxBody());
    assertEquals(64 << 10, g.maxHeader());
    assertEquals(Duration.ofSeconds(30), g.requestTimeout());
    assertEquals(Duration.ofSeconds(60), g.idleTimeout());
    assertEquals(WatcherLimits.DEFAULT, g.limits());
  }

  @Test
  void eachOptionIsParsedIntoTheGuards() throws UsageException {
    WatchGuards g = parse("--budget", "33554432", "--max-connections", "7", "--max-body", "4096",
        "--max-header", "2048", "--request-timeout", "5", "--idle-timeout", "0",
        "--escrow-messages", "100", "--escrow-bytes", "1000000", "--max-held-replies", "3",
        "--max-held-reply-bytes", "0");
    assertEquals(new WatchGuards(OptionalLong.of(32 * MIB), 7, 4096, 2048, Duration.ofSeconds(5),
        Duration.ZERO, new WatcherLimits(
            new EscrowLimits(100, 1_000_000, 100, 1_000_000, 100, 1_000_000), 3, 0)), g);
    // the largest values each option takes
    WatchGuards max = parse("--budget", "9223372036854775807", "--max-connections",
        "2147483647", "--max-body", "2147483647", "--max-header", "2147483647",
        "--request-timeout", "2147483647", "--escrow-messages", "2147483647", "--escrow-bytes",
        "9223372036854775807");
    assertEquals(Long.MAX_VALUE, max.budget().getAsLong());
    assertEquals(Integer.MAX_VALUE, max.maxConnections());
    assertEquals(Integer.MAX_VALUE, max.maxBody());
    assertEquals(Integer.MAX_VALUE, max.maxHeader());
    assertEquals(Duration.ofSeconds(Integer.MAX_VALUE), max.requestTimeout());
    assertEquals(new EscrowLimits(Integer.MAX_VALUE, Long.MAX_VALUE, 16_384, 64 * MIB,
        Integer.MAX_VALUE, Long.MAX_VALUE), max.limits().escrow());
  }

  /**
   * One escrow option keeps the other bound in all as the default's, per source as in all, and
   * per prefix the default's share, or the bound in all if smaller.
   */
  @Test
  void theEscrowBoundsKeepAShareForEachPrefix() {
    assertEquals(EscrowLimits.DEFAULT, WatchGuards.escrow(OptionalInt.empty(),
        OptionalLong.empty()));
    assertEquals(new EscrowLimits(1000, 256 * MIB, 1000, 64 * MIB, 1000, 256 * MIB),
        WatchGuards.escrow(OptionalInt.of(1000), OptionalLong.empty()));
    assertEquals(new EscrowLimits(65_536, MIB, 16_384, MIB, 65_536, MIB),
        WatchGuards.escrow(OptionalInt.empty(), OptionalLong.of(MIB)));
    assertEquals(new EscrowLimits(0, 0, 0, 0, 0, 0),
        WatchGuards.escrow(OptionalInt.of(0), OptionalLong.of(0)));
    assertEquals(new EscrowLimits(100_000, 512 * MIB, 16_384, 64 * MIB, 100_000, 512 * MIB),
        WatchGuards.escrow(OptionalInt.of(100_000), OptionalLong.of(512 * MIB)));
  }

  /** Each bad value: status 2, the option and the value named, then watch's usage. */
  @Test
  void aBadValueIsAUsageErrorNamingItsOption() {
    List<String[]> cases = List.of(
        new String[] {"--budget", "0", "--budget must be at least 1, not 0"},
        new String[] {"--budget", "-1", "--budget must be at least 1, not -1"},
        new String[] {"--budget", "9223372036854775808",
            "--budget must be at most 9223372036854775807, not 9223372036854775808"},
        new String[] {"--budget", "64MiB", "--budget takes a whole number of bytes, not 64MiB"},
        new String[] {"--budget", "1e6", "--budget takes a whole number of bytes, not 1e6"},
        new String[] {"--budget", "+5", "--budget takes a whole number of bytes, not +5"},
        new String[] {"--budget", "", "--budget takes a whole number of bytes, not "},
        new String[] {"--max-connections", "0", "--max-connections must be at least 1, not 0"},
        new String[] {"--max-connections", "2147483648",
            "--max-connections must be at most 2147483647, not 2147483648"},
        new String[] {"--max-connections", "many", "--max-connections takes a whole number,"
            + " not many"},
        new String[] {"--max-body", "3", "--max-body must be at least 4, not 3"},
        new String[] {"--max-body", "2147483648",
            "--max-body must be at most 2147483647, not 2147483648"},
        new String[] {"--max-header", "1023", "--max-header must be at least 1024, not 1023"},
        new String[] {"--request-timeout", "-1", "--request-timeout must be at least 0, not -1"},
        new String[] {"--request-timeout", "2147483648",
            "--request-timeout must be at most 2147483647, not 2147483648"},
        new String[] {"--idle-timeout", "1.5",
            "--idle-timeout takes a whole number of seconds, not 1.5"},
        new String[] {"--escrow-messages", "-3", "--escrow-messages must be at least 0, not -3"},
        new String[] {"--escrow-messages", "4294967296",
            "--escrow-messages must be at most 2147483647, not 4294967296"},
        new String[] {"--escrow-bytes", "99999999999999999999",
            "--escrow-bytes must be at most 9223372036854775807, not 99999999999999999999"},
        new String[] {"--max-held-replies", "-1", "--max-held-replies must be at least 0, not -1"},
        new String[] {"--max-held-reply-bytes", "x",
            "--max-held-reply-bytes takes a whole number of bytes, not x"});
    for (String[] c : cases) {
      Run run = Run.of(new byte[0], "watch", "--http", "0", c[0], c[1]);
      assertEquals(Main.BAD_INPUT, run.status(), c[0] + " " + c[1]);
      assertEquals("cesrj: watch: " + c[2] + "\n" + WatchCommand.HELP, run.stderr());
      assertEquals("", run.out());
    }
    Run noValue = Run.of(new byte[0], "watch", "--http", "0", "--budget");
    assertEquals(Main.BAD_INPUT, noValue.status());
    assertEquals("cesrj: watch: --budget needs a value\n" + WatchCommand.HELP, noValue.stderr());
    // the budget must hold the largest body, whichever option comes first
    for (String[] args : List.of(new String[] {"--budget", "1000", "--max-body", "1001"},
        new String[] {"--max-body", "1001", "--budget", "1000"})) {
      Run run = Run.of(new byte[0], "watch", "--http", "0", args[0], args[1], args[2], args[3]);
      assertEquals(Main.BAD_INPUT, run.status());
      assertEquals("cesrj: watch: --budget 1000 is below --max-body 1001: no request of the"
          + " largest body could ever fit\n" + WatchCommand.HELP, run.stderr());
    }
    Run belowDefaultBody = Run.of(new byte[0], "watch", "--http", "0", "--budget", "1048575");
    assertEquals("cesrj: watch: --budget 1048575 is below --max-body 1048576: no request of the"
        + " largest body could ever fit\n" + WatchCommand.HELP, belowDefaultBody.stderr());
  }

  /** A budget below the body limit that parsing could not see (the heap's) is refused at start. */
  @Test
  void aBudgetBelowTheBodyLimitIsRefusedAtStart() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    WatchGuards g = new WatchGuards(OptionalLong.of(100), 1, 1000, 1024, Duration.ZERO,
        Duration.ZERO, WatcherLimits.DEFAULT);
    assertEquals(Main.BAD_INPUT, WatchCommand.run(new WatchCommand.Options(0, "127.0.0.1", null,
        null, g), e, e, new CountDownLatch(0)));
    assertEquals("cesrj watch: the memory budget of 100 bytes (--budget) is below --max-body 1000:"
        + " give --budget, a smaller --max-body or a larger -Xmx\n",
        err.toString(StandardCharsets.UTF_8));
  }

  /** The default budget: a third of the heap, at most the library's 64 MiB, at least 1. */
  @Test
  void theDefaultBudgetIsAThirdOfTheHeapAtMost64MiB() {
    assertEquals(new WatchBudget(64 * MIB, WatchBudget.Source.LIBRARY_DEFAULT),
        WatchBudget.byDefault(4096 * MIB));
    assertEquals(new WatchBudget(64 * MIB, WatchBudget.Source.LIBRARY_DEFAULT),
        WatchBudget.byDefault(192 * MIB));
    assertEquals(new WatchBudget(64 * MIB, WatchBudget.Source.LIBRARY_DEFAULT),
        WatchBudget.byDefault(Long.MAX_VALUE));
    assertEquals(new WatchBudget(64 * MIB - 1, WatchBudget.Source.THIRD_OF_HEAP),
        WatchBudget.byDefault(192 * MIB - 1));
    assertEquals(new WatchBudget(32 * MIB, WatchBudget.Source.THIRD_OF_HEAP),
        WatchBudget.byDefault(96 * MIB));
    assertEquals(new WatchBudget(1, WatchBudget.Source.THIRD_OF_HEAP), WatchBudget.byDefault(0));
    assertEquals(new WatchBudget(5, WatchBudget.Source.OPTION),
        WatchBudget.of(OptionalLong.of(5), 96 * MIB));
    assertEquals(WatchBudget.byDefault(96 * MIB), WatchBudget.of(OptionalLong.empty(), 96 * MIB));
    SplittableRandom random = new SplittableRandom(20261206);
    for (int i = 0; i < 10_000; i++) {
      long heap = random.nextLong(3, 1L << 40);
      WatchBudget b = WatchBudget.byDefault(heap);
      assertTrue(b.bytes() <= 64 * MIB && 3 * b.bytes() <= heap, heap + " " + b);
      // the largest such: 64 MiB, or a third of the heap rounded down
      assertTrue(b.bytes() == 64 * MIB || 3 * (b.bytes() + 1) > heap, heap + " " + b);
      assertEquals(b.bytes() == 64 * MIB ? WatchBudget.Source.LIBRARY_DEFAULT
          : WatchBudget.Source.THIRD_OF_HEAP, b.source(), heap + " " + b);
    }
  }

  /** {@code --max-body 100}: a POST declaring 101 bytes gets 413, one of 100 does not. */
  @Test
  void maxBodyRefusesALargerBodyWith413() throws Exception {
    String out = serve(WatchCommand.parse(new String[] {"watch", "--http", "0", "--budget",
        "100000", "--max-body", "100"}, 1), port -> {
          try (Socket s = new Socket("127.0.0.1", port)) {
            send(s, "POST / HTTP/1.1\r\nContent-Type: application/cesr\r\nContent-Length: 101"
                + "\r\n\r\n");
            assertEquals("HTTP/1.1 413 Request Entity Too Large", statusLine(s));
          }
          try (Socket s = new Socket("127.0.0.1", port)) {
            send(s, "POST / HTTP/1.1\r\nContent-Type: application/cesr\r\nContent-Length: 100"
                + "\r\n\r\n" + "x".repeat(100));
            String line = statusLine(s);
            assertTrue(line.startsWith("HTTP/1.1 4") && !line.contains("413"), line);
          }
        });
    assertTrue(out.startsWith("cesrj watch: memory budget 100000 bytes (--budget)\n"), out);
  }

  /** {@code --max-connections 1}: with one connection open, the next is closed at once. */
  @Test
  void maxConnectionsClosesTheOneTooMany() throws Exception {
    String out = serve(WatchCommand.parse(new String[] {"watch", "--http", "0",
        "--max-connections", "1"}, 1), port -> {
          try (Socket first = new Socket("127.0.0.1", port)) {
            send(first, "GET /oobi/EXXX HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(statusLine(first).startsWith("HTTP/1.1 404"));
            try (Socket second = new Socket("127.0.0.1", port)) {
              second.setSoTimeout(20_000);
              int read;
              try {
                second.getOutputStream().write(
                    "GET /oobi/EXXX HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                read = second.getInputStream().read();
              } catch (SocketException reset) {
                read = -1;
              }
              assertEquals(-1, read, "the second connection was answered");
            }
          }
        });
    // the server counts the second under its cap's close reason
    assertTrue(out.contains("connections accepted 1, ") && out.contains("{CONNECTION_CAP=1, "),
        out);
  }

  /**
   * {@code --escrow-messages 0} reaches the watcher's {@link WatcherLimits}: an inception waiting
   * for its witnesses' receipts, escrowed by default, is turned away with ESCROW_FULL.
   */
  @Test
  void escrowMessagesReachesTheWatcher() throws Exception {
    String[] verdict = new String[2];
    serve(WatchCommand.parse(new String[] {"watch", "--http", "0"}, 1),
        port -> verdict[0] = postInception(port));
    serve(WatchCommand.parse(new String[] {"watch", "--http", "0", "--escrow-messages", "0"}, 1),
        port -> verdict[1] = postInception(port));
    assertTrue(verdict[0].startsWith("escrowed "), verdict[0]);
    assertTrue(verdict[1].startsWith("rejected ") && verdict[1].contains("ESCROW_FULL"),
        verdict[1]);
  }

  /** The help gives each option with its default, one line of at most 99 characters each. */
  @Test
  void theHelpGivesEachGuardWithItsDefault() {
    String help = WatchCommand.HELP;
    for (String option : List.of("--budget BYTES", "--max-connections N", "--max-body BYTES",
        "--max-header BYTES", "--request-timeout SECONDS", "--idle-timeout SECONDS",
        "--escrow-messages N", "--escrow-bytes BYTES", "--max-held-replies N",
        "--max-held-reply-bytes BYTES")) {
      assertTrue(help.contains("\n  " + option + " "), option + "\n" + help);
    }
    for (String dflt : List.of("the smaller of 67108864 and a third of the max heap",
        "(default 1024)", "default 1048576;", "default 65536,", "default 30)", "(default 60)",
        "default 65536;", "(default 268435456;", "(default 1024)", "(default 4194304)")) {
      assertTrue(help.replace("\n", " ").replaceAll(" +", " ").contains(dflt), dflt + "\n"
          + help);
    }
    help.lines().forEach(l -> assertTrue(l.length() <= 99, l));
    assertFalse(help.contains("\n\n"));
  }

  @Test
  void oobiResolveParsesItsNumbersWithTheSameParser() {
    Run negative = Run.of(new byte[0], "oobi", "resolve", "--max-body", "-1", "http://x/oobi");
    assertEquals(Main.BAD_INPUT, negative.status());
    assertEquals("cesrj: oobi resolve: --max-body must be at least 1, not -1\n"
        + OobiCommand.HELP, negative.stderr());
    Run tooLong = Run.of(new byte[0], "oobi", "resolve", "--timeout", "86401", "http://x/oobi");
    assertEquals("cesrj: oobi resolve: --timeout must be at most 86400, not 86401\n"
        + OobiCommand.HELP, tooLong.stderr());
    Run overflow = Run.of(new byte[0], "oobi", "resolve", "--timeout", "9223372036854775807",
        "http://x/oobi");
    assertEquals(Main.BAD_INPUT, overflow.status());
    assertEquals("cesrj: oobi resolve: --timeout must be at most 86400, not 9223372036854775807\n"
        + OobiCommand.HELP, overflow.stderr());
  }

  interface PortAction {
    void run(int port) throws Exception;
  }

  /** Runs the command with {@code o}, does {@code action} on its port, stops; its output. */
  private static String serve(WatchCommand.Options o, PortAction action) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    CountDownLatch stop = new CountDownLatch(1);
    ExecutorService ex = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> status = ex.submit(() -> WatchCommand.run(o, out, out, stop));
      Matcher m = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/").matcher("");
      for (int i = 0; i < 500 && !m.reset(bytes.toString(StandardCharsets.UTF_8)).find(); i++) {
        Thread.sleep(20);
      }
      try {
        action.run(Integer.parseInt(m.group(1)));
      } finally {
        stop.countDown();
      }
      assertEquals(Main.OK, status.get(30, TimeUnit.SECONDS));
      return bytes.toString(StandardCharsets.UTF_8);
    } finally {
      ex.shutdownNow();
    }
  }

  private static void send(Socket s, String request) throws Exception {
    OutputStream o = s.getOutputStream();
    o.write(request.getBytes(StandardCharsets.US_ASCII));
    o.flush();
  }

  /** {@return the status line of the answer on {@code s}} */
  private static String statusLine(Socket s) throws Exception {
    return headers(s).get(0);
  }

  /** {@return the status line and header lines of the answer on {@code s}} */
  private static List<String> headers(Socket s) throws Exception {
    s.setSoTimeout(20_000);
    InputStream in = s.getInputStream();
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0) {
      b.append((char) c);
      if (b.length() >= 4 && b.substring(b.length() - 4).equals("\r\n\r\n")) {
        break;
      }
    }
    return List.of(b.toString().split("\r\n"));
  }

  /** POSTs recording A's inception and {@return its Keri-Verdict header's value} */
  private static String postInception(int port) throws Exception {
    try (Socket s = new Socket("127.0.0.1", port)) {
      String body = WatchCommandTest.icpBody();
      send(s, "POST / HTTP/1.1\r\nContent-Type: application/cesr\r\nContent-Length: "
          + body.length() + "\r\nCesr-Attachment: " + WatchCommandTest.ATTACHMENT + "\r\n\r\n"
          + body);
      List<String> lines = headers(s);
      assertEquals("HTTP/1.1 204 No Content", lines.get(0));
      return lines.stream().filter(l -> l.toLowerCase(java.util.Locale.ROOT)
          .startsWith("keri-verdict: ")).findFirst().orElseThrow()
          .substring("keri-verdict: ".length());
    }
  }
}
