package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile use of one {@link CesrMemoryBudget} shared by many {@link CesrFrameDecoder}s in {@code
 * EmbeddedChannel}s: corpus streams (some mutated, some behind a header that declares a large
 * frame) cut into random reads and sent in an interleaved order, channels closed mid-frame,
 * input shut down mid-frame, handlers that throw on a frame, limits at the budget's edge. After
 * every step the bytes charged equal the bytes the decoders hold (no accounting leak), never pass
 * the limit and are never negative; once every channel is closed nothing is charged. Netty's
 * paranoid leak detection (the test run's) checks that no buffer leaks. Seeded ({@code
 * -Dcesrj.seed=N}).
 */
@Timeout(60)
class BudgetAccountingAttackTest {
  private static final long SEED = Long.getLong("cesrj.seed", 0x25b_0d6eL);
  /** What the sinks saw over all trials: frames, and errors by class. */
  private static final java.util.Map<String, Integer> SEEN = new java.util.concurrent.ConcurrentHashMap<>();

  /** Releases each frame; throws on some of them (an application handler that fails). */
  private static final class Sink extends ChannelInboundHandlerAdapter {
    private final SplittableRandom random;
    private final boolean throwing;
    int frames;

    Sink(SplittableRandom random, boolean throwing) {
      this.random = random;
      this.throwing = throwing;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ReferenceCountUtil.release(msg);
      frames++;
      SEEN.merge("frame", 1, Integer::sum);
      if (throwing && random.nextInt(3) == 0) {
        throw new IllegalStateException("application failure");
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      SEEN.merge(cause.getClass().getSimpleName(), 1, Integer::sum);
      if (throwing && random.nextInt(4) == 0) {
        ctx.close(); // the application closes on any error
      }
    }
  }

  private static int held(EmbeddedChannel ch) {
    CesrFrameDecoder d = ch.pipeline().get(CesrFrameDecoder.class);
    return d == null ? 0 : d.bufferedCapacity();
  }

  private static byte[] input(SplittableRandom random, List<String> files) {
    byte[] stream = Corpus.bytes(files.get(random.nextInt(files.size())));
    switch (random.nextInt(4)) {
      case 0: // as it is
        return stream;
      case 1: { // a few bytes changed
        byte[] b = stream.clone();
        for (int i = 0, n = 1 + random.nextInt(4); i < n && b.length > 0; i++) {
          b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
        return b;
      }
      case 2: { // a header declaring a large frame first, then the stream as its "body"
        String header = "{\"v\":\"KERI10JSON" + String.format("%06x", 1 + random.nextInt(0xfffff)) + "_\",";
        byte[] h = header.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] b = Arrays.copyOf(h, h.length + stream.length);
        System.arraycopy(stream, 0, b, h.length, stream.length);
        return b;
      }
      default: // cut short
        return Arrays.copyOf(stream, random.nextInt(stream.length + 1));
    }
  }

  @Test
  void theBudgetChargesExactlyWhatIsHeldAndIsEmptyOnceEveryChannelHasClosed() {
    List<String> files = Corpus.streams();
    SplittableRandom random = new SplittableRandom(SEED);
    for (int trial = 0; trial < 40; trial++) {
      String where = "trial " + trial + " (seed " + SEED + ")";
      long limit = random.nextBoolean() ? 1 + random.nextInt(4096) : 4096 + random.nextInt(200_000);
      CesrMemoryBudget budget = new CesrMemoryBudget(limit);
      long maxFrame = random.nextBoolean() ? CesrOptions.DEFAULT.maxFrameBytes() : 27 + random.nextInt(8192);
      CesrOptions options = CesrOptions.builder().maxFrameBytes(maxFrame).build();
      int n = 2 + random.nextInt(6);
      List<EmbeddedChannel> channels = new ArrayList<>();
      List<byte[]> inputs = new ArrayList<>();
      int[] sent = new int[n];
      for (int i = 0; i < n; i++) {
        OnMalformed on = random.nextBoolean() ? OnMalformed.CLOSE : OnMalformed.SKIP_TO_COLD_START;
        Duration timeout = random.nextBoolean() ? Duration.ZERO : Duration.ofSeconds(5);
        channels.add(new EmbeddedChannel(
            new CesrFrameDecoder(options, on, new FrameGuards(budget, timeout, random.nextInt(3))),
            new Sink(random.split(), random.nextBoolean())));
        inputs.add(input(random, files));
      }
      try {
        for (int step = 0; step < 400; step++) {
          int i = random.nextInt(n);
          EmbeddedChannel ch = channels.get(i);
          byte[] in = inputs.get(i);
          int action = random.nextInt(100);
          if (action < 3) {
            ch.close();
          } else if (action < 5) {
            ch.pipeline().fireUserEventTriggered(io.netty.channel.socket.ChannelInputShutdownEvent.INSTANCE);
          } else if (action < 7) {
            ch.advanceTimeBy(6, java.util.concurrent.TimeUnit.SECONDS);
            ch.runScheduledPendingTasks();
          } else if (ch.isOpen() && sent[i] < in.length) {
            int len = Math.min(in.length - sent[i], 1 + random.nextInt(random.nextBoolean() ? 8 : 3000));
            ByteBuf b = PooledByteBufAllocator.DEFAULT.buffer(len).writeBytes(in, sent[i], len);
            sent[i] += len;
            ch.writeInbound(b);
          }
          long sum = 0;
          for (EmbeddedChannel c : channels) {
            sum += held(c);
          }
          long reserved = budget.reservedBytes();
          assertTrue(reserved >= 0, where);
          assertTrue(reserved <= limit, where + ": " + budget);
          assertEquals(sum, reserved, where + " step " + step + ": charged = held");
        }
      } finally {
        for (EmbeddedChannel c : channels) {
          c.finishAndReleaseAll();
        }
      }
      assertEquals(0, budget.reservedBytes(), where + ": every charge given back");
      assertTrue(budget.highWaterBytes() <= limit, where);
    }
    // the trials reached every rule they attack
    for (String seen : List.of("frame", "MemoryBudgetException", "FrameTooLargeException",
        "TruncatedException", "FrameTimeoutException", "IllegalStateException")) {
      assertTrue(SEEN.getOrDefault(seen, 0) > 0, seen + " never seen: " + SEEN);
    }
  }

  /** A v1 JSON body of exactly {@code size} bytes, one signature wrapped in an AttachmentGroup. */
  private static byte[] frameWithBody(int size) {
    String head = "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_\",\"t\":\"icp\",\"x\":\"";
    String body = head + "a".repeat(size - head.length() - 2) + "\"}";
    String sigs = dev.cesrj.testing.Qb64.counter(dev.cesrj.code.CounterTable.CESR_1_0.controllerIdxSigs(), 1)
        + Wire.signature(0, new SplittableRandom(7));
    return Wire.ascii(body
        + dev.cesrj.testing.Qb64.counter(dev.cesrj.code.CounterTable.CESR_1_0.named("AttachmentGroup"), sigs.length() / 4)
        + sigs);
  }

  /**
   * A frame of 600,096 bytes sent in reads of 65,536 bytes, its last read bringing the first 30
   * bytes of the next frame, each frame released by the handler at once: after every read the
   * budget holds exactly the memory the parser holds (its cumulation's capacity), at least what it
   * buffers. The cumulation grows in powers of two to 1,048,576 bytes (589,824 buffered after the
   * ninth read); once the frame is framed and released, the parser moves the 30 bytes into a
   * cumulation of 4,096, and the charge follows it down; the next frame, completed, leaves its
   * emptied cumulation (grown to 8,192), which the parser lets go of at the end of the read
   * ({@code releaseViews}), so nothing stays charged between frames; closing changes nothing. Before, the charge was the bytes buffered: 589,824 then 30 while the parser held
   * 1,048,576 (a peer could hold a megabyte per connection while charged 30 bytes).
   */
  @Test
  void theChargeIsTheMemoryTheParserHoldsNotTheBytesItBuffers() {
    byte[] big = frameWithBody(600_000);
    byte[] next = frameWithBody(5_000);
    assertEquals(600_096, big.length);
    byte[] stream = Arrays.copyOf(big, big.length + 30);
    System.arraycopy(next, 0, stream, big.length, 30);
    CesrMemoryBudget budget = new CesrMemoryBudget(64L << 20);
    Sink sink = new Sink(new SplittableRandom(1), false);
    EmbeddedChannel ch = new EmbeddedChannel(
        new CesrFrameDecoder(CesrOptions.DEFAULT, OnMalformed.CLOSE, new FrameGuards(budget, Duration.ZERO, 0)), sink);
    CesrFrameDecoder d = ch.pipeline().get(CesrFrameDecoder.class);
    try {
      List<Integer> capacities = new ArrayList<>();
      for (int from = 0; from < stream.length; from += 65_536) {
        int len = Math.min(65_536, stream.length - from);
        ch.writeInbound(PooledByteBufAllocator.DEFAULT.buffer(len).writeBytes(stream, from, len));
        capacities.add(d.bufferedCapacity());
        assertEquals(d.bufferedCapacity(), budget.reservedBytes(), "read at " + from + ": charged = memory held");
        assertEquals(d.bufferedCapacity(), d.charged());
        assertTrue(d.bufferedCapacity() >= d.buffered(), "read at " + from);
        if (from == 8 * 65_536) {
          assertEquals(589_824, d.buffered());
          assertEquals(1_048_576, budget.reservedBytes());
        }
      }
      assertEquals(List.of(65_536, 131_072, 262_144, 262_144, 524_288, 524_288, 524_288, 524_288, 1_048_576,
          4_096), capacities);
      assertEquals(1, sink.frames);
      assertEquals(30, d.buffered());
      assertEquals(4_096, budget.reservedBytes(), "the 30 bytes of the next frame, in a cumulation of 4,096");
      ch.writeInbound(PooledByteBufAllocator.DEFAULT.buffer().writeBytes(next, 30, next.length - 30));
      assertEquals(2, sink.frames);
      assertEquals(0, d.buffered());
      assertEquals(0, d.bufferedCapacity(), "the cumulation grown for the 5,096-byte frame, let go at the end of the read");
      assertEquals(0, budget.reservedBytes(), "a connection between frames is charged nothing");
      assertTrue(budget.highWaterBytes() >= 1_048_576);
      ch.close();
      assertEquals(0, budget.reservedBytes(), "given back with the cumulation");
    } finally {
      ch.finishAndReleaseAll();
    }
  }

  /**
   * A frame of T bytes cut across three reads (the AttachmentGroup's count arrives in the second,
   * which does not complete the frame: a frame completed by the read that declares its size is
   * framed without being judged, the budget counting held bytes), under a frame limit and a budget of T - 1, T and
   * T + 1: the limit refuses it only at T - 1 (FrameTooLargeException), the budget only at T - 1
   * (MemoryBudgetException at once: it declares more than the whole budget); at T and T + 1 it
   * is framed whole; nothing stays charged. The budget charges the parser's cumulation, which
   * holds the frame's bytes in a power of two of at least 4,096 bytes: T is 8,192, so that the
   * cumulation holding the first 8,110 bytes is exactly T (4,096 after the first read).
   */
  @Test
  void aFrameAtTheLimitAndTheBudgetIsTakenOneByteMoreIsRefused() {
    byte[] frame = frameWithBody(8096);
    int t = frame.length;
    assertEquals(8192, t);
    for (int delta = -1; delta <= 1; delta++) {
      for (boolean limitIsFrameLimit : new boolean[] {true, false}) {
        String where = (limitIsFrameLimit ? "frame limit " : "budget ") + (t + delta) + " for a frame of " + t;
        long edge = t + delta;
        CesrMemoryBudget budget = new CesrMemoryBudget(limitIsFrameLimit ? 1L << 20 : edge);
        CesrOptions options = limitIsFrameLimit ? CesrOptions.builder().maxFrameBytes(edge).build() : CesrOptions.DEFAULT;
        Recorder recorder = new Recorder();
        EmbeddedChannel ch = new EmbeddedChannel(
            new CesrFrameDecoder(options, OnMalformed.CLOSE, new FrameGuards(budget, Duration.ZERO, 0)), recorder);
        try {
          for (int[] r : new int[][] {{0, 40}, {40, 8110}, {8110, t}}) {
            if (ch.isOpen()) {
              ch.writeInbound(PooledByteBufAllocator.DEFAULT.buffer(r[1] - r[0]).writeBytes(frame, r[0], r[1] - r[0]));
            }
            assertTrue(budget.reservedBytes() <= budget.limitBytes(), where);
          }
          if (delta < 0) {
            assertEquals(List.of(limitIsFrameLimit ? "FrameTooLargeException" : "MemoryBudgetException"),
                recorder.events, where);
            assertEquals(limitIsFrameLimit ? CloseReason.FRAME_TOO_LARGE : CloseReason.MEMORY_BUDGET,
                CloseReason.recordedOn(ch), where);
          } else {
            assertEquals(List.of("frame"), recorder.events, where);
            assertEquals(t, recorder.frames.get(0).content().readableBytes(), where);
          }
          assertEquals(0, budget.reservedBytes(), where);
          // the cumulation: 4,096 bytes for the first read, 8,192 for the second (a budget of
          // T - 1 refuses the frame at the second read, by its declared size, before charging it)
          assertEquals(!limitIsFrameLimit && delta < 0 ? 4096 : 8192, budget.highWaterBytes(), where);
        } finally {
          recorder.releaseAll();
          ch.finishAndReleaseAll();
        }
        assertEquals(0, budget.reservedBytes(), where);
      }
    }
  }
}
