package dev.cesrj.http.store;

import dev.cesrj.http.watcher.PostTarget;
import dev.cesrj.http.watcher.Watcher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The child JVM of {@code StoreCrashTest}: a watcher on an SQLite store in {@code args[0]} takes
 * recording A's POSTs (read from the file {@code args[1]}: per line, target, attachments and
 * body, Base64), printing {@code ACK post <n>} after each answer; then it appends records of those
 * messages to the store without end, printing {@code ACK rec <seq>} after each append returns,
 * until it is killed.
 */
public final class CrashWriter {
  private CrashWriter() {}

  /**
   * Runs until killed.
   *
   * @param args the store directory and the file of POSTs
   * @throws IOException if the file cannot be read
   */
  public static void main(String[] args) throws IOException {
    List<String[]> posts = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[1]))) {
      posts.add(line.split(" ", -1));
    }
    Base64.Decoder b64 = Base64.getDecoder();
    Watcher w = Watcher.open(SqliteWatcherStore.open(Path.of(args[0])));
    int n = 0;
    List<byte[]> raws = new ArrayList<>();
    for (String[] p : posts) {
      byte[] body = b64.decode(p[2]);
      String att = new String(b64.decode(p[1]), StandardCharsets.US_ASCII);
      w.post(PostTarget.valueOf(p[0]), body, att, "crash");
      System.out.println("ACK post " + n++);
      byte[] raw = new byte[body.length + att.length()];
      System.arraycopy(body, 0, raw, 0, body.length);
      System.arraycopy(att.getBytes(StandardCharsets.US_ASCII), 0, raw, body.length, att.length());
      raws.add(raw);
    }
    System.out.flush();
    WatcherStore store = w.store();
    for (int i = 0; ; i++) {
      long seq = store.append(RecordKind.MESSAGE, raws.get(i % raws.size()));
      System.out.println("ACK rec " + seq);
      System.out.flush();
    }
  }
}
