package dev.cesrj;

import java.util.List;

/**
 * Groups nested deeper than the configured maximum depth ({@link CesrOptions#maxDepth()}).
 */
public class NestingTooDeepException extends CesrException {
  private static final long serialVersionUID = 1L;

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   */
  public NestingTooDeepException(long offset, String code, String expected, String detail) {
    this(offset, code, expected, detail, List.of());
  }

  /**
   * The error for a group at depth {@code depth} above the limit {@code limit}: expected {@code
   * "at most <limit> nested groups"}, detail {@code "depth <depth>"}.
   *
   * @param offset byte offset of the group's counter
   * @param code the group's code, or {@code null}
   * @param limit the depth limit in force ({@link CesrOptions#maxDepth()})
   * @param depth the group's depth (a top-level group is 1)
   */
  public NestingTooDeepException(long offset, String code, int limit, int depth) {
    this(offset, code, "at most " + limit + " nested groups", "depth " + depth, List.of());
  }

  /**
   * @param offset byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected
   * @param detail what went wrong
   * @param path the groups that enclose the place, outermost first
   */
  public NestingTooDeepException(
      long offset, String code, String expected, String detail, List<EnclosingGroup> path) {
    super(ErrorKind.NESTING_TOO_DEEP, offset, code, expected, detail, path);
  }

  @Override
  protected NestingTooDeepException relocated(long offset, List<EnclosingGroup> path) {
    return new NestingTooDeepException(offset, code(), expected(), detail(), path);
  }
}
