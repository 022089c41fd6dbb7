package dev.cesrj.http.watcher;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * Read backpressure for HTTP/1.1 pipelining (issue 32's review): at most one whole request per
 * connection is with the watcher at a time. When a {@link FullHttpRequest} leaves the aggregator
 * the channel's {@code autoRead} is turned off and its {@link ReadValve} holds back reads, so the
 * event loop reads no more of this connection; requests the codec had already decoded from the same
 * read wait here (their bytes stay charged to the memory budget by {@link HttpGuard}: at most one
 * read buffer's worth), and the next is handed on only once the answer to the previous one is
 * written ({@link #answered()}); with none waiting, reading resumes. Without it a keep-alive client
 * could queue requests on the handler's executor faster than store appends finish, without bound.
 * Runs on the event loop; not sharable: one per channel.
 */
final class OneRequestInFlight extends ChannelDuplexHandler {
  private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
  private final ReadValve valve;
  private ChannelHandlerContext ctx;
  private boolean busy;
  private long handedOn;

  /** @param valve the pipeline's first handler, which holds back reads while one is in flight */
  OneRequestInFlight(ReadValve valve) {
    this.valve = valve;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest req)) {
      ctx.fireChannelRead(msg);
      return;
    }
    HttpGuard guard = ctx.pipeline().get(HttpGuard.class);
    if (guard != null) {
      guard.whole(); // its deadline ends: it has reached the watcher's side
    }
    ctx.channel().config().setAutoRead(false);
    valve.pause();
    if (busy) {
      waiting.add(req);
      return;
    }
    busy = true;
    handedOn++;
    ctx.fireChannelRead(req);
  }

  /**
   * The answer to the request in flight is written: hands on the next waiting request, or turns
   * reading back on. Call on the channel's event loop.
   */
  void answered() {
    FullHttpRequest next = waiting.poll();
    if (next != null) {
      handedOn++;
      ctx.fireChannelRead(next);
      return;
    }
    busy = false;
    valve.resume();
    if (ctx.channel().isActive()) {
      ctx.channel().config().setAutoRead(true);
      ctx.read();
    }
  }

  /**
   * {@return whether a request was handed on and its answer is not yet written ({@link
   * #answered()}): the watcher has it, or it waits on the handler's executor}
   */
  boolean inFlight() {
    return busy;
  }

  /** {@return how many whole requests wait behind the one in flight} */
  int waiting() {
    return waiting.size();
  }

  /** {@return how many requests were handed on to the watcher so far} */
  long handedOn() {
    return handedOn;
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    drop();
    super.channelInactive(ctx);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    drop();
  }

  private void drop() {
    FullHttpRequest r;
    while ((r = waiting.poll()) != null) {
      ReferenceCountUtil.release(r);
    }
  }
}
