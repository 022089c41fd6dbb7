package dev.cesrj;

import java.util.List;

/**
 * A frame (group, primitive or message body) that declares more bytes than the configured
 * maximum ({@link CesrOptions#maxFrameBytes()}), raised as soon as the size field is read,
 * before anything of that size is awaited or allocated; or a whole top-level message (body and
 * attachments, with the genus-version codes before it) or GenericGroup longer than the maximum,
 * which has no size field of its own: then {@link #code()} is {@code null} and {@link
 * #declared()} the length found, or the least length the bytes read show (framing reads at most 8
 * bytes of a message past the maximum, whole-buffer and streaming alike).
 */
public class FrameTooLargeException extends CesrException {
  private static final long serialVersionUID = 1L;

  /** The declared frame size in bytes. */
  private final long declared;
  /** The configured maximum frame size in bytes. */
  private final long limit;

  /**
   * @param offset byte offset of the frame
   * @param code its code
   * @param declared the size in bytes the frame declares
   * @param limit the configured maximum frame size in bytes
   */
  public FrameTooLargeException(long offset, String code, long declared, long limit) {
    this(offset, code, declared, limit, List.of());
  }

  /**
   * @param offset byte offset of the frame
   * @param code its code
   * @param declared the size in bytes the frame declares
   * @param limit the configured maximum frame size in bytes
   * @param path the groups that enclose the frame, outermost first
   */
  public FrameTooLargeException(
      long offset, String code, long declared, long limit, List<EnclosingGroup> path) {
    super(
        ErrorKind.FRAME_TOO_LARGE,
        offset,
        code,
        "a frame of at most " + limit + " bytes",
        "frame declares " + declared + " bytes",
        path);
    this.declared = declared;
    this.limit = limit;
  }

  @Override
  protected FrameTooLargeException relocated(long offset, List<EnclosingGroup> path) {
    return new FrameTooLargeException(offset, code(), declared, limit, path);
  }

  /** {@return the frame size in bytes the input declares} */
  public long declared() {
    return declared;
  }

  /** {@return the maximum frame size in bytes in force} */
  public long limit() {
    return limit;
  }
}
