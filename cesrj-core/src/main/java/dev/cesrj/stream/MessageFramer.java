package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.ColdStartException;
import dev.cesrj.ElementLimitException;
import dev.cesrj.ErrorKind;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnsupportedException;
import dev.cesrj.VersionStringException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.internal.B64;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupTape;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.internal.NativeBodyFramer;
import dev.cesrj.internal.Source;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;

/**
 * Frames messages (keripy {@code parsing.py} {@code Parser.msgParsator}): cold
 * start, body, then the attachment groups up to the next message. Not thread-safe.
 *
 * <p>Domains (CESR specification, "Cold start Stream parsing problem"): the first byte at each
 * cold-start point says what comes: a body, a qb64 counter ({@code -}) or a qb2 counter (tritet
 * 111). It is sniffed at each message start and, in a bare attachment run, at each group, so a
 * stream may switch between qb64 and qb2 there; everything inside a counted group (AttachmentGroup,
 * envelope) has that group's domain, nested messages included.
 *
 * <p>Message forms: a bare JSON/CBOR/MGPK body; a NonNativeBodyGroup ({@code -W}/{@code -H})
 * whose Texter carries the body; a CESR-native body, FixBodyGroup or MapBodyGroup ({@code
 * -F}/{@code -G}, CESR 2.0); a BodyWithAttachmentGroup envelope ({@code -U}/{@code -B}) holding
 * one of those body groups and the attachments. Inside an envelope or AttachmentGroup, an
 * envelope or a body group starts a nested message.
 *
 * <p>Counter table of a message's attachments: the table a genus-version code in force selects
 * (the stream's, or one that leads the enclosing envelope or AttachmentGroup: "pinned" below);
 * else, inside an envelope or after a body group, that group's table; else, after a bare body,
 * CESR 2.0 for a version 2 body and, for a version 1 body, the table chosen in the options or
 * the one {@link TableRule} infers. A body whose protocol or genus major version is above the
 * pinned table's is refused, as keripy's {@code Serdery.reap} does.
 */
final class MessageFramer {
  /**
   * The bytes read (its buffer and offset origin), never reset: the buffer is read from here
   * ({@link Source#buf()}) and the options from {@link #views}, not kept in fields of their own, so
   * a framer is 48 bytes, not 56 (the push parser makes one whenever its bytes move).
   */
  final Source src;
  final GroupFramer groups;
  /**
   * Where the groups framed are recorded ({@link #record}), {@link GroupTape#NONE} until asked:
   * the pull cursor reads their items from it instead of framing them again.
   */
  GroupTape tape = GroupTape.NONE;
  /**
   * Frames CESR-native bodies, made at the first one met ({@link #natives()}), not with the
   * framer: most streams have none, and the push parser makes a new message framer whenever its
   * bytes move (a new or compacted cumulation: 4 framers for a 12,694-byte stream fed 1,024
   * bytes at a time).
   */
  private NativeBodyFramer natives;
  /** The views of the groups framed; they hold the framer's options ({@link #options()}). */
  final GroupViews views;
  CounterTable streamTable;
  /** The domain of the innermost enclosing group being framed, or {@code null} at the top. */
  private Domain within;
  /** Where the top-level frame being framed starts ({@link #frame}). */
  int frameStart;

  MessageFramer(ByteBuf buf, int origin, CesrOptions options) {
    this(buf, origin, options, null);
  }

  /**
   * A framer that starts with {@code streamTable} in force, as set by a genus-version code met
   * before {@code buf} (the streaming parser carries the stream's table over from call to call,
   * see {@link #streamTable(CounterTable)}), or {@code null} if none was met.
   */
  MessageFramer(ByteBuf buf, int origin, CesrOptions options, CounterTable streamTable) {
    this.src = new Source(buf, origin);
    this.groups = new GroupFramer(src, options);
    this.views = GroupViews.over(buf, origin, options);
    this.streamTable = streamTable;
  }

  /**
   * Records the items of every group framed from now on onto {@code tape} ({@link
   * GroupFramer#group(int, int, CounterTable, int, GroupTape)}), or stops recording if it is
   * {@link GroupTape#NONE}. Groups of attempts given up (a table tried and refused) stay on it,
   * without an end ({@link GroupTape#wholeGroupAt}).
   */
  void record(GroupTape tape) {
    this.tape = tape;
  }

  /** Frames the group at {@code p} ({@link GroupFramer#group}), recording it if asked. */
  private int group(int p, int limit, CounterTable table, int depth) {
    return groups.group(p, limit, table, depth, tape);
  }

  /**
   * {@link #group(int, int, CounterTable, int)} reporting a cut to {@code fit}.
   *
   * @return the index past the group, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  private int group(int p, int limit, CounterTable table, int depth, Fit fit) {
    return groups.group(p, limit, table, depth, tape, fit);
  }

  /** The limits and default table this framer frames with. */
  CesrOptions options() {
    return views.options;
  }

  /** The framer of CESR-native bodies over this framer's group framer, made at the first call. */
  private NativeBodyFramer natives() {
    NativeBodyFramer n = natives;
    if (n == null) {
      n = new NativeBodyFramer(groups, options());
      natives = n;
    }
    return n;
  }

  /** The source read (its buffer and offset origin). */
  Source source() {
    return src;
  }

  /** The table a top-level genus-version code set, or {@code null} if none was met yet. */
  CounterTable streamTable() {
    return streamTable;
  }

  /** Sets the table in force at the top of the stream, as the constructor does. */
  void streamTable(CounterTable table) {
    this.streamTable = table;
  }

  /**
   * True if this framer reads {@code buf} with {@code origin} as it is now: same buffer, same
   * backing array at the same offset (a pooled buffer may move to a new array as it grows).
   */
  boolean reads(ByteBuf buf, int origin) {
    return src.sameBytes(buf, origin);
  }

  /**
   * The most bytes the framer reads past the end of a message to find where it ends: the counter
   * that ends a bare attachment run (8 characters in qb64, 6 bytes in qb2).
   */
  static final int PEEK = 8;

  /**
   * The most bytes of one top-level frame the framer reads, for a frame limit of {@code
   * maxFrame}: the limit (at least the {@value VersionSniffer#SMELL_SIZE} bytes a version string
   * is looked for in) and {@link #PEEK} more.
   */
  static long window(long maxFrame) {
    return Math.max(maxFrame, VersionSniffer.SMELL_SIZE) + PEEK;
  }

  /**
   * Frames the top-level frame at {@code pos} into {@code out}: one message, or the messages of a
   * GenericGroup sub-stream (keripy {@code Parser.groupParsator}), in stream order. Atomic: if it
   * throws, nothing was added to {@code out}.
   *
   * <p>Frame limit: a frame (genus-version codes before it included) longer than {@link
   * CesrOptions#maxFrameBytes()} is a {@link FrameTooLargeException} at {@code pos} (code {@code
   * null}), whatever its parts declare, and so is one whose bare attachment run goes on past the
   * limit (judged at each group boundary, before what comes next is read). The framer reads at
   * most the {@link #window} of the frame: a frame that needs more once that window has been
   * read is too large; a truncation short of it is reported as it is (a caller that waits for more
   * bytes waits at most for the window), so that whole and streamed input give the same error
   * whatever follows the frame.
   *
   * <p>Result, in {@code fit} (the caller's, reset here): {@link Fit.Verdict#WHOLE} with {@link
   * Fit#end()} the index just past the frame; or {@link Fit.Verdict#CUT} needing 1 byte if only
   * genus-version codes were left before {@code limit}: they belong to the message that follows
   * them, which needs at least one more byte (the table switch is kept; where no more bytes can
   * come the codes end the stream). Of several codes in a row, the last is the message's {@link
   * Message#genusVersion()}. Anything else cut by {@code limit} (a body, a counter, a group, an
   * envelope) is {@link Fit.Verdict#CUT} with the facts of its truncation ({@link
   * Fit#isTruncation()}; {@link Fit#error()} builds it, for a caller where no more bytes come),
   * not thrown: a caller that waits for more bytes pays no exception per wait. Nothing is added
   * to {@code out} then. Other errors are thrown.
   *
   * @param fit the caller's (not {@link Fit#THROWING})
   * @return {@code fit}'s verdict
   */
  Fit.Verdict frame(int pos, int limit, List<Message> out, Fit fit) {
    int mark = out.size();
    long window = window(options().maxFrameBytes());
    int cap = (int) Math.min(limit, pos + window);
    frameStart = pos;
    fit.reset();
    try {
      int end;
      try {
        end = frameAt(pos, cap, 1, List.of(), out, fit);
      } catch (TruncatedException e) {
        // met where framing still throws its cuts (the legacy table's second reading of a run,
        // rare): recorded with its facts, as every other cut
        fit.truncatedCut(e.offset(), e.code(), e.expected(), e.needed());
        end = Fit.CUT_END;
      }
      if (fit.isCut()) {
        out.subList(mark, out.size()).clear();
        if (fit.isTruncation()) {
          if (cap - (long) pos >= window) {
            // the whole window was read and is not enough: more than the limit
            options().validateFrameBytes(src.offset(pos), null, cap - pos + fit.needed());
          }
          // else more bytes would show more: wait for them (at most up to the window)
        } else if (cap < limit) {
          // genus-version codes fill the window: more than the limit
          options().validateFrameBytes(src.offset(pos), null, cap - pos + 1L);
        }
        return Fit.Verdict.CUT;
      }
      options().validateFrameBytes(src.offset(pos), null, end - (long) pos);
      return fit.whole(end);
    } catch (RuntimeException e) {
      out.subList(mark, out.size()).clear();
      throw e;
    }
  }

  /**
   * {@link CesrOptions#checkValueCharacters()}: the CESR parts of {@code m}, its genus-version
   * code, envelope, body group and attachment groups (nested messages are inside these); its
   * JSON, CBOR or MessagePack body is not CESR.
   */
  static void checkValueCharacters(Message m) {
    m.genusVersion().ifPresent(ValueCharacters::check);
    m.envelope().ifPresent(ValueCharacters::check);
    m.bodyGroup().ifPresent(ValueCharacters::check);
    m.attachments().forEach(ValueCharacters::check);
  }

  /**
   * Frames the frame at {@code pos}, at nesting {@code depth} inside the GenericGroups
   * {@code chain} (outermost first): leading genus-version codes, then a GenericGroup or one
   * message.
   *
   * @return the index just past the frame; {@link Fit#CUT_END} once {@code fit} is cut: a
   *     truncation ({@link Fit#isTruncation()}), or 1 byte needed because only genus-version codes
   *     were left before {@code limit}
   */
  private int frameAt(
      int pos, int limit, int depth, List<Group> chain, List<Message> out, Fit fit) {
    int p = pos;
    Group gvc = null;
    // keripy reads each genus-version code at a message start in turn: the last one wins
    while (groups.isGenusVersionAt(p, limit, table())) {
      int q = group(p, limit, table(), depth, fit);
      if (fit.isCut()) {
        return Fit.CUT_END;
      }
      gvc = view(p, q, depth);
      streamTable = groups.selectedTable(p);
      p = q;
      if (p == limit) {
        fit.cut(1); // the message these codes belong to: at least one more byte
        return Fit.CUT_END;
      }
    }
    if (p < limit && startsCounter(src.at(p))) {
      if (within != null) {
        groups.requireDomain(within, p, limit);
      }
      CounterTable ft = counterFrameTable(p, limit, fit);
      if (ft == null) {
        return Fit.CUT_END; // fit is cut: the bytes do not tell the table yet
      }
      int mark = out.size();
      try {
        return counterFrame(pos, p, limit, depth, gvc, chain, out, ft, fit);
      } catch (CesrException e) {
        if (!refutedInference(e, p, limit, ft)) {
          throw e;
        }
        // the only table that starts a message here cannot read this one: the default's reading
        out.subList(mark, out.size()).clear();
        return counterFrame(
            pos, p, limit, depth, gvc, chain, out, options().defaultTable(), fit);
      }
    }
    Message m = message(pos, p, limit, gvc, depth, table(), fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    out.add(chain.isEmpty() ? m : m.inGenericGroups(chain));
    return pos + m.length();
  }

  /** The frame at {@code p} that starts with a counter, read with {@code ft}: {@link #frameAt}. */
  private int counterFrame(
      int pos, int p, int limit, int depth, Group gvc, List<Group> chain, List<Message> out,
      CounterTable ft, Fit fit) {
    groups.counter(p, limit, ft, 0, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    if (groups.code().layout().holdsStream()) {
      return genericGroup(p, limit, depth, chain, out, ft, fit);
    }
    Message m = message(pos, p, limit, gvc, depth, ft, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    out.add(chain.isEmpty() ? m : m.inGenericGroups(chain));
    return pos + m.length();
  }

  /**
   * True if {@code e}, the error of the frame at {@code p} read with the table {@link TableRule}
   * inferred as the only one in which its counter starts a message, is a refusal of its grammar
   * that the start of the counter's content already implied: the frame is then reported as the
   * default table reads it (a counter where no message may start, say), as whole and streamed
   * framing both find once the group is in.
   */
  private boolean refutedInference(CesrException e, int p, int limit, CounterTable ft) {
    return streamTable == null
        && options().tableInferred()
        && ft != options().defaultTable()
        && TableRule.refusesGrammar(e)
        && TableRule.reading(ft, src, p, limit) == TableRule.Reading.REFUTED;
  }

  /**
   * The GenericGroup at {@code p} (its counter read; keripy {@code Parser.groupParsator}): a
   * counted sub-stream of frames, each framed as at the top of the stream, at {@code depth + 1}.
   * A genus-version code at a message start inside (first or later) selects the table up to the
   * group's end; the table in force before the group applies again after it. Content ends at the
   * group's end: a frame cut by it is malformed, not truncated, and genus-version codes left
   * before it end the content ({@code fit}, which frames each inner frame, is not left cut).
   *
   * @return the index just past the group, or {@link Fit#CUT_END} once {@code fit} is cut (the
   *     group runs past {@code limit})
   */
  private int genericGroup(
      int p, int limit, int depth, List<Group> chain, List<Message> out, CounterTable table,
      Fit fit) {
    int end = group(p, limit, table, depth, fit);
    if (fit.isCut()) {
      return Fit.CUT_END;
    }
    Group gg = view(p, end, depth);
    List<Group> inner = new ArrayList<>(chain.size() + 1);
    inner.addAll(chain);
    inner.add(gg);
    List<Group> enclosing = List.copyOf(inner);
    int q = p + gg.counterSize();
    CounterTable outerTable = streamTable;
    if (streamTable == null && options().tableInferred()) {
      streamTable = table; // an inferred table holds for the content (TableRule, rule 1)
    }
    Domain outer = within;
    within = gg.domain();
    try {
      while (q < end) {
        int r = frameAt(q, end, depth + 1, enclosing, out, fit);
        if (fit.isCut()) {
          if (fit.isTruncation()) {
            // cut by the group's end: malformed (caught below), and the fit is not left cut (a
            // refuted table's reading of the frame may be followed by another, onto this fit)
            TruncatedException cut = fit.error();
            fit.reset();
            throw cut;
          }
          fit.reset(); // only genus-version codes before the group's end: its content ends
          q = end;
        } else {
          q = r;
        }
      }
    } catch (TruncatedException e) {
      throw Errors.cutBy(e, gg.code(), src.offset(p));
    } catch (CesrException e) {
      throw Errors.within(e, gg.code(), src.offset(p));
    } finally {
      streamTable = outerTable;
      within = outer;
    }
    return end;
  }
  /** The table for counters at the top of the stream: the stream's, else the default. */
  private CounterTable table() {
    return streamTable != null ? streamTable : options().defaultTable();
  }

  /**
   * The table of the frame that starts with the counter at {@code p}: the one in force, or chosen;
   * else the one {@link TableRule#forCounterFrame} infers (the default if none reads a message
   * there, so that its error is reported).
   *
   * @return the table, or {@code null} once {@code fit} is cut: the bytes before {@code limit} do
   *     not tell yet
   */
  private CounterTable counterFrameTable(int p, int limit, Fit fit) {
    if (streamTable != null || !options().tableInferred()) {
      return table();
    }
    CounterTable t = TableRule.forCounterFrame(src, p, limit, options().defaultTable());
    if (t == null) {
      fit.truncatedCut(
          src.offset(p), null, "the counter and the start of its content, which tell its table",
          TableRule.needed(src, p, limit));
    }
    return t;
  }

  /**
   * The table of the attachments of a bare body of version {@code vs} whose run starts at {@code
   * p}: the one in force; CESR 2.0 for a version 2 body; the chosen table; or, inferred (see
   * {@link TableRule}), CESR 1.0 or CESR 2.0 as the run's first counter tells ({@code null} if
   * the bytes before {@code limit} do not tell yet; CESR 1.0 if no counter follows the body).
   */
  CounterTable runTable(VersionString vs, int p, int limit) {
    if (streamTable != null) {
      return streamTable;
    }
    if (vs.impliedTable() == CounterTable.CESR_2_0) {
      return CounterTable.CESR_2_0;
    }
    if (!options().tableInferred()) {
      return options().defaultTable();
    }
    if (p >= limit || !startsCounter(src.at(p))) {
      return CounterTable.CESR_1_0;
    }
    if (groups.isGenusVersionAt(p, limit, CounterTable.CESR_1_0)) {
      return CounterTable.CESR_1_0; // it ends the run in every table
    }
    return TableRule.forVersion1Run(src, p, limit);
  }

  /**
   * The run at {@code bodyEnd} again, into {@code run}, with the legacy table, after CESR 1.0
   * refused it with {@code refused} ({@link TableRule}, rule 4).
   *
   * @return the index after the run
   * @throws CesrException {@code refused} if the legacy table may not follow; else the error
   *     {@link TableRule#furthest} picks if the legacy table refuses the run too
   */
  private int legacyRun(
      CesrException refused, VersionString vs, CounterTable t, int bodyEnd, int limit, int depth,
      Run run) {
    if (!legacyMayFollow(vs, t) || !TableRule.refusesGrammar(refused)) {
      throw refused;
    }
    run.clear();
    try {
      return attachments(
          bodyEnd, limit, CounterTable.CESR_1_0_LEGACY, streamTable, depth, false, run, true,
          Fit.THROWING);
    } catch (CesrException legacy) {
      throw TableRule.furthest(refused, legacy);
    }
  }

  /** True if the message framed with {@code t} for a body of version {@code vs} may still be read with the legacy table. */
  boolean legacyMayFollow(VersionString vs, CounterTable t) {
    return t == CounterTable.CESR_1_0
        && streamTable == null
        && options().tableInferred()
        && vs.impliedTable() == CounterTable.CESR_1_0;
  }

  /**
   * Frames one top-level message starting at {@code p} (after any genus-version code, which
   * started at {@code start}).
   *
   * @return the message, or {@code null} once {@code fit} is cut (read the fit first)
   */
  private Message message(
      int start, int p, int limit, Group gvc, int depth, CounterTable table, Fit fit) {
    if (p >= limit) {
      fit.truncatedCut(src.offset(p), null, "a message", 1);
      return null;
    }
    int b = src.at(p);
    if (Tritet.of(b).isMessage()) {
      return bareMessage(start, p, limit, gvc, depth, fit);
    }
    if (!startsCounter(b)) {
      throw coldStart(p, b, "a message");
    }
    groups.counter(p, limit, table, 0, fit);
    if (fit.isCut()) {
      return null;
    }
    CounterCode code = groups.code();
    Layout layout = code.layout();
    if (layout.isBodyGroup()) {
      return bodyGroupMessage(start, p, limit, depth, gvc, table, streamTable, fit);
    }
    if (layout.holdsBody()) { // holds a body group: a BodyWithAttachmentGroup
      return envelope(start, p, limit, depth, gvc, table, streamTable, fit);
    }
    if (!layout.supported()) {
      throw unsupportedMessage(p, code);
    }
    throw Errors.coldStart(
        src.offset(p),
        code.code(),
        "a message (body, body group, BodyWithAttachmentGroup, GenericGroup or genus-version code)",
        code.name() + " where a message must start; read attachment-only input with Groups");
  }

  private CesrException unsupportedMessage(int p, CounterCode code) {
    return Errors.unsupported(
        src.offset(p), code.code(), "a message", code.name() + " is not supported");
  }

  /**
   * True if {@code b} starts a counter: {@code -} (qb64) or tritet 111 (qb2; CESR specification, "Cold
   * start Stream parsing problem", Table 1).
   */
  static boolean startsCounter(int b) {
    return b == '-' || Tritet.of(b) == Tritet.BINARY;
  }

  /**
   * The error for byte {@code b} at {@code p}, where a message or group must start and {@code b}
   * starts nothing allowed there: in plain words, what the byte is and what a CESR stream has
   * there, then the CESR terms for experts (the byte's tritet at a cold-start point: CESR
   * specification, "Cold start Stream parsing problem"; keripy {@code kering.py} {@code sniff}).
   * For example {@code "byte 0x23 ('#') starts neither a message body with a version string (JSON
   * '{', CBOR or MessagePack) nor a count code ('-' in text, a byte 0xe0 to 0xff in binary)
   * (CESR: tritet 001 at a cold-start point)"}, expected {@code "a message"}.
   *
   * @param expected what may start at {@code p}, in words
   */
  CesrException coldStart(int p, int b, String expected) {
    Tritet tr = Tritet.of(b);
    String shown = b >= 0x20 && b < 0x7F ? " ('" + (char) b + "')" : "";
    String what = "byte " + Errors.hexByte(b) + shown;
    String plain;
    if (tr == Tritet.ANNOTATED) {
      plain = what + " is whitespace or a control character, as annotated CESR text starts:"
          + " de-annotate it first";
    } else if (tr.isMessage()) {
      plain = what + " starts a message body, which cannot stand here";
    } else {
      plain = what + " starts neither a message body with a version string (JSON '{', CBOR or"
          + " MessagePack) nor a count code ('-' in text, a byte 0xe0 to 0xff in binary)";
    }
    String bits = Integer.toBinaryString(8 | (b >>> 5)).substring(1);
    return Errors.coldStart(src.offset(p), null, expected,
        plain + " (CESR: tritet " + bits + " at a cold-start point)");
  }

  /**
   * A top-level JSON, CBOR or MGPK body at {@code p} and the attachments after it.
   *
   * @return the message, or {@code null} once {@code fit} is cut (read the fit first)
   */
  private Message bareMessage(int start, int p, int limit, Group gvc, int depth, Fit fit) {
    VersionString vs = VersionSniffer.read(src, p, limit, false, src.offset(p), fit);
    if (fit.isCut()) {
      return null;
    }
    checkInForce(vs, streamTable, src.offset(p));
    long size = vs.size();
    options().validateFrameBytes(src.offset(p), vs.text(), size);
    if (size > limit - p) {
      fit.truncatedCut(
          src.offset(p), vs.text(), "the rest of the message body", size - (limit - p));
      return null;
    }
    int bodyEnd = p + (int) size;
    CounterTable t = runTable(vs, bodyEnd, limit);
    if (t == null) {
      t = CounterTable.CESR_1_0; // the input ends before the table is told: CESR 1.0's truncation
    }
    Run run = new Run(depth);
    int end;
    try {
      end = attachments(bodyEnd, limit, t, streamTable, depth, false, run, true, fit);
    } catch (CesrException e) {
      // out of line and without the run: a run seen by a handler could no longer stay unallocated
      return legacyMessage(e, start, p, limit, gvc, depth, vs, t);
    }
    if (fit.isCut()) {
      return null;
    }
    return bareMessage(start, p, end, gvc, depth, vs, t, run);
  }

  /** The message of a bare body at {@code p} ending at {@code end}, its attachments {@code run}. */
  private Message bareMessage(
      int start, int p, int end, Group gvc, int depth, VersionString vs, CounterTable t, Run run) {
    int size = (int) vs.size();
    MessageBody body = new MessageBody(null, null, vs, src.buf().slice(p, size), p + size);
    return new Message(src.offset(start), end - start, depth, gvc, null, body, t, run);
  }

  /**
   * The bare message at {@code p} read with the legacy table, after CESR 1.0 ({@code t}) refused
   * it with {@code refused} ({@link TableRule}, rule 4).
   *
   * @throws CesrException {@code refused} if the legacy table may not follow; else the error
   *     {@link TableRule#furthest} picks if the legacy table refuses it too
   */
  private Message legacyMessage(
      CesrException refused, int start, int p, int limit, Group gvc, int depth, VersionString vs,
      CounterTable t) {
    Run run = new Run(depth);
    int bodyEnd = p + (int) vs.size();
    int end = legacyRun(refused, vs, t, bodyEnd, limit, depth, run);
    return bareMessage(start, p, end, gvc, depth, vs, CounterTable.CESR_1_0_LEGACY, run);
  }

  /**
   * Refuses a body whose protocol or genus major version is above the pinned table's (keripy
   * {@code Serdery.reap}: "Incompatible message ... major version").
   */
  static void checkInForce(VersionString vs, CounterTable pinned, long at) {
    if (pinned == null) {
      return;
    }
    if (vs.major() > pinned.major() || vs.genusMajor() > pinned.major()) {
      throw Errors.versionString(
          at,
          vs.text(),
          "a body of version " + pinned.major() + " or lower (the genus-version code in force)",
          "version " + vs.protocolVersion()
              + (vs.format() == 2 ? ", genus " + vs.genusMajor() + "." + vs.genusMinor() : "")
              + " under CESR " + pinned.major() + ".0");
    }
  }

  /**
   * A message enclosed in the BodyWithAttachmentGroup at {@code p} (its counter read): optional
   * genus-version code scoped to it, NonNativeBodyGroup, then attachments and nested messages up
   * to the end of the group. Its content is framed with {@link Fit#THROWING}: the group's count
   * fixed where it ends, so a cut there is malformed.
   *
   * @return the message, or {@code null} once {@code fit} is cut (the envelope runs past {@code
   *     limit}; read the fit first)
   */
  private Message envelope(
      int start, int p, int limit, int depth, Group gvc, CounterTable table, CounterTable pinned,
      Fit fit) {
    int end = group(p, limit, table, depth, fit);
    if (fit.isCut()) {
      return null;
    }
    Group env = view(p, end, depth);
    int q = p + env.counterSize();
    CounterTable t = table;
    CounterTable scoped = pinned;
    Group innerGvc = null;
    Domain outer = within;
    within = env.domain();
    try {
      groups.requireDomain(within, q, end);
      if (groups.isGenusVersionAt(q, end, t)) {
        int r = group(q, end, t, depth + 1);
        innerGvc = view(q, r, depth + 1);
        t = groups.selectedTable(q);
        scoped = t;
        q = r;
      }
      if (q >= end) {
        throw Errors.malformed(ErrorKind.MALFORMED_SIZE,
            src.offset(q), env.code().code(), "a NonNativeBodyGroup", "empty envelope");
      }
      groups.counter(q, end, t, 0);
      if (!groups.code().layout().isBodyGroup()) {
        throw bodyGroupError(q);
      }
      MessageBody body = body(q, end, t, depth + 1, scoped, Fit.THROWING);
      CounterTable at = scoped != null ? scoped : t; // the envelope's table (keripy's parser)
      Run run = new Run(depth + 1);
      attachments(body.end(), end, at, scoped, depth + 1, true, run, true, Fit.THROWING);
      return new Message(
          src.offset(start), end - start, depth, gvc != null ? gvc : innerGvc, env, body, at, run);
    } catch (TruncatedException e) {
      throw Errors.cutBy(e, env.code(), src.offset(p));
    } catch (CesrException e) {
      throw Errors.within(e, env.code(), src.offset(p));
    } finally {
      within = outer;
    }
  }

  /**
   * A message whose body is carried by the NonNativeBodyGroup at {@code p} (its counter read),
   * not enclosed in an envelope (keripy {@code msgParsator}), with the attachments after it up to
   * the next message or {@code limit}: at the top of the stream, or nested inside an envelope or
   * AttachmentGroup that ends at {@code limit}.
   *
   * @return the message, or {@code null} once {@code fit} is cut (read the fit first)
   */
  private Message bodyGroupMessage(
      int start, int p, int limit, int depth, Group gvc, CounterTable table, CounterTable pinned,
      Fit fit) {
    MessageBody body = body(p, limit, table, depth, pinned, fit);
    if (fit.isCut()) {
      return null;
    }
    CounterTable at = pinned != null ? pinned : table; // the body group's table (keripy's parser)
    Run run = new Run(depth);
    int end = attachments(body.end(), limit, at, pinned, depth, false, run, true, fit);
    if (fit.isCut()) {
      return null;
    }
    return new Message(src.offset(start), end - start, depth, gvc, null, body, at, run);
  }

  /**
   * Frames the NonNativeBodyGroup at {@code q} and decodes its Texter's raw value, the body;
   * errors in the body are reported at the Texter's offset.
   *
   * @return the body, or {@code null} once {@code fit} is cut (read the fit first)
   */
  private MessageBody body(
      int q, int limit, CounterTable table, int depth, CounterTable pinned, Fit fit) {
    groups.counter(q, limit, table, 0, fit);
    if (fit.isCut()) {
      return null;
    }
    if (groups.code().layout().content() == Layout.Content.FIELDS) { // a CESR-native body
      MessageBody nb = nativeBody(q, limit, table, depth, pinned, fit);
      return nb == null ? null : checked(nb); // null: fit is cut
    }
    int r = group(q, limit, table, depth, fit);
    if (fit.isCut()) {
      return null;
    }
    Group group = view(q, r, depth);
    Matter texter = (Matter) group.elements().get(0);
    byte[] raw = texter.raw();
    ByteBuf bytes = Unpooled.wrappedBuffer(raw);
    long at = texter.offset();
    VersionString vs = VersionSniffer.read(new Source(bytes, 0), 0, raw.length, true, at);
    if (vs.size() != raw.length) {
      throw Errors.versionString(
          at,
          vs.text(),
          "size " + raw.length + " (the Bytes primitive's raw size)",
          "version string says " + vs.size());
    }
    checkInForce(vs, pinned, at);
    return checked(new MessageBody(group, texter, vs, bytes, r));
  }

  /**
   * {@code b}, after {@link CesrOptions#checkValueCharacters()} (when on) has checked its body
   * group, before the attachments after it are framed (see {@link #addGroup}).
   */
  private MessageBody checked(MessageBody b) {
    if (options().checkValueCharacters()) {
      ValueCharacters.check(b.group());
    }
    return b;
  }

  /**
   * Frames the CESR-native body group at {@code q} (FixBodyGroup or MapBodyGroup; keripy
   * {@code msgParsator}): the body is the group's text, counter included (what keripy signs), never
   * decoded beyond framing. Its version is read from its Verser, the first field of a FixBodyGroup
   * or the second (after its label) of a MapBodyGroup: a Tag10 such as {@code 0OKERICAACAA}
   * (protocol KERI 2.0, genus 2.0); the message's {@link VersionString} is the one keripy would
   * write for it, kind {@code CESR}, size the group's length in characters.
   *
   * @throws VersionStringException if there is no such Verser, it is not a version keripy
   *     accepts, or the body is larger than a version string can say (16,777,215)
   * @return the body, or {@code null} once {@code fit} is cut (the body group runs past {@code
   *     limit}; read the fit first)
   * @throws UnsupportedException for a native body in qb2
   */
  private MessageBody nativeBody(
      int q, int limit, CounterTable table, int depth, CounterTable pinned, Fit fit) {
    CounterCode code = groups.code();
    long count = groups.count();
    if (groups.domainAt(q, limit) == Domain.QB2) {
      // keripy turns a native body into qb64 before it parses its fields
      throw Errors.unsupported(
          src.offset(q), code.code(), "a CESR-native body in qb64",
          "a CESR-native body in qb2 (framed in qb64 only)");
    }
    int r = natives().body(q, limit, table, depth, fit);
    if (fit.isCut()) {
      return null; // the body runs past limit: fit holds its truncation
    }
    Group group = Group.framed(views, q, r - q, code, count, depth);
    int verser = code.isMapBody() ? 1 : 0;
    List<Element> fields = group.elements();
    Element v = fields.size() > verser ? fields.get(verser) : null;
    Matter tag =
        v instanceof Matter && ((Matter) v).code() == MatterCode.Tag10
            ? (Matter) v
            : null;
    long at = v != null ? v.offset() : src.offset(q);
    int size = r - q;
    VersionString vs =
        tag == null || size > VersionString.MAX_SIZE
            ? null
            : VersionString.match(
                tag.soft() + "CESR" + B64.encodeInt(size, 4) + ".", 0);
    if (vs == null) {
      throw Errors.versionString(
          at,
          tag != null ? tag.qb64Text() : code.code(),
          "a Verser (Tag10, e.g. 0OKERICAACAA) of protocol and genus version 2 as field "
              + (verser + 1) + " of " + code.name() + ", at most "
              + String.format(java.util.Locale.ROOT, "%,d", VersionString.MAX_SIZE)
              + " characters",
          tag == null ? "no Verser" : "no CESR-native version for " + tag.soft() + ", size " + size);
    }
    checkInForce(vs, pinned, at);
    return new MessageBody(group, null, vs, src.buf().slice(q, size), r);
  }

  private CesrException bodyGroupError(int q) {
    CounterCode c = groups.code();
    return Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
        src.offset(q),
        c.code(),
        "a NonNativeBodyGroup or a CESR-native body group",
        c.name() + " where the body must be");
  }

  /** What one attachment run collects. */
  static final class Run {
    final int depth;
    final List<Group> attachments = new ArrayList<>();
    final List<Group> groups = new ArrayList<>();
    final List<Message> nested = new ArrayList<>();

    Run(int depth) {
      this.depth = depth;
    }

    /** Empties the run, to collect another one (a message copies the lists it is made with). */
    Run clear() {
      attachments.clear();
      groups.clear();
      nested.clear();
      return this;
    }
  }

  /**
   * Refuses a run that goes on at {@code p}, past the frame limit from the top-level frame's
   * start: too large, whatever follows. (Out of line: {@link #attachments} stays small enough
   * for the JIT to inline it, and its {@code Run} is then not allocated.)
   */
  void requireWithinFrameLimit(int p) {
    options().validateFrameBytes(src.offset(frameStart), null, p - (long) frameStart);
  }

  /**
   * Reads attachment groups from {@code p} (keripy {@code Parser.msgParsator}).
   *
   * <p>{@code enclosed} (inside an AttachmentGroup or envelope): up to {@code limit}; an envelope
   * or NonNativeBodyGroup there starts a nested message; anything else that is not an attachment
   * group is an error. Otherwise: until something that starts a message (a body, a
   * genus-version code, a message-level counter) or {@code limit}; an AttachmentGroup as the first
   * group holds all the attachments, so the message ends with it.
   *
   * @param table the table to read counters with
   * @param pinned the table of the genus-version code in force, or {@code null}
   * @param first whether a group at {@code p} is the run's first (false where a held run goes on)
   * @param fit where a counter or group cut by {@code limit} goes ({@link Fit#THROWING} where
   *     {@code limit} is the end of an enclosing counted group or of the input)
   * @return the index after the last attachment, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  int attachments(
      int p,
      int limit,
      CounterTable table,
      CounterTable pinned,
      int depth,
      boolean enclosed,
      Run run,
      boolean first,
      Fit fit) {
    while (p < limit) {
      requireWithinFrameLimit(p);
      int b = src.at(p);
      if (!startsCounter(b)) {
        if (!enclosed && Tritet.of(b).isMessage()) {
          break;
        }
        throw notAnAttachment(p, b, enclosed);
      }
      if (within != null) {
        groups.requireDomain(within, p, limit);
      }
      if (groups.isGenusVersionAt(p, limit, table)) {
        if (!enclosed) {
          break;
        }
        throw misplacedGenusVersion(p, limit, table);
      }
      groups.counter(p, limit, table, 0, fit);
      if (fit.isCut()) {
        return Fit.CUT_END;
      }
      CounterCode code = groups.code();
      if (startsMessage(code)) {
        if (!enclosed) {
          return p;
        }
        p = nestedMessage(p, limit, table, pinned, depth, code, run);
      } else if (code.layout().content() == Layout.Content.GROUPS) { // an AttachmentGroup
        int end = wrapper(p, limit, table, pinned, depth, run, fit);
        if (fit.isCut()) {
          return Fit.CUT_END;
        }
        if (first && !enclosed) {
          return end;
        }
        p = end;
      } else {
        int q = group(p, limit, table, depth, fit);
        if (fit.isCut()) {
          return Fit.CUT_END;
        }
        addGroup(run, view(p, q, depth), depth);
        p = q;
      }
      first = false;
    }
    return p;
  }

  // The two errors of attachments(), out of line: its bytecode stays under C2's inlining limit
  // for hot methods (FreqInlineSize, 325 bytes), so that it inlines into the message framing and
  // a message's Run stays unallocated (StreamingBenchmark.wholeBuffer: 520 bytes more per stream
  // when it did not).

  /** The cold-start error for byte {@code b} at {@code p} where an attachment run goes on. */
  private CesrException notAnAttachment(int p, int b, boolean enclosed) {
    return coldStart(p, b, enclosed ? "an attachment group" : "an attachment group or a message");
  }

  /** A genus-version code at {@code p} inside a counted group, where only its start may hold one. */
  private CesrException misplacedGenusVersion(int p, int limit, CounterTable table) {
    return Errors.malformed(ErrorKind.MALFORMED_MISPLACED,
        src.offset(p), table.genusVersion(src.ch(groups.domainAt(p, limit), p, 1)).code(),
        "an attachment group",
        "a genus-version code inside a group, not at its start");
  }

  /**
   * True for the counters that start a message or a sub-stream rather than continue the
   * attachments of one (keripy ends a non-enclosed attachment run at them): GenericGroup,
   * BodyWithAttachmentGroup, body groups, and CESR 2.0's other message-level codes,
   * DatagramSegmentGroup and ESSRWrapperGroup.
   */
  static boolean startsMessage(CounterCode code) {
    return code.layout().startsMessage();
  }

  /**
   * The message nested at {@code p} inside an envelope or AttachmentGroup: a
   * BodyWithAttachmentGroup or a NonNativeBodyGroup with the attachments after it. Its envelope (or
   * body group) joins the enclosing run's groups.
   *
   * @return the index after the nested message
   */
  private int nestedMessage(
      int p, int limit, CounterTable table, CounterTable pinned, int depth, CounterCode code,
      Run run) {
    checkRoom(run, src.offset(p), code.code());
    Message nested;
    Group entry;
    Layout layout = code.layout();
    if (layout.isBodyGroup()) {
      nested = bodyGroupMessage(p, p, limit, depth, null, table, pinned, Fit.THROWING);
      entry = nested.bodyGroup().orElseThrow();
    } else if (layout.holdsBody()) { // a BodyWithAttachmentGroup
      nested = envelope(p, p, limit, depth, null, table, pinned, Fit.THROWING);
      entry = nested.envelope().orElseThrow();
    } else {
      throw Errors.unsupported(
          src.offset(p), code.code(), "an attachment group or a nested message",
          code.name() + " inside attachments");
    }
    run.nested.add(nested);
    addEntry(run, entry, depth); // its parts were checked as they were framed
    return p + nested.length();
  }

  /**
   * Adds an attachment group to the run, after {@link CesrOptions#checkValueCharacters()} (when
   * on) has checked its characters. Framing checks each CESR part once, as soon as it is framed
   * and before what follows it is read: each attachment group here, each body group in {@link
   * #body} (before its attachments); counters (genus-version codes, envelopes, AttachmentGroups,
   * GenericGroups) are read character by character anyway, and what they enclose is checked part
   * by part. The first error is therefore the same whether a run is framed whole or as its bytes
   * arrive (a streaming parser may frame a run that ends where the bytes end), and comes in
   * stream order.
   */
  void addGroup(Run run, Group g, int depth) {
    if (options().checkValueCharacters()) {
      ValueCharacters.check(g);
    }
    addEntry(run, g, depth);
  }

  /**
   * Adds a group to the run without checking its characters: an AttachmentGroup or a nested
   * message's envelope or body group, whose parts are checked as they are framed.
   */
  private void addEntry(Run run, Group g, int depth) {
    checkRoom(run, g.offset(), g.code().code());
    if (depth == run.depth) {
      run.attachments.add(g);
    }
    run.groups.add(g);
  }

  /**
   * Refuses one more group once a run holds {@link CesrOptions#maxElements()} groups (a nested
   * message counts by its envelope or body group), before anything of it is framed.
   */
  private void checkRoom(Run run, long offset, String code) {
    options().validateElements(offset, code, run.groups.size());
  }

  /**
   * An AttachmentGroup: counted, optional leading genus-version code scoped to it. Its counter
   * is whole before {@code limit} (read before this is called); its content is framed with
   * {@link Fit#THROWING} (the count fixed where it ends, so a cut there is malformed).
   *
   * @param fit where the group goes if it runs past {@code limit}
   * @return the index after the group, or {@link Fit#CUT_END} once {@code fit} is cut
   */
  int wrapper(
      int p, int limit, CounterTable table, CounterTable pinned, int depth, Run run, Fit fit) {
    int fs = groups.counter(p, limit, table, 0);
    CounterCode code = groups.code();
    long count = groups.count();
    Domain d = groups.domainAt(p, limit);
    long total = fs + d.quadlets(count);
    options().validateFrameBytes(src.offset(p), code.code(), total);
    if (total > limit - p) {
      fit.restCut(src.offset(p), code.code(), code.name(), total - (limit - p));
      return Fit.CUT_END;
    }
    options().validateDepth(src.offset(p), code.code(), depth);
    int end = p + (int) total;
    // its content is checked below
    addEntry(run, Group.framed(views, p, end - p, code, count, depth), depth);
    int q = p + fs;
    CounterTable t = table;
    CounterTable scoped = pinned;
    Domain outer = within;
    within = d;
    try {
      groups.requireDomain(d, q, end);
      if (groups.isGenusVersionAt(q, end, t)) {
        int r = group(q, end, t, depth + 1);
        run.groups.add(view(q, r, depth + 1));
        t = groups.selectedTable(q);
        scoped = t;
        q = r;
      }
      attachments(q, end, t, scoped, depth + 1, true, run, true, Fit.THROWING);
    } catch (TruncatedException e) {
      throw Errors.cutBy(e, code, src.offset(p));
    } catch (CesrException e) {
      throw Errors.within(e, code, src.offset(p));
    } finally {
      within = outer;
    }
    return end;
  }

  Group view(int from, int to, int depth) {
    return Group.framed(views, from, to - from, groups.code(), groups.count(), depth);
  }
}
