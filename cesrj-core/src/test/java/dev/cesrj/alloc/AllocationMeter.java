package dev.cesrj.alloc;

import io.netty.util.ResourceLeakDetector;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Measures the allocations of a task on the calling thread: ByteBufs through a {@link
 * CountingAllocator}, heap bytes through {@code
 * com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}.
 *
 * <p>Netty leak detection is switched off ({@link ResourceLeakDetector.Level#DISABLED}) for the
 * warm-up and the measured runs and restored afterwards, also when the task throws: a tracked
 * buffer records access points and allocates on the heap itself, which would swamp the figures
 * (and a tracked buffer released while detection is off is still untracked correctly). Buffers
 * allocated while detection is off are not tracked, so the task must release what it allocates.
 *
 * <p>In the test JVM, {@code dev.cesrj.testing.TestScopedLeakDetector} is a Netty {@code
 * LeakPresenceDetector}, whose {@code track} ignores the level: there every buffer stays tracked
 * (Netty 4.2 always asks the detector), and heap figures include its wrapper and tracker, about
 * 48 bytes per buffer (measured: copy-only 144 heap bytes per buffer in surefire, 96 outside).
 * Buffer counts are unaffected.
 *
 * <p>The task returns a {@code long} that is kept (summed into a volatile field), so the JIT
 * cannot drop the work. Heap figures are averages over many runs after a warm-up that lets the
 * JIT compile (and scalar-replace) the task; they are exact byte counts of what the thread
 * allocated in that window, so they include anything else the task does.
 */
public final class AllocationMeter {
  private static final com.sun.management.ThreadMXBean THREADS = threadBean();

  private static volatile long sink;

  private AllocationMeter() {}

  private static com.sun.management.ThreadMXBean threadBean() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    if (!(bean instanceof com.sun.management.ThreadMXBean)) {
      return null;
    }
    com.sun.management.ThreadMXBean b = (com.sun.management.ThreadMXBean) bean;
    if (!b.isThreadAllocatedMemorySupported()) {
      return null;
    }
    if (!b.isThreadAllocatedMemoryEnabled()) {
      b.setThreadAllocatedMemoryEnabled(true);
    }
    return b;
  }

  /** True if this JVM reports per-thread allocated bytes (HotSpot does). */
  public static boolean heapSupported() {
    return THREADS != null;
  }

  /**
   * Heap bytes allocated so far by the calling thread.
   *
   * @throws UnsupportedOperationException if the JVM cannot tell ({@link #heapSupported()})
   */
  public static long currentThreadAllocatedBytes() {
    if (THREADS == null) {
      throw new UnsupportedOperationException(
          "this JVM has no com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes");
    }
    return THREADS.getCurrentThreadAllocatedBytes();
  }

  /**
   * Runs {@code task} {@code warmups} times, then {@code runs} times while counting, with leak
   * detection off.
   *
   * @param allocator the allocator the task allocates its buffers through
   * @return buffers and heap bytes of the {@code runs} measured runs
   */
  public static Allocations measure(
      CountingAllocator allocator, int warmups, int runs, LongSupplier task) {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(task, "task");
    if (warmups < 0 || runs <= 0) {
      throw new IllegalArgumentException("warmups " + warmups + ", runs " + runs);
    }
    ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    try {
      long s = 0;
      for (int i = 0; i < warmups; i++) {
        s += task.getAsLong();
      }
      long buffers0 = allocator.buffers();
      long heap0 = currentThreadAllocatedBytes();
      for (int i = 0; i < runs; i++) {
        s += task.getAsLong();
      }
      long heap1 = currentThreadAllocatedBytes();
      long buffers1 = allocator.buffers();
      sink += s;
      return new Allocations(runs, buffers1 - buffers0, heap1 - heap0);
    } finally {
      ResourceLeakDetector.setLevel(level);
    }
  }
}
