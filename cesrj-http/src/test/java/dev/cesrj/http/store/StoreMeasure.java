package dev.cesrj.http.store;

import dev.cesrj.http.watcher.WatcherTestAccess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * Measures the two candidate stores of the watcher (docs/performance.md): writes N records of
 * recording A's POSTed messages (body and attachments, 145 to 439 bytes) durably, one append per
 * acknowledged message as the watcher does, then reads them all back; prints open time, append
 * throughput and latency percentiles, read-back time. Run (after {@code test-compile}):
 * {@code java -cp <test class path> dev.cesrj.http.store.StoreMeasure DIR N}.
 */
public final class StoreMeasure {
  private StoreMeasure() {}

  /**
   * Runs the measurement.
   *
   * @param args a scratch directory and N
   * @throws Exception if a store fails
   */
  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    int n = Integer.parseInt(args[1]);
    List<byte[]> msgs = new ArrayList<>();
    Base64.Decoder b64 = Base64.getDecoder();
    for (String line : WatcherTestAccess.recordedPostLines()) {
      String[] p = line.split(" ");
      byte[] body = b64.decode(p[2]);
      byte[] att = b64.decode(p[1]);
      byte[] raw = Arrays.copyOf(body, body.length + att.length);
      System.arraycopy(att, 0, raw, body.length, att.length);
      msgs.add(raw);
    }
    for (int round = 0; round < 2; round++) { // the first round warms the JIT
      run("sqlite", dir.resolve("sqlite" + round), n, msgs, SqliteWatcherStore::open);
      run("rocksdb", dir.resolve("rocks" + round), n, msgs, d -> {
        try {
          return new RocksWatcherStore(d);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
    }
  }

  private static void run(String name, Path d, int n, List<byte[]> msgs,
      Function<Path, WatcherStore> open) {
    long t0 = System.nanoTime();
    WatcherStore s = open.apply(d);
    long opened = System.nanoTime() - t0;
    long[] lat = new long[n];
    long bytes = 0;
    long w0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      byte[] m = msgs.get(i % msgs.size());
      long a = System.nanoTime();
      s.append(RecordKind.MESSAGE, m);
      lat[i] = System.nanoTime() - a;
      bytes += m.length;
    }
    long wrote = System.nanoTime() - w0;
    s.close();
    long r0 = System.nanoTime();
    WatcherStore again = open.apply(d);
    long reopened = System.nanoTime() - r0;
    List<StoreRecord> back = again.records();
    long read = System.nanoTime() - r0;
    again.close();
    if (back.size() != n) {
      throw new IllegalStateException(name + ": read " + back.size() + " of " + n);
    }
    Arrays.sort(lat);
    System.out.printf("%-8s n=%d bytes=%d open=%.1fms appends/s=%.0f p50=%.2fms p99=%.2fms "
        + "reopen=%.1fms reopen+readAll=%.1fms%n", name, n, bytes, opened / 1e6,
        n / (wrote / 1e9), lat[n / 2] / 1e6, lat[(int) (n * 0.99)] / 1e6, reopened / 1e6,
        read / 1e6);
  }
}
