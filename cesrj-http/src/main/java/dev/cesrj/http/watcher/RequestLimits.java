package dev.cesrj.http.watcher;

import dev.cesrj.netty.CloseReason;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

/**
 * Refuses, after the HTTP codec and before the body is gathered, a request the watcher will not
 * take, and closes its connection: a request line or headers that do not parse (400, {@link
 * CloseReason#MALFORMED}), or whose target is not a {@link RequestTarget} (400, the same; an
 * absolute-form target is rewritten to its origin form here, the one place); a request line or header section longer than the server's limits
 * (414, 431, {@link CloseReason#FRAME_TOO_LARGE}); a body that declares, or sends, more than the
 * body limit (413, {@link CloseReason#FRAME_TOO_LARGE}), refused on its {@code Content-Length}
 * before a byte of it is awaited. Not sharable: it counts the body of the request in progress.
 */
final class RequestLimits extends ChannelInboundHandlerAdapter {
  private final long maxBodyBytes;
  private long bodyBytes;
  private boolean refused;
  private boolean inRequest;
  private long headBytes;

  /** {@return whether a request's head was read and its last content not yet (event loop only)} */
  boolean inRequest() {
    return inRequest;
  }

  /**
   * {@return the bytes of the request in progress read so far (its head, as {@link
   * #headBytes}, and its body), 0 if none is (event loop only)}
   */
  long inProgressBytes() {
    return inRequest ? headBytes + bodyBytes : 0;
  }

  /**
   * {@return the bytes a request's head took on the wire, counted from its parts: method, target,
   * version, each header line with its CRLF, and the blank line} Netty's codec does not keep the
   * raw bytes; this is their count for an HTTP/1.1 head as sent.
   *
   * @param req a decoded request head
   */
  static long headBytes(HttpRequest req) {
    long n = req.method().name().length() + 1L + req.uri().length() + 1L
        + req.protocolVersion().text().length() + 2L + 2L;
    for (java.util.Map.Entry<String, String> h : req.headers()) {
      n += h.getKey().length() + 2L + h.getValue().length() + 2L;
    }
    return n;
  }

  RequestLimits(long maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (refused) {
      ReferenceCountUtil.release(msg);
      return;
    }
    if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
      ReferenceCountUtil.release(msg);
      DecoderResult r = o.decoderResult();
      Throwable cause = r.cause();
      if (cause instanceof TooLongHttpLineException) {
        refuse(ctx, HttpResponseStatus.REQUEST_URI_TOO_LONG, CloseReason.FRAME_TOO_LARGE);
      } else if (cause instanceof TooLongHttpHeaderException
          || cause instanceof TooLongFrameException) {
        refuse(ctx, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
            CloseReason.FRAME_TOO_LARGE);
      } else {
        refuse(ctx, HttpResponseStatus.BAD_REQUEST, CloseReason.MALFORMED);
      }
      return;
    }
    if (msg instanceof HttpRequest req) {
      bodyBytes = 0;
      headBytes = headBytes(req);
      java.util.Optional<String> target = RequestTarget.originForm(req.uri());
      if (target.isEmpty()) {
        ReferenceCountUtil.release(msg);
        refuse(ctx, HttpResponseStatus.BAD_REQUEST, CloseReason.MALFORMED);
        return;
      }
      req.setUri(target.get());
      long declared = HttpUtil.getContentLength(req, -1L);
      if (declared > maxBodyBytes) {
        ReferenceCountUtil.release(msg);
        refuse(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, CloseReason.FRAME_TOO_LARGE);
        return;
      }
    }
    if (msg instanceof HttpContent c) {
      bodyBytes += c.content().readableBytes();
      if (bodyBytes > maxBodyBytes) {
        ReferenceCountUtil.release(msg);
        refuse(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, CloseReason.FRAME_TOO_LARGE);
        return;
      }
    }
    if (msg instanceof HttpRequest) {
      inRequest = true;
    }
    if (msg instanceof io.netty.handler.codec.http.LastHttpContent) {
      inRequest = false;
    }
    super.channelRead(ctx, msg);
  }

  private void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, CloseReason reason) {
    refused = true;
    reason.record(ctx.channel());
    FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
        Unpooled.EMPTY_BUFFER);
    r.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0).set(HttpHeaderNames.CONNECTION, "close");
    ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
  }
}
