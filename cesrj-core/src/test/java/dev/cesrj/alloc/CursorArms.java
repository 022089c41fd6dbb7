package dev.cesrj.alloc;

import dev.cesrj.stream.CesrCursor;
import dev.cesrj.stream.CesrToken;
import dev.cesrj.code.Layout;
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
   * come) through {@code cursor}; each indexed signature's raw value read into {@code raw} and
   * counted in {@code tally}, as {@link GroupArms#zeroCopyRead} counts the ones it reads with
   * views (none if {@code raw} is {@code null}).
   *
   * @return the sum of the counts of the groups and genus-version codes at depth 1 (as {@code
   *     Groups} returns them)
   */
  public static long cursor(CesrCursor cursor, ByteBuf prepared, byte[] raw, RawTally tally) {
    prepared.readerIndex(0);
    cursor.reset(prepared).endOfInput();
    long sum = 0;
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      if (t == CesrToken.GROUP_START || t == CesrToken.GENUS_VERSION) {
        if (cursor.depth() == 1) {
          sum += cursor.count();
        }
      } else if (raw != null && t == CesrToken.PRIMITIVE && cursor.isIndexed()) {
        tally.add(cursor.readRaw(raw, 0));
      }
    }
    return sum;
  }

  /**
   * Every token of {@code prepared} (a stream of messages, from index 0) through {@code cursor},
   * every primitive's raw value read into {@code raw} (when it fits), and the checksum {@link
   * MessageArms} returns for the same stream: per message (nested ones included) 1 plus the count
   * of each of its attachment-level groups ({@code Message.groups()}: the groups of its run and of
   * its AttachmentGroups and envelope, and each nested message's envelope, or body group if it
   * has none). The container stack is kept in {@code stack}, one slot per depth.
   *
   * @param stack room for the containers: at least twice the deepest nesting plus two
   * @return the checksum
   */
  public static long messages(CesrCursor cursor, ByteBuf prepared, byte[] raw, int[] stack) {
    prepared.readerIndex(0);
    cursor.reset(prepared).endOfInput();
    long sum = 0;
    int height = 0;
    boolean ownEnvelopeMayFollow = false;
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      switch (t) {
        case MESSAGE_START:
          {
            sum++;
            int parent = height == 0 ? TOP : stack[height - 1];
            stack[height++] = parent == TOP || parent == GENERIC ? MESSAGE : NESTED_MESSAGE;
            ownEnvelopeMayFollow = true;
            break;
          }
        case GROUP_START:
          {
            int parent = height == 0 ? TOP : stack[height - 1];
            Layout layout = cursor.counterCode().layout();
            boolean own = ownEnvelopeMayFollow && layout == Layout.BODY_WITH_ATTACHMENTS;
            if (own ? parent == NESTED_MESSAGE
                : parent == MESSAGE || parent == NESTED_MESSAGE || parent == ATTACHMENTS) {
              sum += cursor.count();
            }
            stack[height++] =
                layout == Layout.GENERIC
                    ? GENERIC
                    : layout == Layout.ATTACHMENTS || layout == Layout.BODY_WITH_ATTACHMENTS
                        ? ATTACHMENTS
                        : GROUP;
            ownEnvelopeMayFollow = false;
            break;
          }
        case BODY:
          if (cursor.hasCounterCode() && stack[height - 1] == NESTED_MESSAGE) {
            sum += cursor.count(); // a nested message's body group, when it has no envelope
          }
          ownEnvelopeMayFollow = false;
          break;
        case GROUP_END:
        case MESSAGE_END:
          height--;
          ownEnvelopeMayFollow = false;
          break;
        case PRIMITIVE:
          if (raw != null && cursor.rawSize() <= raw.length) {
            cursor.readRaw(raw, 0);
          }
          break;
        default:
          break;
      }
    }
    return sum;
  }

  private static final int TOP = 0;
  private static final int MESSAGE = 1;
  private static final int NESTED_MESSAGE = 2;
  private static final int ATTACHMENTS = 3;
  private static final int GENERIC = 4;
  private static final int GROUP = 5;
}
