package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.netty.CesrMemoryBudget;
import dev.cesrj.netty.CloseReason;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HttpGuard}'s charge is the memory its channel holds: a read buffer's capacity, an exact
 * copy for a read that filled less than half of its buffer, and a refused connection's charge
 * kept until the channel is inactive (when the handlers behind the guard have released what they
 * held), or, while a request of it is with the watcher, until that request's answer is written or
 * the closed channel's pipeline is torn down. {@link FixedHeapHostileTest} shows the same bound on
 * a whole watcher's direct memory.
 */
class HttpGuardChargeTest {
  private final CesrMemoryBudget budget = new CesrMemoryBudget(1000);
  /** What passed the guard, held as the HTTP codec's content slices would hold it. */
  private final List<ByteBuf> passed = new ArrayList<>();
  /** The budget's reserved bytes when the handler behind the guard saw the channel inactive. */
  private long chargedWhenInactive = -1;

  private EmbeddedChannel channel() {
    return new EmbeddedChannel(new HttpGuard(budget, Duration.ZERO),
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            passed.add((ByteBuf) msg);
          }

          @Override
          public void channelInactive(ChannelHandlerContext ctx) {
            chargedWhenInactive = budget.reservedBytes();
            passed.forEach(ByteBuf::release); // as the aggregator releases its message
            passed.clear();
          }
        });
  }

  private static ByteBuf read(int bytes, int capacity) {
    ByteBuf b = Unpooled.directBuffer(capacity, capacity);
    b.writeZero(bytes);
    return b;
  }

  @AfterEach
  void released() {
    passed.forEach(ByteBuf::release);
  }

  @Test
  void aFullReadIsChargedItsCapacityAndPassedAsItIs() {
    EmbeddedChannel ch = channel();
    ByteBuf in = read(300, 400); // three quarters full: kept as it is
    ch.writeInbound(in);
    assertSame(in, passed.get(0));
    assertEquals(400, budget.reservedBytes(), "the capacity the slices would keep alive");
    ch.finishAndReleaseAll();
    assertEquals(0, budget.reservedBytes());
  }

  @Test
  void aReadExactlyHalfFullIsKeptAndChargedItsCapacity() {
    EmbeddedChannel ch = channel();
    ByteBuf in = read(256, 512);
    ch.writeInbound(in);
    assertSame(in, passed.get(0));
    assertEquals(512, budget.reservedBytes());
    ch.finishAndReleaseAll();
    assertEquals(0, budget.reservedBytes());
  }

  @Test
  void aCopyThatCannotBeAllocatedLeavesNoChargeAndNoBuffer() {
    EmbeddedChannel ch = channel();
    ch.config().setAllocator(new AbstractByteBufAllocator() {
      @Override
      protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        throw new OutOfMemoryError("no memory for the copy (test)");
      }

      @Override
      protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        throw new OutOfMemoryError("no memory for the copy (test)");
      }

      @Override
      public boolean isDirectBufferPooled() {
        return false;
      }
    });
    ByteBuf in = read(10, 512);
    OutOfMemoryError e = assertThrows(OutOfMemoryError.class, () -> ch.writeInbound(in));
    assertEquals("no memory for the copy (test)", e.getMessage());
    assertEquals(0, in.refCnt(), "the read is released");
    assertEquals(10, budget.reservedBytes(), "charged until the channel is inactive");
    ch.finishAndReleaseAll();
    assertEquals(0, budget.reservedBytes());
  }

  @Test
  void anAnsweredRequestKeepsItsChargeWhileRequestsReadWithItWait() {
    EmbeddedChannel ch = channel();
    HttpGuard guard = ch.pipeline().get(HttpGuard.class);
    ch.writeInbound(read(600, 600)); // one read: a request answered and whole ones behind it
    guard.done(false, true, 0);
    assertEquals(600, budget.reservedBytes(), "the waiting requests are slices of that read");
    guard.done(true, false, 100); // the last whole one answered; 100 bytes of one begun
    assertEquals(100, budget.reservedBytes());
    guard.done(false, false, 0);
    assertEquals(0, budget.reservedBytes());
    ch.finishAndReleaseAll();
  }

  @Test
  void aReadLessThanHalfFullIsCopiedExactlyAndChargedItsBytes() {
    EmbeddedChannel ch = channel();
    ByteBuf in = read(10, 512);
    ch.writeInbound(in);
    assertEquals(0, in.refCnt(), "the wide read buffer is released at once");
    ByteBuf kept = passed.get(0);
    assertEquals(10, kept.readableBytes());
    assertEquals(10, kept.capacity());
    assertEquals(10, budget.reservedBytes());
    ch.finishAndReleaseAll();
    assertEquals(0, budget.reservedBytes());
  }

  @Test
  void aRefusedConnectionKeepsItsChargeUntilItsBuffersAreReleased() {
    EmbeddedChannel ch = channel();
    ch.writeInbound(read(600, 600));
    assertEquals(600, budget.reservedBytes());
    ByteBuf tooMuch = read(500, 500);
    ch.writeInbound(tooMuch); // 1100 bytes: no room
    assertEquals(0, tooMuch.refCnt(), "the read the budget had no room for is released");
    ByteBuf answer = ch.readOutbound();
    assertTrue(answer.toString(StandardCharsets.US_ASCII).startsWith(
        "HTTP/1.1 503 Service Unavailable\r\n"), answer.toString(StandardCharsets.US_ASCII));
    answer.release();
    assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.recordedOn(ch));
    assertFalse(ch.isActive(), "closed once its answer is written");
    assertEquals(600, chargedWhenInactive,
        "the first 600 bytes stay charged while the handlers behind the guard hold them");
    assertEquals(0, budget.reservedBytes(), "and are given back with them");
    assertTrue(passed.isEmpty());
    ch.finishAndReleaseAll();
  }

  /**
   * A watcher's pipeline up to its handler, whose handler keeps each request it is handed (as the
   * handler's executor has it queued or running): {@code held} gets them.
   */
  private EmbeddedChannel watcherPipeline(List<FullHttpRequest> held) {
    ReadValve valve = new ReadValve();
    return new EmbeddedChannel(valve, new HttpGuard(budget, Duration.ZERO),
        new HttpServerCodec(), new HttpObjectAggregator(400), new OneRequestInFlight(valve),
        new ChannelInboundHandlerAdapter() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            held.add((FullHttpRequest) msg);
          }
        });
  }

  private static ByteBuf post(int bodyBytes) {
    String head = "POST / HTTP/1.1\r\nHost: w\r\nContent-Type: application/cesr\r\n"
        + "Content-Length: " + bodyBytes + "\r\n\r\n";
    ByteBuf b = Unpooled.directBuffer(head.length() + bodyBytes, head.length() + bodyBytes);
    b.writeCharSequence(head, StandardCharsets.US_ASCII);
    b.writeZero(bodyBytes);
    return b;
  }

  @Test
  void aConnectionClosedUnderARequestInFlightKeepsItsChargeUntilTheWatcherHandledIt() {
    List<FullHttpRequest> held = new ArrayList<>();
    EmbeddedChannel ch = watcherPipeline(held);
    ByteBuf request = post(300);
    int charged = request.capacity();
    ch.writeInbound(request);
    assertEquals(1, held.size(), "the request is with the watcher");
    assertEquals(charged, budget.reservedBytes());
    ch.pipeline().fireChannelInactive(); // closed: the request still waits its turn
    assertEquals(charged, budget.reservedBytes(),
        "a body queued for the watcher stays charged after its connection closed");
    ch.runPendingTasks(); // the release queued behind it on the handler's executor
    assertEquals(0, budget.reservedBytes());
    ch.pipeline().get(HttpGuard.class).done(false, false, 0); // the answer's bookkeeping after
    assertEquals(0, budget.reservedBytes(), "nothing is given back twice");
    held.forEach(FullHttpRequest::release);
    ch.finishAndReleaseAll();
    assertEquals(0, budget.reservedBytes());
  }

  @Test
  void aConnectionClosedWithNoRequestInFlightGivesItsChargeBackAtOnce() {
    List<FullHttpRequest> held = new ArrayList<>();
    EmbeddedChannel ch = watcherPipeline(held);
    ByteBuf half = Unpooled.copiedBuffer("POST / HTTP/1.1\r\nContent-Length: 50\r\n\r\n",
        StandardCharsets.US_ASCII);
    int charged = half.capacity();
    ch.writeInbound(half); // a request begun, none with the watcher
    assertEquals(charged, budget.reservedBytes());
    ch.pipeline().fireChannelInactive();
    assertThrows(io.netty.handler.codec.PrematureChannelClosureException.class,
        ch::checkException, "the aggregator reports the request cut by the close");
    assertEquals(0, budget.reservedBytes());
    assertTrue(held.isEmpty());
    ch.finishAndReleaseAll();
  }

  @Test
  void aClosedChannelsTornDownPipelineGivesBackWhatAnUnansweredRequestHeld() {
    List<FullHttpRequest> held = new ArrayList<>();
    EmbeddedChannel ch = watcherPipeline(held);
    ch.writeInbound(post(300));
    assertTrue(budget.reservedBytes() > 0);
    ch.close(); // inactive, then deregistered: every handler removed, no answer ever written
    assertEquals(0, budget.reservedBytes(), "released when the guard is removed");
    held.forEach(FullHttpRequest::release);
    ch.finishAndReleaseAll();
  }
}
