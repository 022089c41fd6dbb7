package dev.cesrj.http.store;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link WatcherStore} on the heap: for tests, and for a watcher that need not outlive its
 * process (a restart loses everything). Its records are "durable" for the life of the object, so
 * a second watcher built on the same instance sees what the first kept, as it would on a store
 * on disk.
 */
public final class InMemoryWatcherStore implements WatcherStore {
  private final List<StoreRecord> records = new ArrayList<>();
  private boolean closed;

  /** An empty store. */
  public InMemoryWatcherStore() {}

  @Override
  public synchronized long append(RecordKind kind, byte[] data) {
    open();
    StoreRecord r = new StoreRecord(records.size() + 1L, kind, data);
    records.add(r);
    return r.seq();
  }

  @Override
  public synchronized List<StoreRecord> records() {
    open();
    return List.copyOf(records);
  }

  @Override
  public synchronized long size() {
    return records.size();
  }

  @Override
  public String location() {
    return "memory";
  }

  /** Marks the store closed; its records stay, for a watcher that {@link #reopen}s it. */
  @Override
  public synchronized void close() {
    closed = true;
  }

  /**
   * {@return this store, open again with its records}: what a restart on the same directory does
   * for a store on disk.
   */
  public synchronized InMemoryWatcherStore reopen() {
    closed = false;
    return this;
  }

  private void open() {
    if (closed) {
      throw new StoreException("the store is closed", null);
    }
  }
}
