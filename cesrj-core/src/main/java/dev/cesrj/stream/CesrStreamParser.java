package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.TruncatedException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.Layout;
import dev.cesrj.internal.Errors;
import dev.cesrj.internal.Fit;
import dev.cesrj.internal.SharedMemory;
import dev.cesrj.internal.Source;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A push parser for a CESR stream that arrives in chunks of any size (qb64 or qb2 attachments,
 * switching domains as {@link Messages} allows): the caller feeds bytes as they come and gets back
 * each message once it is complete, body and all its attachments together (cesrj's choice:
 * truncated is not malformed; keripy's {@code Parser} with {@code framed=False}).
 *
 * <pre>{@code
 * try (CesrStreamParser parser = new CesrStreamParser(options)) {
 *   for (ByteBuf chunk : chunks) {              // the parser takes each chunk over
 *     Framed f = parser.feed(chunk);
 *     f.messages().forEach(this::handle);       // views: valid until the next call
 *     if (f.failed()) { ... parser.skipToColdStart() or stop ... }
 *   }
 *   Framed last = parser.endOfInput();          // releases a held message, or a truncation error
 * }
 * }</pre>
 *
 * <h2>Framing</h2>
 *
 * <p>The parser keeps the bytes it cannot finish yet in a cumulation buffer and frames them with
 * the same framer as {@link Messages}, so a stream gives the same messages (offsets, lengths,
 * versions, groups) and, at its end, the same error whether it is fed whole, in chunks or one
 * byte at a time. A message is committed atomically: nothing of it is consumed until its body
 * and all its attachments are in.
 *
 * <p>No re-framing: a message body (JSON, CBOR or MessagePack) is read once, and its attachment
 * groups are framed as each one arrives, whole; what is framed is kept between calls (also when
 * the parser moves its bytes to a new buffer), and the parser waits for the bytes a cut body,
 * counter or group lacks (exactly, or at least, see {@link Framed#needed()}) before it looks
 * again. Before it frames an envelope or GenericGroup it checks its count against the bytes at
 * hand ({@link FrameLookahead}). So a stream is framed once per message, whatever the chunks; a
 * frame the framer finds cut (where no check could tell) likewise means "more bytes needed",
 * reported in the framer's one result with the bytes lacked (no exception is built per wait),
 * and the parser does not frame again before at least that many more bytes have arrived.
 * Framing work over a stream is therefore O(bytes), never O(bytes^2) (see {@link
 * Framed#held()}).
 *
 * <p>End of a bare attachment run: a message whose attachments are not wrapped (no
 * AttachmentGroup {@code -V}/{@code -C}, no BodyWithAttachmentGroup envelope) and reach the end
 * of the bytes received so far may get more attachment groups in the next chunk. Such a message
 * is held ({@link Framed#held()}) until a byte arrives that ends its run (a message start or a
 * genus-version code) or {@link #endOfInput()}. keripy's streaming parser has the same ambiguity
 * and asks senders to wrap attachments in {@code -V}/{@code -C} (keripy {@code parsing.py});
 * wrapped and enveloped messages are returned as soon as their counted frame is in. A genus-version
 * code at the end of the bytes received is held until the message it precedes starts. An error
 * inside a held run is reported as soon as the bytes of the group that holds it are in, as
 * whole-buffer framing reports it. A bad code among the bytes at hand when a group is found cut is
 * reported at once; bytes that arrive after that are looked at once the group's declared (least)
 * size is in, so garbage inside a group that declares many elements is found only then (at most
 * {@link CesrOptions#maxFrameBytes()} later).
 *
 * <h2>Limits</h2>
 *
 * <p>A body or group that declares more than {@link CesrOptions#maxFrameBytes()} fails with
 * {@link FrameTooLargeException} as soon as its size field is in, before anything of that size
 * is awaited or allocated (also inside a held run); nesting depth is checked as in {@link
 * Messages}. Since a message is
 * buffered until it is complete, a top-level message longer than {@code maxFrameBytes} (a bare
 * attachment run of many groups) is refused too, at its offset, as {@link Messages} refuses it,
 * after at most {@code maxFrameBytes + 8} of its bytes: the framer is never shown more of one
 * message than that (8 bytes past a message of {@code maxFrameBytes} hold the counter that ends
 * its bare run; with a limit below 27 bytes, the 27 in which a version string is looked for are
 * shown). The cumulation therefore never holds more than that plus one chunk.
 *
 * <h2>Errors</h2>
 *
 * <p>Bad input never throws: a {@link CesrException} is returned in {@link Framed#error()}
 * together with the messages completed before it in the same call, and the parser is failed.
 * The caller then either stops (the failed frame and every byte after it stay readable through
 * {@link #unconsumed()}) or calls {@link #skipToColdStart()}, which drops bytes up to the next
 * cold-start point after the failed frame's first byte (counted in {@link Framed#skipped()}) and
 * frames on from there. At {@link #endOfInput()} an unfinished frame is a
 * {@link dev.cesrj.TruncatedException} that says how many bytes the message needs and has.
 * Offsets count from the start of the stream (see {@link Framed#offsetBase()}). Misuse (feeding
 * a failed, ended or closed parser) throws {@link IllegalStateException}.
 *
 * <h2>Ownership</h2>
 *
 * <ul>
 *   <li>The parser owns its cumulation, a heap buffer from {@link CesrOptions#allocator()}
 *       (pooled by default), released by {@link #close()}.
 *   <li>{@link #feed(ByteBuf)} takes ownership of the fed buffer, as Netty's
 *       {@code ByteToMessageDecoder} does with its input: the parser releases it (once), whether
 *       the call succeeds, fails or throws. When nothing is buffered it frames the fed buffer in
 *       place (no copy) and copies only an unfinished tail into the cumulation.
 *   <li>{@link #feed(byte[])} and {@link #feedCopy(ByteBuf)} copy the bytes: the caller may
 *       reuse its array at once, and keeps owning its buffer (the parser does not touch its
 *       reference count or indexes).
 *   <li>Returned messages are views, valid until the next call on the parser (or longer with
 *       {@link Framed#retain()}); reading one after that reads released or moved bytes.
 *   <li>Bytes fed back from the parser's own buffers (taken from {@link #unconsumed()} or {@link
 *       Framed#buffer()}, their arrays or views) are first copied to the heap by every feed
 *       method, so that neither making room nor letting go of a buffer changes them.
 * </ul>
 *
 * <p>qb2 input: "need N more bytes" counts bytes in both domains (a qb2 counter or group cut
 * short needs its missing bytes, 3 per triplet of content). A qb2 group of a held run is framed
 * when the framer no longer finds it cut (its truncation says how many bytes to wait for), so it
 * too is framed once. Not thread-safe.
 */
public final class CesrStreamParser implements AutoCloseable {
  /** Offsets are re-based once the stream passes this many bytes since the last base: 1 GiB. */
  static final long OFFSET_EPOCH = 1L << 30;

  /** First capacity of a cumulation: room for a typical message and the next chunk. */
  static final int MIN_CAPACITY = 4096;
  private static final int KEEP_EMPTY_CAPACITY = 64 * 1024;

  private enum State {
    /** Framing (or waiting for bytes). */
    READY,
    /** A frame failed; waiting for the caller's decision. */
    FAILED,
    /** Dropping bytes up to the next cold-start point. */
    SKIPPING,
    CLOSED
  }

  private final CesrOptions options;
  private final long maxFrame;
  /** The most bytes of one top-level frame the framer reads ({@link MessageFramer#window}). */
  private final long window;
  private final long epoch;

  /** The cumulation: bytes not yet returned or dropped, from its reader index; may be null. */
  private ByteBuf cum;
  /** An adopted fed buffer that the last call's messages view; released at the next call. */
  private ByteBuf viewed;
  private State state = State.READY;
  private boolean ended;
  private long generation;
  /** Stream offset of the first buffered byte. */
  private long position;
  /** Stream offset that offset 0 of framed messages and errors refers to. */
  private long base;
  /** Bytes to receive before framing again (0: frame at once). */
  private long awaiting;
  private boolean held;
  /** Table set by the last genus-version code consumed at the top of the stream, or null. */
  private CounterTable table;
  private CesrException failure;
  private long attempts;
  /** The framer of the last call, reused while it reads the same bytes (see framer()). */
  private MessageFramer lastFramer;
  /** The lookahead, reset at each framing (see lookahead()). */
  private FrameLookahead lastLookahead;
  /** The held message's body and the groups of its run framed so far. */
  private final HeldRun heldRun = new HeldRun();
  /** Frames {@link #heldRun} on as bytes arrive: the resume protocol. */
  private final HeldRunFramer resumer = new HeldRunFramer();
  /**
   * What framing the next frame found, the one "need more" result of the framing layers: where
   * it ends, or how many bytes it lacks ({@link MessageFramer#frame}, {@link
   * HeldRunFramer#resume} and each group of a held run). One per parser, reused for every frame
   * by whichever message framer frames it (the parser makes a new framer whenever its bytes
   * move, so a framer's own would be made again with it).
   */
  private final Fit fit = new Fit();
  /** Buffer index of offset 0 in the buffer the last {@link #frame} call framed. */
  private int framedOrigin;
  /** The messages of the call in progress; copied into each result and emptied. */
  private final ArrayList<Message> scratch = new ArrayList<>();

  /** A parser with {@link CesrOptions#DEFAULT}. */
  public CesrStreamParser() {
    this(CesrOptions.DEFAULT);
  }

  /**
   * A parser with {@code options} (allocator of the cumulation, limits, default table).
   *
   * @param options the allocator, limits and default table
   */
  public CesrStreamParser(CesrOptions options) {
    this(options, OFFSET_EPOCH);
  }

  /** For tests: re-bases offsets every {@code epoch} bytes. */
  CesrStreamParser(CesrOptions options, long epoch) {
    this.options = Objects.requireNonNull(options, "options");
    this.maxFrame = options.maxFrameBytes();
    this.window = MessageFramer.window(maxFrame);
    this.epoch = epoch;
  }

  /**
   * Feeds the readable bytes of {@code chunk}; the parser takes ownership of it and releases it.
   *
   * @param chunk the next bytes of the stream; the parser takes ownership and releases it
   * @return the messages completed by these bytes, and what the parser needs next
   * @throws IllegalStateException if the parser has failed (call {@link #skipToColdStart()}),
   *     ended or is closed; {@code chunk} is released all the same
   */
  public Framed feed(ByteBuf chunk) {
    Objects.requireNonNull(chunk, "chunk");
    byte[] own;
    try {
      checkFeedable();
      own = mayViewOwnBytes(chunk) ? ByteBufUtil.getBytes(chunk) : null;
    } catch (RuntimeException e) {
      chunk.release();
      throw e;
    }
    if (own != null) {
      chunk.release();
      return feed(own, 0, own.length);
    }
    beginCall();
    int n = chunk.readableBytes();
    if (n > 0 && state == State.READY && bufferedBytes() == 0) {
      return adopt(chunk);
    }
    try {
      append(chunk, n);
    } finally {
      chunk.release();
    }
    return afterAppend(n);
  }

  /**
   * Feeds a copy of the readable bytes of {@code chunk}; the caller keeps its buffer: the parser
   * neither releases nor keeps it, and does not move its indexes. {@link #feed(ByteBuf)} frames a
   * chunk in place only while the parser buffers nothing ({@link #buffered()} is 0) and is not
   * skipping to a cold-start point; otherwise it copies the chunk too, and this saves taking over
   * a reference (a pipeline that does not own the buffer it reads would otherwise retain it only
   * for the parser to release it). Bytes that may lie in the parser's own buffers (taken from
   * {@link #unconsumed()} or {@link Framed#buffer()} and fed back, or held in memory cesrj cannot
   * place, such as a read-only NIO heap buffer) are first copied to the heap, as by every feed
   * method.
   *
   * @param chunk the next bytes of the stream; copied, not kept
   * @return the messages complete so far (see {@link #feed(ByteBuf)})
   * @throws IllegalStateException if the parser has failed, ended or is closed
   */
  public Framed feedCopy(ByteBuf chunk) {
    Objects.requireNonNull(chunk, "chunk");
    checkFeedable();
    if (mayViewOwnBytes(chunk)) {
      byte[] own = ByteBufUtil.getBytes(chunk);
      return feed(own, 0, own.length);
    }
    beginCall();
    int n = chunk.readableBytes();
    append(chunk, n);
    return afterAppend(n);
  }

  /**
   * Feeds a copy of {@code chunk}.
   *
   * @param chunk the bytes; copied, not kept
   * @return the messages complete so far (see {@link #feed(ByteBuf)})
   */
  public Framed feed(byte[] chunk) {
    return feed(chunk, 0, chunk.length);
  }

  /**
   * Feeds a copy of {@code length} bytes of {@code chunk} from {@code offset}.
   *
   * @param chunk the bytes; copied, not kept
   * @param offset the first byte of {@code chunk} to feed
   * @param length the number of bytes to feed
   * @return the messages complete so far (see {@link #feed(ByteBuf)})
   * @throws IndexOutOfBoundsException if the range is not inside {@code chunk}
   * @throws IllegalStateException if the parser has failed, ended or is closed
   */
  public Framed feed(byte[] chunk, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, chunk.length);
    checkFeedable();
    if (mayViewOwnBytes(chunk, offset, length)) {
      return feed(Arrays.copyOfRange(chunk, offset, offset + length), 0, length);
    }
    beginCall();
    if (length > 0) {
      ensureRoom(length);
      cum.writeBytes(chunk, offset, length);
    }
    return afterAppend(length);
  }

  /**
   * {@return the input has ended: frames what is buffered with nothing more to come} A held message
   * is returned; an unfinished frame is a {@link dev.cesrj.TruncatedException} in
   * {@link Framed#error()} whose text gives the bytes the message needs and has (for example
   * "need 145, have 135"), at the offset {@link Messages} reports for the same bytes. Calling it
   * again returns no message (and the same error if the parser has failed). Afterwards
   * {@code feed} throws; {@link #skipToColdStart()} may still resume after an error.
   *
   * @throws IllegalStateException if the parser is closed
   */
  public Framed endOfInput() {
    checkOpen();
    beginCall();
    if (ended) {
      return result(List.of(), 0, null);
    }
    ended = true;
    List<Message> out = scratch;
    long skipped = 0;
    if (state == State.SKIPPING) {
      skipped = seek();
    }
    if (state == State.READY && bufferedBytes() > 0) {
      frame(cum, out);
    }
    return result(out, skipped, out.isEmpty() ? null : cum);
  }

  /**
   * After an error: drops the failed frame's first byte and every byte up to the next
   * cold-start point (a JSON <code>&#123;</code>, a CBOR or MessagePack map byte, a genus-version
   * code, or a BodyWithAttachmentGroup or NonNativeBodyGroup counter of the table in force; see
   * {@link ColdStartPoints}), then frames on from there. If no cold-start point is buffered yet,
   * it keeps looking in the bytes fed next. The dropped bytes are counted in
   * {@link Framed#skipped()}; the result may hold a new error.
   *
   * @return the messages framed after the cold-start point (see {@link #feed(ByteBuf)})
   * @throws IllegalStateException unless the last result was an error (or the parser is closed)
   */
  public Framed skipToColdStart() {
    checkOpen();
    if (state != State.FAILED) {
      throw new IllegalStateException("skipToColdStart() needs a failed parser; state " + state);
    }
    beginCall();
    failure = null;
    cum.skipBytes(1);
    position++;
    state = State.SKIPPING;
    long skipped = 1 + seek();
    List<Message> out = scratch;
    if (state == State.READY && bufferedBytes() > 0) {
      frame(cum, out);
    }
    return result(out, skipped, out.isEmpty() ? null : cum);
  }

  /**
   * {@return the buffered bytes, from {@link Framed#position()}: after an error, the failed frame
   * and everything fed after it} A read-only view, not retained, valid until the next call.
   *
   * @throws IllegalStateException if the parser is closed
   */
  public ByteBuf unconsumed() {
    checkOpen();
    if (cum == null) {
      return Unpooled.EMPTY_BUFFER;
    }
    return cum.slice().asReadOnly();
  }

  /**
   * {@return the error the parser failed with and waits on, or {@code null} if it has not failed}
   */
  public CesrException failure() {
    return state == State.FAILED ? failure : null;
  }

  /**
   * Ends the validity of the last result's messages now instead of at the next call: releases a
   * fed buffer the parser framed in place (and lets it compact its cumulation). For a caller that
   * has retained what it keeps ({@link Framed#retainedSlice(int)}, {@link Framed#retain()}) and
   * may not call again for a while (a pipeline between two reads): the parser then holds no
   * buffer but the bytes of an unfinished message, in a cumulation of at most four times their
   * size or 64 KiB: an empty cumulation is released (the next chunk that leaves bytes unfinished
   * takes a new one), a large one mostly consumed is replaced by one of its bytes (the one
   * allocation this may make). So a connection between frames holds nothing ({@code
   * CesrFrameDecoder} calls this at the end of each burst of reads).
   *
   * @throws IllegalStateException if the parser is closed
   */
  public void releaseViews() {
    checkOpen();
    beginCall();
    if (cum != null && !cum.isReadable()) {
      cum.release();
      cum = null;
    }
  }

  /**
   * Releases the cumulation and any fed buffer still held; messages not retained become
   * invalid. Idempotent.
   */
  @Override
  public void close() {
    if (state == State.CLOSED) {
      return;
    }
    state = State.CLOSED;
    generation++;
    lastFramer = null;
    releaseViewed();
    if (cum != null) {
      cum.release();
      cum = null;
    }
  }

  /** Framing attempts so far (calls to the framer): for tests of the work bound. */
  long attempts() {
    return attempts + heldRun.starts(); // a resumed message counts once, when its body is read
  }

  /** Capacity of the cumulation in bytes, 0 if none: for tests of the memory bound. */
  int cumulationCapacity() {
    return cum == null ? 0 : cum.capacity();
  }

  boolean isCurrent(long gen) {
    return gen == generation && state != State.CLOSED;
  }

  private void checkOpen() {
    if (state == State.CLOSED) {
      throw new IllegalStateException("parser closed");
    }
  }

  private void checkFeedable() {
    checkOpen();
    if (ended) {
      throw new IllegalStateException("feed after endOfInput()");
    }
    if (state == State.FAILED) {
      throw new IllegalStateException(
          "parser failed (" + failure.getMessage() + "): call skipToColdStart() or close()");
    }
  }

  /**
   * Ends the validity of the last call's views: releases an adopted buffer, and gives back
   * cumulation memory the parser no longer needs. An empty cumulation is released if a retained
   * result still views it or it is larger than {@link #KEEP_EMPTY_CAPACITY}, else kept (cleared)
   * for the next chunk. A cumulation that no retained result views, larger than {@link
   * #KEEP_EMPTY_CAPACITY} and more than four times larger than the bytes it holds (the frames
   * that grew it have been consumed) is replaced by one of {@code max(held, MIN_CAPACITY)}
   * bytes: a large frame followed by the first bytes of the next one would otherwise keep the
   * large frame's capacity alive for as long as the next one is unfinished. The bytes copied
   * are fewer than the bytes consumed since the cumulation last grew, so the copying stays
   * linear in the stream; while a frame grows the cumulation (it is then at least a
   * quarter full) nothing is copied.
   */
  private void beginCall() {
    generation++;
    scratch.clear();
    releaseViewed();
    if (cum == null) {
      return;
    }
    int readable = cum.readableBytes();
    if (readable == 0) {
      if (cum.refCnt() != 1 || cum.capacity() > KEEP_EMPTY_CAPACITY) {
        cum.release();
        cum = null;
      } else {
        cum.clear();
      }
    } else if (cum.refCnt() == 1
        && cum.capacity() > KEEP_EMPTY_CAPACITY
        && cum.capacity() / 4 > readable) {
      ByteBuf next = options.allocator().heapBuffer(Math.max(readable, MIN_CAPACITY));
      next.writeBytes(cum, cum.readerIndex(), readable);
      cum.release();
      cum = next;
    }
  }

  private void releaseViewed() {
    if (viewed != null) {
      ByteBuf v = viewed;
      viewed = null;
      v.release();
    }
  }

  /**
   * {@return the bytes the parser buffers, as many as {@link #unconsumed()} shows: an unfinished
   * or held message; after an error, the failed frame and everything fed after it; while skipping
   * to a cold-start point, the last one or two bytes if they may start a counter whose code has
   * not arrived yet; 0 if none} Allocates nothing (unlike {@link #unconsumed()}).
   *
   * @throws IllegalStateException if the parser is closed
   */
  public int buffered() {
    checkOpen();
    return bufferedBytes();
  }

  /**
   * {@return the bytes of memory the parser holds for what it buffers: the capacity of its
   * cumulation, 0 if it has none} At least {@link #buffered()}, and more while the cumulation has
   * room to spare: it is allocated with room for 4,096 bytes at least, grows (as its allocator
   * grows buffers: by powers of two up to 4 MiB for Netty's) when a chunk does not fit, and is
   * kept empty between frames while it is at most 64 KiB. It changes only during a call on the
   * parser: a call may grow it or move to a new cumulation; at the start of each call an empty
   * cumulation is released if it is larger than 64 KiB or a retained result still views it, and
   * one larger than 64 KiB holding less than a quarter of its capacity is replaced by one of its
   * held bytes (at least 4,096), unless a retained result still views it; {@link #releaseViews()}
   * does the same and releases any empty cumulation. A fed buffer framed in place is not counted
   * (the caller's read, released at the next call), nor are messages retained past the call. 0
   * once the parser is closed. Allocates nothing.
   */
  public int bufferedCapacity() {
    return cum == null ? 0 : cum.capacity();
  }

  private int bufferedBytes() {
    return cum == null ? 0 : cum.readableBytes();
  }

  /**
   * Makes room for {@code n} more bytes: compacts the cumulation (moving its bytes to index 0)
   * only if no retained result views it; otherwise moves to a new cumulation.
   */
  private void ensureRoom(int n) {
    if (cum == null) {
      cum = options.allocator().heapBuffer(Math.max(n, MIN_CAPACITY));
      return;
    }
    if (cum.refCnt() != 1) {
      ByteBuf next = options.allocator().heapBuffer(Math.max(cum.readableBytes() + n, MIN_CAPACITY));
      next.writeBytes(cum, cum.readerIndex(), cum.readableBytes());
      cum.release();
      cum = next;
      return;
    }
    if (cum.writableBytes() < n) {
      if (cum.readerIndex() > 0) {
        cum.discardReadBytes();
      }
      cum.ensureWritable(n);
    }
  }

  private void append(ByteBuf chunk, int n) {
    if (n > 0) {
      ensureRoom(n);
      cum.writeBytes(chunk, chunk.readerIndex(), n);
    }
  }

  /**
   * True if the readable bytes of {@code chunk} may lie in memory the parser writes into or gives
   * back at its next call: its cumulation, or a fed buffer its last result views (bytes taken
   * from {@link #unconsumed()}, {@link Framed#buffer()} or their arrays and fed back). Such bytes
   * are copied to the heap before anything else happens: making room, or releasing the buffer
   * the last result viewed, could change them before they are read, and framing a view of the
   * cumulation in place would write over the messages framed from it.
   */
  private boolean mayViewOwnBytes(ByteBuf chunk) {
    return chunk.isReadable()
        && ((cum != null && SharedMemory.shares(chunk, cum))
            || (viewed != null && SharedMemory.shares(chunk, viewed)));
  }

  /** As {@link #mayViewOwnBytes(ByteBuf)}, for {@code length} bytes of an array. */
  private boolean mayViewOwnBytes(byte[] chunk, int offset, int length) {
    return length > 0
        && ((cum != null && SharedMemory.shares(chunk, offset, length, cum))
            || (viewed != null && SharedMemory.shares(chunk, offset, length, viewed)));
  }

  /** Frames a fed buffer in place while nothing is buffered; copies an unfinished tail. */
  private Framed adopt(ByteBuf chunk) {
    List<Message> out = scratch;
    try {
      frame(chunk, out);
      if (chunk.isReadable()) {
        append(chunk, chunk.readableBytes());
      }
    } catch (RuntimeException | Error e) {
      chunk.release();
      throw e;
    }
    if (out.isEmpty()) {
      chunk.release();
      return result(out, 0, null);
    }
    viewed = chunk;
    return result(out, 0, chunk);
  }

  private Framed afterAppend(int n) {
    List<Message> out = scratch;
    long skipped = 0;
    if (state == State.SKIPPING) {
      skipped = seek();
      if (state == State.READY) {
        frame(cum, out);
      }
    } else if (n > 0) {
      if (awaiting > n) {
        awaiting -= n;
      } else {
        awaiting = 0;
        frame(cum, out);
      }
    }
    return result(out, skipped, out.isEmpty() ? null : cum);
  }

  /**
   * Drops buffered bytes up to the next cold-start point; the parser is READY if one was found
   * (or the input ended), else still SKIPPING, keeping only an undecided {@code -} at the end.
   *
   * @return the bytes dropped
   */
  private long seek() {
    if (cum == null) {
      if (ended) {
        state = State.READY;
      }
      awaiting = ended ? 0 : 1;
      return 0;
    }
    int from = cum.readerIndex();
    int limit = cum.writerIndex();
    CounterTable t = table != null ? table : options.defaultTable();
    boolean anyTable = table == null && options.tableInferred();
    int p = from;
    boolean found = false;
    while (p < limit) {
      ColdStartPoints.Verdict v = anyTable ? ColdStartPoints.inAnyTable(cum, p, limit) : ColdStartPoints.at(cum, p, limit, t);
      if (v == ColdStartPoints.Verdict.YES) {
        found = true;
        break;
      }
      if (v == ColdStartPoints.Verdict.UNDECIDED && !ended) {
        break;
      }
      p++;
    }
    cum.readerIndex(p);
    position += p - from;
    if (found || ended) {
      state = State.READY;
      awaiting = 0;
      held = false;
    } else {
      awaiting = 1;
    }
    return p - from;
  }

  /**
   * Frames the readable bytes of {@code buf} (the cumulation or an adopted chunk) into
   * {@code out}, moving its reader index past each message returned; stops at a shortage (sets
   * {@link #awaiting}), a held message or an error (fails the parser).
   *
   * <p>While bytes may still come, {@link FrameLookahead} first says how to go on with the next
   * frame: an envelope or GenericGroup cut by the end of the bytes is not framed at all (no
   * exception, no framing work thrown away); a message body goes to {@link
   * HeldRunFramer#resume}, which reads it once and frames its attachment groups as each one is
   * in, keeping what it framed ({@link HeldRun}) while the body or a group is cut or a bare run
   * may go on. Each message is therefore framed once, and an error in a held run is found as
   * soon as its bytes are in.
   */
  private void frame(ByteBuf buf, List<Message> out) {
    if (position - base >= epoch) {
      base = position;
      heldRun.clear(); // its offsets count from the old base
    }
    int start = buf.readerIndex();
    int limit = buf.writerIndex();
    int origin = start - (int) (position - base);
    framedOrigin = origin;
    MessageFramer framer = framer(buf, origin);
    FrameLookahead lookahead = ended ? null : lookahead(framer.source(), limit);
    int pos = start;
    awaiting = 0;
    held = false;
    while (pos < limit) {
      // a body is read once and its run framed as it arrives, whatever the chunks
      boolean resume = heldRun.holds(pos - (long) origin)
          && CesrOptions.fitsFrame(limit - (long) pos, maxFrame);
      if (resume && !resumer.canResume(framer, heldRun)) {
        heldRun.clear(); // its parts cannot be moved to this buffer: framed again
        resume = false;
      }
      if (!resume && lookahead != null) {
        FrameLookahead.Next next = lookahead.decide(pos, table, fit);
        if (next == FrameLookahead.Next.WAIT) {
          awaiting = Math.min(fit.needed(), pos + window - limit); // never wait past the window
          break;
        }
        resume = next == FrameLookahead.Next.RUN;
      }
      int mark = out.size();
      try {
        if (resume) {
          HeldRunFramer.Resumed r = resumer.resume(framer, heldRun, pos, limit, ended, out, fit);
          if (r != HeldRunFramer.Resumed.FRAMED) {
            awaiting = Math.min(fit.needed(), pos + window - limit); // as for a truncation
            held = r == HeldRunFramer.Resumed.HELD;
            break;
          }
        } else {
          // the framer reads at most its window of the frame, and says when that is not enough
          attempts++;
          heldRun.clear();
          framer.frame(pos, limit, out, fit);
        }
      } catch (TruncatedException e) {
        // thrown only by the resume of a held run at the end of the input (HeldRunFramer.run)
        heldRun.clear();
        if (ended) {
          fail(truncatedAtEnd(e, pos, origin, limit));
        } else {
          awaiting = Math.min(e.needed(), pos + window - limit); // never wait past the window
        }
        break;
      } catch (CesrException e) {
        heldRun.clear();
        fail(e);
        break;
      }
      if (fit.isTruncation()) {
        // a frame cut by limit, reported in the fit (a resume's cuts are handled above)
        heldRun.clear();
        if (ended) {
          fail(truncatedAtEnd(fit.error(), pos, origin, limit));
        } else {
          awaiting = Math.min(fit.needed(), pos + window - limit); // never wait past the window
        }
        break;
      }
      if (fit.isCut()) {
        // only genus-version codes before limit: they belong to the message that follows them
        if (!ended) {
          awaiting = fit.needed();
          break;
        }
        table = framer.streamTable();
        pos = limit;
        continue;
      }
      int end = fit.end();
      if (end == limit && !ended && out.size() == mark + 1 && mayContinue(out.get(mark))) {
        resumer.keep(framer, heldRun, out.remove(mark), pos); // framed on from its end, not again
        awaiting = 1;
        held = true;
        break;
      }
      table = framer.streamTable();
      pos = end;
    }
    position += pos - start;
    buf.readerIndex(pos);
  }

  /**
   * A framer over {@code buf} with {@code origin}, starting with the stream's table: the one of
   * the last call if it reads the same bytes the same way (same buffer, backing array and
   * origin; a compaction or a new cumulation changes one of them), else a new one. Messages of
   * earlier calls keep the views they were made with.
   */
  private MessageFramer framer(ByteBuf buf, int origin) {
    MessageFramer f = lastFramer;
    if (f == null || !f.reads(buf, origin)) {
      f = new MessageFramer(buf, origin, options, table);
      lastFramer = f;
    } else {
      f.streamTable(table);
    }
    return f;
  }

  /** The parser's lookahead, reset to the bytes up to {@code limit} of {@code s}. */
  private FrameLookahead lookahead(Source s, int limit) {
    if (lastLookahead == null) {
      lastLookahead =
          new FrameLookahead(
              s, limit, options.defaultTable(), options.tableInferred(), maxFrame);
      return lastLookahead;
    }
    return lastLookahead.reset(s, limit);
  }

  /**
   * True if more attachment groups may still follow {@code m} in bytes not received yet: its
   * attachments are a bare run (not enclosed in an envelope, the first not an AttachmentGroup).
   */
  private static boolean mayContinue(Message m) {
    if (m.envelope().isPresent() || !m.genericGroups().isEmpty()) {
      return false;
    }
    List<dev.cesrj.group.Group> a = m.attachments();
    return a.isEmpty() || a.get(0).code().layout().content() != Layout.Content.GROUPS;
  }

  private void fail(CesrException e) {
    state = State.FAILED;
    failure = e;
    awaiting = 0;
    held = false;
  }

  /** The framer's truncation at the end of the input, saying what the message needs and has. */
  private static TruncatedException truncatedAtEnd(
      TruncatedException e, int pos, int origin, int limit) {
    long have = limit - pos;
    long offset = (long) pos - origin;
    String expected =
        (e.expected() != null ? e.expected() + " " : "")
            + "(the message at offset " + offset + ": need " + (have + e.needed()) + ", have "
            + have + ")";
    TruncatedException t = Errors.truncated(e.offset(), e.code(), expected, e.needed());
    t.initCause(e);
    return t;
  }

  private Framed result(List<Message> out, long skipped, ByteBuf views) {
    List<Message> messages = immutableCopy(out);
    scratch.clear();
    long needed = state == State.FAILED || bufferedBytes() == 0 ? 0 : Math.max(1, awaiting);
    return new Framed(
        this,
        generation,
        messages,
        needed,
        held && state == State.READY,
        state == State.FAILED ? failure : null,
        skipped,
        base,
        position,
        bufferedBytes(),
        views,
        framedOrigin);
  }

  /** An immutable copy of {@code out}, without a copy of an array for up to two messages. */
  private static List<Message> immutableCopy(List<Message> out) {
    switch (out.size()) {
      case 0:
        return List.of();
      case 1:
        return List.of(out.get(0));
      case 2:
        return List.of(out.get(0), out.get(1));
      default:
        return List.copyOf(out);
    }
  }
}
