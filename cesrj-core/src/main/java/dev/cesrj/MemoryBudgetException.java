package dev.cesrj;

import java.util.List;

/**
 * A frame that a shared memory budget cannot take: the bytes it holds and declares it still needs
 * would take the reservations of every connection that shares the budget past the budget's limit
 * (raised by the pipeline module's decoder, {@code dev.cesrj.netty.CesrFrameDecoder}, with a
 * {@code CesrMemoryBudget}). The frame is not malformed; the server has no room for it now.
 */
public class MemoryBudgetException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** Bytes the frame asked the budget for. */
  private final long requested;
  /** The budget's limit in bytes. */
  private final long limit;

  /**
   * @param offset byte offset of the frame in its stream
   * @param code the code met there (its version string or counter code), or {@code null}
   * @param requested bytes the frame asked the budget for (held and declared still to come)
   * @param reserved bytes the budget had reserved for other frames when it refused
   * @param limit the budget's limit in bytes
   */
  public MemoryBudgetException(
      long offset, String code, long requested, long reserved, long limit) {
    this(
        offset,
        code,
        requested,
        limit,
        "room for " + requested + " more bytes in the memory budget",
        "memory budget of " + limit + " bytes has " + reserved + " reserved",
        List.of());
  }

  private MemoryBudgetException(
      long offset,
      String code,
      long requested,
      long limit,
      String expected,
      String detail,
      List<EnclosingGroup> path) {
    super(ErrorKind.MEMORY_BUDGET, offset, code, expected, detail, path);
    this.requested = requested;
    this.limit = limit;
  }

  @Override
  protected MemoryBudgetException relocated(long offset, List<EnclosingGroup> path) {
    return new MemoryBudgetException(
        offset, code(), requested, limit, expected(), detail(), path);
  }

  /** {@return the bytes the frame asked the budget for} */
  public long requested() {
    return requested;
  }

  /** {@return the budget's limit in bytes} */
  public long limit() {
    return limit;
  }
}
