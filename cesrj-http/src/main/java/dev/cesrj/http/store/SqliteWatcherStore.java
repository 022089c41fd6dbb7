package dev.cesrj.http.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.sqlite.SQLiteConfig;

/**
 * A {@link WatcherStore} in an SQLite database file ({@value #FILE_NAME} in the store's
 * directory), through SQLite's JDBC driver ({@code org.xerial:sqlite-jdbc}, which carries
 * SQLite's native library). One table, {@code log(seq INTEGER PRIMARY KEY, kind INTEGER, data
 * BLOB, crc INTEGER)}, {@code crc} the CRC-32C of the kind's code byte and the data: SQLite does
 * not check the bytes of its pages, so a record damaged on disk (a flipped bit) would otherwise be
 * replayed as a different message and silently judged again; {@link #records()} throws a {@link
 * StoreException} naming the record instead. A directory is held by one store at a time: {@link
 * #open} takes an exclusive lock on {@value #LOCK_NAME} in it (kept until {@link #close}), so a
 * second watcher on the same directory, in this process or another, fails at start with a {@link
 * StoreException} rather than interleaving its appends with the first's. Each {@link #append} is one transaction, committed in write-ahead-log mode with {@code
 * synchronous=FULL}, so the log is synced to the disk before {@code append} returns (SQLite's
 * documentation, "Write-Ahead Logging" and "PRAGMA synchronous": in WAL mode with FULL a commit
 * is durable across a power loss). A crash mid-write leaves the last transaction out, whole.
 *
 * <p>Why SQLite and not RocksDB: measured in docs/performance.md (durable appends of recorded
 * KERI messages, read back): equal within noise where the disk sync dominates, a smaller jar
 * (12 MB against 29 MB for RocksDB's Linux-only jar) and a faster open; the reasons are in
 * docs/guide/watcher.md.
 *
 * <p>Thread-safe (one connection, appends serialized).
 */
public final class SqliteWatcherStore implements WatcherStore {
  /** The database file's name in the store's directory: {@value}. */
  public static final String FILE_NAME = "watcher.sqlite";

  /** The lock file's name in the store's directory: {@value}. */
  public static final String LOCK_NAME = "watcher.lock";

  private final Path file;
  private final Connection db;
  private final PreparedStatement insert;
  private final FileLock lock;
  private long size;
  private boolean closed;

  private SqliteWatcherStore(Path file, Connection db, FileLock lock) throws SQLException {
    this.file = file;
    this.db = db;
    this.lock = lock;
    try (Statement s = db.createStatement()) {
      s.executeUpdate("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, "
          + "kind INTEGER NOT NULL, data BLOB NOT NULL, crc INTEGER NOT NULL)");
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM log")) {
        rs.next();
        size = rs.getLong(1);
      }
    }
    this.insert = db.prepareStatement(
        "INSERT INTO log (seq, kind, data, crc) VALUES (?, ?, ?, ?)");
  }

  /**
   * Opens the store in {@code dir} (made if missing), with the records a previous store there
   * kept.
   *
   * @param dir the store's directory
   * @return the store
   * @throws StoreException if the directory or database cannot be made or opened, or another
   *     store holds the directory
   */
  public static SqliteWatcherStore open(Path dir) {
    FileLock lock = null;
    try {
      Files.createDirectories(dir);
      lock = lock(dir);
      Path file = dir.resolve(FILE_NAME);
      SQLiteConfig config = new SQLiteConfig();
      config.setJournalMode(SQLiteConfig.JournalMode.WAL);
      config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
      config.setBusyTimeout(10_000);
      Connection c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try {
        return new SqliteWatcherStore(file, c, lock);
      } catch (SQLException e) {
        c.close();
        throw e;
      }
    } catch (IOException | SQLException | StoreException e) {
      release(lock);
      throw e instanceof StoreException se ? se
          : new StoreException("cannot open the store in " + dir + ": " + e.getMessage(), e);
    } catch (RuntimeException | Error e) {
      release(lock); // a driver's unchecked failure must not keep the directory locked
      throw e;
    }
  }

  private static FileLock lock(Path dir) throws IOException {
    Path p = dir.resolve(LOCK_NAME);
    FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock l;
    try {
      l = ch.tryLock();
    } catch (OverlappingFileLockException e) {
      l = null;
    } catch (IOException | RuntimeException e) {
      ch.close(); // the channel is not leaked when locking fails
      throw e;
    }
    if (l == null) {
      ch.close();
      throw new StoreException("cannot open the store in " + dir + ": another store holds "
          + p + " (one watcher per store directory)", null);
    }
    return l;
  }

  private static void release(FileLock l) {
    if (l != null) {
      try {
        l.channel().close(); // releases the lock
      } catch (IOException ignored) {
        // closing a lock file's channel: nothing more to do
      }
    }
  }

  /** {@return the CRC-32C of {@code kind}'s code byte and {@code data}} */
  private static long crc(int kind, byte[] data) {
    CRC32C c = new CRC32C();
    c.update(kind);
    c.update(data);
    return c.getValue();
  }

  @Override
  public synchronized long append(RecordKind kind, byte[] data) {
    open();
    long seq = size + 1;
    try {
      insert.setLong(1, seq);
      insert.setInt(2, kind.code());
      insert.setBytes(3, data);
      insert.setLong(4, crc(kind.code(), data));
      insert.executeUpdate(); // auto-commit: one durable transaction
    } catch (SQLException e) {
      throw new StoreException("cannot append record " + seq + " to " + file + ": "
          + e.getMessage(), e);
    }
    size = seq;
    return seq;
  }

  @Override
  public synchronized List<StoreRecord> records() {
    List<StoreRecord> out = new ArrayList<>();
    forEach(out::add);
    return out;
  }

  /** Streams the records from the database, one row at a time, checking each one's CRC-32C. */
  @Override
  public synchronized void forEach(java.util.function.Consumer<StoreRecord> action) {
    open();
    try (Statement s = db.createStatement();
        ResultSet rs = s.executeQuery("SELECT seq, kind, data, crc FROM log ORDER BY seq")) {
      long expected = 1;
      while (rs.next()) {
        long seq = rs.getLong(1);
        int kind = rs.getInt(2);
        byte[] data = rs.getBytes(3);
        if (seq != expected || data == null || crc(kind, data) != rs.getLong(4)) {
          throw new StoreException("record " + seq + " of " + file + " is damaged (expected "
              + "record " + expected + " with its CRC-32C); the log is not replayed past it",
              null);
        }
        RecordKind k;
        try {
          k = RecordKind.ofCode(kind);
        } catch (IllegalArgumentException e) {
          throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
        }
        action.accept(new StoreRecord(seq, k, data)); // the action's own errors pass as they are
        expected++;
      }
    } catch (SQLException e) {
      throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized long size() {
    return size;
  }

  @Override
  public String location() {
    return file.toString();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      insert.close();
      db.close();
    } catch (SQLException e) {
      release(lock);
      throw new StoreException("cannot close " + file + ": " + e.getMessage(), e);
    }
    release(lock);
  }

  private void open() {
    if (closed) {
      throw new StoreException("the store " + file + " is closed", null);
    }
  }
}
