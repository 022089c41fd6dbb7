package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.Test;

/** {@link AllocationMeter} reports what a task allocates, with leak detection off meanwhile. */
class AllocationMeterTest {

  private static volatile Object keep;

  @Test
  void countsTheHeapBytesOfAKnownAllocation() {
    CountingAllocator a = new CountingAllocator();
    Allocations none = AllocationMeter.measure(a, 100, 1000, () -> 7);
    Allocations kilo =
        AllocationMeter.measure(
            a, 100, 1000,
            () -> {
              byte[] b = new byte[1024];
              keep = b; // escapes: cannot be scalar-replaced
              return b.length;
            });
    assertEquals(0, none.buffers());
    assertTrue(none.heapBytesPerRun() < 16, none.toString());
    // a byte[1024] is 1024 bytes plus a 16-byte header (24 without compressed class pointers)
    assertTrue(kilo.heapBytesPerRun() >= 1024 && kilo.heapBytesPerRun() < 1024 + 64,
        kilo.toString());
  }

  @Test
  void countsBuffersThroughTheAllocator() {
    CountingAllocator a = new CountingAllocator();
    Allocations two =
        AllocationMeter.measure(
            a, 10, 500,
            () -> {
              a.heapBuffer(8).release();
              a.directBuffer(8).release();
              return 0;
            });
    assertEquals(500, two.runs());
    assertEquals(1000, two.buffers());
    assertEquals(2.0, two.buffersPerRun());
    assertEquals(1020, a.buffers());
  }

  @Test
  void switchesLeakDetectionOffWhileMeasuringAndRestoresIt() {
    ResourceLeakDetector.Level before = ResourceLeakDetector.getLevel();
    CountingAllocator a = new CountingAllocator();
    ResourceLeakDetector.Level[] seen = new ResourceLeakDetector.Level[1];
    AllocationMeter.measure(
        a, 0, 1,
        () -> {
          seen[0] = ResourceLeakDetector.getLevel();
          return 0;
        });
    assertEquals(ResourceLeakDetector.Level.DISABLED, seen[0]);
    assertEquals(before, ResourceLeakDetector.getLevel());
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                AllocationMeter.measure(
                    a, 0, 1,
                    () -> {
                      throw new IllegalStateException("boom");
                    }));
    assertEquals("boom", e.getMessage());
    assertEquals(before, ResourceLeakDetector.getLevel());
  }

  @Test
  void aBufferAllocatedWhileMeasuringAndReleasedAfterIsNotALeak() {
    CountingAllocator a = new CountingAllocator();
    ByteBuf[] held = new ByteBuf[1];
    AllocationMeter.measure(
        a, 0, 1,
        () -> {
          held[0] = a.heapBuffer(16);
          return 0;
        });
    assertEquals(1, held[0].refCnt());
    held[0].release();
  }

  @Test
  void rejectsNonsense() {
    CountingAllocator a = new CountingAllocator();
    assertThrows(IllegalArgumentException.class, () -> AllocationMeter.measure(a, 0, 0, () -> 0));
    assertThrows(IllegalArgumentException.class, () -> AllocationMeter.measure(a, -1, 1, () -> 0));
    assertThrows(NullPointerException.class, () -> AllocationMeter.measure(null, 0, 1, () -> 0));
    assertThrows(IllegalArgumentException.class, () -> new Allocations(0, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new Allocations(1, -1, 0));
    assertTrue(AllocationMeter.heapSupported());
  }
}
