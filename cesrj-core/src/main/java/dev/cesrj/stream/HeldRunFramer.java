package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.Fit;
import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * The push parser's resume protocol (keripy {@code parsing.py} {@code Parser.msgParsator}, read
 * as bytes arrive): frames a top-level message with a bare attachment run on from where its
 * {@link HeldRun} stopped, group by group, instead of framing it again from its start when more
 * bytes arrive. Whole-frame framing stays in {@link MessageFramer}, whose parts (the group framer,
 * the attachment run, the table rules) this class calls; the state between calls is the parser's
 * {@link HeldRun}.
 *
 * <p>Result: the parser's {@link Fit}, the one "need more" result of every framing layer, says
 * where the message ends ({@link Fit.Verdict#WHOLE}) or how many bytes it lacks ({@link
 * Fit.Verdict#CUT}); {@link Resumed} says what became of a cut message: held, or not held.
 *
 * <p>One per parser, made once: the parser makes a new {@link MessageFramer} whenever its bytes
 * move, and hands the current one to each call. Holds no state of its own. Not thread-safe.
 */
final class HeldRunFramer {
  /**
   * What {@link #resume} did with the held message; the figures are in the {@link Fit} it was
   * given.
   */
  enum Resumed {
    /**
     * The message is framed and added: the fit is {@link Fit.Verdict#WHOLE}, {@link Fit#end()}
     * the index just past the message.
     */
    FRAMED,
    /**
     * The message is held, its bare run may go on: the fit is {@link Fit.Verdict#CUT}, {@link
     * Fit#needed()} the least bytes to wait for; {@link HeldRun} says where framing goes on.
     */
    HELD,
    /**
     * The message's body or the AttachmentGroup that holds all its attachments is cut: the fit
     * is {@link Fit.Verdict#CUT}, {@link Fit#needed()} exactly the bytes it lacks.
     */
    SHORT
  }

  /** The message ends at {@code end}: {@code fit} whole, {@link Resumed#FRAMED}. */
  private static Resumed framed(Fit fit, int end) {
    fit.whole(end);
    return Resumed.FRAMED;
  }

  /**
   * Frames the top-level message at {@code pos}, a JSON, CBOR or MGPK body and the attachments
   * after it (keripy {@code Parser.msgParsator}), as far as the bytes before {@code limit} go,
   * starting where {@code held} stopped if it holds this message. The body is read once; each
   * attachment group is framed once, as soon as all of it is in (the framer says, without
   * throwing, whether a group is cut by {@code limit}: {@link dev.cesrj.internal.GroupFramer#frameOrCut}). The message is returned, as {@link MessageFramer#frame}
   * would return it from the same bytes, once something that ends the run is in (a message start, a
   * genus-version code, a counter that starts a message), or at {@code limit} when {@code ended}
   * (no more bytes will come). Errors are those of {@link MessageFramer#frame}, found group by group in stream
   * order, so a held message fails as soon as its bad group is in.
   *
   * <p>The caller has checked that the frame cannot exceed the frame limit before {@code limit}
   * ({@code limit - pos <= maxFrameBytes}), so the framer's window is not reached.
   *
   * @param fit the result, the caller's: {@link Fit.Verdict#WHOLE} with the end for {@link
   *     Resumed#FRAMED}, else {@link Fit.Verdict#CUT} with the bytes lacked; also used for each
   *     group of the run ({@link dev.cesrj.internal.GroupFramer#frameOrCut})
   * @return {@link Resumed#FRAMED}: the message is added to {@code out} and ends at {@code fit}'s
   *     {@link Fit#end()}; {@link Resumed#HELD}: the run reaches {@code limit} or a group is cut
   *     there ({@code held} says where to go on, {@code fit} the least bytes to wait for); or
   *     {@link Resumed#SHORT}: the body, or an AttachmentGroup right after it, is cut
   * @throws CesrException as {@link MessageFramer#frame} throws it; a {@link TruncatedException}
   *     only when {@code ended}
   */
  Resumed resume(
      MessageFramer f, HeldRun held, int pos, int limit, boolean ended, List<Message> out,
      Fit fit) {
    f.frameStart = pos;
    long at = f.src.offset(pos);
    if (held.holds(at) && !held.moveTo(f.views)) {
      held.clear();
    }
    if (!held.holds(at)) {
      VersionString vs = VersionSniffer.read(f.src, pos, limit, false, at);
      MessageFramer.checkInForce(vs, f.streamTable, at);
      long size = vs.size();
      f.options().validateFrameBytes(at, vs.text(), size);
      CounterTable t =
          f.streamTable != null
              ? f.streamTable
              : vs.impliedTable() == CounterTable.CESR_2_0
                  ? CounterTable.CESR_2_0
                  // null: the run tells
                  : f.options().tableInferred() ? null : f.options().defaultTable();
      held.start(at, vs, (int) size, t, f.streamTable, f.views);
      held.legacyMayFollow = t == null || f.legacyMayFollow(vs, t);
    }
    if (held.runAt - at > limit - pos) {
      long missing = held.runAt - at - (limit - pos);
      if (ended) {
        throw Errors.truncated(
            at, held.version.text(), "the rest of the message body", missing);
      }
      fit.cut(missing);
      return Resumed.SHORT;
    }
    int bodyEnd = pos + (int) (held.runAt - at);
    int p = pos + (int) (held.next - at);
    Resumed r;
    try {
      r = ended
          ? framed(fit, run(f, held, bodyEnd, p, limit))
          : runSoFar(f, held, bodyEnd, p, limit, fit);
    } catch (CesrException e) {
      r = heldLegacyRun(f, e, held, bodyEnd, limit, ended, fit);
    }
    if (r != Resumed.FRAMED) {
      return r;
    }
    int end = fit.end();
    f.options().validateFrameBytes(at, null, end - (long) pos);
    MessageFramer.Run run = held.run;
    ByteBuf bytes = held.body != null ? held.body : f.src.buf().slice(pos, held.bodySize);
    MessageBody body =
        new MessageBody(held.bodyGroup, held.texter, held.version, bytes, bodyEnd);
    Message m = new Message(at, end - pos, 1, held.genusVersion, null, body, held.table, run);
    f.streamTable = held.pinned; // as framing the whole message leaves it
    held.clear();
    out.add(m);
    return Resumed.FRAMED; // fit: whole, ending at end
  }

  /**
   * Keeps {@code m}, which {@link MessageFramer#frame} returned for the frame at {@code pos} with a bare
   * attachment run that reaches the end of the bytes, in {@code held}: {@link #resume} goes on
   * from its end when more bytes arrive, instead of framing it again.
   */
  void keep(MessageFramer f, HeldRun held, Message m, int pos) {
    held.keep(f.src.offset(pos), m, f.streamTable, f.views);
    held.legacyMayFollow =
        m.genusVersion().isEmpty()
            && m.bodyGroup().isEmpty()
            && f.legacyMayFollow(m.version(), m.table());
  }

  /**
   * True if {@link #resume} can go on with what {@code held} holds over this framer's bytes: its
   * parts view them, or can be made again over them.
   */
  boolean canResume(MessageFramer f, HeldRun held) {
    return held.canMoveTo(f.views);
  }

  /** The rest of the held run from {@code p}, all of it before {@code limit}: no more bytes come. */
  private int run(MessageFramer f, HeldRun held, int bodyEnd, int p, int limit) {
    if (held.table == null) {
      CounterTable t = f.runTable(held.version, p, limit);
      held.table = t != null ? t : CounterTable.CESR_1_0; // as whole framing of the same bytes
    }
    return f.attachments(
        p, limit, held.table, held.pinned, 1, false, held.run, p == bodyEnd, Fit.THROWING);
  }

  /**
   * The held run's groups from {@code p} that are whole before {@code limit}, as {@link
   * #attachments} frames a bare run at the top of the stream.
   *
   * @return {@link Resumed#FRAMED} with the index after the run in {@code fit}; {@link
   *     Resumed#HELD}; or {@link Resumed#SHORT} if a counter right after the body, or the
   *     AttachmentGroup it starts, is cut (the bytes lacked in {@code fit})
   */
  private Resumed runSoFar(
      MessageFramer f, HeldRun held, int bodyEnd, int p, int limit, Fit fit) {
    if (held.table == null) {
      if (p >= limit) {
        return hold(f, held, p, 1, Resumed.HELD, fit); // nothing after the body yet
      }
      CounterTable t = f.runTable(held.version, p, limit);
      if (t == null) {
        // the first counter and the start of its content tell the table: not held till then
        return hold(f, held, p, TableRule.needed(f.src, p, limit), Resumed.SHORT, fit);
      }
      held.table = t;
    }
    CounterTable table = held.table;
    MessageFramer.Run run = held.run;
    while (p < limit) {
      f.requireWithinFrameLimit(p);
      int b = f.src.at(p);
      if (!MessageFramer.startsCounter(b)) {
        if (Tritet.of(b).isMessage()) {
          return framed(fit, p);
        }
        throw f.coldStart(p, b, "an attachment group or a message");
      }
      Domain d = Domain.ofCounterByte(b);
      // a cut counter right after the body may be an AttachmentGroup's: the message is not held
      Resumed cut = p == bodyEnd ? Resumed.SHORT : Resumed.HELD;
      if (limit - p < 2) {
        return hold(f, held, p, d.size(4) - (limit - p), cut, fit);
      }
      if (f.groups.isGenusVersionAt(p, limit, table)) {
        return framed(fit, p);
      }
      int fs = f.groups.counterOrCut(p, limit, table, 0, fit);
      if (fs == Fit.CUT_END) {
        return hold(f, held, p, fit.needed(), cut, fit); // a code the bytes rule out is thrown
      }
      CounterCode code = f.groups.code();
      if (MessageFramer.startsMessage(code)) {
        return framed(fit, p);
      }
      long count = f.groups.count();
      if (code.layout().content() == Layout.Content.GROUPS) { // an AttachmentGroup
        long total = fs + d.quadlets(count);
        if (CesrOptions.fitsFrame(total, f.options().maxFrameBytes()) && total > limit - p) {
          return hold(f, held, p, total - (limit - p), cut, fit); // a first one holds the whole run
        }
        int end = f.wrapper(p, limit, table, held.pinned, 1, run, Fit.THROWING);
        if (p == bodyEnd) {
          return framed(fit, end); // the AttachmentGroup holds all the attachments
        }
        p = end;
        continue;
      }
      if (f.groups.frameOrCut(p, limit, table, 1, f.tape, fit) == Fit.Verdict.CUT) {
        return hold(f, held, p, fit.needed(), Resumed.HELD, fit);
      }
      int q = fit.end();
      f.addGroup(run, f.view(p, q, 1), 1);
      p = q;
    }
    return hold(f, held, p, 1, Resumed.HELD, fit);
  }

  /**
   * Keeps where the run goes on ({@code held}) and what it lacks ({@code fit}, cut needing at
   * least 1 byte); returns {@code how}.
   */
  private static Resumed hold(
      MessageFramer f, HeldRun held, int p, long needed, Resumed how, Fit fit) {
    held.next = f.src.offset(p);
    fit.cut(Math.max(1, needed));
    return how;
  }

  /**
   * {@link #resume}'s rule 4: after {@code e}, CESR 1.0's error for the held run, the run again
   * from its start with the legacy table, if it may follow; {@code e} itself otherwise, or
   * {@link TableRule#furthest} of the two errors once the legacy table refused the run too.
   */
  private Resumed heldLegacyRun(
      MessageFramer f,
      CesrException e,
      HeldRun held,
      int bodyEnd,
      int limit,
      boolean ended,
      Fit fit) {
    if (held.refused != null) {
      throw TableRule.furthest(held.refused, e);
    }
    if (!held.legacyMayFollow
        || held.table != CounterTable.CESR_1_0
        || !TableRule.refusesGrammar(e)) {
      throw e;
    }
    held.refused = e;
    held.table = CounterTable.CESR_1_0_LEGACY;
    held.run.clear();
    held.next = held.runAt;
    try {
      return ended
          ? framed(fit, run(f, held, bodyEnd, bodyEnd, limit))
          : runSoFar(f, held, bodyEnd, bodyEnd, limit, fit);
    } catch (CesrException legacy) {
      throw TableRule.furthest(e, legacy);
    }
  }
}
