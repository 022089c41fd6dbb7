package dev.cesrj;

import dev.cesrj.code.CounterTable;
import java.util.List;

/**
 * A message whose counter table is inferred ({@link CesrOptions#tableInferred()}) and that two
 * tables would both read, with different meanings: cesrj does not guess. The offset is the
 * counter's; {@link #readings()} names the tables, and the message says what the counter means in
 * each. Choose the table with a genus-version code in the stream ({@code -_AAABAA} for CESR 1.0,
 * {@code -_AAACAA} for CESR 2.0) or with {@link CesrOptions.Builder#defaultTable(CounterTable)}.
 */
public class AmbiguousTableException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** The tables that would each read the counter. */
  private final List<CounterTable> readings;

  /**
   * @param offset byte offset of the counter both tables read
   * @param code the counter code met there
   * @param readings the tables that would each read it, in the order cesrj tries them
   * @param detail what the counter means in each
   */
  public AmbiguousTableException(
      long offset, String code, List<CounterTable> readings, String detail) {
    this(offset, code, readings, detail, List.of());
  }

  /**
   * @param offset byte offset of the counter both tables read
   * @param code the counter code met there
   * @param readings the tables that would each read it, in the order cesrj tries them
   * @param detail what the counter means in each
   * @param path the groups that enclose the counter, outermost first
   */
  public AmbiguousTableException(
      long offset,
      String code,
      List<CounterTable> readings,
      String detail,
      List<EnclosingGroup> path) {
    super(ErrorKind.AMBIGUOUS_TABLE, offset, code,
        "a counter that only one of " + readings + " reads", detail, path);
    this.readings = List.copyOf(readings);
  }

  @Override
  protected AmbiguousTableException relocated(long offset, List<EnclosingGroup> path) {
    return new AmbiguousTableException(offset, code(), readings, detail(), path);
  }

  /** {@return the tables that would each read the counter, in the order cesrj tries them} */
  public List<CounterTable> readings() {
    return readings;
  }
}
