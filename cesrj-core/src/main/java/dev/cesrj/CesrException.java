package dev.cesrj;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Base of every error cesrj raises for bad input: the stream is truncated, malformed, oversized
 * or not canonical. Unchecked, so that it can cross iterators.
 *
 * <p>Each error says where: {@link #offset()} is the byte offset, from the start of the input
 * the parser was given, of the element that failed (of the offending byte itself when one byte
 * is not Base64url where it must be); {@link #code()} is the code met there, if
 * one could be read; {@link #expected()} says what the parser expected instead; {@link #kind()}
 * names the rule broken and {@link #path()} the groups that enclose the place, outermost first.
 */
public class CesrException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Byte offset of the bad input from the start of the stream. */
  private final long offset;
  /** The code met there, or null. */
  private final String code;
  /** What was expected there. */
  private final String expected;
  /** What went wrong there. */
  private final String detail;
  /** The rule broken. */
  private final ErrorKind kind;
  /** The groups enclosing the place, outermost first. */
  private final List<EnclosingGroup> path;

  /**
   * @param kind the rule broken
   * @param offset byte offset of the failing element in the parser's input
   * @param code the code met there, or {@code null} if none could be read
   * @param expected what was expected, in words
   * @param detail what went wrong, in words
   * @param path the groups that enclose the place, outermost first (copied; empty at top level)
   * @throws NullPointerException if {@code kind} or {@code path} is null
   */
  protected CesrException(
      ErrorKind kind,
      long offset,
      String code,
      String expected,
      String detail,
      List<EnclosingGroup> path) {
    super(message(offset, code, expected, detail));
    this.kind = Objects.requireNonNull(kind, "kind");
    this.offset = offset;
    this.code = code;
    this.expected = expected;
    this.detail = detail;
    this.path = List.copyOf(path);
  }

  /**
   * A copy of this error with {@code path} as its enclosing groups, at the same offset: {@link
   * #relocated relocated(offset(), path)}.
   *
   * @param path the groups that enclose the place, outermost first
   * @return the copy
   */
  protected CesrException withPath(List<EnclosingGroup> path) {
    return relocated(offset, path);
  }

  /**
   * A copy of this error at {@code offset} with {@code path} as its enclosing groups, and
   * otherwise the same fields; every subclass returns its own type with its own fields, so that
   * {@link #enclosedIn} and {@link #shiftedBy} keep what a caller catches.
   *
   * @param offset the copy's {@link #offset()}
   * @param path the groups that enclose the place, outermost first
   * @return the copy
   */
  protected CesrException relocated(long offset, List<EnclosingGroup> path) {
    return new CesrException(kind, offset, code, expected, detail, path);
  }

  /**
   * {@return a copy of this error, of the same class and with the same code, kind and fields, whose
   * {@link #offset()} and enclosing groups' offsets are {@code shift} bytes further: for a caller
   * that parsed a window of a longer stream starting {@code shift} bytes into it (such as {@link
   * dev.cesrj.stream.CesrStreamParser}, whose offsets count from {@link
   * dev.cesrj.stream.Framed#offsetBase()}), so that the offsets count from the start of the stream}
   * This error itself if {@code shift} is 0. The words of {@link #expected()} and {@link
   * #detail()} are kept as they are (a truncation at the end of the input names the message's
   * offset in the window there).
   *
   * @param shift bytes to add to each offset, at least 0
   * @throws IllegalArgumentException if {@code shift} is negative, or an offset would pass
   *     {@link Long#MAX_VALUE}
   */
  public CesrException shiftedBy(long shift) {
    if (shift < 0 || offset > Long.MAX_VALUE - shift) {
      throw new IllegalArgumentException("cannot shift offset " + offset + " by " + shift);
    }
    if (shift == 0) {
      return this;
    }
    List<EnclosingGroup> p = new ArrayList<>(path.size());
    for (EnclosingGroup g : path) {
      p.add(new EnclosingGroup(g.code(), g.offset() + shift));
    }
    CesrException copy = relocated(offset + shift, p);
    if (getCause() != null && copy.getCause() == null) {
      copy.initCause(getCause());
    }
    copy.setStackTrace(getStackTrace());
    return copy;
  }

  /**
   * {@return a copy of this error, of the same class and with the same offset, code, kind and
   * message, met inside {@code group}: {@code group} comes first in the copy's {@link #path()}}
   * The framers call it while the error leaves each group it was met in; this error is left as
   * it is.
   *
   * @param group the group that encloses every group of this error's path
   */
  public CesrException enclosedIn(EnclosingGroup group) {
    List<EnclosingGroup> p = new ArrayList<>(path.size() + 1);
    p.add(Objects.requireNonNull(group, "group"));
    p.addAll(path);
    CesrException copy = withPath(p);
    if (getCause() != null && copy.getCause() == null) {
      copy.initCause(getCause());
    }
    copy.setStackTrace(getStackTrace());
    return copy;
  }

  private static String message(long offset, String code, String expected, String detail) {
    StringBuilder sb = new StringBuilder("at offset ").append(offset);
    if (code != null) {
      sb.append(", code ").append(code);
    }
    sb.append(": ").append(detail);
    if (expected != null) {
      sb.append("; expected ").append(expected);
    }
    return sb.toString();
  }

  /** {@return byte offset of the failing element in the input the parser was given} */
  public long offset() {
    return offset;
  }

  /** {@return the code met at {@link #offset()}, or {@code null} if none could be read} */
  public String code() {
    return code;
  }

  /** {@return what the parser expected at {@link #offset()}, in words} */
  public String expected() {
    return expected;
  }

  /** {@return the rule broken: one kind per rule, several kinds per exception class} */
  public ErrorKind kind() {
    return kind;
  }

  /**
   * {@return the groups that enclose {@link #offset()}, outermost first: each group's counter code
   * and offset} Empty when the error was met outside every group, or before the group that holds
   * it was read far enough to be known (a {@link TruncatedException} that a streaming caller waits
   * out carries no path: it is met at the end of the input at hand).
   */
  public List<EnclosingGroup> path() {
    return path;
  }

  /**
   * {@return what went wrong at {@link #offset()}, in words: the message without its offset,
   * code and expectation}
   */
  public String detail() {
    return detail;
  }
}
