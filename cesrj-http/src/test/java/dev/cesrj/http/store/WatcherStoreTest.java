package dev.cesrj.http.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both stores keep the same log: records in order, whole, across a reopen. */
class WatcherStoreTest {

  private static void roundTrip(WatcherStore s, List<byte[]> data) {
    for (int i = 0; i < data.size(); i++) {
      RecordKind k = i % 3 == 0 ? RecordKind.FIRST_SEEN : RecordKind.MESSAGE;
      assertEquals(i + 1, s.append(k, data.get(i)));
    }
    List<StoreRecord> back = s.records();
    assertEquals(data.size(), back.size());
    assertEquals(data.size(), s.size());
    for (int i = 0; i < data.size(); i++) {
      assertEquals(i + 1, back.get(i).seq());
      assertEquals(i % 3 == 0 ? RecordKind.FIRST_SEEN : RecordKind.MESSAGE, back.get(i).kind());
      assertArrayEquals(data.get(i), back.get(i).data());
    }
  }

  private static List<byte[]> data() {
    SplittableRandom r = new SplittableRandom(Long.getLong("cesrj.test.seed", 32L));
    List<byte[]> out = new ArrayList<>();
    out.add(new byte[0]);
    for (int i = 0; i < 40; i++) {
      byte[] b = new byte[r.nextInt(2000)];
      r.nextBytes(b);
      out.add(b);
    }
    return out;
  }

  @Test
  void sqliteKeepsTheLogAcrossAReopen(@TempDir Path dir) {
    List<byte[]> data = data();
    try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
      roundTrip(s, data);
      assertEquals(dir.resolve(SqliteWatcherStore.FILE_NAME).toString(), s.location());
    }
    try (SqliteWatcherStore s = SqliteWatcherStore.open(dir)) {
      assertEquals(data.size(), s.size());
      assertEquals(data.size() + 1, s.append(RecordKind.MESSAGE, new byte[] {1}));
      s.close();
      s.close(); // twice does nothing
      assertThrows(StoreException.class, () -> s.append(RecordKind.MESSAGE, new byte[0]));
      assertThrows(StoreException.class, s::records);
    }
  }

  @Test
  void inMemoryKeepsTheLogAcrossAReopen() {
    InMemoryWatcherStore s = new InMemoryWatcherStore();
    roundTrip(s, data());
    s.close();
    assertThrows(StoreException.class, () -> s.append(RecordKind.MESSAGE, new byte[0]));
    assertEquals(data().size(), s.reopen().records().size());
    assertEquals("memory", s.location());
  }

  @Test
  void kindsAndRecordsAreChecked() {
    assertEquals(RecordKind.MESSAGE, RecordKind.ofCode(1));
    assertEquals(RecordKind.FIRST_SEEN, RecordKind.ofCode(2));
    assertEquals(RecordKind.SOURCED_MESSAGE, RecordKind.ofCode(3));
    assertThrows(IllegalArgumentException.class, () -> RecordKind.ofCode(4));
    assertThrows(IllegalArgumentException.class,
        () -> new StoreRecord(0, RecordKind.MESSAGE, new byte[0]));
    byte[] b = {1, 2};
    StoreRecord r = new StoreRecord(1, RecordKind.MESSAGE, b);
    b[0] = 9;
    assertEquals(1, r.data()[0], "the record keeps a copy");
    assertEquals(new StoreRecord(1, RecordKind.MESSAGE, new byte[] {1, 2}), r);
  }

  @Test
  void aStoreThatCannotOpenSaysWhere(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("a-file");
    java.nio.file.Files.writeString(file, "x");
    StoreException e = assertThrows(StoreException.class, () -> SqliteWatcherStore.open(file));
    assertEquals(true, e.getMessage().startsWith("cannot open the store in " + file), e.getMessage());
  }
}
