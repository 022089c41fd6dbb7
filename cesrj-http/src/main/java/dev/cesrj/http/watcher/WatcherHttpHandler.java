package dev.cesrj.http.watcher;

import dev.cesrj.http.CesrHttp;
import dev.cesrj.http.store.StoreException;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;

/**
 * Hands each whole HTTP request to the {@link Watcher} and writes its {@link WatcherAnswer}:
 * {@code POST /} and {@code POST /receipts} (the body and the {@code CESR-ATTACHMENT} header,
 * whose name is matched ignoring case, as Netty's headers are), {@code GET} of the rest, {@code
 * OPTIONS} 200 (keripy's), any other method 405. A POST whose {@code Content-Type} is not {@code
 * application/cesr} (its media type, case ignored, parameters allowed) gets 406 and one without
 * a {@code CESR-ATTACHMENT} header 412, as keripy's {@code httping.parseCesrHttpRequest}; one
 * with that header twice 400 (stricter: keripy's WSGI server would join them with a comma, which
 * is not CESR). POST answers carry keripy's {@code
 * Cache-Control: no-cache}. The connection is kept open unless the client asked otherwise
 * (keripy's server writes {@code Connection: close} and keeps it open; the watcher does what it
 * says). Runs on the watcher's own executor, so the event loops never wait for a disk sync.
 */
final class WatcherHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private final Watcher watcher;

  WatcherHttpHandler(Watcher watcher) {
    this.watcher = watcher;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
    WatcherAnswer a;
    boolean post = req.method().equals(HttpMethod.POST);
    boolean keepAlive = HttpUtil.isKeepAlive(req);
    try {
      a = answer(ctx, req, post);
    } catch (StoreException e) {
      a = WatcherAnswer.error(503, "the store could not keep the message: " + e.getMessage());
    } catch (RuntimeException e) {
      // a bug in cesrj, not in the request: a typed 500 naming the error, no stack trace, and
      // the connection closed (what the request left behind is not trusted)
      a = WatcherAnswer.error(500, "internal error: " + e.getClass().getSimpleName());
      keepAlive = false;
    }
    HttpGuard guard = ctx.pipeline().get(HttpGuard.class);
    RequestLimits limits = ctx.pipeline().get(RequestLimits.class);
    OneRequestInFlight gate = ctx.pipeline().get(OneRequestInFlight.class);
    // once the answer is written: the guard ends this request's deadline and gives back what it
    // held but what requests behind it still hold (waiting whole in the gate, or begun in the
    // codec), then the gate hands on the next or resumes reading. The write's listener runs on
    // this handler's executor: the guard and the gate are the event loop's, so it hops there.
    write(ctx, keepAlive, a, post).addListener(f -> {
      try {
        ctx.channel().eventLoop().execute(() -> {
          if (guard != null) {
            boolean next = limits != null && limits.inRequest();
            guard.done(next, gate != null && gate.waiting() > 0,
                next ? limits.inProgressBytes() : 0);
          }
          if (gate != null) {
            gate.answered();
          }
        });
      } catch (RejectedExecutionException e) {
        // the server stopped while the watcher had this request: its channel is closed, and the
        // guard's release queued on this executor at close gives its charge back
      }
    });
  }

  private WatcherAnswer answer(ChannelHandlerContext ctx, FullHttpRequest req, boolean post) {
    String target = req.uri();
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    if (req.method().equals(HttpMethod.OPTIONS)) {
      return WatcherAnswer.of(200, "", new byte[0]);
    }
    if (post) {
      PostTarget t = path.equals("/") || path.isEmpty() ? PostTarget.EVENTS
          : path.equals("/receipts") || path.equals("/receipts/") ? PostTarget.RECEIPTS : null;
      if (t == null) {
        return WatcherAnswer.of(404, "application/json", new byte[0]);
      }
      String type = req.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
      int semi = type.indexOf(';');
      if (!(semi < 0 ? type : type.substring(0, semi)).trim()
          .equalsIgnoreCase(CesrHttp.CONTENT_TYPE)) {
        return WatcherAnswer.error(406, "Content-Type is '" + type + "': expected "
            + CesrHttp.CONTENT_TYPE);
      }
      java.util.List<String> atts = req.headers().getAll(CesrHttp.ATTACHMENT_HEADER);
      if (atts.isEmpty()) {
        return WatcherAnswer.error(412, "missing required " + CesrHttp.ATTACHMENT_HEADER
            + " header");
      }
      if (atts.size() > 1) {
        return WatcherAnswer.error(400, atts.size() + " " + CesrHttp.ATTACHMENT_HEADER
            + " headers: expected one");
      }
      String attachments = atts.get(0);
      byte[] body = ByteBufUtil.getBytes(req.content());
      return watcher.post(t, body, attachments, String.valueOf(ctx.channel().remoteAddress()));
    }
    if (req.method().equals(HttpMethod.GET)) {
      return watcher.get(target);
    }
    return WatcherAnswer.error(405, "method " + req.method() + " not allowed");
  }

  private static ChannelFuture write(ChannelHandlerContext ctx, boolean keepAlive, WatcherAnswer a,
      boolean post) {
    HttpResponseStatus status = HttpResponseStatus.valueOf(a.status());
    ChannelFuture last;
    if (a.kind() == WatcherAnswer.Kind.EVENT_STREAM) {
      HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
      headers(head.headers(), a, post);
      HttpUtil.setTransferEncodingChunked(head, true);
      HttpUtil.setKeepAlive(head, keepAlive);
      ctx.write(head);
      ctx.write(new DefaultHttpContent(Unpooled.wrappedBuffer(a.body())));
      last = ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    } else {
      FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
          Unpooled.wrappedBuffer(a.body()));
      headers(r.headers(), a, post);
      if (a.status() != 204) {
        HttpUtil.setContentLength(r, a.body().length);
      }
      HttpUtil.setKeepAlive(r, keepAlive);
      last = ctx.writeAndFlush(r);
    }
    if (!keepAlive) {
      last.addListener(ChannelFutureListener.CLOSE);
    }
    return last;
  }

  private static void headers(HttpHeaders h, WatcherAnswer a, boolean post) {
    if (post) {
      h.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
    }
    if (!a.contentType().isEmpty()) {
      h.set(HttpHeaderNames.CONTENT_TYPE, a.contentType());
    }
    for (Map.Entry<String, String> e : a.headers().entrySet()) {
      h.set(e.getKey(), e.getValue());
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // an I/O error or a write timeout: the guards recorded their reason
  }
}
