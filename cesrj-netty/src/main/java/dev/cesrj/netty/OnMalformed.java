package dev.cesrj.netty;

/**
 * What a {@link CesrFrameDecoder} does after a frame fails with a {@link dev.cesrj.CesrException}
 * (malformed, unknown code, too large, too deep, unsupported; a truncation only at the end of
 * the input). In both cases the messages completed before the failed frame are passed on first,
 * then the exception itself is fired ({@code exceptionCaught}), unwrapped, so that a handler can
 * read its type, {@link dev.cesrj.CesrException#offset() offset}, code and what was expected.
 */
public enum OnMalformed {
  /**
   * Fire the exception, then close the channel; bytes that arrive afterwards are dropped unread
   * and the decoder's buffered bytes are released at once. The default: a peer that sends a bad
   * frame is not trusted with the rest of the stream (keripy's {@code Parser} flushes its
   * whole buffer then: {@code parsing.py}).
   */
  CLOSE,
  /**
   * Fire the exception, then drop bytes up to the next cold-start point after the failed frame's
   * first byte ({@link dev.cesrj.stream.CesrStreamParser#skipToColdStart()}: a JSON, CBOR or
   * MessagePack body start, a genus-version code, or a message-start counter) and carry on
   * framing from there. The channel stays open unless a handler closes it; a handler that closes
   * the channel on every exception undoes this policy.
   */
  SKIP_TO_COLD_START
}
