package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.NestingTooDeepException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.group.GroupFramer;
import dev.cesrj.group.GroupViews;
import dev.cesrj.internal.Source;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;

/**
 * Frames messages (CESR.md sections 5, 6.2 to 6.5): cold start, version string, body, then the
 * attachment groups up to the next message. Text-domain attachments; not thread-safe.
 */
final class MessageFramer {
  private final ByteBuf buf;
  private final Source src;
  private final GroupFramer groups;
  private final CesrOptions options;
  private CounterTable streamTable;

  MessageFramer(ByteBuf buf, int origin, CesrOptions options) {
    this.buf = buf;
    this.src = new Source(buf, origin);
    this.groups = new GroupFramer(src, options);
    this.options = options;
  }

  /** The table a top-level genus-version code set, or {@code null} if none was met yet. */
  CounterTable streamTable() {
    return streamTable;
  }

  /**
   * Frames the top-level message at {@code pos}.
   *
   * @return the message, or {@code null} if only a genus-version code was left before
   *     {@code limit} (the table switch is kept)
   */
  Message next(int pos, int limit) {
    int p = pos;
    Group gvc = null;
    if (groups.isGenusVersionAt(p, limit)) {
      int q = groups.group(p, limit, table(null), 1);
      gvc = view(p, q, 1, table(null));
      streamTable = groups.selectedTable(p);
      p = q;
      if (p == limit) {
        return null;
      }
    }
    return message(pos, p, limit, 1, gvc, table(null), false);
  }

  private CounterTable table(CounterTable scoped) {
    if (scoped != null) {
      return scoped;
    }
    return streamTable != null ? streamTable : options.defaultTable();
  }

  /**
   * Frames one message starting at {@code p} (after any genus-version code, which started at
   * {@code start}).
   */
  private Message message(
      int start, int p, int limit, int depth, Group gvc, CounterTable table, boolean enclosed) {
    if (depth > options.maxDepth()) {
      throw new NestingTooDeepException(
          src.offset(p), null, "at most " + options.maxDepth() + " nested levels", "depth " + depth);
    }
    if (p >= limit) {
      throw new TruncatedException(src.offset(p), null, "a message", 1);
    }
    int b = src.at(p);
    Tritet tr = Tritet.of(b);
    if (tr.isMessage()) {
      return bareMessage(start, p, limit, depth, gvc, enclosed);
    }
    if (b == '-') {
      groups.counter(p, limit, table, 0);
      CounterCode code = groups.code();
      if (code.layout() == Layout.BODY_WITH_ATTACHMENTS) {
        return envelope(start, p, limit, depth, gvc, table);
      }
      if (code.layout() == Layout.GENERIC) {
        throw new UnsupportedException(
            src.offset(p), code.code(), "a message", "GenericGroup sub-streams are not supported yet");
      }
      throw new ColdStartException(
          src.offset(p),
          code.code(),
          "a message (body, BodyWithAttachmentGroup or genus-version code)",
          code.name() + " where a message must start; read attachment-only input with Groups");
    }
    throw coldStart(p, b, "a message");
  }

  private CesrException coldStart(int p, int b, String expected) {
    Tritet tr = Tritet.of(b);
    if (tr == Tritet.BINARY) {
      return new UnsupportedException(
          src.offset(p), null, expected, "binary (qb2) counters are not supported by this version");
    }
    String what =
        tr == Tritet.ANNOTATED
            ? "annotated text (de-annotate it first)"
            : "byte 0x" + Integer.toHexString(b) + " (tritet " + tr + ")";
    return new ColdStartException(src.offset(p), null, expected, what + " at a cold-start point");
  }

  private Message bareMessage(
      int start, int p, int limit, int depth, Group gvc, boolean enclosed) {
    VersionString vs = version(p, limit);
    long size = vs.size();
    if (size > options.maxFrameBytes()) {
      throw new FrameTooLargeException(src.offset(p), vs.text(), size, options.maxFrameBytes());
    }
    if (size > limit - p) {
      if (enclosed) {
        throw new MalformedException(
            src.offset(p), vs.text(), "a body inside its enclosing group", "body runs past it");
      }
      throw new TruncatedException(
          src.offset(p), vs.text(), "the rest of the message body", size - (limit - p));
    }
    int bodyEnd = p + (int) size;
    CounterTable t = gvc != null || streamTable != null ? table(null) : vs.impliedTable();
    Run run = new Run(depth);
    int end = attachments(bodyEnd, limit, t, depth, enclosed, run);
    return new Message(
        src.offset(start),
        end - start,
        depth,
        gvc,
        null,
        null,
        null,
        vs,
        buf.slice(p, (int) size),
        t,
        run.attachments,
        run.groups,
        run.nested);
  }

  /** Reads the version string of the body at {@code p} (CESR.md 6.2: offset at most 8). */
  private VersionString version(int p, int limit) {
    int avail = limit - p;
    int window = Math.min(avail, VersionString.MAX_OFFSET + VersionString.V2_LENGTH);
    String text = src.text(p, window);
    for (int o = 0; o <= VersionString.MAX_OFFSET && o < window; o++) {
      VersionString vs = VersionString.match(text.substring(o), o);
      if (vs != null) {
        checkKind(p, vs);
        if (vs.size() < o + vs.text().length()) {
          throw new VersionStringException(
              src.offset(p), vs.text(), "a size covering the version string", "size " + vs.size());
        }
        return vs;
      }
    }
    if (window < VersionString.MAX_OFFSET + VersionString.V2_LENGTH) {
      throw new TruncatedException(
          src.offset(p),
          null,
          "a version string within the first 27 bytes of the body",
          VersionString.MAX_OFFSET + VersionString.V2_LENGTH - window);
    }
    throw new VersionStringException(
        src.offset(p),
        null,
        "a version string (e.g. KERI10JSON00012b_) at offset 0 to 8 of the body",
        "no valid version string in \"" + text + "\"");
  }

  private void checkKind(int p, VersionString vs) {
    Tritet tr = Tritet.of(src.at(p));
    boolean ok;
    switch (vs.kind()) {
      case JSON:
        ok = src.at(p) == '{';
        break;
      case CBOR:
        ok = tr == Tritet.CBOR;
        break;
      case MGPK:
        ok = tr == Tritet.MGPK_FIXMAP || src.at(p) == 0xDE || src.at(p) == 0xDF;
        break;
      default:
        ok = false;
    }
    if (!ok) {
      throw new VersionStringException(
          src.offset(p),
          vs.text(),
          "a body serialized as " + vs.kind(),
          "first byte 0x" + Integer.toHexString(src.at(p)) + " does not start one");
    }
  }

  /** A message enclosed in a BodyWithAttachmentGroup at {@code p}. */
  private Message envelope(int start, int p, int limit, int depth, Group gvc, CounterTable table) {
    int end = groups.group(p, limit, table, depth);
    Group env = view(p, end, depth, table);
    int fs = env.counterSize();
    int q = p + fs;
    CounterTable t = table;
    Group innerGvc = null;
    try {
      if (groups.isGenusVersionAt(q, end)) {
        int r = groups.group(q, end, t, depth + 1);
        innerGvc = view(q, r, depth + 1, t);
        t = groups.selectedTable(q);
        q = r;
      }
      if (q >= end) {
        throw new MalformedException(
            src.offset(q), env.code().code(), "a NonNativeBodyGroup", "empty envelope");
      }
      groups.counter(q, end, t, 0);
      if (groups.code().layout() != Layout.NON_NATIVE_BODY) {
        throw bodyGroupError(q);
      }
      int r = groups.group(q, end, t, depth + 1);
      Group bodyGroup = view(q, r, depth + 1, t);
      Matter texter = (Matter) bodyGroup.elements().get(0);
      byte[] raw = texter.raw();
      ByteBuf body = Unpooled.wrappedBuffer(raw);
      VersionString vs = new MessageFramer(body, 0, options).version(0, raw.length);
      if (vs.size() != raw.length) {
        throw new VersionStringException(
            src.offset(q), vs.text(), "size " + raw.length + " (the Bytes primitive's raw size)",
            "version string says " + vs.size());
      }
      CounterTable at = innerGvc != null || streamTable != null || gvc != null ? t
          : vs.impliedTable();
      Run run = new Run(depth + 1);
      attachments(r, end, at, depth + 1, true, run);
      return new Message(
          src.offset(start),
          end - start,
          depth,
          gvc != null ? gvc : innerGvc,
          env,
          bodyGroup,
          texter,
          vs,
          body,
          at,
          run.attachments,
          run.groups,
          run.nested);
    } catch (TruncatedException e) {
      throw new MalformedException(
          e.offset(), e.code(), e.expected(), "content ends inside its enclosing group");
    }
  }

  private CesrException bodyGroupError(int q) {
    CounterCode c = groups.code();
    if (c.layout() == Layout.NATIVE_BODY) {
      return new UnsupportedException(
          src.offset(q), c.code(), "a NonNativeBodyGroup", "CESR-native bodies are not supported yet");
    }
    return new MalformedException(
        src.offset(q), c.code(), "a NonNativeBodyGroup", c.name() + " where the body must be");
  }

  /** What one attachment run collects. */
  private static final class Run {
    final int depth;
    final List<Group> attachments = new ArrayList<>();
    final List<Group> groups = new ArrayList<>();
    final List<Message> nested = new ArrayList<>();

    Run(int depth) {
      this.depth = depth;
    }
  }

  /**
   * Reads attachment groups from {@code p}: up to {@code limit} when {@code enclosed} (inside an
   * AttachmentGroup or envelope), else until something that starts the next message (CESR.md
   * 6.3).
   *
   * @return the index after the last attachment
   */
  private int attachments(
      int p, int limit, CounterTable table, int depth, boolean enclosed, Run run) {
    while (p < limit) {
      int b = src.at(p);
      if (b != '-') {
        if (!enclosed && (Tritet.of(b).isMessage())) {
          break;
        }
        throw coldStart(p, b, "an attachment group" + (enclosed ? "" : " or a message"));
      }
      if (groups.isGenusVersionAt(p, limit)) {
        if (!enclosed) {
          break;
        }
        throw new MalformedException(
            src.offset(p), CounterTable.GENUS_VERSION_CODE, "an attachment group",
            "a genus-version code inside a group, not at its start");
      }
      groups.counter(p, limit, table, 0);
      CounterCode code = groups.code();
      switch (code.layout()) {
        case GENERIC:
        case NON_NATIVE_BODY:
          if (!enclosed) {
            return p;
          }
          throw new UnsupportedException(
              src.offset(p), code.code(), "an attachment group", code.name() + " inside attachments");
        case BODY_WITH_ATTACHMENTS:
          if (!enclosed) {
            return p;
          }
          Message nested = envelope(p, p, limit, depth, null, table);
          run.nested.add(nested);
          Group env = nested.envelope().orElseThrow();
          addGroup(run, env, depth);
          p += nested.length();
          break;
        case ATTACHMENTS:
          p = wrapper(p, limit, table, depth, run);
          break;
        default:
          int q = groups.group(p, limit, table, depth);
          addGroup(run, view(p, q, depth, table), depth);
          p = q;
      }
    }
    return p;
  }

  private void addGroup(Run run, Group g, int depth) {
    if (depth == run.depth) {
      run.attachments.add(g);
    }
    run.groups.add(g);
  }

  /** An AttachmentGroup: counted, optional leading genus-version code scoped to it. */
  private int wrapper(int p, int limit, CounterTable table, int depth, Run run) {
    int fs = groups.counter(p, limit, table, 0);
    CounterCode code = groups.code();
    long total = fs + 4L * groups.count();
    if (total > options.maxFrameBytes()) {
      throw new FrameTooLargeException(src.offset(p), code.code(), total, options.maxFrameBytes());
    }
    if (total > limit - p) {
      throw new TruncatedException(
          src.offset(p), code.code(), "the rest of " + code.name(), total - (limit - p));
    }
    int end = p + (int) total;
    addGroup(run, GroupViews.of(buf, p, end - p, src.offset(p), code, groups.count(), depth,
        table, options), depth);
    int q = p + fs;
    CounterTable t = table;
    try {
      if (groups.isGenusVersionAt(q, end)) {
        int r = groups.group(q, end, t, depth + 1);
        run.groups.add(view(q, r, depth + 1, t));
        t = groups.selectedTable(q);
        q = r;
      }
      attachments(q, end, t, depth + 1, true, run);
    } catch (TruncatedException e) {
      throw new MalformedException(
          e.offset(), e.code(), e.expected(), "content ends inside its AttachmentGroup");
    }
    return end;
  }

  private Group view(int from, int to, int depth, CounterTable table) {
    return GroupViews.of(
        buf, from, to - from, src.offset(from), groups.code(), groups.count(), depth, table,
        options);
  }
}
