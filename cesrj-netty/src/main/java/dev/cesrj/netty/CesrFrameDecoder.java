package dev.cesrj.netty;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.internal.Errors;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Frames a CESR stream (text domain) arriving on a channel into one {@link CesrFrame} per
 * complete top-level message, body and all its attachments, as slices of the received bytes.
 *
 * <pre>{@code
 * pipeline.addLast(new CesrFrameDecoder(options, OnMalformed.CLOSE));
 * pipeline.addLast(new SimpleChannelInboundHandler<CesrFrame>() {       // releases each frame
 *   protected void channelRead0(ChannelHandlerContext ctx, CesrFrame f) {
 *     Message m = f.message();                     // views valid until the frame is released
 *     verify(m.body(), m.signatures());
 *   }
 *   public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
 *     // a CesrException: TruncatedException, FrameTooLargeException, MalformedException, ...
 *   }
 * });
 * }</pre>
 *
 * <h2>Framing and state</h2>
 *
 * <p>The decoder keeps one {@link CesrStreamParser} per channel: a resumable push parser that
 * remembers between reads where the unfinished message starts and how many more bytes it needs
 * (rest of a body, of a counter, of an AttachmentGroup or envelope), and frames a message only
 * once those bytes are in. A frame is therefore never re-parsed from its start on every short
 * read (as a {@code ReplayingDecoder} would), and the framing work over a stream is linear in
 * its bytes, whatever the reads. Messages come out in stream order, each one whole; the same
 * messages and errors as {@link dev.cesrj.stream.Messages} over the whole stream. A message
 * whose bare attachment run (not wrapped in an AttachmentGroup {@code -V}/{@code -C}) reaches
 * the end of the bytes received so far is held until a byte arrives that ends the run, or the
 * input ends (channel inactive or input shut down), as in keripy
 * ({@code parsing.py}, {@code Parser} with {@code framed=False}).
 *
 * <h2>Buffers: why the decoder drains every read</h2>
 *
 * <p>{@code ByteToMessageDecoder} could cumulate reads itself, but the parser keeps its own
 * cumulation, and cumulating twice would copy every partial message twice. So {@link #decode}
 * hands every readable byte to the parser at once and marks all of it read: the superclass's
 * cumulation is empty after each read, its {@code MERGE_CUMULATOR} then passes the next read
 * buffer through as it is, and the superclass releases it. Each byte is copied at most once:
 *
 * <ul>
 *   <li>while the parser buffers nothing, the decoder hands it one more reference on the read;
 *       the parser frames the read in place (messages within one read are not copied at all),
 *       copies only an unfinished message at its end, and gives the reference back once no
 *       message views the read any more (after an error under {@link
 *       OnMalformed#SKIP_TO_COLD_START}, until a cold-start point is found, it copies the read);
 *   <li>while the parser buffers an unfinished or held message, it copies the whole read into its
 *       cumulation (from {@link CesrOptions#allocator()}; {@link CesrStreamParser#feedCopy}) and
 *       takes no reference.
 * </ul>
 *
 * <p>A frame that is passed on holds one reference on the buffer its message was framed in (see
 * {@link CesrFrame}; no slice object is made per frame); the parser never writes into a buffer a
 * frame still holds.
 *
 * <h2>Limits and errors</h2>
 *
 * <p>The options set the counter table used when neither a genus-version code nor the body's
 * version string says which applies ({@link CesrOptions#defaultTable()}), the maximum frame size
 * ({@link CesrOptions#maxFrameBytes()}), the maximum nesting depth ({@link
 * CesrOptions#maxDepth()}) and the elements per group. A body or group that declares more than
 * the maximum frame size is refused with a {@link dev.cesrj.FrameTooLargeException} as soon as
 * its size field has arrived, without waiting for (or buffering) its bytes; the decoder never
 * buffers more than the maximum frame size (at least 27 bytes) plus 8 bytes plus one read.
 *
 * <p>A {@link CesrException} is fired as it is ({@code exceptionCaught}, not wrapped in a {@code
 * DecoderException}) after the messages completed before it; then {@link OnMalformed} decides:
 * close the channel, or skip to the next cold-start point and carry on. When the input ends
 * inside a message (a peer that sends half a frame and closes), that message is not passed on
 * and a {@link dev.cesrj.TruncatedException} saying how many bytes it needs and has is fired.
 * Offsets are exact stream offsets, from the first byte the channel received, also past the
 * parser's first GiB: the decoder moves each error by the parser's offset base ({@link
 * CesrException#shiftedBy}, {@link Framed#offsetBase()}), and {@link CesrFrame#streamOffset()}
 * counts from the same start.
 *
 * <h2>Guards</h2>
 *
 * <p>With {@link FrameGuards} (as {@link CesrServerInitializer} sets them) the decoder also:
 *
 * <ul>
 *   <li>charges in a {@link CesrMemoryBudget} shared with the server's other connections the
 *       memory its parser holds for an unfinished or held frame ({@link
 *       CesrStreamParser#bufferedCapacity()}: its cumulation's capacity in bytes, at least the
 *       {@link Framed#buffered()} bytes it holds, at least 4,096 while it holds any, and up to
 *       twice them while a frame grows it), after each read, and gives back what the parser lets
 *       go of as frames complete (at the end of a burst of reads, when the parser releases or
 *       shrinks a cumulation no longer needed; {@link CesrStreamParser#releaseViews()} releases
 *       an empty one, so a channel between frames is charged nothing) and all of it when the
 *       channel closes; a read framed whole in place is charged nothing more; when the budget has
 *       no room for it,
 *       fires a {@link dev.cesrj.MemoryBudgetException} at the frame's stream offset, records
 *       {@link CloseReason#MEMORY_BUDGET} and closes the channel (this connection only: the one
 *       whose bytes do not fit);
 *   <li>judges a frame's declared size ({@link Framed#pendingFrameBytes()}: what it holds plus
 *       what its size fields say is still to come; every size a frame can declare counts: a
 *       version string's size, an AttachmentGroup's, a BodyWithAttachmentGroup's or
 *       GenericGroup's count, a counted group's) at the read that brings the size field, before
 *       it waits for the rest: a frame larger than the whole budget, or than the room the other
 *       connections leave now ({@link CesrMemoryBudget#roomFor}), fails the same way at once. The
 *       declared size is judged, not charged: a peer that sends only a header costs the budget the
 *       cumulation that holds it (4,096 bytes), so header-only peers cannot starve honest ones
 *       (charging declared sizes, 64 headers of 27 bytes would hold a 64 MiB budget of 1 MiB
 *       frames for a whole frame deadline). A frame admitted is judged again by its declared size
 *       only when a later size field makes it larger; otherwise it is refused only if the memory
 *       its parser holds would pass the budget (see {@link CesrMemoryBudget} for why the asker
 *       is the one refused);
 *   <li>fires a {@link dev.cesrj.FrameTimeoutException} and closes the channel when a frame is
 *       still unfinished its deadline after the read that started it. One deadline for every
 *       frame, however much it declared: a frame that declared much and sent little (slowloris)
 *       holds only the bytes it sent, so what it costs is a connection slot for the deadline, as
 *       an idle connection costs one for the idle timeout; a deadline shortened by the declared
 *       size or a minimum rate would close honest peers on slow links and would not free memory
 *       that the budget does not already bound;
 *   <li>turns the channel's {@code autoRead} off while the channel is not writable or too many of
 *       its frames are unreleased, on again after. While a frame is unfinished and {@code
 *       autoRead} is off, {@code ByteToMessageDecoder} still asks for the next read (a read that
 *       completes no frame asks for another): those bytes are charged as they arrive.
 * </ul>
 *
 * <p>Each channel it closes for a rule records its {@link CloseReason}.
 *
 * <p>Binary (qb2) attachments are framed as text ones are: the domain is sniffed at each
 * message start and, in a bare attachment run, at each group (where keripy's {@code Parser}
 * sniffs), as {@link dev.cesrj.stream.Messages} does; only a CESR-native body in qb2 is refused,
 * with {@link dev.cesrj.UnsupportedException}. Not {@code @Sharable}: one decoder per channel.
 */
public class CesrFrameDecoder extends ByteToMessageDecoder {
  private enum Phase {
    /** Framing. */
    READING,
    /**
     * The input is ending: the last frames and errors go out (a handler that removes the decoder
     * meanwhile still gets what was not framed; the input does not end a second time).
     */
    ENDING,
    /** Failed under {@link OnMalformed#CLOSE}: further bytes are dropped. */
    FAILED,
    /** The input has ended. */
    ENDED
  }

  /** A declared size judged by the budget: {@code bytes} for the frame at stream offset {@code position}. */
  private record Judged(long position, long bytes) {}

  private final OnMalformed onMalformed;
  private final FrameGuards guards;
  private final CesrMemoryBudget budget;
  private final long frameTimeoutNanos;
  /** Backpressure, made when the decoder is added (with {@link FrameGuards#maxFramesInFlight()}). */
  private ReadGate gate;
  /**
   * Bytes charged in the budget: the memory the parser held for what it buffers ({@link
   * CesrStreamParser#bufferedCapacity()}) after its last result or its last release of views.
   */
  private long charged;
  /**
   * The declared size the budget last judged ({@link CesrMemoryBudget#roomFor}), and the stream
   * offset of its frame; null before the first, and after a frame has completed.
   */
  private Judged judged;
  /** The deadline of the unfinished frame, or null. */
  private Future<?> deadline;
  /** Stream offset of the frame {@link #deadline} was set for. */
  private long deadlinePosition = -1;
  /** Stream offset where the parser's buffered bytes start, after its last result. */
  private long pendingPosition;
  /** Bytes the parser needs before it frames again, after its last result. */
  private long pendingNeeded;
  /** Bytes the unfinished frame takes once complete, at least, after the parser's last result. */
  private long pendingFrameBytes;
  private CesrStreamParser parser;
  private Phase phase = Phase.READING;
  /** True if the parser's last result had messages: its views (and a read it framed in place) are held. */
  private boolean viewsHeld;

  /** A decoder with {@link CesrOptions#DEFAULT} that closes the channel on a bad frame. */
  public CesrFrameDecoder() {
    this(CesrOptions.DEFAULT, OnMalformed.CLOSE);
  }

  /**
   * A decoder with {@code options} (allocator of the cumulation, default counter table, maximum
   * frame size, nesting depth and elements) and what to do on a bad frame.
   *
   * @param options the allocator, limits and default table
   * @param onMalformed what to do after bad input
   */
  public CesrFrameDecoder(CesrOptions options, OnMalformed onMalformed) {
    this(options, onMalformed, FrameGuards.NONE);
  }

  /**
   * A decoder with {@code options}, what to do on a bad frame, and {@code guards} against peers
   * that would starve or exhaust the server (a shared memory budget, a frame deadline,
   * backpressure; see {@link FrameGuards}). An error of a guard ({@link
   * dev.cesrj.MemoryBudgetException}, {@link dev.cesrj.FrameTimeoutException}) is fired and closes
   * the channel whatever {@code onMalformed} says.
   *
   * @param options the allocator, limits and default table
   * @param onMalformed what to do after bad input
   * @param guards the budget, deadline and backpressure ({@link FrameGuards#NONE} for none)
   */
  public CesrFrameDecoder(CesrOptions options, OnMalformed onMalformed, FrameGuards guards) {
    this.onMalformed = Objects.requireNonNull(onMalformed, "onMalformed");
    this.guards = Objects.requireNonNull(guards, "guards");
    this.budget = guards.budget();
    this.frameTimeoutNanos = guards.frameTimeout().toNanos();
    this.parser = new CesrStreamParser(Objects.requireNonNull(options, "options"));
  }

  /** {@return what the decoder does after a bad frame} */
  public OnMalformed onMalformed() {
    return onMalformed;
  }

  /** {@return the budget, deadline and backpressure the decoder applies} */
  public FrameGuards guards() {
    return guards;
  }

  /**
   * With backpressure on ({@link FrameGuards#maxFramesInFlight()} above 0), takes over the
   * channel's {@code autoRead}: on while the channel is writable and few enough frames are in
   * flight.
   */
  @Override
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    super.handlerAdded(ctx);
    if (guards.maxFramesInFlight() > 0) {
      gate = new ReadGate(ctx.channel(), guards.maxFramesInFlight());
      gate.update();
    }
  }

  /** Re-judges backpressure (reads resume once the channel is writable again), then passes it on. */
  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
    if (gate != null) {
      gate.update();
    }
    super.channelWritabilityChanged(ctx);
  }

  /**
   * Not supported with {@code true}: every read is handed to the parser whole (see the class
   * comment), so the messages it completes are passed on together.
   *
   * @throws UnsupportedOperationException if {@code singleDecode} is true
   */
  @Override
  public void setSingleDecode(boolean singleDecode) {
    if (singleDecode) {
      throw new UnsupportedOperationException("CesrFrameDecoder passes on every message of a read");
    }
    super.setSingleDecode(false);
  }

  /**
   * Hands all readable bytes of {@code in} to the parser, marks them read, and passes on a {@link
   * CesrFrame} for every message they complete, in order (the last through {@code out}). While the
   * parser buffers nothing, it gets one more reference on {@code in}, which it releases (it frames
   * the read in place, no slice object per read, unless it is still skipping to a cold-start point
   * after an error: then it copies the read); while it buffers an unfinished message, it copies
   * the read into its cumulation ({@link CesrStreamParser#feedCopy}) and takes no reference.
   */
  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    int n = in.readableBytes();
    if (phase != Phase.READING) {
      in.skipBytes(n);
      return;
    }
    Framed f;
    try {
      // with bytes buffered the parser copies the read either way: no reference to take over
      f = parser.buffered() > 0 ? parser.feedCopy(in) : parser.feed(in.retain());
    } finally {
      in.readerIndex(in.writerIndex());
    }
    handle(ctx, f, out);
    guard(ctx);
  }

  /**
   * The input has ended (channel inactive, or input shut down): passes on a held message, or
   * fires the truncation of an unfinished one; then releases the parser's buffers. Called at most
   * once in effect (an input shutdown followed by inactivity ends the input once).
   */
  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.isReadable()) {
      decode(ctx, in, out);
    }
    if (phase == Phase.READING) {
      phase = Phase.ENDING;
      handle(ctx, parser.endOfInput(), out);
      if (gate != null) {
        gate.update();
      }
      if (phase == Phase.ENDING) {
        phase = Phase.ENDED;
      }
      closeParser();
    }
  }

  /**
   * Releases the parser's buffers; bytes of an unfinished message are first passed on as one
   * {@code ByteBuf} (a copy), as {@code ByteToMessageDecoder} passes on its cumulation, so that a
   * handler that replaces this decoder loses no byte. If a handler removes the decoder while it
   * handles one of the frames of a read, the frames of that read not passed on yet go on as one
   * {@code ByteBuf} before those bytes: the replacing handler gets every later byte in stream
   * order.
   */
  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    if (parser == null) {
      return;
    }
    try {
      ByteBuf rest =
          phase == Phase.READING || phase == Phase.ENDING ? parser.unconsumed() : null;
      if (rest != null && rest.isReadable()) {
        ctx.fireChannelRead(ctx.alloc().buffer(rest.readableBytes()).writeBytes(rest));
        ctx.fireChannelReadComplete();
      }
    } finally {
      phase = Phase.ENDED;
      closeParser();
    }
  }

  /**
   * At the end of a burst of reads, ends the views of the parser's last result: the parser keeps
   * a read it framed in place until its next call, and every frame holds its own reference, so an
   * idle channel keeps no buffer alive but its frames' and an unfinished message's.
   */
  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    if (viewsHeld) {
      viewsHeld = false;
      if (phase == Phase.READING) {
        parser.releaseViews();
        giveBackFreed();
      }
    }
    super.channelReadComplete(ctx);
  }

  /** Bytes the parser buffers (an unfinished or held message): for tests. */
  int buffered() {
    return parser == null ? 0 : parser.buffered();
  }

  /** Bytes of memory the parser holds for what it buffers (its cumulation's capacity): for tests. */
  int bufferedCapacity() {
    return parser == null ? 0 : parser.bufferedCapacity();
  }

  /** Bytes this decoder has charged in its budget (0 without one): for tests. */
  long charged() {
    return charged;
  }

  /** Bytes the superclass cumulates between reads (always 0: every read is drained): for tests. */
  int cumulated() {
    return internalBuffer().readableBytes();
  }

  private void handle(ChannelHandlerContext ctx, Framed f, List<Object> out) {
    while (true) {
      pendingPosition = f.position();
      pendingNeeded = f.needed();
      pendingFrameBytes = f.pendingFrameBytes();
      if (!deliver(ctx, f, out, f.failed(), gate)) {
        return; // removed: the rest goes on as bytes (deliver, then handlerRemoved0)
      }
      if (!f.failed()) {
        viewsHeld |= !f.messages().isEmpty();
        return;
      }
      // offsets from the start of the channel's stream, also past the parser's first GiB
      CesrException error = f.error().get().shiftedBy(f.offsetBase());
      if (onMalformed == OnMalformed.CLOSE) {
        CloseReason.of(error).record(ctx.channel());
      }
      ctx.fireExceptionCaught(error);
      if (ctx.isRemoved()) {
        return; // handlerRemoved0 passes on the failed frame and what follows it as bytes
      }
      if (onMalformed == OnMalformed.CLOSE) {
        phase = Phase.FAILED;
        closeParser();
        ctx.close();
        return;
      }
      f = parser.skipToColdStart();
    }
  }

  /**
   * Passes on one {@link CesrFrame} per message of {@code f}, in order, each with one reference on
   * the buffer they were framed in: all but the last directly, the last through {@code out} (so
   * that {@code ByteToMessageDecoder} counts the read as productive), or all directly when an
   * error is to follow them. A handler may remove this decoder while it handles one of them: the
   * messages not passed on yet then go on as one {@code ByteBuf} (a copy of their bytes, through
   * {@code out}), before the unconsumed bytes that {@link #handlerRemoved0} passes on, so that
   * the handler that replaces the decoder gets every byte in stream order.
   *
   * @return false if the decoder has been removed
   */
  private static boolean deliver(
      ChannelHandlerContext ctx, Framed f, List<Object> out, boolean allDirect, ReadGate gate) {
    List<Message> messages = f.messages();
    int n = messages.size();
    for (Object earlier : out) {
      ctx.fireChannelRead(earlier); // frames of an earlier result of this call go first
    }
    out.clear();
    if (n == 0) {
      return !ctx.isRemoved();
    }
    ByteBuf buffer = f.buffer().retain(n);
    for (int i = 0; i < n; i++) {
      if (ctx.isRemoved()) {
        int from = f.bufferIndex(i);
        int to = f.bufferIndex(n - 1) + messages.get(n - 1).length();
        out.add(ctx.alloc().buffer(to - from).writeBytes(buffer, from, to - from));
        buffer.release(n - i); // after the copy: the parser may have let go of it already
        return false;
      }
      Message m = messages.get(i);
      CesrFrame frame =
          new CesrFrame(
              m, buffer, f.bufferIndex(i), m.length(), f.offsetBase() + m.offset(), gate);
      if (i < n - 1 || allDirect) {
        ctx.fireChannelRead(frame);
      } else {
        out.add(frame);
      }
    }
    return !ctx.isRemoved(); // removed on the last frame: nothing of this decoder may follow it
  }

  /**
   * After a read: re-judges backpressure; judges a newly declared frame size against the room the
   * budget has left and charges the memory the parser now holds (fails the channel if either does
   * not fit); sets the frame's deadline when a new frame has started (cancels it when nothing is
   * unfinished).
   */
  private void guard(ChannelHandlerContext ctx) {
    if (gate != null) {
      gate.update();
    }
    if (phase != Phase.READING || parser == null || ctx.isRemoved()) {
      return; // removed by a handler: handlerRemoved0 passes the bytes on and gives back the charge
    }
    if (budget != null && !budgetAdmits(ctx, parser.bufferedCapacity())) {
      return;
    }
    if (parser.buffered() == 0) {
      cancelDeadline();
    } else if (frameTimeoutNanos > 0 && (deadline == null || deadlinePosition != pendingPosition)) {
      cancelDeadline();
      long position = pendingPosition;
      deadlinePosition = position;
      deadline =
          ctx.executor()
              .schedule(() -> deadlinePassed(ctx, position), frameTimeoutNanos, TimeUnit.NANOSECONDS);
    }
  }

  /**
   * The budget's rules after a read, with the parser holding {@code held} bytes of memory (its
   * cumulation's capacity, whatever part of it is filled): a frame size declared since the last
   * judgement (a new frame, or a size field that made it larger) must fit in the room the other
   * connections leave; then the held memory is charged (or given back).
   *
   * @return false if the channel was failed (a {@link dev.cesrj.MemoryBudgetException} at the
   *     unfinished frame's stream offset)
   */
  private boolean budgetAdmits(ChannelHandlerContext ctx, int held) {
    long declared = pendingFrameBytes;
    if (declared == 0) {
      judged = null;
    } else if (judged == null || judged.position() != pendingPosition || declared > judged.bytes()) {
      if (budget.roomFor(declared, charged) != CesrMemoryBudget.Room.FITS) {
        failGuard(ctx, budgetError(declared - charged));
        return false;
      }
      judged = new Judged(pendingPosition, declared);
    }
    if (held > charged) {
      if (!budget.tryReserve(held - charged)) {
        failGuard(ctx, budgetError(held - charged));
        return false;
      }
    } else if (held < charged) {
      budget.release(charged - held);
    }
    charged = held;
    return true;
  }

  /**
   * After the parser let go of the last result's views (which may release or shrink its
   * cumulation): gives back the charge for memory it no longer holds. The parser never holds
   * more after letting go of views, so nothing is charged here.
   */
  private void giveBackFreed() {
    if (budget == null || parser == null) {
      return;
    }
    long held = parser.bufferedCapacity();
    if (held < charged) {
      budget.release(charged - held);
      charged = held;
    }
  }

  /** The budget had no room for {@code more} bytes of the unfinished frame. */
  private CesrException budgetError(long more) {
    return Errors.memoryBudget(
        pendingPosition, null, more, budget.reservedBytes(), budget.limitBytes());
  }

  /** The deadline of the frame at {@code position} has passed: fails it if it is still unfinished. */
  private void deadlinePassed(ChannelHandlerContext ctx, long position) {
    deadline = null;
    if (phase != Phase.READING
        || parser == null
        || parser.buffered() == 0
        || pendingPosition != position) {
      return;
    }
    failGuard(
        ctx,
        Errors.frameTimeout(
            position,
            TimeUnit.NANOSECONDS.toMillis(frameTimeoutNanos),
            parser.buffered(),
            pendingNeeded));
  }

  /** Fires the error of a guard and closes the channel, whatever {@link #onMalformed} says. */
  private void failGuard(ChannelHandlerContext ctx, CesrException error) {
    CloseReason.of(error).record(ctx.channel());
    phase = Phase.FAILED;
    closeParser();
    ctx.fireExceptionCaught(error);
    ctx.close();
  }

  private void cancelDeadline() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
    deadlinePosition = -1;
  }

  /** Releases the parser's buffers, the bytes they were charged in the budget and the deadline. */
  private void closeParser() {
    cancelDeadline();
    if (charged > 0) {
      budget.release(charged);
      charged = 0;
    }
    if (parser != null) {
      parser.close();
      parser = null;
    }
  }
}
