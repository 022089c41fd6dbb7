package dev.cesrj.http.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.watcher.Watcher;
import dev.cesrj.http.watcher.WatcherTestAccess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A watcher's store killed mid-write loses nothing it acknowledged: a child JVM ({@link
 * CrashWriter}) takes recording A's POSTs into a watcher on an SQLite store, then appends records
 * without end; it is killed ({@code destroyForcibly}, SIGKILL) after a number of acknowledged
 * appends drawn from a seeded {@link SplittableRandom}. Restarted on the same directory, the store
 * holds every acknowledged record, whole, and the watcher's KELs verify to keripy's key states.
 */
class StoreCrashTest {
  private static final long SEED = Long.getLong("cesrj.test.seed", 32L);

  @Test
  void killedMidWriteLosesNothingAcknowledged(@TempDir Path dir) throws Exception {
    Path posts = dir.resolve("posts.txt");
    Files.write(posts, WatcherTestAccess.recordedPostLines());
    Path storeDir = dir.resolve("store");
    int killAfter = 20 + new SplittableRandom(SEED).nextInt(200);
    String cp = System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path"));
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", cp, CrashWriter.class.getName(), storeDir.toString(),
        posts.toString()).redirectErrorStream(true).start();
    long lastAcked = 0;
    int posted = 0;
    List<String> out = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
        StandardCharsets.UTF_8))) {
      int recs = 0;
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        out.add(line);
        if (line.startsWith("ACK post ")) {
          posted++;
        } else if (line.startsWith("ACK rec ")) {
          lastAcked = Long.parseLong(line.substring(8));
          if (++recs == killAfter) {
            p.destroyForcibly();
            break;
          }
        }
      }
    } finally {
      p.destroyForcibly();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    }
    assertEquals(WatcherTestAccess.recordedPostLines().size(), posted, String.join("\n", out));
    assertTrue(lastAcked > 0, "seed " + SEED + ": " + String.join("\n", out));
    try (SqliteWatcherStore store = SqliteWatcherStore.open(storeDir)) {
      List<StoreRecord> records = store.records();
      assertTrue(records.size() >= lastAcked, "seed " + SEED + ": acknowledged " + lastAcked
          + ", found " + records.size());
      for (int i = 0; i < records.size(); i++) {
        assertEquals(i + 1, records.get(i).seq(), "no gap");
      }
    }
    try (Watcher w = Watcher.open(SqliteWatcherStore.open(storeDir))) {
      WatcherTestAccess.assertKeyStates(w);
    }
  }
}
