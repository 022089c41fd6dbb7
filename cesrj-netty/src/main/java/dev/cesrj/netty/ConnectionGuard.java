package dev.cesrj.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.WriteTimeoutException;

/**
 * The rules of {@link CesrServerInitializer} that Netty's timeout handlers report: closes a
 * channel whose reads have been idle ({@link IdleStateEvent} of {@link IdleState#READER_IDLE},
 * from an {@code IdleStateHandler}) and records {@link CloseReason#IDLE}; records {@link
 * CloseReason#WRITE_TIMEOUT} for a {@link WriteTimeoutException} (the {@code WriteTimeoutHandler}
 * closes the channel itself). Passes every event and error on (an idle event before it closes). Sharable: it keeps no state.
 */
@io.netty.channel.ChannelHandler.Sharable
final class ConnectionGuard extends ChannelInboundHandlerAdapter {
  static final ConnectionGuard INSTANCE = new ConnectionGuard();

  private ConnectionGuard() {}

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt instanceof IdleStateEvent && ((IdleStateEvent) evt).state() == IdleState.READER_IDLE) {
      CloseReason.IDLE.record(ctx.channel()); // before the application may close it itself
      super.userEventTriggered(ctx, evt);
      ctx.close();
      return;
    }
    super.userEventTriggered(ctx, evt);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
    if (cause instanceof WriteTimeoutException) {
      CloseReason.WRITE_TIMEOUT.record(ctx.channel());
    }
    super.exceptionCaught(ctx, cause);
  }
}
