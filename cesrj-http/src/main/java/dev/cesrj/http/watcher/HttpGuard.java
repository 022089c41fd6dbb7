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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The guards of cesrj-netty's {@code CesrServerInitializer} that judge bytes, for HTTP: it sits
 * before the HTTP codec and (1) gives each request a deadline from its first byte to the moment
 * the watcher has it whole (the initializer's frame timeout: against slowloris headers or bodies),
 * answering {@code 408} and closing ({@link CloseReason#FRAME_TIMEOUT}); (2) charges the bytes of
 * the request in progress to the server's shared {@link CesrMemoryBudget}, answering {@code 503}
 * and closing ({@link CloseReason#MEMORY_BUDGET}) when the budget has no room, and gives them
 * back once the request is answered or the channel closes. Not sharable: one per channel.
 */
final class HttpGuard extends ChannelDuplexHandler {
  private final CesrMemoryBudget budget;
  private final Duration deadline;
  private long held;
  private boolean inRequest;
  private boolean refused;
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
    int n = buf.readableBytes();
    if (!budget.tryReserve(n)) {
      buf.release();
      refuse(ctx, CloseReason.MEMORY_BUDGET, "503 Service Unavailable");
      return;
    }
    held += n;
    super.channelRead(ctx, msg);
  }

  /**
   * A request is whole and answered: stop its deadline and give its bytes back, keeping charged
   * only {@code keepBytes} of what is held (the bytes of the requests behind it that the server
   * already holds: whole ones waiting in {@link OneRequestInFlight} and the one the codec has
   * begun). Each request's bytes are so given back when it is answered, not when the connection
   * falls idle: a client pipelining without pause cannot make the charge grow. If a request has
   * begun ({@code nextInProgress}, from {@link RequestLimits#inRequest()}), it gets a deadline of
   * its own from now; whole waiting requests get none (they wait for the watcher, not the
   * client).
   *
   * @param nextInProgress whether the head of a following request was read and its end not yet
   * @param keepBytes the bytes held for requests behind the one answered, at least 0
   */
  void done(boolean nextInProgress, long keepBytes) {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    long keep = Math.min(held, Math.max(0, keepBytes));
    if (held > keep) {
      budget.release(held - keep);
      held = keep;
    }
    if (!nextInProgress) {
      inRequest = false;
      return;
    }
    if (ctx != null && !deadline.isZero() && !refused) {
      ChannelHandlerContext c = ctx;
      timer = c.executor().schedule(() -> refuse(c, CloseReason.FRAME_TIMEOUT,
          "408 Request Timeout"), deadline.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /** {@return the bytes of this connection charged to the budget now} */
  long held() {
    return held;
  }

  private void cancel() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    if (held > 0) {
      budget.release(held);
      held = 0;
    }
  }

  private void refuse(ChannelHandlerContext ctx, CloseReason reason, String status) {
    if (refused) {
      return;
    }
    refused = true;
    reason.record(ctx.channel());
    cancel();
    ByteBuf answer = Unpooled.copiedBuffer("HTTP/1.1 " + status
        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", StandardCharsets.US_ASCII);
    ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancel();
    super.channelInactive(ctx);
  }
}
