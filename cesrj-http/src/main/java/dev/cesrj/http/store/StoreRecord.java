package dev.cesrj.http.store;

import java.util.Arrays;
import java.util.Objects;

/**
 * One record of a {@link WatcherStore}'s log.
 *
 * @param seq its place in the log: 1 for the first record appended, then 2, 3, ... (never
 *     reused)
 * @param kind what it holds
 * @param data its bytes (the store keeps a copy; this record's array is not shared with it)
 */
public record StoreRecord(long seq, RecordKind kind, byte[] data) {
  /**
   * Checks the fields and copies the bytes.
   *
   * @param seq see the record description
   * @param kind see the record description
   * @param data see the record description
   */
  public StoreRecord {
    if (seq < 1) {
      throw new IllegalArgumentException("seq must be at least 1: " + seq);
    }
    Objects.requireNonNull(kind, "kind");
    data = data.clone();
  }

  /** {@return a copy of the bytes} */
  @Override
  public byte[] data() {
    return data.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StoreRecord r && r.seq == seq && r.kind == kind
        && Arrays.equals(r.data, data);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(seq) * 31 + kind.hashCode() * 17 + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "StoreRecord[" + seq + ", " + kind + ", " + data.length + " bytes]";
  }
}
