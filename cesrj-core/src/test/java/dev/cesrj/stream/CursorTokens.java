package dev.cesrj.stream;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.group.Groups;
import dev.cesrj.group.OpaqueMaterial;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The tokens of a stream as one line each, two ways: from a {@link CesrCursor}, and from the
 * views of {@link Messages} or {@link Groups} walked in stream order, so that tests can say the
 * two read the same grammar. A line holds the token, its offset, length and depth, and by token:
 * a message's version string; a body's kind and body group; a group's or genus-version code's
 * code, table and count; a primitive's domain, code, index, ondex and raw value (hex).
 */
final class CursorTokens {
  private CursorTokens() {}

  // ---- the cursor ----

  /** Every token of the whole {@code stream} through {@code cursor}, fed whole. */
  static List<String> ofCursor(CesrCursor cursor, ByteBuf input) {
    List<String> out = new ArrayList<>();
    cursor.reset(input).endOfInput();
    for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
      out.add(line(cursor));
    }
    return out;
  }

  /**
   * Every token of {@code stream} through {@code cursor}, its bytes appended {@code chunk} at a
   * time to one growing buffer made by {@code make} (with room for {@code initial} bytes) at each
   * {@code NEED_MORE}; {@code needed} records each NEED_MORE as (bytes written, needed).
   */
  static List<String> ofCursorChunked(
      CesrCursor cursor, byte[] stream, int chunk, IntFunction<ByteBuf> make, List<long[]> needed) {
    List<String> out = new ArrayList<>();
    ByteBuf buf = make.apply(16);
    try {
      int written = Math.min(chunk, stream.length);
      buf.writeBytes(stream, 0, written);
      cursor.reset(buf);
      if (written == stream.length) {
        cursor.endOfInput();
      }
      while (true) {
        CesrToken t = cursor.next();
        if (t == CesrToken.END) {
          break;
        }
        if (t == CesrToken.NEED_MORE) {
          if (needed != null) {
            needed.add(new long[] {written, cursor.needed()});
          }
          if (written == stream.length) {
            throw new AssertionError("NEED_MORE after endOfInput()");
          }
          int n = Math.min(chunk, stream.length - written);
          buf.writeBytes(stream, written, n);
          written += n;
          if (written == stream.length) {
            cursor.endOfInput();
          }
          continue;
        }
        out.add(line(cursor));
      }
      if (buf.readerIndex() != buf.writerIndex()) {
        throw new AssertionError("bytes left unread at END: " + buf.readableBytes());
      }
      return out;
    } finally {
      buf.release();
    }
  }

  /** The line of the cursor's current token. */
  static String line(CesrCursor c) {
    StringBuilder sb = new StringBuilder();
    sb.append(c.token()).append(' ').append(c.offset()).append('+').append(c.length())
        .append(" d").append(c.depth());
    switch (c.token()) {
      case MESSAGE_START:
      case MESSAGE_END:
        sb.append(' ').append(c.version().text());
        break;
      case BODY:
        sb.append(' ').append(c.bodyKind());
        if (c.hasCounterCode()) {
          sb.append(' ').append(code(c.counterCode())).append(" #").append(c.count());
        }
        break;
      case GENUS_VERSION:
        sb.append(' ').append(c.counterCode().code()).append(" #").append(c.count())
            .append(" -> ").append(c.genusTable());
        break;
      case GROUP_START:
      case GROUP_END:
        sb.append(' ').append(c.domain()).append(' ').append(code(c.counterCode()))
            .append(" #").append(c.count());
        break;
      case PRIMITIVE:
        sb.append(' ').append(c.domain());
        if (c.isIndexed()) {
          sb.append(' ').append(c.indexerCode()).append(" i").append(c.signatureIndex())
              .append(" o").append(c.hasOndex() ? String.valueOf(c.ondex()) : "-");
        } else {
          sb.append(' ').append(c.matterCode());
        }
        byte[] raw = new byte[c.rawSize() + 2];
        int n = c.readRaw(raw, 1);
        if (n != raw.length - 2) {
          throw new AssertionError("readRaw returned " + n + ", rawSize " + (raw.length - 2));
        }
        sb.append(" raw ").append(ByteBufUtil.hexDump(raw, 1, n));
        break;
      default:
        throw new AssertionError("no line for " + c.token());
    }
    return sb.toString();
  }

  private static String code(CounterCode c) {
    return c.code() + "/" + c.table();
  }

  // ---- the views ----

  /** The lines the messages of {@code Messages.over(input, options)} give, in stream order. */
  static List<String> ofMessages(byte[] stream, CesrOptions options) {
    List<String> out = new ArrayList<>();
    ByteBuf buf = Unpooled.wrappedBuffer(stream);
    List<Group> open = new ArrayList<>();
    try (Messages messages = Messages.over(buf, options)) {
      for (Message m : messages) {
        List<Group> chain = m.genericGroups();
        int common = 0;
        while (common < open.size() && common < chain.size() && open.get(common) == chain.get(common)) {
          common++;
        }
        while (open.size() > common) {
          out.add(group("GROUP_END", open.remove(open.size() - 1)));
        }
        while (open.size() < chain.size()) {
          Group g = chain.get(open.size());
          open.add(g);
          out.add(group("GROUP_START", g));
        }
        message(m, out);
      }
      while (!open.isEmpty()) {
        out.add(group("GROUP_END", open.remove(open.size() - 1)));
      }
    }
    return out;
  }

  /** The lines the groups of {@code Groups.over(input, options)} give, in stream order. */
  static List<String> ofGroups(byte[] stream, CesrOptions options) {
    List<String> out = new ArrayList<>();
    try (Groups groups = Groups.over(Unpooled.wrappedBuffer(stream), options)) {
      for (Group g : groups) {
        group(g, null, out);
      }
    }
    return out;
  }

  private static void message(Message m, List<String> out) {
    String head = " " + m.offset() + "+" + m.length() + " d" + m.depth() + " " + m.version().text();
    out.add("MESSAGE_START" + head);
    Group gv = m.genusVersion().orElse(null);
    Group env = m.envelope().orElse(null);
    if (gv != null && (env == null || gv.offset() < env.offset())) {
      out.add(genusVersion(gv));
    }
    if (env != null) {
      out.add(group("GROUP_START", env));
      if (gv != null && gv.offset() > env.offset()) {
        out.add(genusVersion(gv));
      }
    }
    Group bg = m.bodyGroup().orElse(null);
    if (bg != null) {
      out.add("BODY " + bg.offset() + "+" + bg.length() + " d" + bg.depth() + " "
          + m.version().kind() + " " + code(bg.code()) + " #" + bg.count());
    } else {
      long at = gv != null ? gv.offset() + gv.length() : m.offset();
      out.add("BODY " + at + "+" + m.version().size() + " d" + m.depth() + " " + m.version().kind());
    }
    for (Group g : m.attachments()) {
      group(g, m, out);
    }
    if (env != null) {
      out.add(group("GROUP_END", env));
    }
    out.add("MESSAGE_END" + head);
  }

  private static String genusVersion(Group g) {
    return "GENUS_VERSION " + g.offset() + "+" + g.length() + " d" + g.depth() + " "
        + g.code().code() + " #" + g.count() + " -> "
        + dev.cesrj.code.CounterTable.selectedBy(
            g.code(),
            dev.cesrj.code.CounterTable.genusMajor(g.count()),
            dev.cesrj.code.CounterTable.genusMinor(g.count()));
  }

  private static String group(String token, Group g) {
    return token + " " + g.offset() + "+" + g.length() + " d" + g.depth() + " " + g.domain() + " "
        + code(g.code()) + " #" + g.count();
  }

  /** A group and its content; {@code m} holds the nested messages a group may start. */
  private static void group(Group g, Message m, List<String> out) {
    Layout layout = g.code().layout();
    if (layout == Layout.GENUS_VERSION) {
      out.add(genusVersion(g));
      return;
    }
    if (m != null && layout.startsMessage()) {
      for (Message n : m.nested()) {
        if (n.offset() == g.offset()) {
          message(n, out);
          return;
        }
      }
      throw new AssertionError("no nested message at " + g.offset());
    }
    out.add(group("GROUP_START", g));
    if (layout != Layout.GENERIC && layout != Layout.BODY_WITH_ATTACHMENTS) {
      for (Element e : g.elements()) {
        element(e, m, g.depth() + 1, out);
      }
    }
    out.add(group("GROUP_END", g));
  }

  private static void element(Element e, Message m, int depth, List<String> out) {
    if (e instanceof Group) {
      group((Group) e, m, out);
    } else if (e instanceof Tuple) {
      for (Element part : ((Tuple) e).parts()) {
        element(part, m, depth, out);
      }
    } else if (e instanceof Matter) {
      Matter x = (Matter) e;
      out.add(primitive(e, depth, x.code().toString(), x.raw()));
    } else if (e instanceof IndexedSignature) {
      IndexedSignature s = (IndexedSignature) e;
      String idx = s.code() + " i" + s.index() + " o"
          + (s.ondex().isPresent() ? String.valueOf(s.ondex().getAsInt()) : "-");
      out.add(primitive(e, depth, idx, s.raw()));
    } else if (!(e instanceof OpaqueMaterial)) {
      throw new AssertionError("unexpected element " + e);
    }
  }

  private static String primitive(Element e, int depth, String code, byte[] raw) {
    return "PRIMITIVE " + e.offset() + "+" + e.length() + " d" + depth + " " + e.domain() + " "
        + code + " raw " + ByteBufUtil.hexDump(raw);
  }
}
