package dev.cesrj.http.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watcher's SQLite store attacked on disk (issue 32's review): each damage is a typed
 * {@link StoreException} at start, never a record replayed with other bytes or a second writer
 * interleaving its appends with the first's.
 */
class StoreBreakTest {
  private static final int RECORDS = 20;

  private static byte[] data(int i) {
    return ("record-" + i + "-" + "x".repeat(200)).getBytes(StandardCharsets.US_ASCII);
  }

  private static void fill(Path dir) {
    try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
      for (int i = 1; i <= RECORDS; i++) {
        s.append(RecordKind.MESSAGE, data(i));
      }
    }
  }

  private static int indexOf(byte[] hay, byte[] needle, int from) {
    outer:
    for (int i = from; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void aFlippedByteInARecordIsFoundAtStart(@TempDir Path dir) throws IOException {
    fill(dir);
    Path f = dir.resolve(SqliteWatcherStore.FILE_NAME);
    byte[] bytes = Files.readAllBytes(f);
    assertTrue(Files.notExists(dir.resolve(SqliteWatcherStore.FILE_NAME + "-wal"))
        || Files.size(dir.resolve(SqliteWatcherStore.FILE_NAME + "-wal")) == 0, "no WAL left");
    // every copy (SQLite's freed pages may hold stale ones): '7' becomes '6', a different text
    byte[] needle = "record-7-".getBytes(StandardCharsets.US_ASCII);
    int copies = 0;
    for (int at = indexOf(bytes, needle, 0); at >= 0; at = indexOf(bytes, needle, at + 1)) {
      bytes[at + 7] ^= 0x01;
      copies++;
    }
    assertTrue(copies > 0, "record 7's bytes are in the database file");
    Files.write(f, bytes);
    try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
      StoreException e = assertThrows(StoreException.class, s::records);
      assertTrue(e.getMessage().startsWith("record 7 of ") && e.getMessage().contains("damaged"),
          e.getMessage());
    }
  }

  @Test
  void aTruncatedFileIsAStoreException(@TempDir Path dir) throws IOException {
    fill(dir);
    Path f = dir.resolve(SqliteWatcherStore.FILE_NAME);
    byte[] bytes = Files.readAllBytes(f);
    Files.write(f, java.util.Arrays.copyOf(bytes, bytes.length - 100));
    // SQLite finds the short file at open or at the first read: either way a StoreException
    assertThrows(StoreException.class, () -> {
      try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
        List<StoreRecord> rs = s.records();
        assertEquals(RECORDS, rs.size(), "if SQLite reads it all, every record is whole");
        throw new StoreException("read whole", null);
      }
    });
  }

  @Test
  void anEmptyFileIsAnEmptyStore(@TempDir Path dir) throws IOException {
    Files.write(dir.resolve(SqliteWatcherStore.FILE_NAME), new byte[0]);
    try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
      assertEquals(0, s.size());
      assertEquals(1, s.append(RecordKind.MESSAGE, data(1)));
    }
    try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
      assertEquals(List.of(new StoreRecord(1, RecordKind.MESSAGE, data(1))), s.records());
    }
  }

  @Test
  void aMissingDirectoryIsMade(@TempDir Path dir) {
    Path deep = dir.resolve("a/b/c");
    try (SqliteWatcherStore s = SqliteWatcherStore.open(deep)) {
      assertEquals(0, s.size());
    }
    assertTrue(Files.exists(deep.resolve(SqliteWatcherStore.FILE_NAME)));
  }

  @Test
  void twoStoresOnOneDirectoryCannotBothBeOpen(@TempDir Path dir) {
    try (SqliteWatcherStore a = SqliteWatcherStore.open(dir)) {
      a.append(RecordKind.MESSAGE, data(1));
      StoreException e = assertThrows(StoreException.class, () -> SqliteWatcherStore.open(dir));
      assertTrue(e.getMessage().contains("another store holds"), e.getMessage());
      assertEquals(2, a.append(RecordKind.MESSAGE, data(2)), "the first keeps writing");
    }
    try (SqliteWatcherStore b = SqliteWatcherStore.open(dir)) { // released on close
      assertEquals(2, b.records().size());
    }
  }
}
