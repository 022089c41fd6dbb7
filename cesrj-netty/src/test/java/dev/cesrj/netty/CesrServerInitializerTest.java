package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.MalformedException;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.handler.timeout.WriteTimeoutException;
import io.netty.handler.timeout.WriteTimeoutHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link CesrServerInitializer} on {@code EmbeddedChannel}s (the initializer runs as each is
 * registered; timeouts on the channel's own clock, advanced by the test): the pipeline it builds,
 * its defaults, the connection cap, each closing rule and the count of closures by rule.
 */
@Timeout(60)
class CesrServerInitializerTest {
  private final List<Recorder> recorders = new ArrayList<>();

  private CesrServerInitializer.Builder builder() {
    return CesrServerInitializer.builder(ch -> {
      Recorder r = new Recorder();
      recorders.add(r);
      ch.pipeline().addLast(r);
    });
  }

  private static List<Class<?>> handlerTypes(EmbeddedChannel ch) {
    List<Class<?>> types = new ArrayList<>();
    for (Map.Entry<String, ChannelHandler> e : ch.pipeline()) {
      types.add(e.getValue().getClass());
    }
    return types;
  }

  @Test
  void theDefaultsAreThoseOfAPublicFacingService() {
    CesrServerInitializer init = builder().build();
    assertEquals(1 << 20, init.options().maxFrameBytes());
    assertEquals(64L << 20, init.budget().limitBytes());
    assertEquals(Duration.ofSeconds(30), init.guards().frameTimeout());
    assertEquals(16, init.guards().maxFramesInFlight());
    assertSame(init.budget(), init.guards().budget());
    EmbeddedChannel ch = new EmbeddedChannel(init);
    try {
      assertEquals(
          List.of(IdleStateHandler.class, WriteTimeoutHandler.class, ConnectionGuard.class,
              CesrFrameDecoder.class, Recorder.class),
          handlerTypes(ch));
      assertEquals(WriteBufferWaterMark.DEFAULT.high(), ch.config().getWriteBufferHighWaterMark());
      IdleStateHandler idle = ch.pipeline().get(IdleStateHandler.class);
      assertEquals(60_000, idle.getReaderIdleTimeInMillis());
      assertEquals(0, idle.getWriterIdleTimeInMillis());
      CesrFrameDecoder d = ch.pipeline().get(CesrFrameDecoder.class);
      assertEquals(OnMalformed.CLOSE, d.onMalformed());
      assertSame(init.guards(), d.guards());
      assertEquals(1, init.stats().openConnections());
      assertEquals(1, init.channels().size());
    } finally {
      ch.finishAndReleaseAll();
    }
    assertEquals(0, init.stats().openConnections());
    assertEquals(0, init.channels().size());
    assertEquals(1, init.stats().closed(CloseReason.OTHER));
  }

  @Test
  void everySettingIsApplied() {
    CesrMemoryBudget shared = new CesrMemoryBudget(1 << 20);
    CesrServerInitializer init =
        builder()
            .options(CesrOptions.builder().maxDepth(3).build())
            .maxFrameBytes(4096)
            .memoryBudget(shared)
            .onMalformed(OnMalformed.SKIP_TO_COLD_START)
            .frameTimeout(Duration.ofSeconds(2))
            .idleTimeout(Duration.ZERO)
            .writeTimeout(Duration.ZERO)
            .maxFramesInFlight(3)
            .writeBufferWaterMark(new WriteBufferWaterMark(100, 200))
            .build();
    assertEquals(4096, init.options().maxFrameBytes());
    assertEquals(3, init.options().maxDepth());
    assertSame(shared, init.budget());
    assertEquals(new FrameGuards(shared, Duration.ofSeconds(2), 3), init.guards());
    EmbeddedChannel ch = new EmbeddedChannel(init);
    try {
      assertEquals(List.of(ConnectionGuard.class, CesrFrameDecoder.class, Recorder.class), handlerTypes(ch),
          "no idle or write timeout");
      assertEquals(200, ch.config().getWriteBufferHighWaterMark());
      assertEquals(100, ch.config().getWriteBufferLowWaterMark());
      assertEquals(OnMalformed.SKIP_TO_COLD_START, ch.pipeline().get(CesrFrameDecoder.class).onMalformed());
    } finally {
      ch.finishAndReleaseAll();
    }
    assertEquals(1 << 21, builder().memoryBudget(shared).memoryBudgetBytes(1 << 21).build().budget().limitBytes(),
        "a budget of its own replaces the shared one");
  }

  @Test
  void theBuilderRefusesNonsense() {
    assertThrows(NullPointerException.class, () -> CesrServerInitializer.builder(null));
    assertThrows(IllegalArgumentException.class, () -> builder().maxFrameBytes(3).build());
    assertThrows(IllegalArgumentException.class, () -> builder().maxFrameBytes(1L << 31).build());
    assertThrows(IllegalArgumentException.class,
        () -> builder().maxFrameBytes(1 << 20).memoryBudgetBytes((1 << 20) - 1).build());
    assertThrows(IllegalArgumentException.class,
        () -> builder().maxFrameBytes(1 << 20).memoryBudget(new CesrMemoryBudget(1000)).build());
    assertThrows(IllegalArgumentException.class, () -> builder().maxConnections(0));
    assertThrows(IllegalArgumentException.class, () -> builder().maxFramesInFlight(0));
    assertThrows(IllegalArgumentException.class, () -> builder().frameTimeout(Duration.ofMillis(-1)));
    assertThrows(IllegalArgumentException.class, () -> builder().idleTimeout(Duration.ofMillis(-1)));
    assertThrows(IllegalArgumentException.class, () -> builder().writeTimeout(Duration.ofMillis(-1)));
    assertThrows(NullPointerException.class, () -> builder().idleTimeout(null));
    assertThrows(NullPointerException.class, () -> builder().options(null));
    assertThrows(NullPointerException.class, () -> builder().onMalformed(null));
    assertThrows(NullPointerException.class, () -> builder().memoryBudget(null));
    assertThrows(NullPointerException.class, () -> builder().writeBufferWaterMark(null));
    // the edges are accepted
    assertEquals(4, builder().maxFrameBytes(4).memoryBudgetBytes(4).build().options().maxFrameBytes());
    assertEquals(Integer.MAX_VALUE,
        builder().maxFrameBytes(Integer.MAX_VALUE).memoryBudgetBytes(Integer.MAX_VALUE).build()
            .options().maxFrameBytes());
    builder().maxConnections(1).maxFramesInFlight(1).frameTimeout(Duration.ZERO).build();
  }

  @Test
  void aConnectionBeyondTheCapIsClosedAtOnce() {
    CesrServerInitializer init = builder().maxConnections(2).build();
    EmbeddedChannel a = new EmbeddedChannel(init);
    EmbeddedChannel b = new EmbeddedChannel(init);
    EmbeddedChannel c = new EmbeddedChannel(init);
    assertTrue(a.isOpen());
    assertTrue(b.isOpen());
    assertFalse(c.isOpen(), "the third of two");
    assertEquals(CloseReason.CONNECTION_CAP, CloseReason.recordedOn(c));
    assertEquals(List.of(), handlerTypes(c), "no handler added");
    assertEquals(1, init.stats().closed(CloseReason.CONNECTION_CAP));
    assertEquals(2, init.stats().accepted());
    assertEquals(2, init.stats().openConnections());
    a.finishAndReleaseAll();
    EmbeddedChannel d = new EmbeddedChannel(init);
    assertTrue(d.isOpen(), "room again");
    assertEquals(3, init.stats().accepted());
    b.finishAndReleaseAll();
    c.finishAndReleaseAll();
    d.finishAndReleaseAll();
    assertEquals(0, init.stats().openConnections());
    assertEquals(3, init.stats().closed(CloseReason.OTHER));
    assertEquals("accepted 3, open 0, closed {CONNECTION_CAP=1, IDLE=0, WRITE_TIMEOUT=0, FRAME_TIMEOUT=0,"
        + " MEMORY_BUDGET=0, FRAME_TOO_LARGE=0, MALFORMED=0, OTHER=3}", init.stats().toString());
  }

  @Test
  void otherIdleStatesAndEventsPassOnAndCloseNothing() {
    List<Object> events = new ArrayList<>();
    CesrServerInitializer init = CesrServerInitializer.builder(ch -> ch.pipeline().addLast(
        new io.netty.channel.ChannelInboundHandlerAdapter() {
          @Override
          public void userEventTriggered(io.netty.channel.ChannelHandlerContext ctx, Object evt) {
            events.add(evt);
          }
        })).build();
    EmbeddedChannel ch = new EmbeddedChannel(init);
    ch.pipeline().fireUserEventTriggered(io.netty.handler.timeout.IdleStateEvent.WRITER_IDLE_STATE_EVENT);
    ch.pipeline().fireUserEventTriggered("custom");
    assertTrue(ch.isOpen());
    assertEquals(List.of(io.netty.handler.timeout.IdleStateEvent.WRITER_IDLE_STATE_EVENT, "custom"), events);
    ch.pipeline().fireUserEventTriggered(io.netty.handler.timeout.IdleStateEvent.READER_IDLE_STATE_EVENT);
    assertFalse(ch.isOpen());
    assertEquals(io.netty.handler.timeout.IdleStateEvent.READER_IDLE_STATE_EVENT, events.get(2), "passed on too");
    ch.finishAndReleaseAll();
    assertEquals(1, init.stats().closed(CloseReason.IDLE));
  }

  @Test
  void anIdleConnectionIsClosed() {
    CesrServerInitializer init = builder().idleTimeout(Duration.ofSeconds(10)).build();
    EmbeddedChannel ch = new EmbeddedChannel(init);
    ch.advanceTimeBy(9, TimeUnit.SECONDS);
    ch.runScheduledPendingTasks();
    assertTrue(ch.isOpen());
    ch.writeInbound(Wire.pooled("{\"v\""));
    ch.advanceTimeBy(9, TimeUnit.SECONDS);
    ch.runScheduledPendingTasks();
    assertTrue(ch.isOpen(), "a read 9 s ago");
    ch.advanceTimeBy(2, TimeUnit.SECONDS);
    ch.runScheduledPendingTasks();
    assertFalse(ch.isOpen());
    assertEquals(1, init.stats().closed(CloseReason.IDLE));
    ch.finishAndReleaseAll();
  }

  @Test
  void aWriteThePeerDoesNotTakeInTimeClosesTheConnection() {
    CesrServerInitializer init = builder().writeTimeout(Duration.ofSeconds(5)).build();
    EmbeddedChannel ch = new EmbeddedChannel(init);
    ch.write(Unpooled.wrappedBuffer(new byte[] {1, 2, 3})); // never flushed: never taken
    ch.advanceTimeBy(6, TimeUnit.SECONDS);
    ch.runScheduledPendingTasks();
    assertFalse(ch.isOpen());
    assertInstanceOf(WriteTimeoutException.class, recorders.get(0).errors.get(0));
    assertEquals(1, init.stats().closed(CloseReason.WRITE_TIMEOUT));
    ch.finishAndReleaseAll();
  }

  @Test
  void eachRuleOfTheDecoderIsCountedAsItsOwn() {
    CesrServerInitializer init =
        builder().maxFrameBytes(1000).memoryBudgetBytes(5000).frameTimeout(Duration.ofSeconds(3)).build();
    EmbeddedChannel tooLarge = new EmbeddedChannel(init);
    tooLarge.writeInbound(Wire.pooled("{\"v\":\"KERI10JSON0f4240_\",\"t\":\"icp\""));
    assertInstanceOf(FrameTooLargeException.class, recorders.get(0).errors.get(0));
    EmbeddedChannel holds = new EmbeddedChannel(init);
    String header = "{\"v\":\"KERI10JSON0003e8_\",\"t\":\"icp\""; // declares 1000 bytes
    // holds 600 of them, in a cumulation of 4,096 bytes (what is charged)
    holds.writeInbound(Wire.pooled(header + "a".repeat(600 - header.length())));
    // 1000 declared, 904 left by the other connection: refused at once
    EmbeddedChannel refused = new EmbeddedChannel(init);
    refused.writeInbound(Wire.pooled("{\"v\":\"KERI10JSON0003e8_\",\"t\":\"icp\""));
    EmbeddedChannel garbage = new EmbeddedChannel(init);
    garbage.writeInbound(Wire.pooled("####"));
    assertInstanceOf(dev.cesrj.ColdStartException.class, recorders.get(3).errors.get(0));
    holds.advanceTimeBy(4, TimeUnit.SECONDS);
    holds.runScheduledPendingTasks();
    for (EmbeddedChannel ch : List.of(tooLarge, holds, refused, garbage)) {
      assertFalse(ch.isOpen());
      ch.finishAndReleaseAll();
    }
    assertEquals(1, init.stats().closed(CloseReason.FRAME_TOO_LARGE));
    assertEquals(1, init.stats().closed(CloseReason.FRAME_TIMEOUT));
    assertEquals(1, init.stats().closed(CloseReason.MEMORY_BUDGET));
    assertEquals(1, init.stats().closed(CloseReason.MALFORMED));
    assertEquals(0, init.stats().closed(CloseReason.OTHER));
    assertEquals(0, init.budget().reservedBytes());
    assertEquals(4096, init.budget().highWaterBytes(),
        "the memory held (the 600 bytes' cumulation of 4,096), not the declared size");
  }

  @Test
  void underSkipToColdStartABadFrameIsNoClosingRule() {
    CesrServerInitializer init = builder().onMalformed(OnMalformed.SKIP_TO_COLD_START).build();
    EmbeddedChannel ch = new EmbeddedChannel(init);
    ch.writeInbound(Wire.pooled("####"));
    assertInstanceOf(dev.cesrj.CesrException.class, recorders.get(0).errors.get(0));
    assertTrue(ch.isOpen());
    ch.finishAndReleaseAll();
    assertEquals(1, init.stats().closed(CloseReason.OTHER));
    assertEquals(0, init.stats().closed(CloseReason.MALFORMED));
  }

  @Test
  void closeReasonsMapTheDecodersErrors() {
    assertEquals(CloseReason.MALFORMED, CloseReason.of(new MalformedException(0, null, "x", "y")));
    assertEquals(CloseReason.FRAME_TOO_LARGE, CloseReason.of(new FrameTooLargeException(0, null, 9, 4)));
    assertEquals(CloseReason.MEMORY_BUDGET, CloseReason.of(new dev.cesrj.MemoryBudgetException(0, null, 9, 0, 4)));
    assertEquals(CloseReason.FRAME_TIMEOUT, CloseReason.of(new dev.cesrj.FrameTimeoutException(0, 5, 1, 1)));
    EmbeddedChannel ch = new EmbeddedChannel();
    assertEquals(CloseReason.OTHER, CloseReason.recordedOn(ch));
    CloseReason.IDLE.record(ch);
    CloseReason.MALFORMED.record(ch);
    assertEquals(CloseReason.IDLE, CloseReason.recordedOn(ch), "the first recorded wins");
    assertNotNull(ch.finishAndReleaseAll() || true);
  }
}
