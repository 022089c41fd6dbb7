package dev.cesrj.cli;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.SqliteWatcherStore;
import dev.cesrj.http.store.WatcherStore;
import dev.cesrj.http.watcher.Watcher;
import dev.cesrj.http.watcher.WatcherServer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code cesrj watch --http PORT [--host ADDR] [--store DIR]}: runs a KERI watcher
 * ({@link Watcher}, {@link WatcherServer}) that takes keripy's HTTP POSTs and serves OOBIs,
 * receipts and KELs, until the process is stopped (SIGINT or SIGTERM: a shutdown hook stops the
 * server, closes the store, and prints what it closed and why). Without {@code --store} it keeps
 * what it verified in memory only. The guards are the server's defaults (docs/guide/watcher.md).
 */
final class WatchCommand {
  static final String USAGE = "       cesrj watch --http PORT [--host ADDR] [--store DIR]\n";

  private WatchCommand() {}

  /** The parsed arguments. */
  record Options(int port, String host, Path store) {}

  static Options parse(String[] args, int from) throws UsageException {
    Integer port = null;
    String host = "127.0.0.1";
    Path store = null;
    for (int i = from; i < args.length; i++) {
      String a = args[i];
      if (i + 1 >= args.length) {
        throw new UsageException("watch: " + a + " needs a value");
      }
      String v = args[++i];
      switch (a) {
        case "--http" -> {
          try {
            port = Integer.parseInt(v);
          } catch (NumberFormatException e) {
            throw new UsageException("watch: --http takes a port number: " + v);
          }
          if (port < 0 || port > 65535) {
            throw new UsageException("watch: --http port must be in [0, 65535]: " + v);
          }
        }
        case "--host" -> host = v;
        case "--store" -> store = Path.of(v);
        default -> throw new UsageException("watch: unknown option " + a);
      }
    }
    if (port == null) {
      throw new UsageException("watch needs --http PORT");
    }
    return new Options(port, host, store);
  }

  /**
   * Runs the watcher until {@code stop} counts down (the shutdown hook's, for the tool).
   *
   * @return the exit status
   */
  static int run(Options o, PrintStream out, CountDownLatch stop) throws InterruptedException {
    WatcherStore store = o.store() == null ? new InMemoryWatcherStore()
        : SqliteWatcherStore.open(o.store());
    Watcher watcher = Watcher.open(store);
    WatcherServer server = WatcherServer.builder(watcher).host(o.host()).port(o.port()).start();
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
      int open = server.stop();
      out.println("cesrj watch: stopped: closed " + open + " open connection(s); connections "
          + server.connectionsSummary());
      out.println("cesrj watch: " + watcher.stats());
      watcher.close();
      out.println("cesrj watch: closed store " + store.location() + " (" + store.size()
          + " records, each durable when acknowledged)");
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
