package dev.cesrj.http.store;

import java.util.List;

/**
 * The append log a watcher keeps what it verified in: records appended one at a time, each
 * durable when {@link #append} returns (on disk and synced, for a store on disk), read back in
 * the order they were appended. A record is never changed or removed. A crash loses at most a
 * record whose {@code append} had not returned: never one that was acknowledged, and never part
 * of one (a record is all there or not at all).
 *
 * <p>Thread-safe: appends from several threads are ordered; {@link #records()} sees every append
 * that returned before it was called.
 */
public interface WatcherStore extends AutoCloseable {

  /**
   * Appends a record and returns once it is durable.
   *
   * @param kind what it holds
   * @param data its bytes (copied)
   * @return the record's {@link StoreRecord#seq}
   * @throws StoreException if it could not be written (the record is then not in the log)
   */
  long append(RecordKind kind, byte[] data);

  /**
   * {@return every record, in the order appended}
   *
   * @throws StoreException if the log could not be read
   */
  List<StoreRecord> records();

  /**
   * Hands each record to {@code action}, in the order appended, without holding the whole log in
   * memory where the store can (the watcher's replay uses this). The default reads {@link
   * #records()}.
   *
   * @param action takes each record
   * @throws StoreException if the log could not be read
   */
  default void forEach(java.util.function.Consumer<StoreRecord> action) {
    records().forEach(action);
  }

  /** {@return the number of records in the log} */
  long size();

  /** {@return where the records are kept, for messages: a path, or "memory"} */
  String location();

  /**
   * Closes the store; later calls fail with {@link StoreException}. Closing twice does nothing.
   */
  @Override
  void close();
}
