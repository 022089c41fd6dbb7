package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.MalformedException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Domain;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.Layout;
import dev.cesrj.code.MatterCode;
import dev.cesrj.group.Group;
import dev.cesrj.internal.ValueDecoder;
import io.netty.buffer.ByteBuf;
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
  /** Where the cursor is in its work on the stream. */
  private enum State {
    /** The next frame is to be framed (or the bytes end). */
    FRAMING,
    /** The tokens of a framed frame are being returned. */
    TOKENS,
    /** An error was thrown: it is thrown again until {@link #reset(ByteBuf)}. */
    FAILED
  }

  private final CesrOptions options;
  /**
   * The messages ({@link MessageTokens}) or attachment groups ({@link GroupTokens}) source, which
   * holds the current token the accessors read ({@link CursorToken}).
   */
  private final TokenSource source;
  /** The stream and where the cursor is in it. */
  private final CursorInput in;
  private State state = State.FRAMING;
  private CesrException failure;
  private byte[] scratch = new byte[160];

  private CesrCursor(CesrOptions options, boolean messagesMode) {
    this.options = Objects.requireNonNull(options, "options");
    this.source = messagesMode ? new MessageTokens(options) : new GroupTokens(options);
    this.in = source.in;
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
    in.reset(input);
    state = State.FRAMING;
    failure = null;
    source.token = null;
    source.needed = 0;
    source.forgetFrame();
    source.reset();
    return this;
  }

  /**
   * Says that no more bytes will be appended: the end of the readable bytes is the end of the
   * stream, so a frame cut there is an error and {@link CesrToken#END} comes at a frame boundary.
   *
   * @return this cursor
   */
  public CesrCursor endOfInput() {
    in.ended = true;
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
    if (state == State.TOKENS && source.step()) {
      return source.token; // the hot path, small enough to inline: the frame's next token
    }
    return advance();
  }

  /**
   * The next token when the frame being returned has no more (or none is): past it, the next
   * frame framed and its first token, or {@code NEED_MORE}, {@code END} or the error.
   */
  private CesrToken advance() {
    while (true) {
      if (state == State.TOKENS) {
        in.pastFrame();
        source.clearFrame();
        state = State.FRAMING;
      } else if (state == State.FAILED) {
        throw failure;
      }
      CesrToken t;
      try {
        t = source.frame();
      } catch (CesrException e) {
        throw fail(e);
      }
      if (t != null) {
        return t;
      }
      state = State.TOKENS;
      if (source.step()) {
        return source.token;
      }
    }
  }

  private CesrException fail(CesrException e) {
    failure = e;
    state = State.FAILED;
    source.token = null;
    return e;
  }

  // ---- accessors ----

  /**
   * {@return the token {@link #next()} returned last; {@code null} before the first {@code
   * next()} after {@link #reset(ByteBuf)} and after an error}
   */
  public CesrToken token() {
    return source.token;
  }

  private void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(what + " is not defined at token " + source.token);
    }
  }

  private boolean hasSpan() {
    return source.token != null && source.token != CesrToken.NEED_MORE && source.token != CesrToken.END;
  }

  /**
   * {@return the byte offset of the current token's first byte from the start of the stream (the
   * reader index at {@link #reset(ByteBuf)})}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public long offset() {
    require(hasSpan(), "offset()");
    return (long) source.index - in.origin;
  }

  /**
   * {@return the buffer index of the current token's first byte}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public int index() {
    require(hasSpan(), "index()");
    return source.index;
  }

  /**
   * {@return the current token's length in bytes (of its domain): the whole message, body, group
   * (counter included), genus-version code or primitive}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public int length() {
    require(hasSpan(), "length()");
    return source.length;
  }

  /**
   * {@return the nesting depth: 1 at the top of the stream; a primitive's is its group's plus one}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public int depth() {
    require(hasSpan(), "depth()");
    return source.depth;
  }

  /**
   * {@return the domain of the current token's bytes: qb64 or qb2 (a bare body: qb64)}
   *
   * @throws IllegalStateException at {@code NEED_MORE}, {@code END} or no token
   */
  public Domain domain() {
    require(hasSpan(), "domain()");
    return source.qb2 ? Domain.QB2 : Domain.QB64;
  }

  /**
   * {@return true if the current token has a counter code: {@code GROUP_START}, {@code
   * GROUP_END}, {@code GENUS_VERSION}, and {@code BODY} of a body carried in a body group}
   */
  public boolean hasCounterCode() {
    return (source.token == CesrToken.GROUP_START
            || source.token == CesrToken.GROUP_END
            || source.token == CesrToken.GENUS_VERSION
            || source.token == CesrToken.BODY)
        && source.code != null;
  }

  /**
   * {@return the counter code, of the table that read it}
   *
   * @throws IllegalStateException unless {@link #hasCounterCode()}
   */
  public CounterCode counterCode() {
    require(hasCounterCode(), "counterCode()");
    return source.code;
  }

  /**
   * {@return the counter's count: elements or quadlets as {@link CounterCode#unit()} says; for a
   * genus-version code the value of its three soft characters (e.g. 8192 for {@code -_AAACAA})}
   *
   * @throws IllegalStateException unless {@link #hasCounterCode()}
   */
  public long count() {
    require(hasCounterCode(), "count()");
    return source.count;
  }

  /**
   * {@return the counter table the genus-version code selects for what follows}
   *
   * @throws IllegalStateException unless the token is {@code GENUS_VERSION}
   */
  public CounterTable genusTable() {
    require(source.token == CesrToken.GENUS_VERSION, "genusTable()");
    return source.genus;
  }

  /**
   * {@return the major version the genus-version code carries (e.g. 2 for {@code -_AAACAA})}
   *
   * @throws IllegalStateException unless the token is {@code GENUS_VERSION}
   */
  public int genusMajor() {
    require(source.token == CesrToken.GENUS_VERSION, "genusMajor()");
    return CounterTable.genusMajor(source.count);
  }

  /**
   * {@return the minor version the genus-version code carries (0 for every table cesrj reads)}
   *
   * @throws IllegalStateException unless the token is {@code GENUS_VERSION}
   */
  public int genusMinor() {
    require(source.token == CesrToken.GENUS_VERSION, "genusMinor()");
    return CounterTable.genusMinor(source.count);
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
        source.token == CesrToken.MESSAGE_START
            || source.token == CesrToken.BODY
            || source.token == CesrToken.MESSAGE_END,
        "version()");
    return source.version;
  }

  /**
   * {@return the body's serialization kind: JSON, CBOR, MGPK, or CESR for a native body}
   *
   * @throws IllegalStateException unless the token is {@code BODY}
   */
  public Kind bodyKind() {
    require(source.token == CesrToken.BODY, "bodyKind()");
    return source.version.kind();
  }

  /**
   * {@return true if the current primitive is an indexed signature (an Indexer code), false for a
   * Matter primitive}
   *
   * @throws IllegalStateException unless the token is {@code PRIMITIVE}
   */
  public boolean isIndexed() {
    require(source.token == CesrToken.PRIMITIVE, "isIndexed()");
    return source.indexed;
  }

  /**
   * {@return the Matter code of the current primitive}
   *
   * @throws IllegalStateException unless the token is a {@code PRIMITIVE} that is not indexed
   */
  public MatterCode matterCode() {
    require(source.token == CesrToken.PRIMITIVE && !source.indexed, "matterCode()");
    return source.matter;
  }

  /**
   * {@return the Indexer code of the current indexed signature}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE}
   */
  public IndexerCode indexerCode() {
    require(source.token == CesrToken.PRIMITIVE && source.indexed, "indexerCode()");
    return source.indexer;
  }

  /**
   * {@return the main index of the current indexed signature: which key of the current key list
   * signed, 0 to {@link IndexerCode#maxIndex()} (keripy {@code Siger.index})}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE}
   */
  public int signatureIndex() {
    require(source.token == CesrToken.PRIMITIVE && source.indexed, "signatureIndex()");
    return source.signatureIndex;
  }

  /**
   * {@return true if the current indexed signature has an ondex: false for current-only codes
   * ({@link IndexerCode#currentOnly()})}
   *
   * @throws IllegalStateException unless the token is an indexed {@code PRIMITIVE}
   */
  public boolean hasOndex() {
    require(source.token == CesrToken.PRIMITIVE && source.indexed, "hasOndex()");
    return !source.indexer.currentOnly();
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
        source.token == CesrToken.PRIMITIVE && source.indexed && !source.indexer.currentOnly(), "ondex()");
    return source.ondex;
  }

  /**
   * {@return the size in bytes of the current primitive's raw value (the decoded value without
   * code, pad and lead bytes): {@link MatterCode#rawSize()} or {@link IndexerCode#rawSize()} for
   * a fixed code, {@code 3 * size - ls} for a variable one, 0 for a tag code}
   *
   * @throws IllegalStateException unless the token is {@code PRIMITIVE}
   */
  public int rawSize() {
    require(source.token == CesrToken.PRIMITIVE, "rawSize()");
    return source.rawSize();
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
    if (source.qb2) {
      in.buf.getBytes(source.index + source.rawFrom(), dst, offset, n);
      return n;
    }
    int cs = source.codeChars();
    int ps = cs % 4; // the code characters in the quadlet of the pad: zero sextets
    byte[] a = in.src.array();
    int base;
    if (a != null) {
      base = in.src.arrayOffset() + source.index;
    } else {
      if (scratch.length < source.length) {
        scratch = new byte[source.length];
      }
      in.buf.getBytes(source.index, scratch, 0, source.length);
      a = scratch;
      base = 0;
    }
    String code = source.primitiveCode();
    int from = cs - ps;
    return ValueDecoder.decode(a, base + from, base + source.length, ps, ps + source.leadBytes(), dst,
        offset, (long) source.index - in.origin + from, code);
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
    require(source.token == CesrToken.NEED_MORE, "needed()");
    return source.needed;
  }
}
