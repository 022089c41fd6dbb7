package dev.cesrj.alloc;

import dev.cesrj.stream.CesrCursor;
import dev.cesrj.stream.CesrToken;
import io.netty.buffer.ByteBuf;

/**
 * The cursor arm that {@code CursorBenchmark}, {@code ConcurrentParse} and the allocation tests
 * share: one {@link CesrCursor} reused for every stream, every token visited and every indexed
 * signature's raw value read into a caller-owned array, zero-copy over a buffer the caller filled
 * once. The checksum is the one {@link GroupArms} returns for an attachment stream (the sum of the
 * top-level groups' counts), plus nothing for the raw bytes, which are read but not summed.
 */
public final class CursorArms {
  private CursorArms() {}

  /**
   * Every token of {@code prepared} (from index 0, its reader index reset first, no more bytes to
   * come) through {@code cursor}; each indexed signature's raw value read into {@code raw}
   * (none if {@code raw} is {@code null}).
   *
   * @return the sum of the counts of the groups at depth 1 (top-level attachment groups)
   */
  public static long cursor(CesrCursor cursor, ByteBuf prepared, byte[] raw) {
    prepared.readerIndex(0);
    cursor.reset(prepared).endOfInput();
    long sum = 0;
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      if (t == CesrToken.GROUP_START) {
        if (cursor.depth() == 1) {
          sum += cursor.count();
        }
      } else if (raw != null && t == CesrToken.PRIMITIVE && cursor.isIndexed()) {
        cursor.readRaw(raw, 0);
      }
    }
    return sum;
  }

  /**
   * Every token of {@code prepared} through {@code cursor}, every primitive's raw value read
   * into {@code raw} (at least as long as the largest raw value), for message streams.
   *
   * @return the number of messages (nested ones included)
   */
  public static long messages(CesrCursor cursor, ByteBuf prepared, byte[] raw) {
    prepared.readerIndex(0);
    cursor.reset(prepared).endOfInput();
    long messages = 0;
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      if (t == CesrToken.MESSAGE_START) {
        messages++;
      } else if (t == CesrToken.PRIMITIVE && cursor.rawSize() <= raw.length) {
        cursor.readRaw(raw, 0);
      }
    }
    return messages;
  }
}
