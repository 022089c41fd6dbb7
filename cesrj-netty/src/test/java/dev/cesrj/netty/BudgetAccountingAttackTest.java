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
    return d == null ? 0 : d.buffered();
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
   * A frame of T bytes cut across three reads (the AttachmentGroup's count arrives in the second,
   * which does not complete the frame: a frame completed by the read that declares its size is
   * framed without being judged, the budget counting held bytes), under a frame limit and a budget of T - 1, T and
   * T + 1: the limit refuses it only at T - 1 (FrameTooLargeException), the budget only at T - 1
   * (MemoryBudgetException at once: it declares more than the whole budget); at T and T + 1 it
   * is framed whole; nothing stays charged.
   */
  @Test
  void aFrameAtTheLimitAndTheBudgetIsTakenOneByteMoreIsRefused() {
    byte[] frame = frameWithBody(2000);
    int t = frame.length;
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
          for (int[] r : new int[][] {{0, 40}, {40, 2010}, {2010, t}}) {
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
          assertTrue(budget.highWaterBytes() <= edge, where);
        } finally {
          recorder.releaseAll();
          ch.finishAndReleaseAll();
        }
        assertEquals(0, budget.reservedBytes(), where);
      }
    }
  }
}
