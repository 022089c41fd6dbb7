package dev.cesrj.http.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sqlite.SQLiteConfig;

/**
 * A {@link WatcherStore} in an SQLite database file ({@value #FILE_NAME} in the store's
 * directory), through SQLite's JDBC driver ({@code org.xerial:sqlite-jdbc}, which carries
 * SQLite's native library). One table, {@code log(seq INTEGER PRIMARY KEY, kind INTEGER, data
 * BLOB)}; each {@link #append} is one transaction, committed in write-ahead-log mode with {@code
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

  private final Path file;
  private final Connection db;
  private final PreparedStatement insert;
  private long size;
  private boolean closed;

  private SqliteWatcherStore(Path file, Connection db) throws SQLException {
    this.file = file;
    this.db = db;
    try (Statement s = db.createStatement()) {
      s.executeUpdate("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, "
          + "kind INTEGER NOT NULL, data BLOB NOT NULL)");
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM log")) {
        rs.next();
        size = rs.getLong(1);
      }
    }
    this.insert = db.prepareStatement("INSERT INTO log (seq, kind, data) VALUES (?, ?, ?)");
  }

  /**
   * Opens the store in {@code dir} (made if missing), with the records a previous store there
   * kept.
   *
   * @param dir the store's directory
   * @return the store
   * @throws StoreException if the directory or database cannot be made or opened
   */
  public static SqliteWatcherStore open(Path dir) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(FILE_NAME);
      SQLiteConfig config = new SQLiteConfig();
      config.setJournalMode(SQLiteConfig.JournalMode.WAL);
      config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
      config.setBusyTimeout(10_000);
      Connection c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try {
        return new SqliteWatcherStore(file, c);
      } catch (SQLException e) {
        c.close();
        throw e;
      }
    } catch (IOException | SQLException e) {
      throw new StoreException("cannot open the store in " + dir + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized long append(RecordKind kind, byte[] data) {
    open();
    long seq = size + 1;
    try {
      insert.setLong(1, seq);
      insert.setInt(2, kind.code());
      insert.setBytes(3, data);
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
    open();
    List<StoreRecord> out = new ArrayList<>();
    try (Statement s = db.createStatement();
        ResultSet rs = s.executeQuery("SELECT seq, kind, data FROM log ORDER BY seq")) {
      while (rs.next()) {
        out.add(new StoreRecord(rs.getLong(1), RecordKind.ofCode(rs.getInt(2)), rs.getBytes(3)));
      }
    } catch (SQLException | IllegalArgumentException e) {
      throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return out;
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
      throw new StoreException("cannot close " + file + ": " + e.getMessage(), e);
    }
  }

  private void open() {
    if (closed) {
      throw new StoreException("the store " + file + " is closed", null);
    }
  }
}
