package dev.cesrj.http.store;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/**
 * The candidate not chosen, kept in the tests for {@link StoreMeasure}: a {@link WatcherStore} in
 * RocksDB, each record a key (its seq, 8 bytes big-endian) and value (kind code, then the data),
 * each put synced ({@code WriteOptions.setSync(true)}: the write-ahead log is fsynced before the
 * put returns).
 */
final class RocksWatcherStore implements WatcherStore {
  static {
    RocksDB.loadLibrary();
  }

  private final Path dir;
  private final Options options;
  private final RocksDB db;
  private final WriteOptions sync = new WriteOptions().setSync(true);
  private long size;

  RocksWatcherStore(Path dir) throws Exception {
    Files.createDirectories(dir);
    this.dir = dir;
    this.options = new Options().setCreateIfMissing(true);
    this.db = RocksDB.open(options, dir.toString());
    try (RocksIterator it = db.newIterator()) {
      it.seekToLast();
      size = it.isValid() ? ByteBuffer.wrap(it.key()).getLong() : 0;
    }
  }

  @Override
  public synchronized long append(RecordKind kind, byte[] data) {
    long seq = size + 1;
    byte[] value = new byte[data.length + 1];
    value[0] = (byte) kind.code();
    System.arraycopy(data, 0, value, 1, data.length);
    try {
      db.put(sync, ByteBuffer.allocate(8).putLong(seq).array(), value);
    } catch (RocksDBException e) {
      throw new StoreException("cannot append " + seq, e);
    }
    size = seq;
    return seq;
  }

  @Override
  public synchronized List<StoreRecord> records() {
    List<StoreRecord> out = new ArrayList<>();
    try (RocksIterator it = db.newIterator()) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        byte[] v = it.value();
        byte[] data = new byte[v.length - 1];
        System.arraycopy(v, 1, data, 0, data.length);
        out.add(new StoreRecord(ByteBuffer.wrap(it.key()).getLong(), RecordKind.ofCode(v[0]),
            data));
      }
    }
    return out;
  }

  @Override
  public synchronized long size() {
    return size;
  }

  @Override
  public String location() {
    return dir.toString();
  }

  @Override
  public synchronized void close() {
    sync.close();
    db.close();
    options.close();
  }
}
