package dev.cesrj.stream;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupTape;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of a stream of messages ({@link CesrCursor#messages}), read as {@link Messages}
 * reads it (keripy {@code src/keri/core/parsing.py} {@code Parser.msgParsator}, {@code
 * Parser.groupParsator}): each top-level frame (a message with its attachments, or a GenericGroup
 * of frames) is framed whole by {@link MessageFramer}, which records the items of every group it
 * frames on a {@link GroupTape}; the frame's tokens are then its GenericGroups' starts and ends,
 * genus-version codes outside messages, and each message's tokens, which {@link MessageWalk}
 * returns. Not thread-safe.
 */
final class MessageTokens extends TokenSource {
  private final CesrOptions options;
  private final GroupFramer framer;
  /** The items of every group the message framer framed for the frame being returned. */
  private final GroupTape tape = new GroupTape();
  private final TapePlayer player = new TapePlayer();
  private final MessageWalk walk;
  private MessageFramer messageFramer;
  /** The messages of the frame being returned, as the message framer made them. */
  /**
   * What the message framer found for the frame, the framing layers' one "need more" result
   * ({@link MessageFramer#frame}); one per cursor, reused for every frame.
   */
  private final Fit fit = new Fit();
  private final List<Message> pending = new ArrayList<>();
  /** The next message of {@link #pending} to return. */
  private int msgIdx;
  /** The buffer index of the frame's next genus-version code outside a message. */
  private int frameP;
  /** The table in force at {@link #frameP}. */
  private CounterTable frameTable;
  /** The GenericGroups open around the message being returned, outermost first. */
  private final Group[] openGeneric;
  private int openCount;
  /** True once the frame's empty GenericGroup (if any) was started. */
  private boolean emptyGenericDone;

  MessageTokens(CesrOptions options) {
    this.options = options;
    this.framer = new GroupFramer(in.src, options);
    int room = options.maxDepth() + 2;
    this.openGeneric = new Group[room];
    this.walk = new MessageWalk(this, framer, tape, player, room);
  }

  @Override
  void reset() {
    ByteBuf input = in.buf;
    if (messageFramer != null && !messageFramer.reads(input, in.origin)) {
      messageFramer = null;
    } else if (messageFramer != null) {
      messageFramer.streamTable(null);
    }
    clearFrame();
  }

  @Override
  void clearFrame() {
    tape.clear();
    player.clear();
    walk.clear();
    pending.clear();
    for (int i = 0; i < openCount; i++) {
      openGeneric[i] = null;
    }
    openCount = 0;
    msgIdx = 0;
    emptyGenericDone = false;
    forgetFrame();
  }

  @Override
  CesrToken frame() {
    ByteBuf buf = in.buf;
    int limit = buf.writerIndex();
    CesrToken wait = in.awaitOrFollow(limit);
    if (wait != null) {
      return wait;
    }
    if (messageFramer == null || !messageFramer.reads(buf, in.origin)) {
      CounterTable carried = messageFramer != null ? messageFramer.streamTable() : null;
      messageFramer = new MessageFramer(buf, in.origin, options, carried);
    }
    int pos = in.pos;
    if (pos >= limit) {
      return in.atBoundary();
    }
    CounterTable before = messageFramer.streamTable();
    pending.clear();
    tape.clear();
    messageFramer.record(tape);
    Fit f = fit;
    messageFramer.frame(pos, limit, pending, f);
    if (f.isTruncation()) { // cut by the end of the bytes: reported in the fit, not thrown
      if (!in.ended) {
        messageFramer.streamTable(before);
        return in.needMore(f.needed());
      }
      throw f.error(); // no more bytes come: the truncation framing them whole throws
    }
    // only genus-version codes before limit: the message they belong to needs more
    boolean cut = f.isCut();
    if (!in.ended && (cut || (f.end() == limit && !finalAtLimit()))) {
      messageFramer.streamTable(before);
      pending.clear();
      return in.needMore(cut ? f.needed() : 1);
    }
    in.frameEnd = cut ? limit : f.end();
    frameP = pos;
    frameTable = before != null ? before : options.defaultTable();
    msgIdx = 0;
    return null;
  }

  /**
   * True if the frame just framed, which ends where the bytes end, cannot go on: a GenericGroup
   * (counted), an envelope (counted), or a message whose first attachment group is an
   * AttachmentGroup (it holds all the attachments).
   */
  private boolean finalAtLimit() {
    if (pending.isEmpty()) {
      return true; // an empty GenericGroup
    }
    Message m = pending.get(pending.size() - 1);
    if (!m.genericGroups().isEmpty() || m.envelope().isPresent()) {
      return true;
    }
    List<Group> run = m.attachments();
    return !run.isEmpty() && run.get(0).code().layout().content() == Layout.Content.GROUPS;
  }

  @Override
  boolean step() {
    while (true) {
      if (walk.walking()) {
        if (walk.step()) {
          return true;
        }
        continue;
      }
      if (msgIdx < pending.size()) {
        Message m = pending.get(msgIdx);
        List<Group> chain = m.genericGroups();
        int common = 0;
        while (common < openCount
            && common < chain.size()
            && chain.get(common) == openGeneric[common]) {
          common++;
        }
        if (openCount > common) {
          closeGeneric();
          return true;
        }
        if (openCount < chain.size()) {
          Group g = chain.get(openCount);
          if (openCount == 0 && frameP < in.indexOf(g.offset())) {
            frameGenusVersion();
            return true;
          }
          openGeneric[openCount++] = g;
          this.group(CesrToken.GROUP_START, g, in.origin);
          return true;
        }
        msgIdx++;
        walk.push(m, in.indexOf(m.offset()), frameTable);
        continue;
      }
      if (openCount > 0) {
        closeGeneric();
        return true;
      }
      if (pending.isEmpty() && frameP < in.frameEnd && !emptyGenericDone) {
        // genus-version codes alone, or an empty GenericGroup after them
        if (framer.isGenusVersionAt(frameP, in.frameEnd, frameTable)) {
          frameGenusVersion();
          return true;
        }
        emptyGenericDone = true;
        if (emptyGeneric()) {
          return true;
        }
      }
      return emptyGenericDone && player.step(this);
    }
  }

  /**
   * Starts the empty GenericGroup at {@link #frameP}, read from the message framer's record (its
   * counter framed it as a whole group, the content being the message layer's: a start and an end
   * entry); false if the record has none there. Of several entries there (a table tried and
   * refused first), the last is the reading that framed the frame.
   */
  private boolean emptyGeneric() {
    for (int i = tape.size() - 1; i >= 0; i--) {
      if (tape.step(i) == GroupTape.Step.GROUP_START
          && tape.start(i) == frameP
          && tape.depth(i) == 1
          && tape.counterCode(i).layout().holdsStream()
          && tape.match(i) > i) {
        player.start(tape, i, tape.match(i) + 1);
        return player.step(this);
      }
    }
    return false;
  }

  private void closeGeneric() {
    Group g = openGeneric[--openCount];
    openGeneric[openCount] = null;
    this.group(CesrToken.GROUP_END, g, in.origin);
  }

  /** The genus-version code at {@link #frameP} read with {@link #frameTable}, outside messages. */
  private void frameGenusVersion() {
    int p = frameP;
    Domain d = Domain.ofCounterByte(in.src.at(p));
    CounterCode c = framer.framedCode(d, p, frameTable);
    this.genusVersion(p, d, c, framer.framedCount(d, p, c), 1);
    frameP = p + this.length;
    frameTable = this.genus;
  }
}
