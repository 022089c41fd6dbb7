package dev.cesrj.http.watcher;

import dev.cesrj.netty.CesrMemoryBudget;
import dev.cesrj.netty.CloseReason;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The guards of cesrj-netty's {@code CesrServerInitializer} that judge bytes, for HTTP: it sits
 * before the HTTP codec and (1) gives each request a deadline from its first byte to the moment
 * the watcher has it whole (the initializer's frame timeout: against slowloris headers or bodies),
 * answering {@code 408} and closing ({@link CloseReason#FRAME_TIMEOUT}); (2) charges the bytes of
 * the request in progress to the server's shared {@link CesrMemoryBudget}, answering {@code 503}
 * and closing ({@link CloseReason#MEMORY_BUDGET}) when the budget has no room, and gives them
 * back once the request is answered or, with no request at the watcher, the channel has closed.
 * The deadline ends when the request is whole ({@link #whole()}): the time it then waits for the
 * watcher is not the client's. Not sharable: one per channel.
 *
 * <p>A channel that closes while a request of it is with the watcher ({@link
 * OneRequestInFlight#inFlight()}: handed to the handler's executor and not yet answered) keeps its
 * charge until the watcher has handled that request: the release is queued on the handler's
 * executor, which runs its tasks in order, so it runs once the request is done (at once if that
 * executor no longer takes tasks, as at the end of a server's stop); whichever of it, the answer's
 * bookkeeping ({@link #done}) and the guard's removal comes first gives the charge back, and the
 * others find nothing left. What is kept includes what the codec held of a request begun and the
 * requests dropped from the gate at close: at most a read buffer more, for as long as the watcher
 * takes. Giving it all back at close let request bodies wait on the one handler thread uncounted:
 * a connection whose whole request waits is not read, so the server's idle guard closed it once
 * the watcher was slower than the idle timeout, and new connections could then queue more bodies
 * behind it ({@code PostAndCloseBudgetTest}).
 *
 * <p>The charge is the memory held, not the bytes read: the HTTP decoder hands the aggregator
 * slices of each read buffer, which keep the whole buffer alive, so a read is charged its
 * buffer's capacity, and a read that filled less than half of its buffer (a slow peer's) is first
 * copied into a buffer of its exact size. A refused connection keeps its charge until it is
 * inactive, when the codec and aggregator have released what they held: giving it back at the
 * refusal let the budget admit new bytes while the refused connections' buffers were still alive
 * (a watcher in a 96 MiB heap with a 32 MiB budget then reached its 96 MiB of direct memory under
 * {@code FixedHeapHostileTest}'s attack, and spent its time in the JDK's {@code System.gc()}
 * retries for direct memory). Not counted: once a request is answered and none read with it
 * waits, a request the codec has begun stays charged its bytes, while the read buffer its first
 * bytes share with the answered request stays alive: at most one read buffer per connection.
 */
final class HttpGuard extends ChannelDuplexHandler {
  private final CesrMemoryBudget budget;
  private final Duration deadline;
  /** Charged to the budget now; after close it may be released from the handler's executor. */
  private final AtomicLong held = new AtomicLong();
  private boolean inRequest;
  private boolean refused;
  /** The channel is inactive: what is still charged goes back at the answer or the removal. */
  private boolean closed;
  private ScheduledFuture<?> timer;
  private ChannelHandlerContext ctx;

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  HttpGuard(CesrMemoryBudget budget, Duration deadline) {
    this.budget = budget;
    this.deadline = deadline;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (refused || !(msg instanceof ByteBuf buf)) {
      if (refused) {
        io.netty.util.ReferenceCountUtil.release(msg);
        return;
      }
      super.channelRead(ctx, msg);
      return;
    }
    if (!inRequest) {
      inRequest = true;
      if (!deadline.isZero()) {
        timer = ctx.executor().schedule(() -> refuse(ctx, CloseReason.FRAME_TIMEOUT,
            "408 Request Timeout"), deadline.toNanos(), TimeUnit.NANOSECONDS);
      }
    }
    // what is charged is the memory the codec and aggregator will hold: the read buffer's
    // capacity (their content slices keep the whole buffer alive), or, for a read that filled
    // less than half of it, an exact copy's
    int n = buf.readableBytes();
    boolean compact = buf.capacity() - n > n;
    int charge = compact ? n : buf.capacity();
    if (!budget.tryReserve(charge)) {
      buf.release();
      refuse(ctx, CloseReason.MEMORY_BUDGET, "503 Service Unavailable");
      return;
    }
    held.addAndGet(charge); // before the copy: a failed allocation leaves it to channelInactive
    ByteBuf kept = buf;
    if (compact) {
      try {
        kept = ctx.alloc().buffer(n, n).writeBytes(buf);
      } finally {
        buf.release();
      }
    }
    super.channelRead(ctx, kept);
  }

  /**
   * A request is whole and answered: stop its deadline and give back what it held. While whole
   * requests read with it still wait in {@link OneRequestInFlight} ({@code requestsWaiting}),
   * everything stays charged: they are slices of the same read buffers, which stay alive with
   * them, and reads are paused meanwhile, so the charge cannot grow. Otherwise only {@code
   * inProgressBytes} stay charged (the bytes the codec holds of a request it has begun), the rest
   * is given back. So each request's memory is given back once it and those read with it are
   * answered, not when the connection falls idle, and a client pipelining without pause cannot
   * make the charge grow past what was read before reading paused. If a request has begun ({@code
   * nextInProgress}, from {@link RequestLimits#inRequest()}), it gets a deadline of its own from
   * now, or, while whole requests wait (reads stay paused, so its bytes cannot come), from the
   * answer to the last of them; whole waiting requests get none (they wait for the watcher, not
   * the client). Call on the channel's event loop, as every other method of this guard runs.
   *
   * @param nextInProgress whether the head of a following request was read and its end not yet
   * @param requestsWaiting whether whole requests wait in {@link OneRequestInFlight}
   * @param inProgressBytes the bytes held of the request begun, at least 0
   */
  void done(boolean nextInProgress, boolean requestsWaiting, long inProgressBytes) {
    stopTimer();
    if (closed) {
      releaseAll(); // the request the channel closed under is handled: nothing of it is left
      return;
    }
    long h = held.get();
    long keep = requestsWaiting ? h : Math.min(h, Math.max(0, inProgressBytes));
    if (h > keep) {
      budget.release(h - keep);
      held.set(keep);
    }
    if (!nextInProgress) {
      inRequest = false;
      return;
    }
    if (requestsWaiting) {
      return; // reads stay paused until the last waiting request is answered: its done starts it
    }
    if (ctx != null && !deadline.isZero() && !refused) {
      ChannelHandlerContext c = ctx;
      timer = c.executor().schedule(() -> refuse(c, CloseReason.FRAME_TIMEOUT,
          "408 Request Timeout"), deadline.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /**
   * The request in progress is whole and leaves the codec: its deadline ends (what it then waits
   * for is the watcher, not the client). A request begun after it gets its own deadline when this
   * one is answered ({@link #done}); reads are paused until then. Call on the event loop.
   */
  void whole() {
    stopTimer();
  }

  /** {@return the bytes of this connection charged to the budget now} */
  long held() {
    return held.get();
  }

  private void stopTimer() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }

  private void cancel() {
    stopTimer();
    releaseAll();
  }

  /** Gives back everything charged, once: safe from any thread. */
  private void releaseAll() {
    long h = held.getAndSet(0);
    if (h > 0) {
      budget.release(h);
    }
  }

  private void refuse(ChannelHandlerContext ctx, CloseReason reason, String status) {
    if (refused) {
      return;
    }
    refused = true;
    reason.record(ctx.channel());
    stopTimer();
    ByteBuf answer = Unpooled.copiedBuffer("HTTP/1.1 " + status
        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", StandardCharsets.US_ASCII);
    ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    try {
      super.channelInactive(ctx);
    } finally {
      closed = true;
      stopTimer();
      OneRequestInFlight gate = ctx.pipeline().get(OneRequestInFlight.class);
      // the watcher's handler, last in the pipeline (WatcherServer adds nothing after it)
      ChannelHandlerContext handler = ctx.pipeline().lastContext();
      if (gate == null || !gate.inFlight() || handler == null) {
        releaseAll();
      } else {
        // the request with the watcher keeps the charge until the watcher has handled it
        try {
          handler.executor().execute(this::releaseAll);
        } catch (RejectedExecutionException e) {
          releaseAll(); // the executor has ended: nothing of the request is left to run
        }
      }
    }
  }

  /** The last moment this guard sees: whatever is still charged is given back. */
  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    cancel();
  }
}
