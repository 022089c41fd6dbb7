package dev.cesrj.cli;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;

/**
 * Frames a whole input with {@link Messages} (or, with a chunk size, pushes it through a
 * {@link CesrStreamParser} in chunks of that many bytes) and hands each message to a
 * {@link Renderer} while its views are valid.
 *
 * <p>A stream that starts with an attachment group instead of a message (a qb64 counter
 * {@code -} or a qb2 one, tritet 111, after any genus-version codes; the corpus's attachment-only
 * {@code atc_*} files; {@link Messages} reports a {@link ColdStartException} where the first
 * message should start) is read as attachment groups with {@link Groups}, in one piece. A cold
 * start later in the first message (after a leading genus-version code, say) is reported as it
 * is.
 */
final class Inspection {
  private final byte[] input;
  private final CesrOptions options;
  private final Renderer out;
  private int messages;

  private Inspection(byte[] input, CesrOptions options, Renderer out) {
    this.input = input;
    this.options = options;
    this.out = out;
  }

  /**
   * Frames {@code input} and renders it.
   *
   * @param chunk bytes per push into a {@link CesrStreamParser}, or 0 to frame the whole input
   * @return the error that stopped framing, or {@code null} if everything framed
   */
  static Failure run(byte[] input, CesrOptions options, int chunk, Renderer out)
      throws IOException {
    Inspection i = new Inspection(input, options, out);
    Failure f = chunk > 0 ? i.pushed(chunk) : i.whole();
    if (f != null && i.messages == 0 && f.error() instanceof ColdStartException
        && input.length > 0 && (input[0] == '-' || (input[0] & 0xFF) >= 0xE0)
        && f.offset() == i.firstMessageOffset()) {
      f = i.attachments();
    }
    long framedTo = f == null ? input.length : f.offset();
    out.end(framedTo, f);
    return f;
  }

  private Failure whole() throws IOException {
    ByteBuf buf = wrapped();
    try (Messages ms = Messages.over(buf, options)) {
      try {
        while (ms.hasNext()) {
          Message m = ms.next();
          out.message(m, 0, messages++);
        }
      } finally {
        out.flush(); // the messages before a framing error too
      }
      return null;
    } catch (CesrException e) {
      return new Failure(e, e.offset());
    } finally {
      buf.release();
    }
  }

  /**
   * {@return the input as a buffer over its own array, not copied (a file read whole is framed
   * in the memory it already takes); the caller releases it}
   */
  private ByteBuf wrapped() {
    return Unpooled.wrappedBuffer(input);
  }

  private Failure pushed(int chunk) throws IOException {
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      for (int at = 0; at < input.length; at += chunk) {
        Failure f = render(parser.feed(input, at, Math.min(chunk, input.length - at)));
        out.flush();
        if (f != null) {
          return f;
        }
      }
      Failure f = render(parser.endOfInput());
      out.flush();
      return f;
    }
  }

  private Failure render(Framed framed) throws IOException {
    try {
      for (Message m : framed.messages()) {
        out.message(m, framed.offsetBase(), messages++);
      }
    } catch (CesrException e) {
      // a value the renderer decodes and cannot (every character is checked when framed)
      CesrException shifted = e.shiftedBy(framed.offsetBase()); // its words name the stream offset
      return new Failure(shifted, shifted.offset());
    }
    if (framed.failed()) {
      CesrException e = framed.error().get().shiftedBy(framed.offsetBase());
      return new Failure(e, e.offset());
    }
    return null;
  }

  /**
   * The offset at which the first message of the input would start: past the genus-version codes
   * that lead it (0 if none). A cold start there means attachments where a message should be; a
   * cold start further on is an error inside the first message, reported as it is.
   */
  private long firstMessageOffset() {
    long at = 0;
    ByteBuf buf = wrapped();
    try (Groups groups = Groups.over(buf, options)) {
      while (groups.hasNext()) {
        Group g = groups.next();
        if (!g.code().layout().selectsTable()) {
          break;
        }
        at = g.offset() + g.length();
      }
    } catch (CesrException e) {
      // what follows the codes is not a group (a message body): the codes end there
    } finally {
      buf.release();
    }
    return at;
  }

  private Failure attachments() throws IOException {
    int n = 0;
    ByteBuf buf = wrapped();
    try (Groups groups = Groups.over(buf, options)) {
      for (Group g : groups) {
        out.attachment(g, n++);
      }
      return null;
    } catch (CesrException e) {
      return new Failure(e, e.offset());
    } finally {
      buf.release();
    }
  }
}
