package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.stream.CesrCursor;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.Test;

/**
 * A reused {@link CesrCursor} allocates nothing per stream: no buffer and no heap byte, for an
 * attachment stream in a heap or a direct buffer, every token visited and every signature's raw
 * value read ({@link CursorArms#cursor}). Measured on this thread with leak detection off
 * ({@link AllocationMeter}); the bound is below one byte per stream, so a single object made per
 * stream (16 bytes at least) fails. The messages mode's figure is printed: its framing engine
 * builds the views of {@code Messages}.
 */
class CursorAllocationTest {
  private static final int WARMUPS = 20_000;
  private static final int RUNS = 5_000;

  private static Allocations measure(ByteBuf prepared, CesrCursor cursor, long expected) {
    CountingAllocator counting = new CountingAllocator();
    byte[] raw = new byte[64];
    RawTally tally = new RawTally();
    assertEquals(expected, CursorArms.cursor(cursor, prepared, raw, tally));
    Allocations best = null;
    for (int round = 0; round < 3; round++) {
      Allocations a = AllocationMeter.measure(
          counting, round == 0 ? WARMUPS : WARMUPS / 10, RUNS,
          () -> CursorArms.cursor(cursor, prepared, raw, tally));
      best = best == null || a.heapBytes() < best.heapBytes() ? a : best;
    }
    return best;
  }

  /**
   * Reads every corpus stream through both modes first, as a full test run does before this
   * test: the JIT then compiles the framing code for many codes and list classes (an
   * iterator it could drop for one stream is then allocated), and the bound must still hold.
   */
  private static void readEveryCorpusStream() {
    CesrCursor messages = CesrCursor.messages(CesrOptions.DEFAULT);
    CesrCursor groups = CesrCursor.groups(CesrOptions.DEFAULT);
    byte[] raw = new byte[4096];
    for (int round = 0; round < 20; round++) {
      for (String f : Corpus.streams()) {
        ByteBuf b = io.netty.buffer.Unpooled.wrappedBuffer(Corpus.bytes(f));
        if ("only".equals(Corpus.manifestEntry(f).get("attachments").asText())) {
          CursorArms.cursor(groups, b, raw, new RawTally());
        } else {
          CursorArms.messages(messages, b, raw, new int[64]);
        }
      }
    }
  }

  @Test
  void aReusedCursorAllocatesNothingPerStreamInAHeapOrDirectBuffer() {
    readEveryCorpusStream();
    byte[] stream = SignatureStreams.controllerIdxSigs(16, 2);
    CesrCursor cursor = CesrCursor.groups(CesrOptions.DEFAULT);
    ByteBuf heap = PooledByteBufAllocator.DEFAULT.heapBuffer(stream.length).writeBytes(stream);
    ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(stream.length).writeBytes(stream);
    try {
      for (ByteBuf buf : new ByteBuf[] {heap, direct, heap}) {
        Allocations a = measure(buf, cursor, 32);
        System.out.println("CursorAllocationTest cursor " + (buf.hasArray() ? "heap" : "direct")
            + ": " + a);
        assertEquals(0, a.buffers());
        assertTrue(a.heapBytesPerRun() < 1.0, a.toString());
      }
    } finally {
      heap.release();
      direct.release();
    }
  }

  @Test
  void messagesModeFigureIsPrinted() {
    byte[] stream = Corpus.bytes("kel_single.v1.bare.txt.cesr");
    CesrCursor cursor = CesrCursor.messages(CesrOptions.DEFAULT);
    ByteBuf heap = PooledByteBufAllocator.DEFAULT.heapBuffer(stream.length).writeBytes(stream);
    try {
      byte[] raw = new byte[1024];
      int[] stack = new int[64];
      assertEquals(MessageArms.zeroCopy(heap, CesrOptions.DEFAULT),
          CursorArms.messages(cursor, heap, raw, stack));
      Allocations a = AllocationMeter.measure(
          new CountingAllocator(), 5_000, 1_000, () -> CursorArms.messages(cursor, heap, raw, stack));
      System.out.println("CursorAllocationTest messages kel_single (9 messages): " + a);
      assertEquals(0, a.buffers());
    } finally {
      heap.release();
    }
  }
}
