package dev.cesrj.http.watcher;

import dev.cesrj.netty.CesrFrameDecoder;
import dev.cesrj.netty.CesrServerInitializer;
import dev.cesrj.netty.CesrServerStats;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A {@link Watcher} behind Netty's HTTP server, on cesrj-netty's guarded pipeline: each
 * connection gets {@link CesrServerInitializer}'s guards (connection cap, idle and write
 * timeouts, write-buffer water marks, close reasons counted in {@link #stats()}), with its CESR
 * frame decoder replaced by HTTP: {@link HttpGuard} (the frame timeout as a request deadline, the
 * shared memory budget charged with the bytes of the request in progress), Netty's {@link
 * HttpServerCodec} (request line and header limits), {@link RequestLimits} (the frame limit as
 * the body limit, malformed requests), {@link HttpObjectAggregator}, {@link OneRequestInFlight}
 * (at most one request per connection with the watcher: reading pauses until it is answered),
 * and the handler, which runs
 * on one executor of its own so that a disk sync never holds an event loop.
 *
 * <pre>{@code
 * try (Watcher w = Watcher.open(SqliteWatcherStore.open(Path.of("store")));
 *      WatcherServer s = WatcherServer.builder(w).port(5642).start()) {
 *   // serves until closed
 * }
 * }</pre>
 *
 * <h2>Settings and defaults</h2>
 *
 * <table>
 *   <caption>settings</caption>
 *   <tr><th>setting</th><th>default</th><th>refusal</th></tr>
 *   <tr><td>{@link Builder#port}</td><td>0 (any free port; {@link #port()} tells)</td><td></td></tr>
 *   <tr><td>{@link Builder#host}</td><td>127.0.0.1</td><td></td></tr>
 *   <tr><td>{@link Builder#maxHeaderBytes}</td><td>{@value #DEFAULT_MAX_HEADER_BYTES} (64 KiB,
 *       the {@code CESR-ATTACHMENT} header included)</td><td>431</td></tr>
 *   <tr><td>{@link Builder#maxLineBytes}</td><td>{@value #DEFAULT_MAX_LINE_BYTES}</td>
 *       <td>414</td></tr>
 *   <tr><td>body limit: {@code CesrServerInitializer} {@code maxFrameBytes}</td><td>1 MiB</td>
 *       <td>413</td></tr>
 *   <tr><td>request deadline: its {@code frameTimeout}</td><td>30 s</td><td>408</td></tr>
 *   <tr><td>memory budget: its {@code memoryBudgetBytes}</td><td>64 MiB</td><td>503</td></tr>
 *   <tr><td>its {@code maxConnections}, {@code idleTimeout}, {@code writeTimeout}</td>
 *       <td>1024, 60 s, 30 s</td><td>closed</td></tr>
 * </table>
 */
public final class WatcherServer implements AutoCloseable {
  /** Default {@link Builder#maxHeaderBytes}: 64 KiB. */
  public static final int DEFAULT_MAX_HEADER_BYTES = 64 << 10;

  /** Default {@link Builder#maxLineBytes}: 8 KiB. */
  public static final int DEFAULT_MAX_LINE_BYTES = 8 << 10;

  private final Watcher watcher;
  private final CesrServerInitializer init;
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final EventExecutorGroup handlerExecutor;
  private final Channel server;

  private WatcherServer(Builder b) throws InterruptedException {
    this.watcher = b.watcher;
    this.handlerExecutor = new DefaultEventExecutorGroup(1);
    // the application's part runs per channel, once the initializer exists: it reads its guards
    java.util.concurrent.atomic.AtomicReference<CesrServerInitializer> built =
        new java.util.concurrent.atomic.AtomicReference<>();
    CesrServerInitializer.Builder ib = CesrServerInitializer.builder(ch -> {
      CesrServerInitializer in = built.get();
      long maxBody = in.options().maxFrameBytes();
      ch.pipeline().remove(CesrFrameDecoder.class);
      ReadValve valve = new ReadValve();
      ch.pipeline()
          .addLast(valve)
          .addLast(new HttpGuard(in.guards().budget(), in.guards().frameTimeout()))
          .addLast(new HttpServerCodec(b.maxLineBytes, b.maxHeaderBytes, 8192))
          .addLast(new RequestLimits(maxBody))
          .addLast(new HttpObjectAggregator((int) maxBody))
          .addLast(new OneRequestInFlight(valve))
          .addLast(handlerExecutor, new WatcherHttpHandler(watcher));
    });
    b.guards.accept(ib);
    this.init = ib.build();
    built.set(init);
    this.boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    this.workers = new MultiThreadIoEventLoopGroup(b.threads, NioIoHandler.newFactory());
    try {
      this.server = new ServerBootstrap().group(boss, workers)
          .channel(NioServerSocketChannel.class).childHandler(init)
          .bind(b.host, b.port).sync().channel();
    } catch (RuntimeException | InterruptedException e) {
      shutdownGroups();
      throw e;
    }
  }

  /**
   * {@return a builder for a server of {@code watcher}}
   *
   * @param watcher the watcher (closed by the caller, after the server)
   */
  public static Builder builder(Watcher watcher) {
    return new Builder(Objects.requireNonNull(watcher, "watcher"));
  }

  /** {@return the port the server listens on} */
  public int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  /** {@return the connections accepted, open, and closed by each guard} */
  public CesrServerStats stats() {
    return init.stats();
  }

  /**
   * {@return the connections so far as one line: accepted, open, and closed by each guard's
   * reason}
   */
  public String connectionsSummary() {
    return init.stats().toString();
  }

  /** {@return the guards in force (budget, deadlines, limits)} */
  public CesrServerInitializer initializer() {
    return init;
  }

  /**
   * Stops listening, closes every open connection and waits for the event loops to end. The
   * watcher (and its store) stay open: close them after.
   *
   * @return how many connections were open and closed by this call
   */
  public int stop() {
    int open = init.channels().size();
    server.close().syncUninterruptibly();
    init.channels().close().awaitUninterruptibly();
    shutdownGroups();
    return open;
  }

  /**
   * Ends the acceptor, lets the teardown of the connections just closed finish, then ends the I/O
   * loops and the handler executor. A closed connection's pipeline is torn down in tasks that hop
   * between its I/O loop and the handler executor (the watcher's handler runs on the latter), so
   * neither may end while the other can still hand it one: {@link #drainTeardown()} first runs
   * rounds of an empty task on every I/O loop and then on the handler executor (each executor
   * runs its tasks in order, so a round ends after every hop queued before it, and each round
   * carries the teardown two hops further); then both are shut down together with a quiet period
   * of {@value #QUIET_MS} ms, at most 2 s.
   */
  private void shutdownGroups() {
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    drainTeardown();
    Future<?> io = workers.shutdownGracefully(QUIET_MS, 2_000, TimeUnit.MILLISECONDS);
    Future<?> handler = handlerExecutor.shutdownGracefully(QUIET_MS, 2_000, TimeUnit.MILLISECONDS);
    io.syncUninterruptibly();
    handler.syncUninterruptibly();
  }

  /**
   * {@value #TEARDOWN_ROUNDS} rounds of an empty task on each I/O loop, then on the handler
   * executor, each awaited (at most 1 s each): a pipeline's teardown takes four hops between them
   * (up the pipeline to the watcher's handler and back, then down), and the first round may start
   * before a closing task has queued its deregistration.
   */
  private void drainTeardown() {
    for (int round = 0; round < TEARDOWN_ROUNDS; round++) {
      for (EventExecutor loop : workers) {
        loop.submit(() -> { }).awaitUninterruptibly(1, TimeUnit.SECONDS);
      }
      for (EventExecutor e : handlerExecutor) {
        e.submit(() -> { }).awaitUninterruptibly(1, TimeUnit.SECONDS);
      }
    }
  }

  /** The quiet period, in milliseconds, of the I/O loops and the handler executor at stop. */
  private static final long QUIET_MS = 50;

  /** Rounds of {@link #drainTeardown()}. */
  private static final int TEARDOWN_ROUNDS = 4;

  /** As {@link #stop()}. */
  @Override
  public void close() {
    if (server.isOpen()) {
      stop();
    }
  }

  /** Settings of a {@link WatcherServer}; each starts at the default the class comment gives. */
  public static final class Builder {
    private final Watcher watcher;
    private int port;
    private String host = "127.0.0.1";
    private int maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES;
    private int maxLineBytes = DEFAULT_MAX_LINE_BYTES;
    private int threads = 2;
    private Consumer<CesrServerInitializer.Builder> guards = g -> { };

    private Builder(Watcher watcher) {
      this.watcher = watcher;
    }

    /**
     * The port to listen on.
     *
     * @param port 0 for any free port, else 1 to 65535
     * @return this builder
     */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be in [0, 65535]: " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * The address to listen on.
     *
     * @param host a host name or address ({@code 0.0.0.0} for every interface)
     * @return this builder
     */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /**
     * The largest header section accepted, in bytes (answered 431 beyond).
     *
     * @param bytes at least 1,024
     * @return this builder
     */
    public Builder maxHeaderBytes(int bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("maxHeaderBytes must be at least 1024: " + bytes);
      }
      this.maxHeaderBytes = bytes;
      return this;
    }

    /**
     * The longest request line accepted, in bytes (answered 414 beyond).
     *
     * @param bytes at least 256
     * @return this builder
     */
    public Builder maxLineBytes(int bytes) {
      if (bytes < 256) {
        throw new IllegalArgumentException("maxLineBytes must be at least 256: " + bytes);
      }
      this.maxLineBytes = bytes;
      return this;
    }

    /**
     * The guards of cesrj-netty's initializer, set on its builder: {@code maxFrameBytes} (the
     * body limit), {@code memoryBudgetBytes}, {@code frameTimeout} (the request deadline), {@code
     * idleTimeout}, {@code writeTimeout}, {@code maxConnections}, {@code writeBufferWaterMark}.
     *
     * @param settings sets them
     * @return this builder
     */
    public Builder guards(Consumer<CesrServerInitializer.Builder> settings) {
      this.guards = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * {@return the server, listening}
     *
     * @throws InterruptedException if interrupted while binding
     * @throws IllegalArgumentException if a guard setting is out of range
     */
    public WatcherServer start() throws InterruptedException {
      return new WatcherServer(this);
    }
  }
}
