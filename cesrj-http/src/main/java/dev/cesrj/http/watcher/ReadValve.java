package dev.cesrj.http.watcher;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;

/**
 * The front half of {@link OneRequestInFlight}: first in the pipeline, it holds back every read
 * asked for while a request is with the watcher. Turning {@code autoRead} off is not enough:
 * Netty's HTTP decoder and aggregator ask for one more read themselves ({@code ctx.read()} in
 * their {@code channelReadComplete}) while they hold part of a request, and would so read the
 * whole pipelined stream. A held-back read is asked for again when the pause ends. Not sharable.
 */
final class ReadValve extends ChannelOutboundHandlerAdapter {
  private boolean paused;
  private boolean readHeld;
  private ChannelHandlerContext ctx;

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    if (paused) {
      readHeld = true;
      return;
    }
    ctx.read();
  }

  /** Holds back reads from now (event loop only). */
  void pause() {
    paused = true;
  }

  /** Lets reads through again and asks for the one held back, if any (event loop only). */
  void resume() {
    paused = false;
    if (readHeld && ctx != null) {
      readHeld = false;
      ctx.read();
    }
  }
}
