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

  /** The request read so far is whole and answered: stop its deadline, give its bytes back. */
  void done() {
    cancel();
    inRequest = false;
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
