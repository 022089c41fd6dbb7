package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.local.LocalChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ReadGate} on a real event loop (an {@code EmbeddedChannel} runs everything on the
 * caller's thread): a frame released on another thread reopens the gate through the event loop,
 * and a release after the event loop has shut down is ignored.
 */
@Timeout(30)
class ReadGateTest {
  @Test
  void aReleaseOnAnotherThreadReopensTheGateOnTheEventLoop() throws Exception {
    DefaultEventLoopGroup group = new DefaultEventLoopGroup(1);
    try {
      LocalChannel ch = new LocalChannel();
      group.register(ch).sync();
      ReadGate gate = new ReadGate(ch, 2);
      ch.eventLoop().submit(() -> {
        gate.frameOut();
        gate.frameOut();
        gate.update();
      }).sync();
      assertEquals(2, gate.inFlight());
      assertFalse(gate.open());
      assertFalse(ch.config().isAutoRead(), "2 frames in flight of 2");
      gate.frameReleased(); // on the test thread: the update is handed to the event loop
      ch.eventLoop().submit(() -> { }).sync(); // runs after the update
      assertEquals(1, gate.inFlight());
      assertTrue(ch.config().isAutoRead());
      gate.frameReleased(); // 0 in flight: no crossing, no task
      assertEquals(0, gate.inFlight());
      ch.close().sync();
    } finally {
      group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void aReleaseAfterTheEventLoopHasShutDownIsIgnored() throws Exception {
    DefaultEventLoopGroup group = new DefaultEventLoopGroup(1);
    LocalChannel ch = new LocalChannel();
    group.register(ch).sync();
    ReadGate gate = new ReadGate(ch, 1);
    ch.eventLoop().submit(gate::frameOut).sync();
    group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS).sync();
    gate.frameReleased(); // the event loop refuses the update: nothing to resume
    assertEquals(0, gate.inFlight());
  }
}
