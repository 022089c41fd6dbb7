package dev.cesrj.netty.soak;

import dev.cesrj.netty.CesrFrame;
import dev.cesrj.netty.CesrServerInitializer;
import dev.cesrj.netty.CloseReason;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetric;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The server of {@link CesrServiceSoakTest}, run in a JVM of its own (small heap, paranoid leak
 * detection): a {@link CesrServerInitializer} on 127.0.0.1 whose application echoes every frame
 * (a copy of its bytes as received) and, once the peer's output has ended, closes after the last answer.
 *
 * <p>Arguments: {@code maxFrameBytes budgetBytes frameTimeoutMs idleTimeoutMs writeTimeoutMs}.
 * It prints {@code port N} once listening, {@code closed PORT REASON} for every connection closed
 * (the peer's port, the {@link CloseReason} recorded), and answers lines on its standard input:
 * {@code stats} prints {@code stats k=v ...} (connections by rule, the budget's high water, the
 * live heap's high water after the full collection forced once a second, the heap's high water
 * right after any collection, the baseline live heap at start, the heap pools' raw peak with garbage, the allocators' high water
 * sampled every 20 ms); {@code quit} closes every channel, collects garbage and
 * allocates so that paranoid leak detection reports any buffer leaked, prints {@code bye} and
 * exits.
 */
public final class SoakServer {
  private SoakServer() {}

  /** Names of the heap's memory pools. */
  private static final Set<String> HEAP_POOLS = new HashSet<>();

  static {
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        HEAP_POOLS.add(p.getName());
      }
    }
  }

  /**
   * Keeps in {@code afterAny} the most heap used right after any collection (summed over the
   * heap's pools: the live heap then, plus whatever a young collection left in the old pool), and
   * in {@code live} the most right after a full collection that {@code System.gc()} asked for
   * (the live heap).
   */
  private static void watchCollections(AtomicLong afterAny, AtomicLong live) {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc)
          .addNotificationListener(
              (n, hb) -> {
                if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                  return;
                }
                GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                long sum = 0;
                for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                  if (HEAP_POOLS.contains(e.getKey())) {
                    sum += e.getValue().getUsed();
                  }
                }
                afterAny.accumulateAndGet(sum, Math::max);
                if ("System.gc()".equals(info.getGcCause())) {
                  live.accumulateAndGet(sum, Math::max);
                }
              },
              null,
              null);
    }
  }

  /** Heap used now, garbage included. */
  private static long usedHeap() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static long rawPeak() {
    long sum = 0;
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        sum += p.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  /** Bytes in use in the allocators' pools: the decoders' cumulations and the channels' reads. */
  private static long allocatorUsed() {
    long sum = used(PooledByteBufAllocator.DEFAULT);
    if (ByteBufAllocator.DEFAULT != PooledByteBufAllocator.DEFAULT) {
      sum += used(ByteBufAllocator.DEFAULT);
    }
    return sum;
  }

  private static long used(ByteBufAllocator a) {
    if (a instanceof ByteBufAllocatorMetricProvider) {
      ByteBufAllocatorMetric m = ((ByteBufAllocatorMetricProvider) a).metric();
      return m.usedHeapMemory() + m.usedDirectMemory();
    }
    return 0;
  }

  public static void main(String[] args) throws Exception {
    long maxFrame = Long.parseLong(args[0]);
    long budget = Long.parseLong(args[1]);
    Duration frameTimeout = Duration.ofMillis(Long.parseLong(args[2]));
    Duration idleTimeout = Duration.ofMillis(Long.parseLong(args[3]));
    Duration writeTimeout = Duration.ofMillis(Long.parseLong(args[4]));

    // the baseline: the live heap with Netty and cesrj loaded, before any connection
    PooledByteBufAllocator.DEFAULT.heapBuffer(1).release();
    System.gc();
    long baseline = usedHeap();
    AtomicLong liveHighWater = new AtomicLong(baseline);
    AtomicLong afterGcHighWater = new AtomicLong(baseline);
    watchCollections(afterGcHighWater, liveHighWater);
    AtomicLong allocatorHighWater = new AtomicLong();
    Thread sampler =
        new Thread(
            () -> {
              for (long i = 0; ; i++) {
                allocatorHighWater.accumulateAndGet(allocatorUsed(), Math::max);
                if (i % 50 == 0) {
                  System.gc(); // once a second: the live heap, whatever the young collections miss
                }
                try {
                  Thread.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();

    CesrServerInitializer init =
        CesrServerInitializer.builder(
                ch -> {
                  int port = ((InetSocketAddress) ch.remoteAddress()).getPort();
                  ch.closeFuture()
                      .addListener(
                          f -> {
                            synchronized (System.out) {
                              System.out.println("closed " + port + " " + CloseReason.recordedOn(ch));
                              System.out.flush();
                            }
                          });
                  ch.pipeline().addLast(new Echo());
                })
            .maxFrameBytes(maxFrame)
            .memoryBudgetBytes(budget)
            .frameTimeout(frameTimeout)
            .idleTimeout(idleTimeout)
            .writeTimeout(writeTimeout)
            .build();
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .childOption(ChannelOption.SO_SNDBUF, 32 * 1024)
            .childHandler(init)
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
    System.out.println("port " + ((InetSocketAddress) server.localAddress()).getPort());
    System.out.flush();

    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.equals("stats")) {
        StringBuilder sb = new StringBuilder("stats");
        for (CloseReason r : CloseReason.values()) {
          sb.append(' ').append(r).append('=').append(init.stats().closed(r));
        }
        sb.append(" open=").append(init.stats().openConnections());
        sb.append(" accepted=").append(init.stats().accepted());
        sb.append(" budgetHighWater=").append(init.budget().highWaterBytes());
        sb.append(" budgetReserved=").append(init.budget().reservedBytes());
        sb.append(" liveHeapHighWater=").append(liveHighWater.get());
        sb.append(" afterGcHeapHighWater=").append(afterGcHighWater.get());
        sb.append(" baselineHeap=").append(baseline);
        sb.append(" rawHeapPeak=").append(rawPeak());
        sb.append(" allocatorHighWater=").append(allocatorHighWater.get());
        sb.append(" maxHeap=").append(Runtime.getRuntime().maxMemory());
        synchronized (System.out) {
          System.out.println(sb);
          System.out.flush();
        }
      } else if (line.equals("quit")) {
        break;
      }
    }
    init.channels().close().awaitUninterruptibly(10, TimeUnit.SECONDS);
    server.close().sync();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    // paranoid leak detection reports a leaked buffer when a later buffer is tracked after the
    // leaked one was collected
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(50);
      List<ByteBuf> probes = new ArrayList<>();
      for (int j = 0; j < 100; j++) {
        probes.add(ByteBufAllocator.DEFAULT.buffer(64));
      }
      probes.forEach(ByteBuf::release);
    }
    System.out.println("bye");
    System.out.flush();
    System.exit(0);
  }

  /** Echoes each frame; after the peer's output has ended, closes once the answers are out. */
  static final class Echo extends SimpleChannelInboundHandler<CesrFrame> {
    /**
     * Answers with a copy of the frame's bytes, as a server's answer is bytes of its own: a
     * retained slice would keep the whole read buffer the frame was framed in (up to 64 KiB) alive
     * while the answer waits for a peer that does not read, which the water marks do not count.
     */
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, CesrFrame frame) {
      ByteBuf content = frame.content();
      ctx.write(ctx.alloc().buffer(content.readableBytes()).writeBytes(content, content.readerIndex(),
          content.readableBytes()));
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof ChannelInputShutdownEvent) {
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // the decoder closes for its rules; the timeout handlers for theirs; others: close
      ctx.close();
    }
  }
}
