package dev.cesrj.http.watcher;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.RecordKind;
import dev.cesrj.http.store.StoreRecord;
import dev.cesrj.http.store.WatcherStore;
import java.util.List;

/**
 * An in-memory store that a test wraps to make an append fail or wait: every call goes to {@link
 * #inner}, {@link #append} through {@link #beforeAppend()} first.
 */
abstract class ForwardingStore implements WatcherStore {
  final InMemoryWatcherStore inner = new InMemoryWatcherStore();
  private final String location;

  /** @param location what {@link #location()} says */
  ForwardingStore(String location) {
    this.location = location;
  }

  /** Runs before each append: may throw (the append fails) or block (the append waits). */
  abstract void beforeAppend();

  @Override
  public long append(RecordKind kind, byte[] data) {
    beforeAppend();
    return inner.append(kind, data);
  }

  @Override
  public List<StoreRecord> records() {
    return inner.records();
  }

  @Override
  public long size() {
    return inner.size();
  }

  @Override
  public String location() {
    return location;
  }

  @Override
  public void close() {
    inner.close();
  }
}
