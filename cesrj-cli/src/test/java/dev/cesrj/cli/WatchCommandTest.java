package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cesrj watch}: runs until stopped, then says what it closed; restarted on its store it
 * replays what it kept.
 */
class WatchCommandTest {
  // An inception keripy's kli posted to a witness: recording A (cesrj-http's test resources,
  // network/A/exchanges/039-POST-wan-root.json), its body and Cesr-Attachment header.

  @Test
  void parsesItsOptions() throws UsageException {
    assertEquals(new WatchCommand.Options(5642, "127.0.0.1", Path.of("s")),
        WatchCommand.parse(new String[] {"watch", "--http", "5642", "--store", "s"}, 1));
    assertEquals("watch needs --http PORT", assertThrows(UsageException.class,
        () -> WatchCommand.parse(new String[] {"watch"}, 1)).getMessage());
    assertEquals("watch: --http port must be in [0, 65535]: 70000",
        assertThrows(UsageException.class,
            () -> WatchCommand.parse(new String[] {"watch", "--http", "70000"}, 1)).getMessage());
    // an unknown option is named as one, with or without something after it (it was "needs a
    // value" when last)
    for (String[] args : new String[][] {{"watch", "--http", "1", "--bogus"},
        {"watch", "--bogus", "x", "--http", "1"}}) {
      assertEquals("watch: unknown option --bogus", assertThrows(UsageException.class,
          () -> WatchCommand.parse(args, 1)).getMessage());
    }
    assertEquals("watch: --store needs a value", assertThrows(UsageException.class,
        () -> WatchCommand.parse(new String[] {"watch", "--http", "1", "--store"}, 1))
        .getMessage());
  }

  @Test
  void takesADirectoryOfSchemas(@TempDir Path dir) throws Exception {
    assertEquals(new WatchCommand.Options(5642, "127.0.0.1", null, Path.of("schemas")),
        WatchCommand.parse(new String[] {"watch", "--http", "5642", "--schemas", "schemas"}, 1));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    Path missing = dir.resolve("no-such-dir");
    assertEquals(Main.IO_ERROR, WatchCommand.run(new WatchCommand.Options(0, "127.0.0.1", dir,
        missing), e, e, new CountDownLatch(0)));
    String text = err.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("cesrj watch: cannot read the schemas in " + missing + ": ")
        && text.indexOf('\n') == text.length() - 1, text);
    java.nio.file.Files.writeString(dir.resolve("bad.json"), "{\"not\": \"a schema\"}");
    err.reset();
    assertEquals(Main.IO_ERROR, WatchCommand.run(new WatchCommand.Options(0, "127.0.0.1", null,
        dir), e, e, new CountDownLatch(0)));
    text = err.toString(StandardCharsets.UTF_8);
    assertTrue(text.startsWith("cesrj watch: cannot read the schemas in " + dir + ": ")
        && text.indexOf('\n') == text.length() - 1, text);
  }

  @Test
  void runsUntilStoppedThenSaysWhatItClosed(@TempDir Path dir) throws Exception {
    String first = runOnce(dir, true);
    assertTrue(first.contains("0 messages replayed"), first);
    assertTrue(first.contains("closed 1 open connection(s)"), first);
    assertTrue(first.contains("closed store " + dir.resolve("watcher.sqlite")), first);
    assertTrue(first.contains("closed store " + dir.resolve("watcher.sqlite")
        + " (1 records, each durable when acknowledged)\n"), first);
    String second = runOnce(dir, false);
    assertTrue(second.contains("(0 messages replayed)") == false, second);
    assertTrue(second.contains("1 messages replayed"), second);
  }

  /**
   * Without {@code --store} the closing line says the records were in memory only (it said
   * "each durable when acknowledged"), and the connection the client held, closed by the stop,
   * is counted under OTHER, which the line explains.
   */
  @Test
  void aStoreInMemoryIsNotCalledDurable() throws Exception {
    String text = runOnce(null, true);
    assertTrue(text.contains("store memory (0 messages replayed)"), text);
    // the default budget, printed at start: the smaller of 64 MiB and a third of this JVM's heap
    WatchBudget budget = WatchBudget.byDefault(Runtime.getRuntime().maxMemory());
    assertTrue(text.startsWith("cesrj watch: memory budget " + budget.bytes() + " bytes ("
        + budget.why() + ")\n"), text);
    assertTrue(text.contains("\ncesrj watch: closed store memory (1 records, in memory only: gone"
        + " now that it stopped)\n"), text);
    assertTrue(!text.contains("durable"), text);
    assertTrue(text.contains("OTHER=1} (OTHER: closed by the client, or by this stop)\n"), text);
  }

  /** {@code watch --help} gives each option with its default; a wrong watch line gives it too. */
  @Test
  void helpGivesEachOptionWithItsDefault() {
    for (String help : java.util.List.of("--help", "-h")) {
      Run run = Run.of(new byte[0], "watch", help);
      assertEquals(Main.OK, run.status(), help);
      assertEquals("", run.stderr());
      assertEquals(WatchCommand.HELP, run.out());
    }
    java.util.List<String> lines = WatchCommand.HELP.lines().toList();
    assertEquals("usage: cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR]"
        + " [GUARD VALUE]...", lines.get(0));
    assertTrue(lines.contains("  --http PORT    the port to listen on (required; 0 takes a free"
        + " one, printed at start)"), WatchCommand.HELP);
    assertTrue(lines.contains("  --host ADDR    the address to listen on (default 127.0.0.1)"),
        WatchCommand.HELP);
    assertTrue(lines.contains("  --store DIR    keep what it verified in DIR/watcher.sqlite,"
        + " replayed at start (default: none,"), WatchCommand.HELP);
    assertTrue(lines.contains("  --schemas DIR  check credentials against the ACDC schemas"
        + " (*.json) in DIR (default: none,"), WatchCommand.HELP);
    Run wrong = Run.of(new byte[0], "watch", "--store", "s");
    assertEquals(Main.BAD_INPUT, wrong.status());
    assertEquals("cesrj: watch needs --http PORT\n" + WatchCommand.HELP, wrong.stderr());
  }

  @Test
  void aStoreHeldByAnotherWatcherOrAPortInUseIsOneLineAndStatus1(@TempDir Path dir)
      throws Exception {
    try (dev.cesrj.http.store.SqliteWatcherStore held =
        dev.cesrj.http.store.SqliteWatcherStore.open(dir)) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
      assertEquals(Main.IO_ERROR, WatchCommand.run(new WatchCommand.Options(0, "127.0.0.1", dir),
          e, e, new CountDownLatch(0)));
      assertEquals("cesrj watch: cannot open the store in " + dir + ": another store holds "
          + dir.resolve("watcher.lock") + " (one watcher per store directory)\n",
          err.toString(StandardCharsets.UTF_8));
    }
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
        java.net.InetAddress.getByName("127.0.0.1"))) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
      assertEquals(Main.IO_ERROR, WatchCommand.run(
          new WatchCommand.Options(taken.getLocalPort(), "127.0.0.1", dir), e, e,
          new CountDownLatch(0)));
      String text = err.toString(StandardCharsets.UTF_8);
      assertTrue(text.startsWith("cesrj watch: cannot listen on 127.0.0.1:" + taken.getLocalPort()
          + ": ") && text.indexOf('\n') == text.length() - 1, text);
    }
    // both released what they opened: the store opens again
    dev.cesrj.http.store.SqliteWatcherStore.open(dir).close();
  }

  /**
   * Starts the command on the store in {@code dir} (in memory if null), optionally POSTs an
   * escrowable message and holds the connection, stops.
   */
  private static String runOnce(Path dir, boolean post) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    CountDownLatch stop = new CountDownLatch(1);
    ExecutorService ex = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> status = ex.submit(() -> WatchCommand.run(
          new WatchCommand.Options(0, "127.0.0.1", dir), out, out, stop));
      Matcher m = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/").matcher("");
      for (int i = 0; i < 500 && !m.reset(bytes.toString(StandardCharsets.UTF_8)).find(); i++) {
        Thread.sleep(20);
      }
      int port = Integer.parseInt(m.group(1));
      Socket held = null;
      if (post) {
        held = new Socket("127.0.0.1", port);
        String body = icpBody();
        OutputStream o = held.getOutputStream();
        o.write(("POST / HTTP/1.1\r\nContent-Type: application/cesr\r\nContent-Length: "
            + body.length() + "\r\nCesr-Attachment: " + ATTACHMENT + "\r\n\r\n" + body)
            .getBytes(StandardCharsets.US_ASCII));
        o.flush();
        InputStream in = held.getInputStream();
        String line = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
        assertEquals("HTTP/1.1 204", line);
      }
      stop.countDown();
      assertEquals(Main.OK, status.get(30, TimeUnit.SECONDS));
      if (held != null) {
        held.close();
      }
      return bytes.toString(StandardCharsets.UTF_8);
    } finally {
      ex.shutdownNow();
    }
  }

  static final String ATTACHMENT = "-VAn-AABAADdX9gYcm2A3O-I00JlXyaEjPHryetFENHCgTEJHbemkJ-zXZR8RhipAx0xZk"
      + "tr8smmraXfY2kbCuQg8mpDjmsF-EAB0AAAAAAAAAAAAAAAAAAAAAAA1AAG2026-12-06T0"
      + "3c05c36d562174p00c00";

  static String icpBody() {
    return "{\"v\":\"KERI10JSON0001b7_\",\"t\":\"icp\",\"d\":\"EP25mGKRPFii19t372OW29xfLNx135"
      + "xf5y9O1PkfUxEO\",\"i\":\"EP25mGKRPFii19t372OW29xfLNx135xf5y9O1PkfUxEO\",\"s\""
      + ":\"0\",\"kt\":\"1\",\"k\":[\"DDayRTJ8KuO_xoHEfLvnT8MEtYH0O5HM4vxKGhPDlz1y\"],\"nt"
      + "\":\"1\",\"n\":[\"EKFIopitg5Eo5y9ycHi-2QzQlb4W44IkGCbG5HOpKWsu\"],\"bt\":\"2\",\"b"
      + "\":[\"BBilc4-L3tFUnfM_wJr4S4OJanAv_VmF_dJNN6vkf2Ha\",\"BLskRTInXnMxWaGqcpS"
      + "yMgo0nYbalW99cGZESrz3zapM\",\"BIKKuvBwpmDVA4Ds-EpL5bt9OqPzWPja2LigFYZN2Y"
      + "fX\"],\"c\":[],\"a\":[]}";
  }
}
