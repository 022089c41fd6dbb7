package dev.cesrj.netty;

import dev.cesrj.CesrOptions;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.handler.timeout.WriteTimeoutHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The pipeline of a public-facing CESR service over TCP, with every guard against hostile or slow
 * peers on: give it to {@code ServerBootstrap.childHandler}, with the application's handlers.
 *
 * <pre>{@code
 * CesrServerInitializer init =
 *     CesrServerInitializer.builder(ch -> ch.pipeline()
 *             .addLast(new CesrFrameEncoder(CounterTable.CESR_1_0, true))
 *             .addLast(new MyHandler()))            // gets CesrFrames; releases each
 *         .build();                                 // the defaults below
 * new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
 *     .childHandler(init).bind(port);
 * }</pre>
 *
 * <p>Each accepted channel gets, in this order: an {@link IdleStateHandler} (reader idle after
 * {@link Builder#idleTimeout}), a {@link WriteTimeoutHandler} ({@link Builder#writeTimeout}), a
 * handler that closes idle channels and records why channels are closed, a {@link
 * CesrFrameDecoder} with the frame limit, the shared {@link CesrMemoryBudget}, the frame deadline
 * and backpressure ({@link FrameGuards}), then what the application adds. Its write-buffer water
 * marks are set ({@link Builder#writeBufferWaterMark}), so that the decoder stops reading while
 * the peer does not take its answers. A channel beyond {@link Builder#maxConnections} is closed at
 * once. {@link #stats()} counts the connections closed by each rule ({@link CloseReason}); {@link
 * #channels()} holds the open ones.
 *
 * <h2>Defaults, and what each protects against</h2>
 *
 * <table>
 *   <caption>settings</caption>
 *   <tr><th>setting</th><th>default</th><th>against</th></tr>
 *   <tr><td>{@link Builder#maxFrameBytes}</td><td>{@value #DEFAULT_MAX_FRAME_BYTES} bytes (1
 *       MiB)</td><td>a frame that declares a huge size: refused as soon as its size field is in
 *       ({@link dev.cesrj.FrameTooLargeException})</td></tr>
 *   <tr><td>{@link Builder#memoryBudgetBytes}</td><td>{@value #DEFAULT_MEMORY_BUDGET_BYTES}
 *       bytes (64 MiB), shared by every connection</td><td>many peers that each hold a large
 *       unfinished frame ({@link dev.cesrj.MemoryBudgetException}): the memory held is charged
 *       (each parser's cumulation), a declared size is judged against the room left, so headers
 *       alone cost only the cumulation that holds them</td></tr>
 *   <tr><td>{@link Builder#frameTimeout}</td><td>30 s</td><td>slowloris: a frame sent a byte
 *       at a time, or started and abandoned ({@link dev.cesrj.FrameTimeoutException})</td></tr>
 *   <tr><td>{@link Builder#idleTimeout}</td><td>60 s</td><td>idle connections holding a
 *       slot</td></tr>
 *   <tr><td>{@link Builder#writeTimeout}</td><td>30 s</td><td>a peer that sends and never reads
 *       its answers</td></tr>
 *   <tr><td>{@link Builder#writeBufferWaterMark}</td><td>32 KiB low, 64 KiB high (Netty's)</td>
 *       <td>answers queued without bound: reads pause above the high mark</td></tr>
 *   <tr><td>{@link Builder#maxFramesInFlight}</td><td>{@value #DEFAULT_MAX_FRAMES_IN_FLIGHT}
 *       </td><td>an application slower than its peer: reads pause while this many frames are
 *       unreleased</td></tr>
 *   <tr><td>{@link Builder#maxConnections}</td><td>{@value #DEFAULT_MAX_CONNECTIONS}</td>
 *       <td>running out of file descriptors and memory by sheer number of connections</td></tr>
 *   <tr><td>{@link Builder#onMalformed}</td><td>{@link OnMalformed#CLOSE}</td><td>a peer that
 *       sends garbage</td></tr>
 * </table>
 *
 * <p>Why 1 MiB: the largest messages cesrj has seen, in its test corpus (streams written with
 * keripy: KELs, multisig KELs, TELs, ACDCs, exchanges) and in published real-world streams (vLEI
 * credential exports and a GLEIF root witness stream, keripy's and keri-ts's test vectors), are
 * an {@code exn} exchange with its ESSR payload group of 19,512 bytes, multisig KEL events with
 * their signatures of up to 12,716 bytes, and witness-receipted KEL events and vLEI credentials
 * (an ACDC with its {@code -J} path signatures) under 2,000 bytes. 1 MiB leaves 50 times the
 * largest of them, and 64 frames of that size fit the default budget. A service that takes
 * larger exchanges (a credential with large attributes, many exchanges in one {@code exn})
 * raises it, and the budget with it.
 *
 * <p>Sharable (as every {@link ChannelInitializer}): one initializer per server; every channel
 * it initializes shares its budget, cap and statistics.
 */
@ChannelHandler.Sharable
public final class CesrServerInitializer extends ChannelInitializer<Channel> {
  /** Default {@link Builder#maxFrameBytes}: 1 MiB. */
  public static final long DEFAULT_MAX_FRAME_BYTES = 1L << 20;

  /** Default {@link Builder#memoryBudgetBytes}: 64 MiB. */
  public static final long DEFAULT_MEMORY_BUDGET_BYTES = 64L << 20;

  /** Default {@link Builder#maxConnections}. */
  public static final int DEFAULT_MAX_CONNECTIONS = 1024;

  /** Default {@link Builder#maxFramesInFlight}. */
  public static final int DEFAULT_MAX_FRAMES_IN_FLIGHT = 16;

  /** Default {@link Builder#frameTimeout}: 30 s. */
  public static final Duration DEFAULT_FRAME_TIMEOUT = Duration.ofSeconds(30);

  /** Default {@link Builder#idleTimeout}: 60 s. */
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

  /** Default {@link Builder#writeTimeout}: 30 s. */
  public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);

  private final CesrOptions options;
  private final OnMalformed onMalformed;
  private final FrameGuards guards;
  private final Duration idleTimeout;
  private final Duration writeTimeout;
  private final int maxConnections;
  private final WriteBufferWaterMark waterMark;
  private final Consumer<Channel> application;
  private final CesrServerStats stats = new CesrServerStats();
  private final ChannelGroup channels =
      new DefaultChannelGroup("cesr-service", GlobalEventExecutor.INSTANCE);

  private CesrServerInitializer(Builder b) {
    this.options = b.options.toBuilder().maxFrameBytes(b.maxFrameBytes).build();
    this.onMalformed = b.onMalformed;
    CesrMemoryBudget budget =
        b.budget != null ? b.budget : new CesrMemoryBudget(b.memoryBudgetBytes);
    this.guards = new FrameGuards(budget, b.frameTimeout, b.maxFramesInFlight);
    this.idleTimeout = b.idleTimeout;
    this.writeTimeout = b.writeTimeout;
    this.maxConnections = b.maxConnections;
    this.waterMark = b.waterMark;
    this.application = b.application;
  }

  /**
   * {@return a builder with the defaults}
   *
   * @param application adds the application's handlers to each channel's pipeline, after the
   *     decoder (they get {@link CesrFrame}s and its errors, and release each frame)
   */
  public static Builder builder(Consumer<Channel> application) {
    return new Builder(Objects.requireNonNull(application, "application"));
  }

  /** {@return the options each channel's decoder frames with (its frame limit included)} */
  public CesrOptions options() {
    return options;
  }

  /** {@return the budget, frame deadline and backpressure of each channel's decoder} */
  public FrameGuards guards() {
    return guards;
  }

  /** {@return the memory budget every channel of this initializer shares} */
  public CesrMemoryBudget budget() {
    return guards.budget();
  }

  /** {@return the connections accepted, open, and closed by each rule} */
  public CesrServerStats stats() {
    return stats;
  }

  /**
   * {@return the open channels this initializer admitted (a channel leaves the group when it
   * closes)} {@code channels().close()} closes them all, for a shutdown.
   */
  public ChannelGroup channels() {
    return channels;
  }

  /**
   * Sets up {@code ch}: closes it at once (recording {@link CloseReason#CONNECTION_CAP}) if {@link
   * Builder#maxConnections} are open; else sets its water marks and adds the guards, the decoder
   * and the application's handlers, and counts it until it closes.
   */
  @Override
  protected void initChannel(Channel ch) {
    if (!stats.admit(maxConnections)) {
      CloseReason.CONNECTION_CAP.record(ch);
      stats.refused();
      ch.close();
      return;
    }
    channels.add(ch);
    ch.closeFuture().addListener(f -> stats.closedAdmitted(CloseReason.recordedOn(ch)));
    ch.config().setWriteBufferWaterMark(waterMark);
    if (!idleTimeout.isZero()) {
      ch.pipeline().addLast(new IdleStateHandler(idleTimeout.toNanos(), 0, 0, TimeUnit.NANOSECONDS));
    }
    if (!writeTimeout.isZero()) {
      ch.pipeline().addLast(new WriteTimeoutHandler(writeTimeout.toNanos(), TimeUnit.NANOSECONDS));
    }
    ch.pipeline()
        .addLast(ConnectionGuard.INSTANCE)
        .addLast(new CesrFrameDecoder(options, onMalformed, guards));
    application.accept(ch);
  }

  /**
   * Settings of a {@link CesrServerInitializer}; each starts at the default the class comment
   * gives. {@link Duration#ZERO} turns a timeout off.
   */
  public static final class Builder {
    private final Consumer<Channel> application;
    private CesrOptions options = CesrOptions.DEFAULT;
    private long maxFrameBytes = DEFAULT_MAX_FRAME_BYTES;
    private OnMalformed onMalformed = OnMalformed.CLOSE;
    private long memoryBudgetBytes = DEFAULT_MEMORY_BUDGET_BYTES;
    private CesrMemoryBudget budget;
    private Duration frameTimeout = DEFAULT_FRAME_TIMEOUT;
    private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
    private Duration writeTimeout = DEFAULT_WRITE_TIMEOUT;
    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private int maxFramesInFlight = DEFAULT_MAX_FRAMES_IN_FLIGHT;
    private WriteBufferWaterMark waterMark = WriteBufferWaterMark.DEFAULT;

    private Builder(Consumer<Channel> application) {
      this.application = application;
    }

    /**
     * The allocator, default counter table, depth and element limits of each decoder; its frame
     * limit is replaced by {@link #maxFrameBytes}.
     *
     * @param options the options
     * @return this builder
     */
    public Builder options(CesrOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * The largest frame (top-level message, body or group) accepted, in bytes.
     *
     * @param bytes in [{@link CesrOptions#MIN_FRAME_BYTES}, {@link CesrOptions#MAX_FRAME_BYTES}]
     *     and at most the memory budget (checked by {@link #build()})
     * @return this builder
     */
    public Builder maxFrameBytes(long bytes) {
      this.maxFrameBytes = bytes;
      return this;
    }

    /**
     * What a decoder does after bad input.
     *
     * @param onMalformed close the channel, or skip to the next cold-start point
     * @return this builder
     */
    public Builder onMalformed(OnMalformed onMalformed) {
      this.onMalformed = Objects.requireNonNull(onMalformed, "onMalformed");
      return this;
    }

    /**
     * A memory budget of {@code bytes} of this initializer's own, shared by its channels.
     *
     * <p>The budget charges the memory each parser holds, its cumulation's capacity: at least
     * 4,096 bytes for a frame cut across reads, and up to twice a frame's size while the frame
     * grows it. A budget below twice {@link #maxFrameBytes} may so refuse the largest frames cut
     * across reads, and one below 4,096 bytes every frame cut across reads; {@link #build()}
     * refuses only a budget below {@link #maxFrameBytes}.
     *
     * @param bytes at least {@link #maxFrameBytes} (checked by {@link #build()}); twice it or
     *     more to admit the largest frames cut across reads
     * @return this builder
     */
    public Builder memoryBudgetBytes(long bytes) {
      this.memoryBudgetBytes = bytes;
      this.budget = null;
      return this;
    }

    /**
     * A memory budget shared with others (several servers of one process, say), instead of one
     * of its own.
     *
     * @param budget the budget
     * @return this builder
     */
    public Builder memoryBudget(CesrMemoryBudget budget) {
      this.budget = Objects.requireNonNull(budget, "budget");
      return this;
    }

    /**
     * How long a frame may take from its first byte to its last.
     *
     * @param timeout not negative; {@link Duration#ZERO} for no deadline
     * @return this builder
     */
    public Builder frameTimeout(Duration timeout) {
      this.frameTimeout = checked(timeout, "frameTimeout");
      return this;
    }

    /**
     * How long a channel may read nothing before it is closed.
     *
     * @param timeout not negative; {@link Duration#ZERO} for none
     * @return this builder
     */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = checked(timeout, "idleTimeout");
      return this;
    }

    /**
     * How long a write may wait for the peer to take it before the channel is closed.
     *
     * @param timeout not negative; {@link Duration#ZERO} for none
     * @return this builder
     */
    public Builder writeTimeout(Duration timeout) {
      this.writeTimeout = checked(timeout, "writeTimeout");
      return this;
    }

    /**
     * The most connections open at once; one more is closed as soon as it is accepted.
     *
     * @param max at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code max} is below 1
     */
    public Builder maxConnections(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxConnections must be at least 1: " + max);
      }
      this.maxConnections = max;
      return this;
    }

    /**
     * How many frames of one channel may be handed on and unreleased before its reads pause.
     *
     * @param max at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code max} is below 1
     */
    public Builder maxFramesInFlight(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxFramesInFlight must be at least 1: " + max);
      }
      this.maxFramesInFlight = max;
      return this;
    }

    /**
     * The write-buffer water marks of each channel: it stops being writable (and its decoder
     * stops reading) above the high mark, and is writable again below the low mark.
     *
     * @param waterMark the marks, in bytes
     * @return this builder
     */
    public Builder writeBufferWaterMark(WriteBufferWaterMark waterMark) {
      this.waterMark = Objects.requireNonNull(waterMark, "waterMark");
      return this;
    }

    /**
     * {@return the initializer}
     *
     * @throws IllegalArgumentException if {@link #maxFrameBytes} is out of range, or larger than
     *     the memory budget (no frame of that size could ever fit)
     */
    public CesrServerInitializer build() {
      if (maxFrameBytes < CesrOptions.MIN_FRAME_BYTES || maxFrameBytes > CesrOptions.MAX_FRAME_BYTES) {
        throw new IllegalArgumentException(
            "maxFrameBytes must be in [" + CesrOptions.MIN_FRAME_BYTES + ", "
                + CesrOptions.MAX_FRAME_BYTES + "]: " + maxFrameBytes);
      }
      long budgetBytes = budget != null ? budget.limitBytes() : memoryBudgetBytes;
      if (budgetBytes < maxFrameBytes) {
        throw new IllegalArgumentException(
            "memory budget of " + budgetBytes + " bytes is below maxFrameBytes " + maxFrameBytes);
      }
      return new CesrServerInitializer(this);
    }

    private static Duration checked(Duration timeout, String name) {
      Objects.requireNonNull(timeout, name);
      if (timeout.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative: " + timeout);
      }
      return timeout;
    }
  }
}
