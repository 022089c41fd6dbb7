package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** {@link CountingAllocator} counts every buffer it hands out, and only those. */
class CountingAllocatorTest {

  @Test
  void countsEveryKindOfAllocationOnceWithItsInitialCapacity() {
    CountingAllocator a = new CountingAllocator();
    List<Function<CountingAllocator, ByteBuf>> calls =
        List.of(
            c -> c.buffer(10),
            c -> c.buffer(10, 20),
            c -> c.ioBuffer(10),
            c -> c.ioBuffer(10, 20),
            c -> c.heapBuffer(10),
            c -> c.heapBuffer(10, 20),
            c -> c.directBuffer(10),
            c -> c.directBuffer(10, 20));
    long expectedBuffers = 0;
    for (Function<CountingAllocator, ByteBuf> call : calls) {
      ByteBuf b = call.apply(a);
      try {
        expectedBuffers++;
        assertEquals(expectedBuffers, a.buffers());
        assertEquals(10L * expectedBuffers, a.requestedBytes());
        assertEquals(10, b.capacity());
      } finally {
        b.release();
      }
    }
    List<Function<CountingAllocator, ByteBuf>> unsized =
        List.of(
            CountingAllocator::buffer,
            CountingAllocator::ioBuffer,
            CountingAllocator::heapBuffer,
            CountingAllocator::directBuffer,
            CountingAllocator::compositeBuffer,
            c -> c.compositeBuffer(4),
            CountingAllocator::compositeHeapBuffer,
            c -> c.compositeHeapBuffer(4),
            CountingAllocator::compositeDirectBuffer,
            c -> c.compositeDirectBuffer(4));
    for (Function<CountingAllocator, ByteBuf> call : unsized) {
      ByteBuf b = call.apply(a);
      b.release();
    }
    assertEquals(calls.size() + unsized.size(), a.buffers());
  }

  @Test
  void growingABufferDoesNotCountAgain() {
    CountingAllocator a = new CountingAllocator();
    ByteBuf b = a.heapBuffer(4);
    try {
      b.writeBytes(new byte[1000]);
      assertTrue(b.capacity() >= 1000);
      assertEquals(1, a.buffers());
      assertEquals(4, a.requestedBytes());
    } finally {
      b.release();
    }
  }

  @Test
  void delegatesToThePooledAllocator() {
    PooledByteBufAllocator pool = new PooledByteBufAllocator(false);
    CountingAllocator a = new CountingAllocator(pool);
    assertSame(pool, a.delegate());
    assertSame(PooledByteBufAllocator.DEFAULT, new CountingAllocator().delegate());
    long before = heapAllocations(pool);
    ByteBuf b = a.heapBuffer(100);
    try {
      assertSame(pool, b.alloc());
      assertEquals(before + 1, heapAllocations(pool));
    } finally {
      b.release();
    }
    assertEquals(pool.isDirectBufferPooled(), a.isDirectBufferPooled());
    assertEquals(pool.calculateNewCapacity(100, 1000), a.calculateNewCapacity(100, 1000));
    assertThrows(NullPointerException.class, () -> new CountingAllocator(null));
  }

  @Test
  void aTrackingAllocatorKeepsEveryBufferInOrder() {
    PooledByteBufAllocator pool = new PooledByteBufAllocator(false);
    CountingAllocator a = CountingAllocator.tracking(pool);
    assertSame(pool, a.delegate());
    ByteBuf first = a.heapBuffer(10);
    ByteBuf second = a.directBuffer(20);
    CompositeByteBuf third = a.compositeBuffer();
    try {
      assertEquals(List.of(first, second, third), a.allocated());
      assertEquals(3, a.buffers());
      assertEquals(30, a.requestedBytes());
      List<ByteBuf> snapshot = a.allocated();
      a.buffer(5).release();
      assertEquals(3, snapshot.size(), "allocated() is a snapshot");
      assertEquals(4, a.allocated().size());
      assertThrows(UnsupportedOperationException.class, () -> snapshot.add(first));
    } finally {
      first.release();
      second.release();
      third.release();
    }
    assertEquals(0, a.allocated().get(0).refCnt(), "kept, not retained");
    assertSame(PooledByteBufAllocator.DEFAULT, CountingAllocator.tracking().delegate());
    assertThrows(NullPointerException.class, () -> CountingAllocator.tracking(null));
  }

  @Test
  void aCountingOnlyAllocatorKeepsNoBuffer() {
    CountingAllocator a = new CountingAllocator();
    a.heapBuffer(8).release();
    assertEquals(1, a.buffers());
    assertThrows(IllegalStateException.class, a::allocated);
  }

  private static long heapAllocations(PooledByteBufAllocator pool) {
    return pool.metric().heapArenas().stream().mapToLong(x -> x.numAllocations()).sum();
  }
}
