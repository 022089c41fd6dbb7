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
 * held). {@link FixedHeapHostileTest} shows the same bound on a whole watcher's direct memory.
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
}
