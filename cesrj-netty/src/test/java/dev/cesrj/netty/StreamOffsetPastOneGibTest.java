package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrException;
import dev.cesrj.ColdStartException;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The offsets a {@link CesrFrameDecoder} gives, frames' and errors' alike, count from the first
 * byte of the channel's stream also past the parser's first GiB (where it re-bases its own
 * offsets): more than 1 GiB of real messages go through one channel, reads of one buffer of
 * corpus messages fed again and again, then a bad byte.
 */
@Timeout(180)
class StreamOffsetPastOneGibTest {
  /** Counts and releases frames; keeps the last frame's offset and every error. */
  private static final class Counter extends ChannelInboundHandlerAdapter {
    long frames;
    long lastOffset = -1;
    final List<Throwable> errors = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      CesrFrame f = (CesrFrame) msg;
      lastOffset = f.streamOffset();
      frames++;
      f.release();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      errors.add(cause);
    }
  }

  private static long lastMessageOffset(byte[] stream) {
    long last = -1;
    try (Messages messages = Messages.copyOf(stream)) {
      while (messages.hasNext()) {
        last = messages.next().offset();
      }
    }
    return last;
  }

  @Test
  void anErrorPastOneGibCarriesItsStreamOffset() {
    // AttachmentGroup-wrapped messages: each read ends at a message's end, none is held
    byte[] stream = Corpus.bytes("kel_witnessed.v1.grouped.txt.cesr");
    int copies = (1 << 20) / stream.length;
    ByteBuf read = PooledByteBufAllocator.DEFAULT.heapBuffer(copies * stream.length);
    for (int i = 0; i < copies; i++) {
      read.writeBytes(stream);
    }
    long readBytes = read.readableBytes();
    long reads = (1L << 30) / readBytes + 2; // past 1 GiB
    Counter counter = new Counter();
    EmbeddedChannel ch = new EmbeddedChannel(new CesrFrameDecoder(), counter);
    try {
      for (long r = 0; r < reads; r++) {
        ch.writeInbound(read.retainedDuplicate());
      }
      long total = reads * readBytes;
      assertTrue(total > 1L << 30);
      assertEquals(reads * copies * 16, counter.frames, "16 messages per copy");
      assertEquals(total - stream.length + lastMessageOffset(stream), counter.lastOffset,
          "the last frame's stream offset");
      ch.writeInbound(Wire.pooled("####"));
      assertEquals(1, counter.errors.size(), counter.errors.toString());
      CesrException e = assertInstanceOf(ColdStartException.class, counter.errors.get(0));
      assertEquals(total, e.offset(), "the bad byte's offset in the channel's stream");
      assertTrue(e.getMessage().startsWith("at offset " + total + ":"), e.getMessage());
      assertFalse(ch.isOpen());
    } finally {
      read.release();
      ch.finishAndReleaseAll();
    }
  }
}
