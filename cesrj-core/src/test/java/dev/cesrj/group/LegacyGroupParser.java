package dev.cesrj.group;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import java.util.Objects;

/**
 * The per-group parsing path, kept as the measured baseline that {@link Groups} replaces.
 *
 * <p>{@link #parseGroup} copies <b>all the remaining input</b> (from {@code offset} to the end)
 * into a new buffer on every call, then frames one group from it: parsing a stream of G groups
 * this way makes G allocations and copies about G/2 times the stream. It gives exactly the same
 * groups as {@link Groups} (a test checks this on every corpus stream); use {@link Groups} in new
 * code. {@code ConcurrentParse} and the JMH benchmarks measure the two against each other.
 */
public final class LegacyGroupParser {
  private LegacyGroupParser() {}

  /**
   * Parses the group at {@code offset} of {@code input} with {@code table}, copying
   * {@code input[offset, input.length)} into a new buffer from {@code options.allocator()}.
   *
   * @return the group; the caller owns the result and must close it
   * @throws CesrException for bad input (offsets count from the start of {@code input}); the copy
   *     is released before throwing
   * @throws IndexOutOfBoundsException if {@code offset} is not in {@code [0, input.length]}
   */
  public static ParsedGroup parseGroup(
      byte[] input, int offset, CounterTable table, CesrOptions options) {
    Objects.requireNonNull(input, "input");
    Objects.checkFromToIndex(offset, input.length, input.length);
    int n = input.length - offset;
    ByteBuf copy = options.allocator().heapBuffer(n, n);
    try {
      copy.writeBytes(input, offset, n);
      GroupFramer framer = new GroupFramer(new Source(copy, -offset), options);
      int end = framer.group(0, n, table, 1);
      GroupViews views = GroupViews.over(copy, -offset, options);
      Group g = new Group(views, 0, end, framer.code(), framer.count(), 1);
      CounterTable next =
          framer.code().unit() == CountUnit.NONE ? framer.selectedTable(0) : table;
      return new ParsedGroup(g, copy, next);
    } catch (RuntimeException e) {
      copy.release();
      throw e;
    }
  }

  /** {@link #parseGroup(byte[], int, CounterTable, CesrOptions)} with the CESR 1.0 table. */
  public static ParsedGroup parseGroup(byte[] input, int offset) {
    return parseGroup(input, offset, CounterTable.CESR_1_0, CesrOptions.DEFAULT);
  }
}
