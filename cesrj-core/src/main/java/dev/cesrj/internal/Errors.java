package dev.cesrj.internal;

import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterCode;

/**
 * The one place where the framers build the errors that several of them raise for the same rule,
 * so that each rule has one wording wherever it is met. Cold path: called only to throw.
 */
public final class Errors {
  private Errors() {}

  /**
   * {@return the error for content that ends inside the counted group that encloses it: the
   * truncation {@code e}, met while framing that content, is malformed input, not a need for more
   * bytes, because the group's count fixed where its content ends} Offset, code and expectation
   * are those of {@code e}; the detail is {@code "content ends inside its <name> at offset <at>"}.
   *
   * @param e the truncation met inside the group
   * @param enclosing the name of the enclosing group's code, e.g. {@code AttachmentGroup}
   * @param at the byte offset of the enclosing group's counter
   */
  public static MalformedException cutBy(TruncatedException e, String enclosing, long at) {
    return new MalformedException(
        e.offset(),
        e.code(),
        e.expected(),
        "content ends inside its " + enclosing + " at offset " + at);
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
   * {@return the error for a group nested deeper than the depth limit; expected {@code "at most
   * <maxDepth> nested groups"}, detail {@code "depth <depth>"}}
   *
   * @param at the byte offset of the group's counter
   * @param code the group's hard code, or {@code null}
   * @param maxDepth the limit ({@link dev.cesrj.CesrOptions#maxDepth()})
   * @param depth the group's depth
   */
  public static NestingTooDeepException tooDeep(long at, String code, int maxDepth, int depth) {
    return new NestingTooDeepException(
        at, code, "at most " + maxDepth + " nested groups", "depth " + depth);
  }

  /**
   * {@return the error for a frame of {@code declared} bytes above the frame limit {@code max}}
   *
   * @param at the byte offset of the frame
   * @param code the code there, or {@code null}
   * @param declared the frame's size in bytes, as far as it is known
   * @param max the limit ({@link dev.cesrj.CesrOptions#maxFrameBytes()})
   */
  public static FrameTooLargeException tooLarge(long at, String code, long declared, long max) {
    return new FrameTooLargeException(at, code, declared, max);
  }
}
