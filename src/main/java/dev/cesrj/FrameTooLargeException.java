package dev.cesrj;

/**
 * A frame (group, primitive or message body) that declares more bytes than the configured
 * maximum ({@link CesrOptions#maxFrameBytes()}). Raised as soon as the size field is read,
 * before anything of that size is awaited or allocated.
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
    super(
        offset,
        code,
        "a frame of at most " + limit + " bytes",
        "frame declares " + declared + " bytes");
    this.declared = declared;
    this.limit = limit;
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
