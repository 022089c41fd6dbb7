package dev.cesrj.http.watcher;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.netty.CloseReason;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;

/**
 * The child JVM of {@link FixedHeapHostileTest}: a watcher with {@link WatcherServer}'s default
 * guards but the memory budget given, holding recording A's KELs (its POSTs replayed, on {@link WatcherRecordingTest#CLOCK}),
 * on a free port. Prints {@code PORT <n>}; on each {@code STATS} line from stdin prints one
 * {@code STATS} line (the budget's high water and reserved bytes, the connections closed for
 * each reason, the heap's peak use, the direct memory in use and its peak); exits when stdin
 * ends.
 */
public final class FixedHeapWatcherMain {
  private FixedHeapWatcherMain() {}

  /** The most direct memory seen in use (the JDK's "direct" buffer pool), sampled every 2 ms. */
  private static volatile long directPeak;

  /** {@return the JDK's "direct" buffer pool's bytes in use (Netty's direct buffers among them)} */
  private static long directUsed() {
    for (BufferPoolMXBean p : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (p.getName().equals("direct")) {
        return p.getMemoryUsed();
      }
    }
    return -1;
  }

  /**
   * Runs the watcher.
   *
   * @param args the memory budget in bytes
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    try (Watcher w = Watcher.open(new InMemoryWatcherStore(), WatcherRecordingTest.CLOCK,
            EscrowLimits.DEFAULT);
        WatcherServer s = WatcherServer.builder(w)
            .guards(g -> g.memoryBudgetBytes(Long.parseLong(args[0]))).start()) {
      Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
          .forEach(x -> WatcherRecordingTest.replay(w, x));
      Thread sampler = new Thread(() -> {
        while (true) {
          long d = directUsed();
          if (d > directPeak) {
            directPeak = d;
          }
          try {
            Thread.sleep(2);
          } catch (InterruptedException e) {
            return;
          }
        }
      });
      sampler.setDaemon(true);
      sampler.start();
      System.out.println("PORT " + s.port());
      System.out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in,
          StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.equals("STATS")) {
          var budget = s.initializer().budget();
          long heapPeak = 0;
          for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
              heapPeak += p.getPeakUsage().getUsed();
            }
          }
          System.out.println("STATS highWater=" + budget.highWaterBytes() + " reserved="
              + budget.reservedBytes() + " budgetClosed=" + s.stats().closed(
                  CloseReason.MEMORY_BUDGET) + " tooLarge=" + s.stats().closed(
                  CloseReason.FRAME_TOO_LARGE) + " capClosed=" + s.stats().closed(
                  CloseReason.CONNECTION_CAP) + " open=" + s.stats().openConnections()
              + " timedOut=" + s.stats().closed(CloseReason.FRAME_TIMEOUT)
              + " gcMillis=" + ManagementFactory.getGarbageCollectorMXBeans().stream()
                  .mapToLong(g -> Math.max(0, g.getCollectionTime())).sum()
              + " heapPeak=" + heapPeak + " maxHeap=" + Runtime.getRuntime().maxMemory()
              + " other=" + s.stats().closed(CloseReason.OTHER) + " idle="
              + s.stats().closed(CloseReason.IDLE) + " malformed=" + s.stats().closed(
                  CloseReason.MALFORMED) + " directUsed=" + directUsed() + " directPeak="
              + directPeak);
          System.out.flush();
        }
      }
    }
  }
}
