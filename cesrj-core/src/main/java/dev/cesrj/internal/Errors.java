package dev.cesrj.internal;

import dev.cesrj.AmbiguousTableException;
import dev.cesrj.CesrException;
import dev.cesrj.ColdStartException;
import dev.cesrj.EnclosingGroup;
import dev.cesrj.ErrorKind;
import dev.cesrj.FrameTimeoutException;
import dev.cesrj.MalformedException;
import dev.cesrj.MemoryBudgetException;
import dev.cesrj.NonCanonicalException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import java.util.List;

/**
 * The one place where cesrj builds the errors it raises for bad input: every framer, scanner and
 * view asks it, with the {@link ErrorKind} of the rule broken, so that each rule has one kind and
 * one wording wherever it is met, and the groups enclosing the place are added in one way
 * ({@link #within}, {@link #cutBy}). Cold path: called only to throw. The errors of the limits
 * ({@code FrameTooLargeException}, {@code NestingTooDeepException}, {@code ElementLimitException})
 * are raised by {@link dev.cesrj.CesrOptions}' {@code validate*} methods, the one check of each
 * limit.
 */
public final class Errors {
  private Errors() {}

  /**
   * {@return the byte {@code b} (0 to 255) as every error names one: {@code 0x} and two lower-case
   * hex digits, as a hex dump shows it ({@code 0x0a} for a newline)}
   */
  public static String hexByte(int b) {
    return String.format("0x%02x", b & 0xFF);
  }

  /**
   * {@return the error for content that ends inside the counted group that encloses it: the
   * truncation {@code e}, met while framing that content, is malformed input
   * ({@link ErrorKind#MALFORMED_CONTENT_CUT}), not a need for more bytes, because the group's
   * count fixed where its content ends} Offset, code and expectation are those of {@code e}; the
   * detail is {@code "content ends inside its <name> at offset <at>"}; the group is the path.
   *
   * @param e the truncation met inside the group
   * @param enclosing the enclosing group's code, e.g. {@code AttachmentGroup}
   * @param at the byte offset of the enclosing group's counter
   */
  public static MalformedException cutBy(TruncatedException e, CounterCode enclosing, long at) {
    return new MalformedException(
        ErrorKind.MALFORMED_CONTENT_CUT,
        e.offset(),
        e.code(),
        e.expected(),
        "content ends inside its " + enclosing.name() + " at offset " + at,
        List.of(new EnclosingGroup(enclosing, at)));
  }

  /**
   * {@return {@code e} as met inside the group of code {@code c} at byte offset {@code at}: a
   * copy with that group first in its {@linkplain CesrException#path() path}} A
   * {@link TruncatedException} is returned as it is: it is met at the end of the input at hand,
   * where a streaming caller waits for more bytes, and copying it at every level would cost each
   * wait; it gains its path when {@link #cutBy} makes it an error. An error at or before {@code at}
   * is one of the group's own counter (its size, depth or code) and is returned as it is too.
   *
   * @param e the error met inside the group
   * @param c the group's code
   * @param at the byte offset of the group's counter
   */
  public static CesrException within(CesrException e, CounterCode c, long at) {
    if (e instanceof TruncatedException || e.offset() <= at) {
      // a truncation, or an error of the group's own counter (its size, depth or code)
      return e;
    }
    return e.enclosedIn(new EnclosingGroup(c, at));
  }

  /**
   * {@return a malformed-input error of {@code kind}}
   *
   * @param kind one of the {@code MALFORMED_*} kinds
   * @param at the byte offset of the failing element
   * @param code the code met there, or {@code null}
   * @param expected what was expected, in words
   * @param detail what went wrong, in words
   */
  public static MalformedException malformed(
      ErrorKind kind, long at, String code, String expected, String detail) {
    return new MalformedException(kind, at, code, expected, detail, List.of());
  }

  /**
   * {@return a truncation: {@code needed} more bytes are needed at byte offset {@code at}}
   *
   * @param at the byte offset of the element cut short
   * @param code its code, or {@code null}
   * @param expected what the missing bytes should hold
   * @param needed the bytes still needed, at least 1
   */
  public static TruncatedException truncated(long at, String code, String expected, long needed) {
    return new TruncatedException(at, code, expected, needed);
  }

  /**
   * {@return an unknown-code error ({@link ErrorKind#UNKNOWN_CODE})}
   *
   * @param at the byte offset of the code
   * @param code the characters read, or {@code null}
   * @param expected what was expected, in words
   * @param detail what went wrong, in words
   */
  public static UnknownCodeException unknownCode(
      long at, String code, String expected, String detail) {
    return new UnknownCodeException(at, code, expected, detail);
  }

  /**
   * {@return a cold-start error ({@link ErrorKind#COLD_START})}
   *
   * @param at the byte offset of the cold-start point
   * @param code the code met there, or {@code null}
   * @param expected what may start there, in words
   * @param detail what was met, in words
   */
  public static ColdStartException coldStart(
      long at, String code, String expected, String detail) {
    return new ColdStartException(at, code, expected, detail);
  }

  /**
   * {@return a non-canonical-value error ({@link ErrorKind#NON_CANONICAL})}
   *
   * @param at the byte offset of the value
   * @param code its code, or {@code null}
   * @param expected the canonical form, in words
   * @param detail what was met, in words
   */
  public static NonCanonicalException nonCanonical(
      long at, String code, String expected, String detail) {
    return new NonCanonicalException(at, code, expected, detail);
  }

  /**
   * {@return an unsupported-code error ({@link ErrorKind#UNSUPPORTED})}
   *
   * @param at the byte offset of the code
   * @param code the code, or {@code null}
   * @param expected what cesrj frames there, in words
   * @param detail what was met, in words
   */
  public static UnsupportedException unsupported(
      long at, String code, String expected, String detail) {
    return new UnsupportedException(at, code, expected, detail);
  }

  /**
   * {@return a version-string error ({@link ErrorKind#VERSION_STRING})}
   *
   * @param at the byte offset of the body or version string
   * @param code the version string's text, or {@code null}
   * @param expected what was expected, in words
   * @param detail what was met, in words
   */
  public static VersionStringException versionString(
      long at, String code, String expected, String detail) {
    return new VersionStringException(at, code, expected, detail);
  }

  /**
   * {@return the error for a counter that each of {@code readings} reads}
   *
   * @param at the byte offset of the counter
   * @param code its hard code
   * @param readings the tables that read it, in the order cesrj tries them
   * @param detail what it means in each
   */
  public static AmbiguousTableException ambiguous(
      long at, String code, List<CounterTable> readings, String detail) {
    return new AmbiguousTableException(at, code, readings, detail);
  }

  /**
   * {@return the error for a counter cut by the end of the input at hand: expected {@code "a
   * counter"}, {@code missing} bytes still needed}
   *
   * @param at the byte offset of the counter
   * @param code its hard code if it could be read, else {@code null}
   * @param missing the bytes still needed, at least 1
   */
  public static TruncatedException counter(long at, String code, long missing) {
    return new TruncatedException(at, code, "a counter", missing);
  }

  /**
   * {@return the truncation {@code e} of a nested item, needing {@code more} bytes beyond it: the
   * least the enclosing grammar still needs after the item}
   *
   * @param e the truncation met inside the nested item
   * @param more the bytes the enclosing grammar needs after it, at least 0
   */
  public static TruncatedException needingMore(TruncatedException e, long more) {
    return new TruncatedException(e.offset(), e.code(), e.expected(), e.needed() + more);
  }

  /**
   * {@return the error for the group or primitive of code {@code code} at byte offset {@code at}
   * whose size runs {@code missing} bytes past the input at hand; expected {@code "the rest of
   * <name>"}}
   *
   * @param at the byte offset of its code
   * @param code its hard code, e.g. {@code -A}
   * @param name its code's name, e.g. {@code ControllerIdxSigs}
   * @param missing the bytes still needed, at least 1
   */
  public static TruncatedException rest(long at, String code, String name, long missing) {
    return new TruncatedException(at, code, "the rest of " + name, missing);
  }

  /**
   * {@return {@link #rest(long, String, String, long)} for the group of code {@code c}}
   *
   * @param at the byte offset of the group's counter
   * @param c the group's code
   * @param missing the bytes still needed, at least 1
   */
  public static TruncatedException rest(long at, CounterCode c, long missing) {
    return rest(at, c.code(), c.name(), missing);
  }

  /**
   * {@return the error for a frame that a shared memory budget has no room for}
   *
   * @param at the stream offset of the frame
   * @param code the code there, or {@code null}
   * @param requested the bytes the frame asked for
   * @param reserved the bytes the budget had reserved for other frames
   * @param limit the budget's limit
   */
  public static MemoryBudgetException memoryBudget(
      long at, String code, long requested, long reserved, long limit) {
    return new MemoryBudgetException(at, code, requested, reserved, limit);
  }

  /**
   * {@return the error for a frame that did not complete within {@code timeoutMillis}}
   *
   * @param at the stream offset of the frame
   * @param timeoutMillis the deadline from the frame's first byte
   * @param have the frame's bytes that had arrived
   * @param needed the bytes it still needed, at least
   */
  public static FrameTimeoutException frameTimeout(
      long at, long timeoutMillis, long have, long needed) {
    return new FrameTimeoutException(at, timeoutMillis, have, needed);
  }
}
