package dev.cesrj.alloc;

import java.util.Locale;

/**
 * What {@link AllocationMeter} measured: over {@code runs} runs of a task, the ByteBufs allocated
 * through a {@link CountingAllocator} and the heap bytes allocated by the calling thread.
 *
 * @param runs runs measured (after the warm-up)
 * @param buffers ByteBuf allocations counted by the allocator during those runs
 * @param heapBytes bytes allocated on the heap by the measuring thread during those runs, as
 *     {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes} reports them (JVM
 *     objects and arrays; pooled buffer memory allocated earlier is not counted again)
 */
public record Allocations(long runs, long buffers, long heapBytes) {
  /** Validates the figures. */
  public Allocations {
    if (runs <= 0 || buffers < 0 || heapBytes < 0) {
      throw new IllegalArgumentException(
          "runs " + runs + ", buffers " + buffers + ", heap bytes " + heapBytes);
    }
  }

  /** ByteBufs allocated per run. */
  public double buffersPerRun() {
    return (double) buffers / runs;
  }

  /** Heap bytes allocated per run. */
  public double heapBytesPerRun() {
    return (double) heapBytes / runs;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT, "%.3f bufs/run, %.1f heap B/run (%d runs)",
        buffersPerRun(), heapBytesPerRun(), runs);
  }
}
