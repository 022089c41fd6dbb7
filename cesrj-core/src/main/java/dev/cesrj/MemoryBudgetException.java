package dev.cesrj;

import java.util.List;

/**
 * A frame that a shared memory budget cannot take (raised by the pipeline module's decoder, {@code
 * dev.cesrj.netty.CesrFrameDecoder}, with a {@code CesrMemoryBudget}): the size it declares is
 * more than the room the other connections sharing the budget leave (or than the whole budget),
 * or the bytes it holds would take the bytes held by every connection past the budget's limit.
 * The frame is not malformed; the server has no room for it now.
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
   * @param requested bytes the frame asked the budget for beyond what it had been charged: its
   *     declared size less its bytes charged, or the bytes of its latest read still to charge
   * @param reserved bytes charged in the budget when it refused, the frame's own included
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
