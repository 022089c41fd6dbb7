package dev.cesrj.alloc;

/**
 * What an arm read of the raw values of indexed signatures: how many signatures and how many raw
 * bytes, so that two arms that claim the same work can be shown to have done it ({@code
 * CursorArmsTest}). Caller-owned, one per thread; not thread-safe.
 */
public final class RawTally {
  private long signatures;
  private long bytes;

  /** Adds one signature of {@code rawBytes} raw bytes. */
  void add(int rawBytes) {
    signatures++;
    bytes += rawBytes;
  }

  /** {@return the signatures read so far} */
  public long signatures() {
    return signatures;
  }

  /** {@return the raw bytes read so far} */
  public long bytes() {
    return bytes;
  }

  @Override
  public String toString() {
    return signatures + " signatures, " + bytes + " raw bytes";
  }
}
