package dev.cesrj.cli;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.SqliteWatcherStore;
import dev.cesrj.http.store.StoreException;
import dev.cesrj.http.store.WatcherStore;
import dev.cesrj.http.watcher.Watcher;
import dev.cesrj.http.watcher.WatcherServer;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.kever.EscrowLimits;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR]}: runs a KERI watcher
 * ({@link Watcher}, {@link WatcherServer}) that takes keripy's HTTP POSTs and serves OOBIs,
 * receipts and KELs, until the process is stopped (SIGINT or SIGTERM: a shutdown hook stops the
 * server, closes the store, and prints what it closed and why). Without {@code --store} it keeps
 * what it verified in memory only. With {@code --schemas} the credentials it is sent are checked
 * against the ACDC schemas ({@code *.json}) of that directory; without, they wait in keripy's
 * missing-schema escrow ({@code mse}). The guards are the server's defaults (docs/guide/watcher.md).
 */
final class WatchCommand {
  /** The command line, as the usages show it. */
  static final String LINE = "cesrj watch --http PORT [--host ADDR] [--store DIR] [--schemas DIR]\n";

  /** What it does, in one line of the general usage ({@link Main#USAGE}). */
  static final String SUMMARY =
      "  watch     runs a KERI watcher over HTTP until SIGINT or SIGTERM (cesrj watch --help)\n";

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
      + "                 credentials wait in keripy's missing-schema escrow mse)\n";

  private WatchCommand() {}

  /**
   * The parsed arguments.
   *
   * @param port the port
   * @param host the address to listen on
   * @param store the store's directory, or null for memory only
   * @param schemas the directory of ACDC schemas, or null for none
   */
  record Options(int port, String host, Path store, Path schemas) {
    Options(int port, String host, Path store) {
      this(port, host, store, null);
    }
  }

  static Options parse(String[] args, int from) throws UsageException {
    Integer port = null;
    String host = "127.0.0.1";
    Path store = null;
    Path schemas = null;
    for (int i = from; i < args.length; i++) {
      String a = args[i];
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
        default -> throw new UsageException("watch: unknown option " + a, HELP);
      }
    }
    if (port == null) {
      throw new UsageException("watch needs --http PORT", HELP);
    }
    return new Options(port, host, store, schemas);
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
      watcher = Watcher.open(store, Clock.systemUTC(), EscrowLimits.DEFAULT, schemas);
    } catch (StoreException e) {
      store.close();
      err.println("cesrj watch: cannot replay the store: " + e.getMessage());
      return Main.IO_ERROR;
    }
    WatcherServer server;
    try {
      server = WatcherServer.builder(watcher).host(o.host()).port(o.port()).start();
    } catch (Exception e) { // Netty rethrows the bind's checked java.net.BindException unchecked
      watcher.close();
      err.println("cesrj watch: cannot listen on " + o.host() + ":" + o.port() + ": "
          + e.getMessage());
      if (e instanceof InterruptedException ie) {
        throw ie;
      }
      return Main.IO_ERROR;
    }
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
