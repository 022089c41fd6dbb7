/**
 * What a watcher ({@link dev.cesrj.http.watcher}) verified, kept so that a restart loses nothing:
 * an append log of records ({@link StoreRecord}), each written durably before the watcher
 * acknowledges the request that produced it, and read back in order on start. One interface
 * ({@link WatcherStore}), two implementations: {@link SqliteWatcherStore} (on disk, the one
 * {@code cesrj watch --store} uses; chosen over RocksDB by measurement, docs/guide/watcher.md) and
 * {@link InMemoryWatcherStore} (for tests, and a watcher that need not outlive its process).
 *
 * <p>May depend on the JDK and SQLite's JDBC driver only; knows nothing of KERI (a record's bytes
 * are the watcher's).
 */
package dev.cesrj.http.store;
