package dev.cesrj.alloc;

import dev.cesrj.CesrOptions;
import dev.cesrj.group.Group;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;

/**
 * The ways of parsing a whole stream (messages with their attachments) that {@code
 * ConcurrentParse} times for {@code --input} files: copy-once ({@link Messages#copyOf(byte[],
 * CesrOptions)}), zero-copy ({@link Messages#over(ByteBuf, CesrOptions)}) and, with {@code
 * --chunk N}, chunked ({@link CesrStreamParser} fed N bytes at a time); copy-only is {@link
 * GroupArms#copyOnly}. Each visits every message, nested ones included, and every group, and
 * returns the same checksum ({@link #touch(Message)} summed).
 */
public final class MessageArms {
  private MessageArms() {}

  /** copy-once: copies the stream once, then visits every message and group. */
  public static long copyOnce(byte[] stream, CesrOptions options) {
    long sum = 0;
    try (Messages messages = Messages.copyOf(stream, options)) {
      for (Message m : messages) {
        sum += touch(m);
      }
    }
    return sum;
  }

  /**
   * zero-copy: iterates {@code prepared} (the stream at index 0, see {@link GroupArms#prepare})
   * after resetting its reader index to 0.
   */
  public static long zeroCopy(ByteBuf prepared, CesrOptions options) {
    prepared.readerIndex(0);
    long sum = 0;
    try (Messages messages = Messages.over(prepared, options)) {
      for (Message m : messages) {
        sum += touch(m);
      }
    }
    return sum;
  }

  /**
   * chunked: pushes the stream through a {@link CesrStreamParser} in chunks of {@code chunk}
   * bytes (copied from the array, as a socket read would deliver them), then ends the input;
   * visits every message as it completes.
   *
   * @throws dev.cesrj.CesrException if the stream does not parse
   */
  public static long chunked(byte[] stream, CesrOptions options, int chunk) {
    long sum = 0;
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      for (int i = 0; i < stream.length; i += chunk) {
        sum += touch(parser.feed(stream, i, Math.min(chunk, stream.length - i)));
      }
      sum += touch(parser.endOfInput());
    }
    return sum;
  }

  private static long touch(Framed f) {
    long sum = 0;
    for (Message m : f.messages()) {
      sum += touch(m);
    }
    if (f.failed()) {
      throw f.error().get();
    }
    return sum;
  }

  /**
   * Touches a message: 1 plus the count of each of its groups ({@link Message#groups()}), plus
   * the same for each nested message, recursively.
   */
  public static long touch(Message m) {
    long sum = 1;
    for (Group g : m.groups()) {
      sum += g.count();
    }
    for (Message n : m.nested()) {
      sum += touch(n);
    }
    return sum;
  }
}
