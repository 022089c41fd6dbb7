package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.internal.ElementCount;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.GroupTape;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.Transcode;
import dev.cesrj.internal.ValueDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A pull cursor over the CESR grammar of a stream in a Netty {@link ByteBuf}, as Jackson's {@code
 * JsonParser} is over JSON bytes: {@link #next()} returns the next {@link CesrToken} and the
 * accessors read the current one. It reads the same grammar, with the same options, limits,
 * table selection and errors, as {@link Messages} ({@link #messages(CesrOptions)}) or, for a
 * stream of attachment groups only, as {@link dev.cesrj.group.Groups} ({@link
 * #groups(CesrOptions)}). Sources: the ToIP CESR specification ("Stream parsing rules", "Cold
 * start Stream parsing problem", "Count code tables", "Protocol genus/version table", "Version
 * String field"); keripy {@code src/keri/core/parsing.py} ({@code Parser.msgParsator}, {@code
 * Parser.groupParsator}) and {@code src/keri/core/counting.py}.
 *
 * <pre>{@code
 * CesrCursor cursor = CesrCursor.messages(CesrOptions.DEFAULT);  // one per thread, reused
 * byte[] raw = new byte[64];
 * cursor.reset(buf).endOfInput();                                // a whole stream
 * for (CesrToken t = cursor.next(); t != CesrToken.END; t = cursor.next()) {
 *   if (t == CesrToken.PRIMITIVE && cursor.isIndexed()) {
 *     int n = cursor.readRaw(raw, 0);                            // the signature's raw bytes
 *     verify(cursor.signatureIndex(), raw, n);
 *   }
 * }
 * }</pre>
 *
 * <h2>Tokens</h2>
 *
 * <p>Messages mode: each message is {@link CesrToken#MESSAGE_START}, the {@link
 * CesrToken#GENUS_VERSION} codes just before its body (part of the message, as in {@link
 * Message#offset()}), then for a BodyWithAttachmentGroup envelope its {@link
 * CesrToken#GROUP_START}, a genus-version code at the start of its content, its {@link
 * CesrToken#BODY}, its attachments and nested messages and its {@link CesrToken#GROUP_END};
 * otherwise the {@link CesrToken#BODY} and the attachment run; then {@link
 * CesrToken#MESSAGE_END}. A body group (NonNativeBodyGroup, FixBodyGroup, MapBodyGroup) is the
 * one {@code BODY} token, not walked further. A GenericGroup sub-stream is its {@code
 * GROUP_START}, the messages in it, its {@code GROUP_END} (an empty one yields its start and end
 * only). Each attachment group is {@code GROUP_START}, its content, {@code GROUP_END}: a tuple
 * group ({@link Layout#TUPLES}) yields its items in stream order (a {@link CesrToken#PRIMITIVE}
 * per Matter primitive or indexed signature, nested signature groups as groups; tuples are not
 * tokens), an AttachmentGroup its leading genus-version code, groups and nested messages, a
 * PathedMaterialCouples its Pather (the opaque material after it is not walked: it ends at the
 * group's end), a GenericGroup or BodyWithAttachmentGroup in groups mode nothing. These are the
 * items {@link Group#elements()} holds, flattened. Groups mode: each group as above, and a
 * genus-version code as one {@code GENUS_VERSION} (it selects the table for the groups after it,
 * as in {@code Groups}).
 *
 * <h2>Accessors</h2>
 *
 * <p>{@link #token()}, and for every token but {@code NEED_MORE} and {@code END}: {@link
 * #offset()} (stream offset in bytes, from the reader index at {@link #reset(ByteBuf)}), {@link
 * #index()} and {@link #length()} (the span in the buffer, bytes of its domain), {@link #depth()}
 * (1 at the top: a message's {@link Message#depth()}, a group's {@link Group#depth()}, a
 * primitive's group's plus one) and {@link #domain()} (for a message or body: the domain of its
 * first byte's cold start, qb64 for a bare body). Per token (an accessor read at another token
 * throws {@link IllegalStateException} naming the token):
 *
 * <ul>
 *   <li>{@code MESSAGE_START}, {@code MESSAGE_END}, {@code BODY}: {@link #version()}; {@code
 *       BODY} also {@link #bodyKind()}, and {@link #counterCode()}/{@link #count()} if {@link
 *       #hasCounterCode()} (a body carried in a body group);
 *   <li>{@code GROUP_START}, {@code GROUP_END}: {@link #counterCode()}, {@link #count()}
 *       (elements or quadlets as its {@link CounterCode#unit()} says);
 *   <li>{@code GENUS_VERSION}: {@link #counterCode()}, {@link #count()}, {@link #genusTable()},
 *       {@link #genusMajor()}, {@link #genusMinor()};
 *   <li>{@code PRIMITIVE}: {@link #isIndexed()}; {@link #matterCode()} or {@link
 *       #indexerCode()}; for an indexed signature {@link #signatureIndex()}, {@link #hasOndex()}
 *       and {@link #ondex()}; {@link #rawSize()} and {@link #readRaw(byte[], int)};
 *   <li>{@code NEED_MORE}: {@link #needed()}.
 * </ul>
 *
 * <h2>Buffer, appended bytes and NEED_MORE</h2>
 *
 * <p>The caller owns the buffer: the cursor never retains, releases or writes it, and reads its
 * bytes in place (no copy). It reads from the reader index at {@link #reset(ByteBuf)} up to the
 * writer index at each call. When the readable bytes end before the next frame is complete,
 * {@link #next()} returns {@link CesrToken#NEED_MORE}: append bytes (the writer index grows; the
 * buffer may move to a bigger backing array) and call {@code next()} again; it goes on where it
 * stopped, and the tokens are those of the whole input. Append only after {@code NEED_MORE} (or
 * before the first {@code next()}): while a frame's tokens are returned the cursor reads its bytes
 * where they were. Never change, discard or move the bytes from the reader index on while the
 * cursor reads the buffer.
 *
 * <p>Whole frames: the cursor frames and checks each top-level frame (a message with its
 * attachments, a GenericGroup, or in groups mode one group) with the framing engine of {@link
 * Messages} (or {@code Groups}), whole, before it returns the frame's first token; a token is
 * never taken back. In groups mode that check includes the element limit ({@link
 * CesrOptions#maxElements()}) of the group and of each group in it, counted as {@link
 * Group#elements()} counts them (the same error, offset and code as reading the elements of each
 * group, outer ones first), since the tokens are those elements flattened; in messages mode, as
 * with {@code Messages}, the limit counts the groups of a message. The tokens of each attachment group are the items the group framer recorded
 * while it checked the group (one pass over its bytes); in messages mode the message-level parts
 * (bodies, envelopes, AttachmentGroups, genus-version codes) come from the message's views. A message whose bare attachment run reaches the end of the bytes may go on
 * (keripy's streaming parser has the same ambiguity): it is returned once the byte that ends it
 * is in, or after {@link #endOfInput()}; a message wrapped in an AttachmentGroup or an envelope,
 * and a GenericGroup, is returned as soon as it is in. {@link #needed()} is then, once the bytes
 * the previous {@code NEED_MORE} asked for are in, the {@link TruncatedException#needed()} that
 * {@link Messages} reports for the same bytes when the frame is cut, and 1 when the cursor
 * waits for the next byte or {@code endOfInput()} (a frame boundary, a run that may go on,
 * genus-version codes with nothing after them yet). A call after {@code
 * NEED_MORE} made before the bytes asked for are all in returns {@code NEED_MORE} again at once,
 * with {@code needed()} less by the bytes appended, and frames nothing: the cut frame is framed
 * again from its start only when they are in (or after {@code endOfInput()}), which is once per
 * element the frame was cut in (its version string, its body, each attachment group's counter
 * and content), not once per call. So a bad code in bytes appended inside a cut group is reported
 * once the bytes that group declares are in, as {@link CesrStreamParser} reports it. A frame of
 * many attachment groups fed a few bytes at a time is still framed once per group; for such
 * input {@link CesrStreamParser}, which resumes a cut frame where it stopped, does less work.
 *
 * <p>Reader index: it stays at the start of the frame whose tokens are being returned, and moves
 * past the frame when {@code next()} goes past its last token (to the next frame, {@code
 * NEED_MORE} or {@code END}): what the cursor has not finished stays readable, and after an error
 * the reader index is at the start of the frame that failed, as with {@code Messages.over}.
 *
 * <h2>End and errors</h2>
 *
 * <p>{@link CesrToken#END} comes only after {@link #endOfInput()} (no more bytes will come), when
 * the bytes end at a frame boundary; before that call the end of the bytes is always {@code
 * NEED_MORE}. For whole input call {@code reset(buf).endOfInput()} first. {@code next()} throws
 * the {@link CesrException} subclass, offset and message that {@link Messages} (or {@code
 * Groups}) throws for the same input and options; a cut frame after {@code endOfInput()} is its
 * {@link TruncatedException}. After an error the cursor is failed: {@link #token()} is {@code
 * null} and every {@code next()} throws that same exception again, until {@link
 * #reset(ByteBuf)}. A value character outside Base64url is reported when {@link
 * #readRaw(byte[], int)} decodes it (or at framing with {@link
 * CesrOptions#checkValueCharacters()}).
 *
 * <h2>Allocation</h2>
 *
 * <p>Tokens and accessors allocate nothing, and neither does {@link #reset(ByteBuf)}, except that
 * {@link #readRaw(byte[], int)} of a primitive in a buffer without a backing array copies it
 * into a scratch array the cursor keeps, made larger once when a primitive longer than 160 bytes
 * comes. In groups mode a reused cursor allocates nothing at all per stream (with {@link
 * CesrOptions#checkValueCharacters()} off, which slices each group it checks). In messages mode the framing engine that checks each
 * message builds its views as {@code Messages} does, and a {@code reset} to another buffer (or a
 * buffer that moved to a new array) makes a framer for it. Not thread-safe: one cursor per thread.
 */
public final class CesrCursor {
  private static final CounterTable[] TABLES = {
    CounterTable.CESR_1_0, CounterTable.CESR_2_0, CounterTable.CESR_1_0_LEGACY
  };

  private enum State {
    FRAMING,
    TOKENS,
    FAILED
  }

  private enum Phase {
    START,
    GENUS_VERSIONS,
    ENVELOPE,
    ENVELOPE_GENUS_VERSION,
    BODY,
    RUN,
    ENVELOPE_END,
    END
  }

  private final CesrOptions options;
  private final boolean messagesMode;
  private final Source src;
  private final GroupFramer framer;
  /**
   * The items of the frame being returned, as the framer recorded them while checking it: in
   * groups mode the group's, in messages mode those of every group the message framer framed.
   */
  private final GroupTape tape = new GroupTape();
  /**
   * What framing the frame found, the framing layers' one "need more" result: a group that the
   * end of the bytes may cut (groups mode, {@link GroupFramer#frameOrCut}) or a frame of the
   * message framer ({@link MessageFramer#frame}). One per cursor, reused for every frame.
   */
  private final Fit fit = new Fit();
  /** Messages mode: a group the message framer's record does not hold, framed again here. */
  private final GroupTape own = new GroupTape(16);
  /** The tape whose entries {@link #tp} to {@link #tEnd} are being returned. */
  private GroupTape playing = tape;
  /** The next entry of {@link #playing} to return. */
  private int tp;
  /** The entry after the last one of the group being returned. */
  private int tEnd;
  /** Messages mode: the entry of {@link #tape} from which the next group is looked for. */
  private int seek;
  private MessageFramer messageFramer;
  private final List<Message> pending = new ArrayList<>();

  private ByteBuf buf;
  private int origin;
  private int pos;
  private int frameEnd;
  private boolean ended;
  private State state = State.FRAMING;
  private CesrException failure;
  private CounterTable groupsTable;
  /** True after NEED_MORE (or reset): the buffer may have moved to a new backing array. */
  private boolean mayHaveMoved;
  /**
   * The writer index that the last NEED_MORE asked for (its writer index plus {@link #needed}):
   * until the bytes reach it, and before {@link #endOfInput()}, the cut frame is not framed again.
   */
  private long awaitEnd;

  // messages mode: the frame being walked
  private int msgIdx;
  private int frameP;
  private CounterTable frameTable;
  private final Group[] openGeneric;
  private int openCount;
  private boolean emptyGenericDone;

  // messages mode: the message stack
  private final Message[] mStack;
  private final Phase[] mPhase;
  private final int[] mP;
  private final int[] mRunEnd;
  private final int[] mNested;
  /** The height of the AttachmentGroup stack when the message's run began. */
  private final int[] mBase;
  private int mHeight;

  // messages mode: the AttachmentGroups being walked (their content holds groups and messages)
  private final int[] cStart;
  private final int[] cEnd;
  private final int[] cP;
  private final int[] cDepth;
  private final boolean[] cQb2;
  private final boolean[] cFirst;
  private final long[] cCount;
  private final CounterCode[] cCode;
  private final CounterTable[] cTable;
  private int cHeight;
  /** Where the part that {@link #part} started ends. */
  private int partEnd;

  // the current token
  private CesrToken token;
  private int tIndex;
  private int tLength;
  private int tDepth;
  private boolean tQb2;
  private CounterCode tCode;
  private long tCount;
  private CounterTable tGenus;
  private MatterCode tMatter;
  private IndexerCode tIndexer;
  /** The current primitive is an indexed signature ({@link #tIndexer}), else a Matter. */
  private boolean tIndexed;
  /** The current indexed signature's index and ondex, as the framer read them. */
  private int tSignatureIndex;
  private int tOndex;
  private VersionString tVersion;
  private long needed;
  private byte[] scratch = new byte[160];

  private CesrCursor(CesrOptions options, boolean messagesMode) {
    this.options = Objects.requireNonNull(options, "options");
    this.messagesMode = messagesMode;
    this.src = new Source(Unpooled.EMPTY_BUFFER, 0);
    this.framer = new GroupFramer(src, options);
    int room = options.maxDepth() + 2;
    openGeneric = new Group[room];
    mStack = new Message[room];
    mPhase = new Phase[room];
    mP = new int[room];
    mRunEnd = new int[room];
    mNested = new int[room];
    mBase = new int[room];
    cStart = new int[room];
    cEnd = new int[room];
    cP = new int[room];
    cDepth = new int[room];
    cQb2 = new boolean[room];
    cFirst = new boolean[room];
    cCount = new long[room];
    cCode = new CounterCode[room];
    cTable = new CounterTable[room];
    this.buf = Unpooled.EMPTY_BUFFER;
    this.groupsTable = options.defaultTable();
  }

  /**
   * A cursor over streams of messages, read as {@link Messages} reads them with {@code options}.
   * Give it a buffer with {@link #reset(ByteBuf)}.
   *
   * @param options the limits and table choice (the allocator is not used)
   * @return a new cursor with no input (an empty buffer)
   */
  public static CesrCursor messages(CesrOptions options) {
    return new CesrCursor(options, true);
  }

  /**
   * A cursor over streams of attachment groups only (no message body), read as {@link
   * dev.cesrj.group.Groups} reads them with {@code options}: groups one after another, a
   * genus-version code switching the table for the groups after it. Give it a buffer with {@link
   * #reset(ByteBuf)}.
   *
   * @param options the limits and default table (the allocator is not used)
   * @return a new cursor with no input (an empty buffer)
   */
  public static CesrCursor groups(CesrOptions options) {
    return new CesrCursor(options, false);
  }

  /**
   * Starts a new stream: the readable bytes of {@code input} from its reader index, which is
   * offset 0; more may be appended (see the class comment). Forgets the previous stream, its
   * table, its error and {@link #endOfInput()}. Allocates nothing.
   *
   * @param input the stream; the caller keeps owning it (never retained or released)
   * @return this cursor
   */
  public CesrCursor reset(ByteBuf input) {
    Objects.requireNonNull(input, "input");
    if (messageFramer != null && !messageFramer.reads(input, input.readerIndex())) {
      messageFramer = null;
    } else if (messageFramer != null) {
      messageFramer.streamTable(null);
    }
    this.buf = input;
    this.origin = input.readerIndex();
    this.pos = origin;
    this.frameEnd = origin;
    this.ended = false;
    this.state = State.FRAMING;
    this.failure = null;
    this.groupsTable = options.defaultTable();
    this.token = null;
    this.needed = 0;
    this.awaitEnd = 0;
    src.reset(input, origin);
    mayHaveMoved = true; // bytes may be appended before the first next()
    clearFrame();
    return this;
  }

  /**
   * Says that no more bytes will be appended: the end of the readable bytes is the end of the
   * stream, so a frame cut there is an error and {@link CesrToken#END} comes at a frame boundary.
   *
   * @return this cursor
   */
  public CesrCursor endOfInput() {
    this.ended = true;
    return this;
  }

  /**
   * Reads the next token.
   *
   * @return the next token; {@link CesrToken#NEED_MORE} if the bytes so far do not tell it;
   *     {@link CesrToken#END} after {@link #endOfInput()} at the end of the stream
   * @throws CesrException for bad input, as {@link Messages} (or {@code Groups}) would throw it;
   *     again on every call after that, until {@link #reset(ByteBuf)}
   */
  public CesrToken next() {
    if (state == State.TOKENS && !messagesMode) {
      // the hot path: the next token of a group being returned
      if (tp < tEnd) {
        play(tp++);
        return token;
      }
      pos = frameEnd;
      buf.readerIndex(pos);
      state = State.FRAMING;
    }
    while (true) {
      switch (state) {
        case FAILED:
          throw failure;
        case TOKENS:
          if (messagesMode ? stepFrame() : stepGroup()) {
            return token;
          }
          pos = frameEnd;
          buf.readerIndex(pos);
          if (messagesMode) {
            clearFrame();
          }
          state = State.FRAMING;
          break;
        default:
          CesrToken t = messagesMode ? frameMessages() : frameGroup();
          if (t != null) {
            return t;
          }
      }
    }
  }

  private void clearFrame() {
    tape.clear();
    tp = 0;
    tEnd = 0;
    seek = 0;
    cHeight = 0; // the codes and tables left in the stack are table constants
    pending.clear();
    for (int i = 0; i < mHeight; i++) {
      mStack[i] = null;
    }
    mHeight = 0;
    for (int i = 0; i < openCount; i++) {
      openGeneric[i] = null;
    }
    openCount = 0;
    msgIdx = 0;
    emptyGenericDone = false;
    tVersion = null;
    tCode = null;
    tGenus = null;
  }

  private CesrToken needMore(long n) {
    needed = n;
    awaitEnd = buf.writerIndex() + n;
    mayHaveMoved = true; // the caller appends now: a heap buffer may move to a new array
    return set(CesrToken.NEED_MORE);
  }

  private CesrToken set(CesrToken t) {
    token = t;
    return t;
  }

  private CesrException fail(CesrException e) {
    failure = e;
    state = State.FAILED;
    token = null;
    return e;
  }

  // ---- groups mode ----

  private CesrToken frameGroup() {
    int limit = buf.writerIndex();
    if (!ended && limit < awaitEnd) {
      return needMore(awaitEnd - limit); // fewer bytes than asked for: nothing to frame again
    }
    if (mayHaveMoved) {
      mayHaveMoved = false;
      if (!src.sameBytes(buf, origin)) {
        src.reset(buf, origin);
      }
    }
    if (pos >= limit) {
      return ended ? set(CesrToken.END) : needMore(1);
    }
    CounterTable t = groupsTable;
    int end;
    CounterTable after = t;
    tape.clear();
    tp = 0;
    tEnd = 0;
    try {
      if (ended) {
        end = framer.group(pos, limit, t, 1, tape); // a cut is an error: no more bytes come
      } else {
        if (framer.frameOrCut(pos, limit, t, 1, tape, fit) == Fit.Verdict.CUT) {
          return needMore(fit.needed()); // reported without an exception
        }
        end = fit.end();
      }
      if (framer.code().unit() == CountUnit.NONE) {
        after = framer.selectedTable(pos);
      }
      // the elements Group.elements() would hold, of this group and each group in it
      ElementCount.validateGroups(tape, src, options);
      if (options.checkValueCharacters()
          && Domain.ofCounterByte(src.at(pos)) == Domain.QB64
          && framer.code().layout() != Layout.GENERIC) {
        Transcode.requireBase64(buf.slice(pos, end - pos), src.offset(pos), framer.code().code());
      }
    } catch (TruncatedException e) {
      if (!ended) {
        return needMore(e.needed());
      }
      throw fail(e);
    } catch (CesrException e) {
      throw fail(e);
    }
    groupsTable = after;
    frameEnd = end;
    playing = tape;
    tEnd = tape.size();
    state = State.TOKENS;
    return null;
  }

  /** The next token of the group frame; false when it is done. */
  private boolean stepGroup() {
    if (tp < tEnd) {
      play(tp++);
      return true;
    }
    return false;
  }

  /** Makes entry {@code i} of the tape the current token. */
  private void play(int i) {
    GroupTape g = playing;
    tIndex = g.start(i);
    tLength = g.length(i);
    tDepth = g.depth(i);
    tQb2 = g.isQb2(i);
    GroupTape.Step s = g.step(i);
    if (s == GroupTape.Step.INDEXER) {
      // primitive stores, and a reference store only when it changes (each costs a GC barrier)
      IndexerCode ic = g.indexerCode(i);
      if (tIndexer != ic) {
        tIndexer = ic;
      }
      tSignatureIndex = g.signatureIndex(i);
      tOndex = g.ondex(i);
      tIndexed = true;
      if (token != CesrToken.PRIMITIVE) {
        token = CesrToken.PRIMITIVE;
      }
      return;
    }
    switch (s) {
      case GROUP_START:
      case GROUP_END:
        {
          CounterCode c = g.counterCode(i);
          if (tCode != c) {
            tCode = c;
          }
          tCount = g.count(i);
          CesrToken t =
              s == GroupTape.Step.GROUP_START ? CesrToken.GROUP_START : CesrToken.GROUP_END;
          if (token != t) {
            token = t;
          }
          return;
        }
      case GENUS_VERSION:
        tCode = g.counterCode(i);
        tCount = g.count(i);
        tGenus = g.selected(i);
        token = CesrToken.GENUS_VERSION;
        return;
      default:
        tMatter = g.matterCode(i);
        tIndexed = false;
        token = CesrToken.PRIMITIVE;
    }
  }

  // ---- messages mode ----

  private CesrToken frameMessages() {
    int limit = buf.writerIndex();
    if (!ended && limit < awaitEnd) {
      return needMore(awaitEnd - limit); // fewer bytes than asked for: nothing to frame again
    }
    if (mayHaveMoved) {
      mayHaveMoved = false;
      if (!src.sameBytes(buf, origin)) {
        src.reset(buf, origin);
      }
    }
    if (messageFramer == null || !messageFramer.reads(buf, origin)) {
      CounterTable carried = messageFramer != null ? messageFramer.streamTable() : null;
      messageFramer = new MessageFramer(buf, origin, options, carried);
    }
    if (pos >= limit) {
      return ended ? set(CesrToken.END) : needMore(1);
    }
    CounterTable before = messageFramer.streamTable();
    pending.clear();
    tape.clear();
    messageFramer.record(tape);
    Fit f = fit;
    try {
      messageFramer.frame(pos, limit, pending, f);
    } catch (TruncatedException e) {
      if (!ended) {
        messageFramer.streamTable(before);
        return needMore(e.needed());
      }
      throw fail(e);
    } catch (CesrException e) {
      throw fail(e);
    }
    // only genus-version codes before limit: the message they belong to needs more
    boolean cut = f.isCut();
    if (!ended && (cut || (f.end() == limit && !finalAtLimit()))) {
      messageFramer.streamTable(before);
      pending.clear();
      return needMore(cut ? f.needed() : 1);
    }
    frameEnd = cut ? limit : f.end();
    frameP = pos;
    frameTable = before != null ? before : options.defaultTable();
    msgIdx = 0;
    state = State.TOKENS;
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
    return !run.isEmpty() && run.get(0).code().layout() == Layout.ATTACHMENTS;
  }

  private int indexOf(Group g) {
    return origin + (int) g.offset();
  }

  private int indexOf(Message m) {
    return origin + (int) m.offset();
  }

  /** The next token of the message frame; false when it is done. */
  private boolean stepFrame() {
    while (true) {
      if (mHeight > 0) {
        if (stepMessage()) {
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
          if (openCount == 0 && frameP < indexOf(g)) {
            frameGenusVersion();
            return true;
          }
          openGeneric[openCount++] = g;
          groupToken(CesrToken.GROUP_START, g);
          return true;
        }
        msgIdx++;
        pushMessage(m, indexOf(m));
        continue;
      }
      if (openCount > 0) {
        closeGeneric();
        return true;
      }
      if (pending.isEmpty() && frameP < frameEnd && !emptyGenericDone) {
        // genus-version codes alone, or an empty GenericGroup after them
        if (framer.isGenusVersionAt(frameP, frameEnd, frameTable)) {
          frameGenusVersion();
          return true;
        }
        emptyGenericDone = true;
        if (emptyGeneric()) {
          return true;
        }
      }
      if (emptyGenericDone && tp < tEnd) {
        play(tp++);
        return true;
      }
      return false;
    }
  }

  /** Puts the empty GenericGroup at {@link #frameP} on the tape; false if none is there. */
  private boolean emptyGeneric() {
    Domain d = Domain.ofCounterByte(src.at(frameP));
    for (CounterTable t : TABLES) {
      CounterCode c = framer.framedCode(d, frameP, t);
      if (c != null && c.layout() == Layout.GENERIC) {
        own.clear();
        framer.group(frameP, frameEnd, t, 1, own);
        playing = own;
        tp = 0;
        tEnd = own.size();
        play(tp++);
        return true;
      }
    }
    return false;
  }

  private void closeGeneric() {
    Group g = openGeneric[--openCount];
    openGeneric[openCount] = null;
    groupToken(CesrToken.GROUP_END, g);
  }

  /** The genus-version code at {@link #frameP} read with {@link #frameTable}, outside messages. */
  private void frameGenusVersion() {
    int p = frameP;
    Domain d = Domain.ofCounterByte(src.at(p));
    CounterCode c = framer.framedCode(d, p, frameTable);
    genusVersionToken(p, d, c, 1);
    frameP = p + tLength;
    frameTable = tGenus;
  }

  private void genusVersionToken(int p, Domain d, CounterCode c, int depth) {
    long n = framer.framedCount(d, p, c);
    tIndex = p;
    tLength = (int) d.size(c.fs());
    tDepth = depth;
    tQb2 = d == Domain.QB2;
    tCode = c;
    tCount = n;
    tGenus = CounterTable.selectedBy(c, CounterTable.genusMajor(n), CounterTable.genusMinor(n));
    token = CesrToken.GENUS_VERSION;
  }

  private void groupToken(CesrToken t, Group g) {
    tIndex = indexOf(g);
    tLength = g.length();
    tDepth = g.depth();
    tQb2 = g.domain() == Domain.QB2;
    tCode = g.code();
    tCount = g.count();
    token = t;
  }

  private void pushMessage(Message m, int at) {
    int h = mHeight++;
    mStack[h] = m;
    mPhase[h] = Phase.START;
    mP[h] = at;
    mNested[h] = 0;
    mBase[h] = cHeight;
  }

  /** The next token of the message on top; false if it only changed state. */
  private boolean stepMessage() {
    int h = mHeight - 1;
    Message m = mStack[h];
    switch (mPhase[h]) {
      case START:
        messageToken(CesrToken.MESSAGE_START, m);
        mPhase[h] = Phase.GENUS_VERSIONS;
        return true;
      case GENUS_VERSIONS:
        {
          int first = firstPart(m);
          if (mP[h] < first) {
            int p = mP[h];
            Domain d = Domain.ofCounterByte(src.at(p));
            Group last = m.genusVersion().orElse(null);
            CounterCode c =
                last != null && indexOf(last) == p
                    ? last.code()
                    : framer.framedCode(d, p, messageTable(m));
            genusVersionToken(p, d, c, m.depth());
            mP[h] = p + tLength;
            return true;
          }
          mPhase[h] = Phase.ENVELOPE;
          return false;
        }
      case ENVELOPE:
        {
          Group env = m.envelope().orElse(null);
          if (env == null) {
            mPhase[h] = Phase.BODY;
            return false;
          }
          groupToken(CesrToken.GROUP_START, env);
          mP[h] = indexOf(env) + env.counterSize();
          mPhase[h] = Phase.ENVELOPE_GENUS_VERSION;
          return true;
        }
      case ENVELOPE_GENUS_VERSION:
        {
          mPhase[h] = Phase.BODY;
          Group env = m.envelope().orElseThrow();
          int body = indexOf(m.bodyGroup().orElseThrow());
          if (mP[h] < body) {
            int p = mP[h];
            Domain d = Domain.ofCounterByte(src.at(p));
            Group gv = m.genusVersion().orElse(null);
            CounterCode c =
                gv != null && indexOf(gv) == p
                    ? gv.code()
                    : framer.framedCode(d, p, env.code().table());
            genusVersionToken(p, d, c, env.depth() + 1);
            mP[h] = body;
            return true;
          }
          return false;
        }
      case BODY:
        {
          Group bg = m.bodyGroup().orElse(null);
          tVersion = m.version();
          tCode = null;
          tDepth = bg != null ? bg.depth() : m.depth();
          if (bg != null) {
            tIndex = indexOf(bg);
            tLength = bg.length();
            tQb2 = bg.domain() == Domain.QB2;
            tCode = bg.code();
            tCount = bg.count();
          } else {
            tIndex = mP[h];
            tLength = (int) m.version().size();
            tQb2 = false;
          }
          token = CesrToken.BODY;
          Group env = m.envelope().orElse(null);
          mP[h] = tIndex + tLength;
          mRunEnd[h] = env != null ? indexOf(env) + env.length() : indexOf(m) + m.length();
          mBase[h] = cHeight;
          mPhase[h] = Phase.RUN;
          return true;
        }
      case RUN:
        {
          if (tp < tEnd) {
            play(tp++);
            return true;
          }
          if (cHeight > mBase[h]) {
            return stepAttachmentGroup(m, h);
          }
          int p = mP[h];
          if (p < mRunEnd[h]) {
            Domain d = Domain.ofCounterByte(src.at(p));
            CounterTable t = m.table();
            CounterCode c = framer.framedCode(d, p, t);
            int depth = m.envelope().isPresent() ? m.depth() + 1 : m.depth();
            boolean set = part(m, h, p, mRunEnd[h], d, c, t, depth);
            mP[h] = partEnd;
            return set;
          }
          mPhase[h] = Phase.ENVELOPE_END;
          return false;
        }
      case ENVELOPE_END:
        {
          mPhase[h] = Phase.END;
          Group env = m.envelope().orElse(null);
          if (env != null) {
            groupToken(CesrToken.GROUP_END, env);
            return true;
          }
          return false;
        }
      default:
        messageToken(CesrToken.MESSAGE_END, m);
        mStack[h] = null;
        mHeight--;
        return true;
    }
  }

  /**
   * The next step inside the AttachmentGroup on top of the stack, in the run of message {@code
   * m} (at {@code h}): its leading genus-version code, its end, or the part at its position.
   *
   * @return true if a token was set
   */
  private boolean stepAttachmentGroup(Message m, int h) {
    int c = cHeight - 1;
    int p = cP[c];
    if (p >= cEnd[c]) {
      cHeight--;
      tIndex = cStart[c];
      tLength = cEnd[c] - cStart[c];
      tDepth = cDepth[c];
      tQb2 = cQb2[c];
      tCode = cCode[c];
      tCount = cCount[c];
      token = CesrToken.GROUP_END;
      return true;
    }
    Domain d = cQb2[c] ? Domain.QB2 : Domain.QB64;
    CounterTable t = cTable[c];
    CounterCode code = framer.framedCode(d, p, t);
    if (cFirst[c]) {
      cFirst[c] = false;
      if (code.layout() == Layout.GENUS_VERSION) {
        // it selects the table for the rest of this AttachmentGroup's content
        genusVersionToken(p, d, code, cDepth[c] + 1);
        cTable[c] = tGenus;
        cP[c] = p + tLength;
        return true;
      }
    }
    boolean set = part(m, h, p, cEnd[c], d, code, t, cDepth[c] + 1);
    cP[c] = partEnd;
    return set;
  }

  /**
   * Starts the part at {@code p} of the run of message {@code m} (at {@code h}), a counter of
   * code {@code c} read with {@code t}, of nesting depth {@code depth}: a nested message is pushed
   * (no token yet), an AttachmentGroup is pushed and its {@code GROUP_START} set, any other group
   * is framed onto the tape and its first entry set.
   *
   * @return true if a token was set; {@link #partEnd} is the index just past the part
   */
  private boolean part(
      Message m, int h, int p, int end, Domain d, CounterCode c, CounterTable t, int depth) {
    if (c.layout().startsMessage()) {
      Message nested = m.nested().get(mNested[h]++);
      if (indexOf(nested) != p) {
        throw new IllegalStateException(
            "nested message at " + (p - origin) + ", framed at " + nested.offset());
      }
      pushMessage(nested, p);
      partEnd = p + nested.length();
      return false;
    }
    if (c.layout() == Layout.ATTACHMENTS) {
      long n = framer.framedCount(d, p, c);
      int fs = (int) d.size(c.fs());
      int groupEnd = p + fs + (int) d.quadlets(n);
      int k = cHeight++;
      cStart[k] = p;
      cEnd[k] = groupEnd;
      cP[k] = p + fs;
      cDepth[k] = depth;
      cQb2[k] = d == Domain.QB2;
      cFirst[k] = true;
      cCount[k] = n;
      cCode[k] = c;
      cTable[k] = t;
      tIndex = p;
      tLength = groupEnd - p;
      tDepth = depth;
      tQb2 = d == Domain.QB2;
      tCode = c;
      tCount = n;
      token = CesrToken.GROUP_START;
      partEnd = groupEnd;
      return true;
    }
    int k = tape.wholeGroupAt(seek, p, depth, c);
    if (k >= 0) {
      // the message framer framed and recorded it: its items are read from there
      seek = tape.match(k) + 1;
      playing = tape;
      tp = k;
      tEnd = seek;
      partEnd = p + tape.length(k);
    } else {
      own.clear();
      partEnd = framer.group(p, end, t, depth, own);
      playing = own;
      tp = 0;
      tEnd = own.size();
    }
    play(tp++);
    return true;
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

  private void messageToken(CesrToken t, Message m) {
    tIndex = indexOf(m);
    tLength = m.length();
    tDepth = m.depth();
    tQb2 = tIndex < buf.writerIndex() && domainAt(tIndex) == Domain.QB2;
    tVersion = m.version();
    tCode = null;
    token = t;
  }

  private Domain domainAt(int index) {
    int b = src.at(index);
    return b == '-' || Tritet.of(b) != Tritet.BINARY ? Domain.QB64 : Domain.QB2;
  }

  // ---- accessors ----

  /**
   * {@return the token {@link #next()} returned last; {@code null} before the first {@code
   * next()} after {@link #reset(ByteBuf)} and after an error}
   */
  public CesrToken token() {
    return token;
  }

  private void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(what + " is not defined at token " + token);
    }
  }

  private boolean hasSpan() {
    return token != null && token != CesrToken.NEED_MORE && token != CesrToken.END;
  }

  /**
   * {@return the byte offset of the current token's first byte from the start of the stream (the
   * reader index at {@link #reset(ByteBuf)})}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public long offset() {
    require(hasSpan(), "offset()");
    return (long) tIndex - origin;
  }

  /**
   * {@return the buffer index of the current token's first byte}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public int index() {
    require(hasSpan(), "index()");
    return tIndex;
  }

  /**
   * {@return the current token's length in bytes (of its domain): the whole message, body, group
   * (counter included), genus-version code or primitive}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public int length() {
    require(hasSpan(), "length()");
    return tLength;
  }

  /**
   * {@return the nesting depth: 1 at the top of the stream; a primitive's is its group's plus one}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public int depth() {
    require(hasSpan(), "depth()");
    return tDepth;
  }

  /**
   * {@return the domain of the current token's bytes: qb64 or qb2 (a bare body: qb64)}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public Domain domain() {
    require(hasSpan(), "domain()");
    return tQb2 ? Domain.QB2 : Domain.QB64;
  }

  /**
   * {@return true if the current token has a counter code: {@code GROUP_START}, {@code
   * GROUP_END}, {@code GENUS_VERSION}, and {@code BODY} of a body carried in a body group}
   */
  public boolean hasCounterCode() {
    return (token == CesrToken.GROUP_START
            || token == CesrToken.GROUP_END
            || token == CesrToken.GENUS_VERSION
            || token == CesrToken.BODY)
        && tCode != null;
  }

  /**
   * {@return the counter code, of the table that read it}
   *
   * @throws IllegalStateException unless {@link #hasCounterCode()}
   */
  public CounterCode counterCode() {
    require(hasCounterCode(), "counterCode()");
    return tCode;
  }

  /**
   * {@return the counter's count: elements or quadlets as {@link CounterCode#unit()} says; for a
   * genus-version code the value of its three soft characters (e.g. 8192 for {@code -_AAACAA})}
   *
   * @throws IllegalStateException unless {@link #hasCounterCode()}
   */
  public long count() {
    require(hasCounterCode(), "count()");
    return tCount;
  }

  /**
   * {@return the counter table the genus-version code selects for what follows}
   *
   * @throws IllegalStateException unless the token is {@code GENUS_VERSION}
   */
  public CounterTable genusTable() {
    require(token == CesrToken.GENUS_VERSION, "genusTable()");
    return tGenus;
  }

  /**
   * {@return the major version the genus-version code carries (e.g. 2 for {@code -_AAACAA})}
   *
   * @throws IllegalStateException unless the token is {@code GENUS_VERSION}
   */
  public int genusMajor() {
    require(token == CesrToken.GENUS_VERSION, "genusMajor()");
    return CounterTable.genusMajor(tCount);
  }

  /**
   * {@return the minor version the genus-version code carries (0 for every table cesrj reads)}
   *
   * @throws IllegalStateException unless the token is {@code GENUS_VERSION}
   */
  public int genusMinor() {
    require(token == CesrToken.GENUS_VERSION, "genusMinor()");
    return CounterTable.genusMinor(tCount);
  }

  /**
   * {@return the message's version string (for a CESR-native body, the one keripy would write for
   * it, as {@link Message#version()}): protocol, versions, kind and body size}
   *
   * @throws IllegalStateException unless the token is {@code MESSAGE_START}, {@code BODY} or
   *     {@code MESSAGE_END}
   */
  public VersionString version() {
    require(
        token == CesrToken.MESSAGE_START
            || token == CesrToken.BODY
            || token == CesrToken.MESSAGE_END,
        "version()");
    return tVersion;
  }

  /**
   * {@return the body's serialization kind: JSON, CBOR, MGPK, or CESR for a native body}
   *
   * @throws IllegalStateException unless the token is {@code BODY}
   */
  public Kind bodyKind() {
    require(token == CesrToken.BODY, "bodyKind()");
    return tVersion.kind();
  }

  /**
   * {@return true if the current primitive is an indexed signature (an Indexer code), false for a
   * Matter primitive}
   *
   * @throws IllegalStateException unless the token is {@code PRIMITIVE}
   */
  public boolean isIndexed() {
    require(token == CesrToken.PRIMITIVE, "isIndexed()");
    return tIndexed;
  }

  /**
   * {@return the Matter code of the current primitive}
   *
   * @throws IllegalStateException unless the token is a {@code PRIMITIVE} that is not indexed
   */
  public MatterCode matterCode() {
    require(token == CesrToken.PRIMITIVE && !tIndexed, "matterCode()");
    return tMatter;
  }

  /**
   * {@return the Indexer code of the current indexed signature}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE}
   */
  public IndexerCode indexerCode() {
    require(token == CesrToken.PRIMITIVE && tIndexed, "indexerCode()");
    return tIndexer;
  }

  /**
   * {@return the main index of the current indexed signature: which key of the current key list
   * signed, 0 to {@link IndexerCode#maxIndex()} (keripy {@code Siger.index})}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE}
   */
  public int signatureIndex() {
    require(token == CesrToken.PRIMITIVE && tIndexed, "signatureIndex()");
    return tSignatureIndex;
  }

  /**
   * {@return true if the current indexed signature has an ondex: false for current-only codes
   * ({@link IndexerCode#currentOnly()})}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE}
   */
  public boolean hasOndex() {
    require(token == CesrToken.PRIMITIVE && tIndexed, "hasOndex()");
    return !tIndexer.currentOnly();
  }

  /**
   * {@return the ondex of the current indexed signature: which key of the prior next-key list
   * signed; the index itself for codes without ondex characters ({@code A C E}) (keripy {@code
   * Siger.ondex})}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE} with {@link
   *     #hasOndex()}
   */
  public int ondex() {
    require(
        token == CesrToken.PRIMITIVE && tIndexed && !tIndexer.currentOnly(), "ondex()");
    return tOndex;
  }

  /** Characters of the current primitive's code: {@code hs + ss}. */
  private int codeChars() {
    return tIndexed ? tIndexer.cs() : tMatter.cs();
  }

  private int leadBytes() {
    return tIndexed ? 0 : tMatter.ls();
  }

  /** Bytes before the raw value in the item's qb2 form: code, pad and lead bytes. */
  private int rawFrom() {
    int cs = codeChars();
    return cs / 4 * 3 + cs % 4 + leadBytes();
  }

  /**
   * {@return the size in bytes of the current primitive's raw value (the decoded value without
   * code, pad and lead bytes): {@link MatterCode#rawSize()} or {@link IndexerCode#rawSize()} for
   * a fixed code, {@code 3 * size - ls} for a variable one, 0 for a tag code}
   *
   * @throws IllegalStateException unless the token is {@code PRIMITIVE}
   */
  public int rawSize() {
    require(token == CesrToken.PRIMITIVE, "rawSize()");
    int qb2Size = tQb2 ? tLength : tLength / 4 * 3;
    return qb2Size - rawFrom();
  }

  /**
   * Writes the current primitive's raw value into {@code dst} at {@code offset}, without
   * allocating: a qb64 value is decoded from Base64url (CESR specification, "Pre-padding before
   * conversion"; keripy {@code Matter._exfil}), a qb2 one copied ({@code Matter._bexfil}). The
   * same bytes as {@link dev.cesrj.primitive.Matter#raw()} or {@link
   * dev.cesrj.primitive.IndexedSignature#raw()}.
   *
   * @param dst the caller's array
   * @param offset where the value goes in {@code dst}
   * @return {@link #rawSize()}, the bytes written
   * @throws IllegalStateException unless the token is {@code PRIMITIVE}
   * @throws IndexOutOfBoundsException if {@code dst} has fewer than {@code rawSize()} bytes from
   *     {@code offset}
   * @throws MalformedException if a qb64 value character is not Base64url, at that character's
   *     offset, as {@code raw()} reports it ({@code dst} may then hold part of the value)
   */
  public int readRaw(byte[] dst, int offset) {
    int n = rawSize();
    Objects.checkFromIndexSize(offset, n, dst.length);
    if (tQb2) {
      buf.getBytes(tIndex + rawFrom(), dst, offset, n);
      return n;
    }
    int cs = codeChars();
    int ps = cs % 4; // the code characters in the quadlet of the pad: zero sextets
    byte[] a = src.array();
    int base;
    if (a != null) {
      base = src.arrayOffset() + tIndex;
    } else {
      if (scratch.length < tLength) {
        scratch = new byte[tLength];
      }
      buf.getBytes(tIndex, scratch, 0, tLength);
      a = scratch;
      base = 0;
    }
    String code = tIndexed ? tIndexer.code() : tMatter.code();
    int from = cs - ps;
    return ValueDecoder.decode(a, base + from, base + tLength, ps, ps + leadBytes(), dst, offset,
        (long) tIndex - origin + from, code);
  }

  /**
   * {@return at {@code NEED_MORE}: how many more bytes the cursor needs at least before it can
   * tell the next token, as {@link TruncatedException#needed()} of {@link Messages} for the same
   * bytes (1 at a frame boundary or while a run may go on); before the bytes the previous {@code
   * NEED_MORE} asked for are all in, what is left of that ask (never more than {@code Messages}'
   * figure; see the class comment)}
   *
   * @throws IllegalStateException unless the token is {@code NEED_MORE}
   */
  public long needed() {
    require(token == CesrToken.NEED_MORE, "needed()");
    return needed;
  }
}
