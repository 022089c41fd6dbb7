package dev.cesrj.netty;

import static dev.cesrj.netty.Wire.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTimeoutException;
import dev.cesrj.MemoryBudgetException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.internal.B64;
import dev.cesrj.testing.Qb64;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The guards of {@link CesrFrameDecoder} ({@link FrameGuards}) in an {@code EmbeddedChannel}: the
 * shared memory budget judges every size a frame can declare as soon as the size field is in,
 * the frame deadline closes a frame that does not complete in time (the channel's own clock,
 * advanced by the test: no waiting), and backpressure turns {@code autoRead} off and on.
 */
@Timeout(60)
class FrameGuardsTest {
  private static final CounterTable V1 = CounterTable.CESR_1_0;
  private static final int DECLARED = 1_000_000;
  private static final SplittableRandom RANDOM = new SplittableRandom(19);

  private static ByteBuf pooled(byte[] b) {
    return PooledByteBufAllocator.DEFAULT.heapBuffer(b.length).writeBytes(b);
  }

  /** A whole v1 JSON message wrapped in an AttachmentGroup: complete once its group is in. */
  private static String wrapped(long sn) {
    String sigs = Qb64.counter(V1.controllerIdxSigs(), 1) + Wire.signature(0, RANDOM);
    return Wire.jsonV1("icp", "E".repeat(44), sn) + Qb64.counter(V1.named("AttachmentGroup"), sigs.length() / 4) + sigs;
  }

  /** A v1 JSON body of exactly {@code size} bytes that says so in its version string. */
  private static String bodyOfSize(int size) {
    String head = "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_\",\"t\":\"icp\",\"x\":\"";
    return head + "a".repeat(size - head.length() - 2) + "\"}";
  }

  /**
   * The first bytes of frames that declare {@value #DECLARED} bytes or more in each way a frame
   * can: the size field is in, the declared bytes are not; and the total each declares.
   */
  private static Map<String, Map.Entry<String, Long>> headers() {
    Map<String, Map.Entry<String, Long>> m = new LinkedHashMap<>();
    m.put("v1 version string", Map.entry("{\"v\":\"KERI10JSON0f4240_\",\"t\":\"icp\"", (long) DECLARED));
    m.put("v2 version string",
        Map.entry("{\"v\":\"KERICAACAAJSON" + B64.encodeInt(DECLARED, 4) + ".\",\"t\":\"icp\"", (long) DECLARED));
    String body = Wire.jsonV1("icp", "E".repeat(44), 0);
    m.put("AttachmentGroup after a body",
        Map.entry(body + Qb64.counter(V1, 'V', DECLARED / 4, true), body.length() + 8L + DECLARED));
    m.put("GenericGroup", Map.entry(Qb64.counter(V1, 'T', DECLARED / 4, true), 8L + DECLARED));
    m.put("BodyWithAttachmentGroup", Map.entry(Qb64.counter(V1, 'U', DECLARED / 4, true), 8L + DECLARED));
    return m;
  }

  private static EmbeddedChannel channel(FrameGuards guards, Recorder recorder) {
    return new EmbeddedChannel(new CesrFrameDecoder(CesrOptions.DEFAULT, OnMalformed.CLOSE, guards), recorder);
  }

  @Test
  void everyDeclaredSizeIsJudgedAgainstTheBudgetBeforeItsBytesArrive() {
    for (Map.Entry<String, Map.Entry<String, Long>> h : headers().entrySet()) {
      String what = h.getKey();
      byte[] header = ascii(h.getValue().getKey());
      long declared = h.getValue().getValue();
      // a budget below the declared size: refused at the read that brings the size field
      CesrMemoryBudget small = new CesrMemoryBudget(DECLARED / 2);
      Recorder recorder = new Recorder();
      EmbeddedChannel ch = channel(new FrameGuards(small, Duration.ZERO, 0), recorder);
      ch.writeInbound(pooled(header));
      assertEquals(1, recorder.errors.size(), what + ": " + recorder.events);
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, recorder.errors.get(0), what);
      assertEquals(0, e.offset(), what);
      assertEquals(declared, e.requested(), what);
      assertEquals(DECLARED / 2, e.limit(), what);
      assertFalse(ch.isOpen(), what + ": closed");
      assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.recordedOn(ch), what);
      assertEquals(0, small.reservedBytes(), what + ": given back");
      assertEquals(0, small.highWaterBytes(), what + ": never reserved");
      ch.finishAndReleaseAll();

      // a budget that has room: the whole declared size is reserved, and given back at the end
      CesrMemoryBudget big = new CesrMemoryBudget(2L * DECLARED);
      Recorder ok = new Recorder();
      EmbeddedChannel open = channel(new FrameGuards(big, Duration.ZERO, 0), ok);
      open.writeInbound(pooled(header));
      assertEquals(0, ok.errors.size(), what + ": " + ok.events);
      assertTrue(open.isOpen(), what);
      assertEquals(declared, big.reservedBytes(), what + ": held and still needed");
      open.finishAndReleaseAll();
      assertEquals(0, big.reservedBytes(), what + ": given back when the input ends");
      assertEquals(declared, big.highWaterBytes(), what);
      ok.releaseAll();
    }
  }

  @Test
  void theBudgetIsSharedAndAFrameGivesItsShareBackOnceComplete() {
    CesrMemoryBudget budget = new CesrMemoryBudget(DECLARED * 3L / 2);
    FrameGuards guards = new FrameGuards(budget, Duration.ZERO, 0);
    String sigs = Qb64.counter(V1.controllerIdxSigs(), 1) + Wire.signature(0, RANDOM);
    String message = bodyOfSize(DECLARED) + Qb64.counter(V1.named("AttachmentGroup"), sigs.length() / 4) + sigs;
    byte[] bytes = ascii(message);
    Recorder first = new Recorder();
    Recorder second = new Recorder();
    EmbeddedChannel a = channel(guards, first);
    EmbeddedChannel b = channel(guards, second);
    try {
      a.writeInbound(pooled(java.util.Arrays.copyOf(bytes, 100)));
      assertEquals(DECLARED, budget.reservedBytes(), "the body's declared size");
      b.writeInbound(pooled(java.util.Arrays.copyOf(bytes, 100)));
      MemoryBudgetException e = assertInstanceOf(MemoryBudgetException.class, second.errors.get(0));
      assertEquals("at offset 0: memory budget of 1500000 bytes has 1000000 reserved; expected room for"
          + " 1000000 more bytes in the memory budget", e.getMessage());
      assertFalse(b.isOpen());
      assertTrue(a.isOpen(), "the other connection goes on");
      // the body's end brings the AttachmentGroup's count: the reservation grows to the whole message
      a.writeInbound(pooled(java.util.Arrays.copyOfRange(bytes, 100, DECLARED + 4)));
      assertEquals(bytes.length, budget.reservedBytes());
      // the rest, and the first 40 bytes of a message of 300: the reservation shrinks to those 300
      byte[] next = ascii(bodyOfSize(300));
      byte[] last = new byte[bytes.length - DECLARED - 4 + 40];
      System.arraycopy(bytes, DECLARED + 4, last, 0, bytes.length - DECLARED - 4);
      System.arraycopy(next, 0, last, bytes.length - DECLARED - 4, 40);
      a.writeInbound(pooled(last));
      assertEquals(1, first.frames.size());
      assertEquals(300, budget.reservedBytes(), "the next frame's declared size");
      assertEquals(bytes.length, budget.highWaterBytes());
      a.writeInbound(pooled(java.util.Arrays.copyOfRange(next, 40, next.length)));
      assertEquals(301, budget.reservedBytes(), "a bare body is held for the byte that ends its run");
      a.pipeline().fireUserEventTriggered(io.netty.channel.socket.ChannelInputShutdownEvent.INSTANCE);
      assertEquals(2, first.frames.size());
      assertEquals(0, budget.reservedBytes(), "nothing unfinished once the input ends");
    } finally {
      first.releaseAll();
      a.finishAndReleaseAll();
      b.finishAndReleaseAll();
    }
  }

  @Test
  void aFrameNotCompleteByItsDeadlineClosesTheChannelAtItsStreamOffset() {
    FrameGuards guards = new FrameGuards(null, Duration.ofSeconds(5), 0);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      byte[] done = ascii(wrapped(0));
      byte[] slow = ascii(wrapped(1));
      ch.writeInbound(pooled(done));
      ch.writeInbound(pooled(java.util.Arrays.copyOf(slow, 30)));
      ch.advanceTimeBy(4, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      // a byte more of the same frame does not move its deadline
      ch.writeInbound(pooled(java.util.Arrays.copyOfRange(slow, 30, 31)));
      assertTrue(recorder.errors.isEmpty(), recorder.events.toString());
      ch.advanceTimeBy(1, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      assertEquals(1, recorder.errors.size(), recorder.events.toString());
      FrameTimeoutException e = assertInstanceOf(FrameTimeoutException.class, recorder.errors.get(0));
      assertEquals(done.length, e.offset(), "the slow frame's first byte");
      assertEquals(5000, e.timeoutMillis());
      assertEquals(31, e.have());
      // what the frame still needs, at least: the rest of its body (its attachments are not in yet)
      int body = Wire.jsonV1("icp", "E".repeat(44), 1).length();
      assertEquals("at offset " + done.length + ": frame not complete after 5000 ms (have 31 bytes); expected"
          + " the frame's " + (body - 31) + " more bytes within 5000 ms", e.getMessage());
      assertFalse(ch.isOpen());
      assertEquals(CloseReason.FRAME_TIMEOUT, CloseReason.recordedOn(ch));
      assertEquals(1, recorder.frames.size(), "the message before it was passed on");
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void aFrameThatCompletesInTimeCancelsItsDeadlineAndTheNextGetsItsOwn() {
    FrameGuards guards = new FrameGuards(null, Duration.ofSeconds(5), 0);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      byte[] first = ascii(wrapped(0));
      byte[] second = ascii(wrapped(1));
      ch.writeInbound(pooled(java.util.Arrays.copyOf(first, 50)));
      ch.advanceTimeBy(4, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      // the rest of the first frame and the start of the second: a new deadline from now
      byte[] rest = new byte[first.length - 50 + 10];
      System.arraycopy(first, 50, rest, 0, first.length - 50);
      System.arraycopy(second, 0, rest, first.length - 50, 10);
      ch.writeInbound(pooled(rest));
      assertEquals(1, recorder.frames.size());
      ch.advanceTimeBy(4, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      assertTrue(recorder.errors.isEmpty(), "4 s into the second frame: " + recorder.events);
      ch.writeInbound(pooled(java.util.Arrays.copyOfRange(second, 10, second.length)));
      assertEquals(2, recorder.frames.size());
      ch.advanceTimeBy(60, TimeUnit.SECONDS);
      ch.runScheduledPendingTasks();
      assertTrue(recorder.errors.isEmpty(), "nothing unfinished: " + recorder.events);
      assertTrue(ch.isOpen());
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void readsPauseWhileTooManyFramesAreUnreleasedAndResumeAfter() {
    FrameGuards guards = new FrameGuards(null, Duration.ZERO, 2);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      assertTrue(ch.config().isAutoRead());
      ch.writeInbound(pooled(ascii(wrapped(0) + wrapped(1) + wrapped(2))));
      assertEquals(3, recorder.frames.size());
      assertFalse(ch.config().isAutoRead(), "3 frames in flight, 2 allowed");
      recorder.frames.set(0, null).release();
      assertFalse(ch.config().isAutoRead(), "2 in flight");
      recorder.frames.set(1, null).release();
      assertTrue(ch.config().isAutoRead(), "1 in flight");
      recorder.frames.set(2, null).release();
      assertTrue(ch.config().isAutoRead());
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void framesReleasedOnAnotherThreadReopenTheGate() throws Exception {
    FrameGuards guards = new FrameGuards(null, Duration.ZERO, 1);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      ch.writeInbound(pooled(ascii(wrapped(0))));
      assertFalse(ch.config().isAutoRead());
      CesrFrame f = recorder.frames.set(0, null);
      Thread t = new Thread(f::release);
      t.start();
      t.join();
      ch.runPendingTasks();
      assertTrue(ch.config().isAutoRead(), "released on another thread");
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void readsPauseWhileTheChannelIsNotWritable() {
    FrameGuards guards = new FrameGuards(null, Duration.ZERO, 16);
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(guards, recorder);
    try {
      ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
      ch.write(Unpooled.wrappedBuffer(new byte[64]));
      assertFalse(ch.isWritable());
      assertFalse(ch.config().isAutoRead(), "answers queued above the high water mark");
      ch.flush();
      assertTrue(ch.isWritable());
      assertTrue(ch.config().isAutoRead(), "writable again");
      ByteBuf out = ch.readOutbound();
      out.release();
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void addingTheDecoderWithBackpressureTurnsAutoReadOnAndWritabilityEventsGoOn() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.config().setAutoRead(false);
    List<Object> events = new ArrayList<>();
    ch.pipeline().addLast(new CesrFrameDecoder(CesrOptions.DEFAULT, OnMalformed.CLOSE,
        new FrameGuards(null, Duration.ZERO, 4)));
    ch.pipeline().addLast(new io.netty.channel.ChannelInboundHandlerAdapter() {
      @Override
      public void channelWritabilityChanged(io.netty.channel.ChannelHandlerContext ctx) {
        events.add("writability " + ctx.channel().isWritable());
      }
    });
    assertTrue(ch.config().isAutoRead(), "writable, nothing in flight: reading");
    ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
    ch.write(Unpooled.wrappedBuffer(new byte[64]));
    ch.flush();
    assertEquals(List.of("writability false", "writability true"), events);
    ByteBuf out = ch.readOutbound();
    out.release();
    ch.finishAndReleaseAll();
  }

  @Test
  void withoutGuardsTheDecoderLeavesAutoReadAlone() {
    Recorder recorder = new Recorder();
    EmbeddedChannel ch = channel(FrameGuards.NONE, recorder);
    try {
      ch.writeInbound(pooled(ascii(wrapped(0) + wrapped(1) + wrapped(2))));
      assertTrue(ch.config().isAutoRead());
      ch.config().setAutoRead(false);
      ch.pipeline().fireChannelWritabilityChanged();
      assertFalse(ch.config().isAutoRead(), "not the decoder's to change");
    } finally {
      recorder.releaseAll();
      ch.finishAndReleaseAll();
    }
  }

  @Test
  void guardsAndBudgetRefuseNonsense() {
    assertThrows(IllegalArgumentException.class, () -> new FrameGuards(null, Duration.ofSeconds(-1), 0));
    assertThrows(IllegalArgumentException.class, () -> new FrameGuards(null, Duration.ZERO, -1));
    assertThrows(NullPointerException.class, () -> new FrameGuards(null, null, 0));
    assertThrows(IllegalArgumentException.class, () -> new CesrMemoryBudget(0));
    assertEquals(1, new CesrMemoryBudget(1).limitBytes());
    CesrMemoryBudget b = new CesrMemoryBudget(10);
    b.release(0);
    assertThrows(IllegalArgumentException.class, () -> b.tryReserve(-1));
    assertThrows(IllegalArgumentException.class, () -> b.release(-1));
    assertTrue(b.tryReserve(10));
    assertFalse(b.tryReserve(1));
    assertThrows(IllegalArgumentException.class, () -> b.release(11));
    assertEquals(10, b.reservedBytes());
    b.release(4);
    assertTrue(b.tryReserve(4));
    assertFalse(b.tryReserve(1));
    assertTrue(b.tryReserve(0));
    b.release(10);
    assertEquals(0, b.reservedBytes());
    assertEquals(10, b.highWaterBytes());
    assertEquals(10, b.limitBytes());
    assertEquals("CesrMemoryBudget 0 of 10 bytes reserved (high water 10)", b.toString());
  }
}
