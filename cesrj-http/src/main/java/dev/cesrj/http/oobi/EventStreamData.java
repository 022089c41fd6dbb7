package dev.cesrj.http.oobi;

import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.util.function.Consumer;

/**
 * The {@code data} of a {@code text/event-stream} body (server-sent events, WHATWG HTML section
 * 9.2.6, as keripy's mailbox answers a {@code qry}: {@code data: <message with attachments as
 * CESR text>}), handed on line by line as it arrives; {@code id}, {@code event}, {@code retry} and
 * comments are skipped. A line ends at LF, CR or CRLF; one leading space after {@code data:} is
 * dropped. A line longer than {@code maxLine} bytes is refused ({@link OobiFailure#TOO_LARGE}), so
 * a line never holds more than that.
 */
final class EventStreamData {
  private static final byte[] DATA = {'d', 'a', 't', 'a', ':'};
  private final long maxLine;
  private final Consumer<byte[]> data;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private boolean afterCr;

  EventStreamData(long maxLine, Consumer<byte[]> data) {
    this.maxLine = maxLine;
    this.data = data;
  }

  /**
   * Takes body bytes.
   *
   * @param chunk bytes (not owned, read without moving its indexes)
   * @throws IllegalStateException if a line is over the limit
   */
  void feed(ByteBuf chunk) {
    int end = chunk.writerIndex();
    for (int i = chunk.readerIndex(); i < end; i++) {
      byte b = chunk.getByte(i);
      if (b == '\n' && afterCr) {
        afterCr = false;
        continue; // the LF of a CRLF
      }
      afterCr = b == '\r';
      if (b == '\n' || b == '\r') {
        lineEnded();
      } else {
        if (line.size() >= maxLine) {
          throw new LineTooLong(maxLine);
        }
        line.write(b);
      }
    }
  }

  /** The body ended: a last line without its end is taken as ended. */
  void end() {
    if (line.size() > 0) {
      lineEnded();
    }
  }

  private void lineEnded() {
    byte[] l = line.toByteArray();
    line.reset();
    if (l.length < DATA.length) {
      return;
    }
    for (int i = 0; i < DATA.length; i++) {
      if (l[i] != DATA[i]) {
        return;
      }
    }
    int from = DATA.length < l.length && l[DATA.length] == ' ' ? DATA.length + 1 : DATA.length;
    if (from < l.length) {
      data.accept(java.util.Arrays.copyOfRange(l, from, l.length));
    }
  }

  /** A line longer than the limit. */
  static final class LineTooLong extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    LineTooLong(long max) {
      super("an event-stream line is over " + max + " bytes");
    }
  }
}
