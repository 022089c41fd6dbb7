package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.netty.CesrServerInitializer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every default docs/guide/watcher.md's settings table names is the default a plain {@code
 * WatcherServer.builder(w).start()} runs with (issue 32's review: a new user reads the guide).
 */
class WatcherDefaultsTest {
  /** {@return the first table row whose first column names {@code setting}} */
  private static String row(List<String> guide, String setting) {
    return guide.stream()
        .filter(l -> l.startsWith("|") && l.split("\\|", 3).length == 3
            && l.split("\\|", 3)[1].contains("`" + setting))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row for " + setting + " in the guide"));
  }

  @Test
  void theGuidesDefaultsAreTheServers() throws Exception {
    List<String> guide = Files.readAllLines(Path.of("..", "docs", "guide", "watcher.md"));
    try (Watcher w = Watcher.open(new InMemoryWatcherStore());
        WatcherServer s = WatcherServer.builder(w).start()) {
      CesrServerInitializer in = s.initializer();
      assertEquals(64 << 10, WatcherServer.DEFAULT_MAX_HEADER_BYTES);
      assertTrue(row(guide, "maxHeaderBytes").contains("| 64 KiB"));
      assertEquals(8 << 10, WatcherServer.DEFAULT_MAX_LINE_BYTES);
      assertTrue(row(guide, "maxLineBytes").contains("| 8 KiB"));
      assertEquals(1L << 20, in.options().maxFrameBytes());
      assertTrue(row(guide, "maxFrameBytes").contains("| 1 MiB"));
      assertEquals(Duration.ofSeconds(30), in.guards().frameTimeout());
      assertTrue(row(guide, "frameTimeout").contains("| 30 s"));
      assertEquals(64L << 20, in.guards().budget().limitBytes());
      assertTrue(row(guide, "memoryBudgetBytes").contains("| 64 MiB"));
      assertEquals(1024, CesrServerInitializer.DEFAULT_MAX_CONNECTIONS);
      assertTrue(row(guide, "maxConnections").contains("| 1024"));
      assertEquals(Duration.ofSeconds(60), CesrServerInitializer.DEFAULT_IDLE_TIMEOUT);
      assertEquals(Duration.ofSeconds(30), CesrServerInitializer.DEFAULT_WRITE_TIMEOUT);
      assertTrue(row(guide, "idleTimeout").contains("| 60 s / 30 s"));
      assertTrue(row(guide, "--host").contains("`127.0.0.1`"));
    }
  }
}
