package dev.cesrj.keri.kever;

import dev.cesrj.stream.Message;

/**
 * The one offset convention of cesrj-keri's verdicts ({@link Verdict#offset()}, the exchange
 * verdicts, {@code inspect --verify --json}): a message's stream offset, after the genus-version
 * code that leads it if one does. keripy's parser reads such a code ({@code -_AAA...}) as the
 * stream's version, not as part of the message, and its verdict files count offsets and lengths
 * from what follows (keripy {@code src/keri/core/parsing.py} {@code Parser.msgParsator}).
 */
public final class StreamOffsets {
  private StreamOffsets() {}

  /**
   * {@return the offset of {@code m}: {@code base} plus its offset, plus the length of a
   * genus-version code that leads it}
   *
   * @param m a framed message
   * @param base the offset base of the parser that framed it (0 for a whole stream)
   */
  public static long of(Message m, long base) {
    return base + m.offset() + leadingCode(m);
  }

  /**
   * {@return the length of {@code m} in bytes without a genus-version code that leads it}
   *
   * @param m a framed message
   */
  public static long length(Message m) {
    return m.length() - leadingCode(m);
  }

  /**
   * {@return the bytes of a genus-version code at {@code m}'s first byte, or 0}
   *
   * @param m a framed message
   */
  public static long leadingCode(Message m) {
    if (m.genusVersion().isPresent() && m.genusVersion().get().offset() == m.offset()) {
      return m.genusVersion().get().length();
    }
    return 0;
  }
}
