package dev.cesrj.stream;

import dev.cesrj.AmbiguousTableException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import java.util.Optional;

/**
 * What a reader that infers counter tables ({@link CesrOptions#tableInferred()}) makes of the
 * attachments of a version 1 body, for writers that must know whether such a reader reads their
 * counters in the table they write them in (the guide page {@code docs/guide/counter-tables.md},
 * "Which counter table applies"). Not instantiable.
 */
public final class TableInference {
  private TableInference() {}

  /**
   * The table family an inferring reader reads the attachment run in that starts at {@code index}
   * of {@code buf}, right after a version 1 body, with no genus-version code in force.
   *
   * @param buf the bytes; read from {@code index} to {@code index + length}, its indexes and
   *     reference count untouched (the caller keeps owning it)
   * @param index buffer index of the first byte after the body
   * @param length readable bytes from {@code index}, at least 0
   * @return {@link CounterTable#CESR_1_0} for the CESR 1.0 tables (CESR 1.0, then the legacy
   *     table where CESR 1.0 refuses the run), {@link CounterTable#CESR_2_0}, or empty if the
   *     bytes end before they tell; CESR 1.0 if no counter follows the body
   * @throws AmbiguousTableException if both give the first counter a reading
   * @throws IllegalArgumentException if {@code index} or {@code length} is outside {@code buf}
   */
  public static Optional<CounterTable> afterVersion1Body(ByteBuf buf, int index, int length) {
    if (index < 0 || length < 0 || (long) index + length > buf.writerIndex()) {
      throw new IllegalArgumentException(
          "bytes [" + index + ", " + ((long) index + length) + ") outside the buffer's "
              + buf.writerIndex());
    }
    if (length == 0) {
      return Optional.empty();
    }
    int b = buf.getByte(index) & 0xFF;
    if (b != '-' && b < 0xE0) {
      return Optional.of(CounterTable.CESR_1_0); // a body or garbage: no attachments
    }
    Source s = new Source(buf, index);
    return Optional.ofNullable(TableRule.forVersion1Run(s, index, index + length));
  }
}
