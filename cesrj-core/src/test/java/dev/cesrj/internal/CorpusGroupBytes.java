package dev.cesrj.internal;

import dev.cesrj.CesrException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * Every attachment group of every corpus A stream, in qb64 and in qb2, as bytes of its own with
 * the table it was read with: what the framing engine's cut tests frame item by item.
 */
final class CorpusGroupBytes {
  private CorpusGroupBytes() {}

  /** A group's bytes, the table it was read with, and where it came from. */
  record Sample(byte[] bytes, CounterTable table, String where) {}

  /** Each group twice: its qb64 form and its qb2 form (one of them a view, the other made). */
  static List<Sample> bothDomains() {
    List<Sample> out = new ArrayList<>();
    for (String file : Corpus.streams()) {
      try (Messages messages = Messages.copyOf(Corpus.bytes(file))) {
        for (Message m : messages) {
          for (Group g : m.attachments()) {
            String where = file + "@" + g.offset() + " " + g.name();
            // the form of the group's own domain is a view of the stream; the other is made
            boolean text = g.domain() == Domain.QB64;
            out.add(new Sample(bytes(g.qb64(), !text), g.table(), where + " qb64"));
            out.add(new Sample(bytes(g.qb2(), text), g.table(), where + " qb2"));
          }
        }
      } catch (CesrException e) {
        // a stream the corpus marks as failing: its groups before the error are taken
      }
    }
    return out;
  }

  private static byte[] bytes(ByteBuf b, boolean made) {
    try {
      return ByteBufUtil.getBytes(b);
    } finally {
      if (made) {
        b.release();
      }
    }
  }
}
