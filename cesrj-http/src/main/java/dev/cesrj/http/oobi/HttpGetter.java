package dev.cesrj.http.oobi;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.ReadTimeoutException;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One HTTP/1.1 GET at a time over Netty, its body streamed to a {@link Body} as it arrives, with
 * every limit of {@link OobiSettings}. Keeps at most one idle connection per authority and reuses
 * it, one request at a time, when the last response allowed it (keripy's server answers {@code
 * Connection: close}, so its connections are not reused).
 *
 * <p>keripy's quirk (recording A): a 204 that answered the first request on its connection
 * carried {@code Transfer-Encoding: chunked} and a {@code 0\r\n\r\n} terminator, which RFC 9112
 * section 6.3 says a 204 never has. The JDK's {@code HttpClient} refuses such a 204 outright, and
 * Netty's decoder reads it as bodiless and then the five bytes as a bad status line of the next
 * response; this decoder reads the chunked body the server announced, so that the connection
 * stays in step.
 */
final class HttpGetter implements AutoCloseable {

  /** What receives a response; called on the I/O thread, one call at a time. */
  interface Body {
    /**
     * The status line and headers arrived.
     *
     * @param head the response head
     * @param url the URL requested
     */
    void head(HttpResponse head, URI url);

    /**
     * Body bytes arrived (not owned: copy what is kept).
     *
     * @param content the bytes
     */
    void content(ByteBuf content);

    /** The body ended whole. */
    void end();
  }

  /** The status and headers of a response whose body ended whole. */
  record Head(int status, HttpHeaders headers, long bodyBytes) {
  }

  private final OobiSettings settings;
  private final EventLoopGroup group;
  private final Map<String, Channel> idle = new HashMap<>();
  /** Connections opened so far (tests count reuse). */
  private long connections;

  HttpGetter(OobiSettings settings) {
    this.settings = settings;
    this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  }

  synchronized long connections() {
    return connections;
  }

  /**
   * GETs {@code url} and streams its body to {@code body}.
   *
   * @return the status and headers, once the body ended whole
   * @throws OobiException on any failure (connect, timeouts, limits, framing)
   */
  Head get(URI url, Body body) {
    String authority = url.getHost() + ":" + port(url);
    Channel reused;
    synchronized (this) {
      reused = idle.remove(authority);
    }
    if (reused != null && reused.isActive()) {
      Exchange ex = new Exchange(url, body, settings.maxBodyBytes());
      try {
        return run(reused, ex, authority);
      } catch (OobiException e) {
        if (ex.head != null || e.kind() != OobiFailure.TRUNCATED) {
          throw e;
        }
        // the server closed the idle connection as we wrote: once more on a new one
      }
    }
    Channel ch = connect(url);
    return run(ch, new Exchange(url, body, settings.maxBodyBytes()), authority);
  }

  private Head run(Channel ch, Exchange ex, String authority) {
    ch.eventLoop().execute(() -> {
      ch.pipeline().replace("exchange", "exchange", ex);
      ex.start(ch);
    });
    Head head;
    try {
      head = ex.done.get(settings.totalTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      ch.eventLoop().execute(() -> ex.fail(new OobiException(OobiFailure.TOTAL_TIMEOUT, ex.url,
          ex.status(), ex.bytes, "not done within " + settings.totalTimeout().toMillis() + " ms",
          null)));
      head = await(ex);
    } catch (InterruptedException e) {
      // end the exchange on its I/O thread before returning, so that the body (and the parser
      // behind it, which the caller closes next) is never called again; the exception is built
      // there too, from the status and byte count that thread owns
      Future<OobiException> stopped = ch.eventLoop().submit(() -> {
        OobiException stop = new OobiException(OobiFailure.INTERRUPTED, ex.url, ex.status(),
            ex.bytes, "interrupted", e);
        ex.fail(stop);
        return stop;
      });
      stopped.awaitUninterruptibly();
      Thread.currentThread().interrupt();
      throw stopped.isSuccess() ? stopped.getNow() : new OobiException(OobiFailure.INTERRUPTED,
          ex.url, OptionalInt.empty(), 0, "interrupted", e);
    } catch (ExecutionException e) {
      throw unwrap(e, ex.url);
    }
    if (ex.keepAlive) {
      // back to idle: the idle closer again, so that a byte the server sends before the next
      // request closes the connection instead of being read as the next response
      ch.eventLoop().execute(() -> {
        if (ch.pipeline().get("exchange") == ex) {
          ch.pipeline().replace("exchange", "exchange", new IdleCloser());
        }
      });
      synchronized (this) {
        Channel old = idle.put(authority, ch);
        if (old != null) {
          old.close();
        }
      }
    } else {
      ch.close();
    }
    return head;
  }

  /** Waits for an exchange already told to fail on its I/O thread: promptly, uninterruptibly. */
  private static Head await(Exchange ex) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return ex.done.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw unwrap(e, ex.url);
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static OobiException unwrap(ExecutionException e, URI url) {
    if (e.getCause() instanceof OobiException o) {
      return o;
    }
    return new OobiException(OobiFailure.MALFORMED_HTTP, url, OptionalInt.empty(), 0,
        String.valueOf(e.getCause()), e.getCause());
  }

  private Channel connect(URI url) {
    int headerBytes = settings.maxHeaderBytes();
    Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS,
            (int) Math.min(Integer.MAX_VALUE, settings.connectTimeout().toMillis()))
        .handler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            ch.pipeline().addLast("timeout", new ReadTimeoutHandler(
                settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS));
            ch.pipeline().addLast("decoder", new QuirkTolerantDecoder(new HttpDecoderConfig()
                .setMaxInitialLineLength(Math.min(headerBytes, 8192))
                .setMaxHeaderSize(headerBytes)
                .setMaxChunkSize(16 * 1024)));
            ch.pipeline().addLast("encoder", new HttpRequestEncoder());
            ch.pipeline().addLast("exchange", new IdleCloser());
          }
        });
    ChannelFuture f = b.connect(url.getHost(), port(url));
    try {
      f.await(settings.connectTimeout().toMillis() + 1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      f.channel().close();
      throw new OobiException(OobiFailure.INTERRUPTED, url, OptionalInt.empty(),
          0, "interrupted", e);
    }
    if (!f.isDone()) {
      f.cancel(true);
      f.channel().close();
      throw new OobiException(OobiFailure.CONNECT_TIMEOUT, url, OptionalInt.empty(),
          0, "no connection within "
          + settings.connectTimeout().toMillis() + " ms", null);
    }
    if (!f.isSuccess()) {
      Throwable c = f.cause();
      OobiFailure kind = c instanceof ConnectTimeoutException ? OobiFailure.CONNECT_TIMEOUT
          : OobiFailure.CONNECT_FAILED;
      throw new OobiException(kind, url, OptionalInt.empty(),
          0, String.valueOf(c == null ? "cancelled"
          : c.getMessage()), c);
    }
    synchronized (this) {
      connections++;
    }
    return f.channel();
  }

  static int port(URI url) {
    return url.getPort() >= 0 ? url.getPort() : 80;
  }

  @Override
  public void close() {
    synchronized (this) {
      for (Channel c : idle.values()) {
        c.close();
      }
      idle.clear();
    }
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /**
   * The handler of a connection with no exchange: nothing is due on it, so anything read (a
   * byte the server sent between responses) or any error closes it.
   */
  private static final class IdleCloser extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ReferenceCountUtil.release(msg);
      ctx.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /** One request and its response, on the I/O thread. */
  private static final class Exchange extends ChannelInboundHandlerAdapter {
    final URI url;
    final Body body;
    final long max;
    final CompletableFuture<Head> done = new CompletableFuture<>();
    HttpResponse head;
    long bytes;
    boolean finished;
    boolean keepAlive;
    Channel channel;

    Exchange(URI url, Body body, long max) {
      this.url = url;
      this.body = body;
      this.max = max;
    }

    /** {@return the status of the response, once its head came (event loop only)} */
    OptionalInt status() {
      return head == null ? OptionalInt.empty()
          : OptionalInt.of(head.status().code());
    }

    void start(Channel ch) {
      this.channel = ch;
      QuirkTolerantDecoder decoder = ch.pipeline().get(QuirkTolerantDecoder.class);
      if (decoder != null && decoder.holdsBytes()) {
        // part of a response nobody asked for waits in the decoder: it would be read as this
        // request's answer; the caller retries on a new connection
        fail(new OobiException(OobiFailure.TRUNCATED, url, OptionalInt.empty(), 0,
            "the idle connection holds " + decoder.holdsBytesCount() + " bytes no request asked "
                + "for", null));
        return;
      }
      if (!ch.isActive()) {
        fail(new OobiException(OobiFailure.TRUNCATED, url, OptionalInt.empty(), 0,
            "the connection closed before the request", null));
        return;
      }
      String target = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/"
          : url.getRawPath();
      if (url.getRawQuery() != null) {
        target += "?" + url.getRawQuery();
      }
      FullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
          target, Unpooled.EMPTY_BUFFER);
      req.headers().set(HttpHeaderNames.HOST, url.getRawAuthority());
      req.headers().set(HttpHeaderNames.ACCEPT_ENCODING, HttpHeaderValues.IDENTITY);
      ch.writeAndFlush(req).addListener(f -> {
        if (!f.isSuccess()) {
          fail(new OobiException(OobiFailure.TRUNCATED, url, OptionalInt.empty(), 0,
              "the request could not be written: " + f.cause(), f.cause()));
        }
      });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (finished) {
          ctx.close(); // bytes after the whole response: nothing asked for them
          return;
        }
        if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
          fail(decoderFailure(o.decoderResult().cause()));
          return;
        }
        if (msg instanceof HttpResponse r) {
          head = r;
          long announced = HttpUtil.getContentLength(r, -1L);
          if (announced > max) {
            fail(new OobiException(OobiFailure.TOO_LARGE, url, status(), 0, "Content-Length "
                + announced + " is over the limit of " + max + " bytes", null));
            return;
          }
          body.head(r, url);
        }
        if (msg instanceof HttpContent c) {
          int n = c.content().readableBytes();
          bytes += n;
          if (bytes > max) {
            fail(new OobiException(OobiFailure.TOO_LARGE, url, status(), bytes - n,
                "the body is over the limit of " + max + " bytes", null));
            return;
          }
          if (n > 0) {
            body.content(c.content());
          }
          if (msg instanceof LastHttpContent) {
            body.end();
            finished = true;
            keepAlive = HttpUtil.isKeepAlive(head);
            done.complete(new Head(head.status().code(), head.headers(), bytes));
          }
        }
      } catch (OobiException e) {
        fail(e);
      } catch (RuntimeException e) {
        fail(new OobiException(OobiFailure.NOT_CESR, url, status(), bytes,
            "the body could not be taken: " + e, e));
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    private OobiException decoderFailure(Throwable cause) {
      if (cause instanceof TooLongFrameException) {
        return new OobiException(OobiFailure.HEADERS_TOO_LARGE, url, status(), bytes,
            String.valueOf(cause.getMessage()), cause);
      }
      if (cause instanceof PrematureChannelClosureException) {
        return truncated(cause);
      }
      return new OobiException(OobiFailure.MALFORMED_HTTP, url, status(), bytes,
          String.valueOf(cause.getMessage()), cause);
    }

    private OobiException truncated(Throwable cause) {
      return new OobiException(OobiFailure.TRUNCATED, url, status(), bytes,
          "the connection closed after " + bytes + " body bytes"
              + (head == null ? ", before the status line" : ""), cause);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (cause instanceof ReadTimeoutException) {
        fail(new OobiException(OobiFailure.READ_TIMEOUT, url, status(), bytes,
            "nothing read for the read timeout", cause));
      } else if (cause instanceof IOException) {
        fail(truncated(cause));
      } else {
        fail(new OobiException(OobiFailure.MALFORMED_HTTP, url, status(), bytes,
            String.valueOf(cause), cause));
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      if (!finished) {
        fail(truncated(null));
      }
    }

    void fail(OobiException e) {
      if (finished) {
        return;
      }
      finished = true;
      keepAlive = false;
      if (channel != null) {
        channel.close();
      }
      done.completeExceptionally(e);
    }
  }

  /**
   * Netty's response decoder, but a 204 or 304 that announces {@code Transfer-Encoding: chunked}
   * has its chunked body read (keripy's quirk), not left in front of the next response.
   */
  static final class QuirkTolerantDecoder extends HttpResponseDecoder {
    QuirkTolerantDecoder(HttpDecoderConfig config) {
      super(config);
    }

    /** {@return whether bytes wait in this decoder, read but not yet a whole message} */
    boolean holdsBytes() {
      return holdsBytesCount() > 0;
    }

    /** {@return the bytes waiting in this decoder (event loop only)} */
    int holdsBytesCount() {
      return actualReadableBytes();
    }

    @Override
    protected boolean isContentAlwaysEmpty(HttpMessage msg) {
      if (msg instanceof HttpResponse r) {
        int code = r.status().code();
        if ((code == 204 || code == 304) && HttpUtil.isTransferEncodingChunked(r)) {
          return false;
        }
      }
      return super.isContentAlwaysEmpty(msg);
    }
  }
}
