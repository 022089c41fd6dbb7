package dev.cesrj.cli;

import dev.cesrj.CesrOptions;
import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.SqliteWatcherStore;
import dev.cesrj.http.store.StoreException;
import dev.cesrj.http.store.WatcherStore;
import dev.cesrj.http.watcher.Watcher;
import dev.cesrj.http.watcher.WatcherLimits;
import dev.cesrj.http.watcher.WatcherServer;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.netty.CesrServerInitializer;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;

/**
 * {@code cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR]}: runs a KERI watcher
 * ({@link Watcher}, {@link WatcherServer}) that takes keripy's HTTP POSTs and serves OOBIs,
 * receipts and KELs, until the process is stopped (SIGINT or SIGTERM: a shutdown hook stops the
 * server, closes the store, and prints what it closed and why). Without {@code --store} it keeps
 * what it verified in memory only. With {@code --schemas} the credentials it is sent are checked
 * against the ACDC schemas ({@code *.json}) of that directory; without, they wait in keripy's
 * missing-schema escrow ({@code mse}). The guards and limits an operator tunes are options
 * ({@link WatchGuards}: {@code --budget}, {@code --max-connections}, {@code --max-body}, {@code
 * --max-header}, {@code --request-timeout}, {@code --idle-timeout}, {@code --escrow-messages},
 * {@code --escrow-bytes}, {@code --max-held-replies}, {@code --max-held-reply-bytes}), each a
 * plain whole number ({@link OptionNumbers}); the rest, and those not given, are the library's
 * defaults (docs/guide/watcher.md), but the memory budget, which is at most a third of the heap
 * ({@link WatchBudget}) and printed at start.
 */
final class WatchCommand {
  /** The command line, as the usages show it. */
  static final String LINE =
      "cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR] [GUARD VALUE]...\n";

  /** What it does, in one line of the general usage ({@link Main#USAGE}). */
  static final String SUMMARY =
      "  watch         runs a KERI watcher over HTTP until SIGINT or SIGTERM\n";

  /** The options {@link #parse} reads, each with a value: one not here is unknown. */
  private static final java.util.Set<String> OPTIONS = java.util.Set.of("--http", "--host",
      "--store", "--schemas", "--budget", "--max-connections", "--max-body", "--max-header",
      "--request-timeout", "--idle-timeout", "--escrow-messages", "--escrow-bytes",
      "--max-held-replies", "--max-held-reply-bytes");

  /** The smallest {@code --max-header}: {@link WatcherServer.Builder#maxHeaderBytes} takes it. */
  static final long MIN_HEADER_BYTES = 1024;

  /** The column the help's descriptions of the guards start at. */
  private static final int COLUMN = 32;

  /** The width the help's lines wrap at. */
  private static final int WIDTH = 99;

  /** What {@code cesrj watch --help} prints: the command line and each option with its default. */
  static final String HELP = "usage: " + LINE
      + "  runs a KERI watcher: takes keripy's HTTP POSTs (one message each, its attachments in"
      + " the\n"
      + "  Cesr-Attachment header), verifies them with keripy's rules and serves OOBIs, receipts"
      + " and\n"
      + "  KELs, until SIGINT or SIGTERM; it signs nothing\n"
      + "  --http PORT    the port to listen on (required; 0 takes a free one, printed at start)\n"
      + "  --host ADDR    the address to listen on (default 127.0.0.1)\n"
      + "  --store DIR    keep what it verified in DIR/watcher.sqlite, replayed at start"
      + " (default: none,\n"
      + "                 in memory only, lost when it stops)\n"
      + "  --schemas DIR  check credentials against the ACDC schemas (*.json) in DIR (default:"
      + " none,\n"
      + "                 credentials wait in keripy's missing-schema escrow mse)\n"
      + "  guards and limits (a plain whole number each: BYTES in bytes, SECONDS 0 for none):\n"
      + option("--budget BYTES", "the memory budget, shared by the requests in progress on every"
          + " connection (503 beyond; default: the smaller of "
          + CesrServerInitializer.DEFAULT_MEMORY_BUDGET_BYTES + " and a third of the max heap,"
          + " -Xmx; printed at start)")
      + option("--max-connections N", "the most connections open at once, one more closed"
          + " (default " + CesrServerInitializer.DEFAULT_MAX_CONNECTIONS + ")")
      + option("--max-body BYTES", "the largest request body (413 beyond; default "
          + CesrServerInitializer.DEFAULT_MAX_FRAME_BYTES + "; at most the budget)")
      + option("--max-header BYTES", "the largest header section, Cesr-Attachment included (431"
          + " beyond; default " + WatcherServer.DEFAULT_MAX_HEADER_BYTES + ", at least "
          + MIN_HEADER_BYTES + ")")
      + option("--request-timeout SECONDS", "a request's deadline from its first byte to its"
          + " last (408 beyond; default " + CesrServerInitializer.DEFAULT_FRAME_TIMEOUT.toSeconds()
          + ")")
      + option("--idle-timeout SECONDS", "close a connection that sends nothing this long"
          + " (default " + CesrServerInitializer.DEFAULT_IDLE_TIMEOUT.toSeconds() + ")")
      + option("--escrow-messages N", "the most KEL messages held in escrow, in all (rejected"
          + " ESCROW_FULL beyond; default " + EscrowLimits.DEFAULT.maxMessages() + "; per"
          + " prefix at most " + EscrowLimits.DEFAULT.maxMessagesPerPrefix() + ")")
      + option("--escrow-bytes BYTES", "the most heap bytes those escrows retain, in all"
          + " (default " + EscrowLimits.DEFAULT.maxBytes() + "; per prefix at most "
          + EscrowLimits.DEFAULT.maxBytesPerPrefix() + ")")
      + option("--max-held-replies N", "the most replies (rpy) held in memory, not kept, the"
          + " oldest evicted (default " + WatcherLimits.DEFAULT_MAX_HELD_REPLIES + ")")
      + option("--max-held-reply-bytes BYTES", "the most bytes of those replies (default "
          + WatcherLimits.DEFAULT_MAX_HELD_REPLY_BYTES + ")");

  /** {@return one option of the help: the option, then its description wrapped at the column} */
  private static String option(String option, String description) {
    StringBuilder b = new StringBuilder("  ").append(option);
    int lineStart = 0;
    for (String word : description.split(" ")) {
      int col = b.length() - lineStart;
      if (col < COLUMN) {
        b.append(" ".repeat(COLUMN - col));
      } else if (col + 1 + word.length() > WIDTH) {
        b.append('\n');
        lineStart = b.length();
        b.append(" ".repeat(COLUMN));
      } else {
        b.append(' ');
      }
      b.append(word);
    }
    return b.append('\n').toString();
  }

  private WatchCommand() {}

  /**
   * The parsed arguments.
   *
   * @param port the port
   * @param host the address to listen on
   * @param store the store's directory, or null for memory only
   * @param schemas the directory of ACDC schemas, or null for none
   * @param guards the server's guards and the watcher's limits
   */
  record Options(int port, String host, Path store, Path schemas, WatchGuards guards) {
    Options(int port, String host, Path store, Path schemas) {
      this(port, host, store, schemas, WatchGuards.DEFAULT);
    }

    Options(int port, String host, Path store) {
      this(port, host, store, null);
    }
  }

  static Options parse(String[] args, int from) throws UsageException {
    Integer port = null;
    String host = "127.0.0.1";
    Path store = null;
    Path schemas = null;
    OptionalLong budget = OptionalLong.empty();
    WatchGuards d = WatchGuards.DEFAULT;
    int maxConnections = d.maxConnections();
    long maxBody = d.maxBody();
    int maxHeader = d.maxHeader();
    Duration requestTimeout = d.requestTimeout();
    Duration idleTimeout = d.idleTimeout();
    OptionalInt escrowMessages = OptionalInt.empty();
    OptionalLong escrowBytes = OptionalLong.empty();
    int maxHeldReplies = d.limits().maxHeldReplies();
    long maxHeldReplyBytes = d.limits().maxHeldReplyBytes();
    for (int i = from; i < args.length; i++) {
      String a = args[i];
      if (!OPTIONS.contains(a)) {
        throw new UsageException("watch: unknown option " + a, HELP);
      }
      if (i + 1 >= args.length) {
        throw new UsageException("watch: " + a + " needs a value", HELP);
      }
      String v = args[++i];
      switch (a) {
        case "--http" -> {
          try {
            port = Integer.parseInt(v);
          } catch (NumberFormatException e) {
            throw new UsageException("watch: --http takes a port number: " + v, HELP);
          }
          if (port < 0 || port > 65535) {
            throw new UsageException("watch: --http port must be in [0, 65535]: " + v, HELP);
          }
        }
        case "--host" -> host = v;
        case "--store" -> store = Path.of(v);
        case "--schemas" -> schemas = Path.of(v);
        case "--budget" -> budget = OptionalLong.of(bytes(a, v, 1, Long.MAX_VALUE));
        case "--max-connections" -> maxConnections = (int) count(a, v, 1, Integer.MAX_VALUE);
        case "--max-body" ->
            maxBody = bytes(a, v, CesrOptions.MIN_FRAME_BYTES, CesrOptions.MAX_FRAME_BYTES);
        case "--max-header" -> maxHeader = (int) bytes(a, v, MIN_HEADER_BYTES, Integer.MAX_VALUE);
        case "--request-timeout" -> requestTimeout = seconds(a, v);
        case "--idle-timeout" -> idleTimeout = seconds(a, v);
        case "--escrow-messages" ->
            escrowMessages = OptionalInt.of((int) count(a, v, 0, Integer.MAX_VALUE));
        case "--escrow-bytes" -> escrowBytes = OptionalLong.of(bytes(a, v, 0, Long.MAX_VALUE));
        case "--max-held-replies" -> maxHeldReplies = (int) count(a, v, 0, Integer.MAX_VALUE);
        case "--max-held-reply-bytes" -> maxHeldReplyBytes = bytes(a, v, 0, Long.MAX_VALUE);
        default -> throw new IllegalStateException("an option of OPTIONS without a case: " + a);
      }
    }
    if (port == null) {
      throw new UsageException("watch needs --http PORT", HELP);
    }
    if (budget.isPresent() && budget.getAsLong() < maxBody) {
      throw new UsageException("watch: --budget " + budget.getAsLong() + " is below --max-body "
          + maxBody + ": no request of the largest body could ever fit", HELP);
    }
    WatcherLimits limits = new WatcherLimits(WatchGuards.escrow(escrowMessages, escrowBytes),
        maxHeldReplies, maxHeldReplyBytes);
    return new Options(port, host, store, schemas, new WatchGuards(budget, maxConnections,
        maxBody, maxHeader, requestTimeout, idleTimeout, limits));
  }

  private static long bytes(String option, String v, long min, long max) throws UsageException {
    return OptionNumbers.parse("watch", option, v, OptionNumbers.Unit.BYTES, min, max, HELP);
  }

  private static long count(String option, String v, long min, long max) throws UsageException {
    return OptionNumbers.parse("watch", option, v, OptionNumbers.Unit.COUNT, min, max, HELP);
  }

  private static Duration seconds(String option, String v) throws UsageException {
    return Duration.ofSeconds(OptionNumbers.parse("watch", option, v, OptionNumbers.Unit.SECONDS,
        0, OptionNumbers.MAX_SECONDS, HELP));
  }

  /**
   * Runs the watcher until {@code stop} counts down (the shutdown hook's, for the tool). A store
   * that cannot be opened or replayed (damaged, held by another watcher) or an address it cannot
   * listen on is one line on {@code err} and {@link Main#IO_ERROR}, everything opened closed.
   *
   * @return the exit status
   */
  static int run(Options o, PrintStream out, PrintStream err, CountDownLatch stop)
      throws InterruptedException {
    WatchBudget budget = WatchBudget.of(o.guards().budget(), Runtime.getRuntime().maxMemory());
    if (budget.bytes() < o.guards().maxBody()) {
      err.println("cesrj watch: the memory budget of " + budget.bytes() + " bytes ("
          + budget.why() + ") is below --max-body " + o.guards().maxBody()
          + ": give --budget, a smaller --max-body or a larger -Xmx");
      return Main.BAD_INPUT;
    }
    InMemorySchemaResolver schemas = new InMemorySchemaResolver();
    if (o.schemas() != null) {
      try {
        schemas.addAll(o.schemas());
      } catch (UncheckedIOException | KeriBodyException e) {
        err.println("cesrj watch: cannot read the schemas in " + o.schemas() + ": "
            + e.getMessage());
        return Main.IO_ERROR;
      }
    }
    WatcherStore store;
    Watcher watcher;
    try {
      store = o.store() == null ? new InMemoryWatcherStore() : SqliteWatcherStore.open(o.store());
    } catch (StoreException e) {
      err.println("cesrj watch: " + e.getMessage());
      return Main.IO_ERROR;
    }
    try {
      watcher = Watcher.open(store, Clock.systemUTC(), o.guards().limits(), schemas);
    } catch (StoreException e) {
      store.close();
      err.println("cesrj watch: cannot replay the store: " + e.getMessage());
      return Main.IO_ERROR;
    }
    WatcherServer server;
    try {
      server = o.guards().applyTo(WatcherServer.builder(watcher).host(o.host()).port(o.port()),
          budget).start();
    } catch (Exception e) { // Netty rethrows the bind's checked java.net.BindException unchecked
      watcher.close();
      err.println("cesrj watch: cannot listen on " + o.host() + ":" + o.port() + ": "
          + e.getMessage());
      if (e instanceof InterruptedException ie) {
        throw ie;
      }
      return Main.IO_ERROR;
    }
    out.println("cesrj watch: memory budget " + budget.bytes() + " bytes (" + budget.why()
        + ")");
    out.println("cesrj watch: listening on http://" + o.host() + ":" + server.port()
        + "/, store " + store.location() + " (" + watcher.stats().replayed()
        + " messages replayed)");
    out.flush();
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      stop.countDown();
      try {
        stopped.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "cesrj-watch-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      stop.await();
    } finally {
      try {
        int open = server.stop();
        out.println("cesrj watch: stopped: closed " + open + " open connection(s); connections "
            + server.connectionsSummary() + " (OTHER: closed by the client, or by this stop)");
      } finally {
        // the watcher (and its store) are closed even if stopping the server failed
        out.println("cesrj watch: " + watcher.stats());
        watcher.close();
      }
      out.println("cesrj watch: closed store " + store.location() + " (" + store.size()
          + (o.store() == null ? " records, in memory only: gone now that it stopped)"
              : " records, each durable when acknowledged)"));
      out.flush();
      stopped.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is what stopped us
      }
    }
    return Main.OK;
  }
}
