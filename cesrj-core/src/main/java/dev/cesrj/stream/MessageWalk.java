package dev.cesrj.stream;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupTape;
import java.util.List;

/**
 * The tokens of a message that {@link MessageFramer} framed and checked, in stream order (see
 * {@link CesrCursor}, "Tokens"): its start, genus-version codes, envelope, body, attachment run
 * (attachment groups, AttachmentGroups and the messages nested in them) and end. Messages nested
 * in a run are walked on a stack of {@link MessageLevel}s, AttachmentGroups on a stack of {@link
 * AttachmentLevel}s, both made once per depth at construction and reused. Each attachment group's
 * items are played from the message framer's record ({@link GroupTape#wholeGroupAt}); the
 * message-level parts (each part of a run: a group, an AttachmentGroup, a nested message, an
 * AttachmentGroup's leading genus-version code; a message's genus-version code, envelope and
 * body group) from the views the framer made ({@link Message#groups()} and the message's
 * accessors), not from their bytes. Only a genus-version code that the message does not keep (one
 * of several in a row, and those outside messages in {@link MessageTokens}) is read again, with
 * {@link GroupFramer#framedCode}. Sources: keripy {@code src/keri/core/parsing.py} {@code
 * Parser.msgParsator}; CESR specification, "Count code tables".
 */
final class MessageWalk {
  private final CursorInput in;
  private final CursorToken tok;
  private final GroupFramer framer;
  private final GroupTape tape;
  private final TapePlayer player;
  private final MessageLevel[] levels;
  private int height;
  private final AttachmentLevel[] groups;
  private int groupHeight;
  /** The entry of {@link #tape} from which the next group is looked for. */
  private int seek;
  /** The table in force outside messages where the top-level message starts. */
  private CounterTable frameTable;
  /** Where the part that {@link #part} started ends. */
  private int partEnd;

  /**
   * @param tok the source whose token this walk sets
   * @param tape the message framer's record of the frame's groups
   * @param room the depths to make room for: {@link dev.cesrj.CesrOptions#maxDepth()} plus 2
   */
  MessageWalk(
      TokenSource tok, GroupFramer framer, GroupTape tape, TapePlayer player, int room) {
    this.in = tok.in;
    this.tok = tok;
    this.framer = framer;
    this.tape = tape;
    this.player = player;
    this.levels = new MessageLevel[room];
    this.groups = new AttachmentLevel[room];
    for (int i = 0; i < room; i++) {
      levels[i] = new MessageLevel();
      groups[i] = new AttachmentLevel();
    }
  }

  /** Forgets the frame: frees every depth (the codes and tables left are table constants). */
  void clear() {
    seek = 0;
    groupHeight = 0;
    for (int i = 0; i < height; i++) {
      levels[i].close();
    }
    height = 0;
  }

  /** {@return true while a message is being walked} */
  boolean walking() {
    return height > 0;
  }

  /**
   * Starts the top-level message {@code m}, at buffer index {@code at}, the table outside messages
   * there being {@code table}.
   */
  void push(Message m, int at, CounterTable table) {
    frameTable = table;
    open(m, at);
  }

  private void open(Message m, int at) {
    levels[height++].open(m, at, groupHeight);
  }

  /** The next token of the message on top; false if it only changed state. */
  boolean step() {
    MessageLevel l = levels[height - 1];
    Message m = l.message;
    switch (l.phase) {
      case START:
        message(CesrToken.MESSAGE_START, m);
        l.phase = MessageLevel.Phase.GENUS_VERSIONS;
        return true;
      case GENUS_VERSIONS:
        {
          if (l.p < firstPart(m)) {
            int p = l.p;
            genusVersionAt(p, m.genusVersion().orElse(null), messageTable(m), m.depth());
            l.p = p + tok.length;
            return true;
          }
          l.phase = MessageLevel.Phase.ENVELOPE;
          return false;
        }
      case ENVELOPE:
        {
          Group env = m.envelope().orElse(null);
          if (env == null) {
            l.phase = MessageLevel.Phase.BODY;
            return false;
          }
          tok.group(CesrToken.GROUP_START, env, in.origin);
          l.p = indexOf(env) + env.counterSize();
          l.phase = MessageLevel.Phase.ENVELOPE_GENUS_VERSION;
          return true;
        }
      case ENVELOPE_GENUS_VERSION:
        {
          l.phase = MessageLevel.Phase.BODY;
          Group env = m.envelope().orElseThrow();
          int body = indexOf(m.bodyGroup().orElseThrow());
          if (l.p < body) {
            genusVersionAt(l.p, m.genusVersion().orElse(null), env.code().table(), env.depth() + 1);
            l.p = body;
            return true;
          }
          return false;
        }
      case BODY:
        body(l, m);
        return true;
      case RUN:
        {
          if (player.step(tok)) {
            return true;
          }
          if (groupHeight > l.base) {
            return stepAttachmentGroup(l, m);
          }
          int p = l.p;
          if (p < l.runEnd) {
            int depth = m.envelope().isPresent() ? m.depth() + 1 : m.depth();
            boolean set = part(m, l, p, nextPart(m, l, p), depth);
            l.p = partEnd;
            return set;
          }
          l.phase = MessageLevel.Phase.ENVELOPE_END;
          return false;
        }
      case ENVELOPE_END:
        {
          l.phase = MessageLevel.Phase.END;
          Group env = m.envelope().orElse(null);
          if (env != null) {
            tok.group(CesrToken.GROUP_END, env, in.origin);
            return true;
          }
          return false;
        }
      default:
        message(CesrToken.MESSAGE_END, m);
        l.close();
        height--;
        return true;
    }
  }

  /** The {@code BODY} of message {@code m} at {@code l}: its body group, or its bare body. */
  private void body(MessageLevel l, Message m) {
    Group bg = m.bodyGroup().orElse(null);
    tok.version = m.version();
    tok.code = null;
    tok.depth = bg != null ? bg.depth() : m.depth();
    if (bg != null) {
      tok.index = indexOf(bg);
      tok.length = bg.length();
      tok.qb2 = bg.domain() == Domain.QB2;
      tok.code = bg.code();
      tok.count = bg.count();
    } else {
      tok.index = l.p;
      tok.length = (int) m.version().size();
      tok.qb2 = false;
    }
    tok.token = CesrToken.BODY;
    Group env = m.envelope().orElse(null);
    l.p = tok.index + tok.length;
    l.runEnd = env != null ? indexOf(env) + env.length() : indexOf(m) + m.length();
    l.base = groupHeight;
    l.phase = MessageLevel.Phase.RUN;
  }

  /**
   * The next step inside the AttachmentGroup on top of the stack, in the run of message {@code
   * m} (at {@code l}): its leading genus-version code, its end, or the part at its position.
   *
   * @return true if a token was set
   */
  private boolean stepAttachmentGroup(MessageLevel l, Message m) {
    AttachmentLevel a = groups[groupHeight - 1];
    int p = a.p;
    if (p >= a.end) {
      groupHeight--;
      tok.counter(
          CesrToken.GROUP_END, a.start, a.end - a.start, a.depth, a.qb2, a.code, a.count);
      return true;
    }
    Group g = nextPart(m, l, p);
    if (a.first) {
      a.first = false;
      if (g.code().layout().selectsTable()) {
        // it selects the table for the rest of this AttachmentGroup's content
        tok.genusVersion(p, a.qb2 ? Domain.QB2 : Domain.QB64, g.code(), g.count(), a.depth + 1);
        a.p = p + tok.length;
        return true;
      }
    }
    boolean set = part(m, l, p, g, a.depth + 1);
    a.p = partEnd;
    return set;
  }

  /**
   * The token of the genus-version code at {@code p}: the message's own ({@code known}, the
   * message framer's view: its code and count) if it stands there, else the code read there with
   * {@code table} (one of several codes in a row, whose views the message does not keep).
   */
  private void genusVersionAt(int p, Group known, CounterTable table, int depth) {
    Domain d = Domain.ofCounterByte(in.src.at(p));
    if (known != null && indexOf(known) == p) {
      tok.genusVersion(p, d, known.code(), known.count(), depth);
    } else {
      genusVersion(p, d, framer.framedCode(d, p, table), depth);
    }
  }

  /**
   * The framer's view of the next part of the run of message {@code m} (at {@code l}), which
   * starts at {@code p}: the run's groups ({@link Message#groups()}) are in stream order, each
   * AttachmentGroup before its content, a nested message by its envelope or body group, so the
   * walk takes its parts' codes and counts from them instead of reading their counters again.
   */
  private Group nextPart(Message m, MessageLevel l, int p) {
    List<Group> parts = m.groups();
    Group g = l.part < parts.size() ? parts.get(l.part) : null;
    if (g == null || indexOf(g) != p) {
      throw new IllegalStateException("part at " + (p - in.origin) + ", the framer's next "
          + (g == null ? "none (" + parts.size() + " parts)" : "at " + g.offset()));
    }
    l.part++;
    return g;
  }

  /**
   * Starts the part at {@code p} of the run of message {@code m} (at {@code l}), the framer's
   * view {@code g}, of nesting depth {@code depth}: a nested message is pushed (no token yet), an
   * AttachmentGroup is pushed and its {@code GROUP_START} set, any other group's items are played
   * from the message framer's record and its first entry set.
   *
   * @return true if a token was set; {@link #partEnd} is the index just past the part
   */
  private boolean part(Message m, MessageLevel l, int p, Group g, int depth) {
    CounterCode c = g.code();
    if (c.layout().startsMessage()) {
      Message nested = m.nested().get(l.nested++);
      if (indexOf(nested) != p) {
        throw new IllegalStateException(
            "nested message at " + (p - in.origin) + ", framed at " + nested.offset());
      }
      open(nested, p);
      partEnd = p + nested.length();
      return false;
    }
    if (c.layout().content() == Layout.Content.GROUPS) { // an AttachmentGroup
      long n = g.count();
      boolean qb2 = Domain.ofCounterByte(in.src.at(p)) == Domain.QB2;
      int fs = (int) (qb2 ? Domain.QB2 : Domain.QB64).size(c.fs());
      int groupEnd = p + g.length();
      groups[groupHeight++].open(p, fs, groupEnd, depth, qb2, c, n);
      tok.counter(CesrToken.GROUP_START, p, groupEnd - p, depth, qb2, c, n);
      partEnd = groupEnd;
      return true;
    }
    // MessageFramer frames every other part with GroupFramer#group onto its record (the tape it
    // was given), so the record holds it whole at this depth and code: its items are read there
    int k = tape.wholeGroupAt(seek, p, depth, c);
    if (k < 0) {
      throw new IllegalStateException(
          "the group at " + (p - in.origin) + " is not on the message framer's record");
    }
    seek = tape.match(k) + 1;
    player.start(tape, k, seek);
    partEnd = p + tape.length(k);
    player.step(tok);
    return true;
  }

  private void genusVersion(int p, Domain d, CounterCode c, int depth) {
    tok.genusVersion(p, d, c, framer.framedCount(d, p, c), depth);
  }

  /** The table genus-version codes before a message's body are read with. */
  private CounterTable messageTable(Message m) {
    if (!m.genericGroups().isEmpty()) {
      List<Group> chain = m.genericGroups();
      return chain.get(chain.size() - 1).code().table();
    }
    return frameTable;
  }

  /** The index of a message's first part after its genus-version codes. */
  private int firstPart(Message m) {
    if (m.envelope().isPresent()) {
      return indexOf(m.envelope().get());
    }
    if (m.bodyGroup().isPresent()) {
      return indexOf(m.bodyGroup().get());
    }
    Group gv = m.genusVersion().orElse(null);
    return gv != null ? indexOf(gv) + gv.length() : indexOf(m);
  }

  private void message(CesrToken t, Message m) {
    int at = indexOf(m);
    boolean qb2 = at < in.buf.writerIndex() && domainAt(at) == Domain.QB2;
    tok.message(t, at, m.length(), m.depth(), qb2, m.version());
  }

  private Domain domainAt(int index) {
    int b = in.src.at(index);
    return b == '-' || Tritet.of(b) != Tritet.BINARY ? Domain.QB64 : Domain.QB2;
  }

  private int indexOf(Group g) {
    return in.indexOf(g.offset());
  }

  private int indexOf(Message m) {
    return in.indexOf(m.offset());
  }
}
