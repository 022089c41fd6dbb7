package dev.cesrj.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.alloc.AllocationInvariants.BySize;
import dev.cesrj.alloc.AllocationInvariants.Check;
import dev.cesrj.alloc.AllocationInvariants.Result;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The allocation claims of {@code Groups} against the per-group baseline, measured on this
 * thread with leak detection off (see {@link AllocationInvariants} for how and for the measured
 * figures the bounds come from). No timing is asserted.
 */
class GroupsAllocationTest {
  private static Result result;

  @BeforeAll
  static void measure() {
    result = AllocationInvariants.check(SignatureStreams.DEFAULT_SIGS);
    // the figures, for the build log
    System.out.println("GroupsAllocationTest (" + AllocationInvariants.SMALL + " / "
        + AllocationInvariants.LARGE + " groups of 2 signatures):");
    print("copy-once", result.copyOnce());
    print("per-group", result.perGroup());
    print("zero-copy", result.zeroCopy());
    CountingAllocator a = new CountingAllocator();
    byte[] stream = SignatureStreams.controllerIdxSigs(AllocationInvariants.SMALL, 2);
    System.out.println("  copy-only " + AllocationMeter.measure(
        a, 20_000, 5_000, () -> GroupArms.copyOnly(stream, a)));
    result.checks().forEach(c -> System.out.println("  " + c));
  }

  private static void print(String arm, BySize s) {
    System.out.println(String.format(Locale.ROOT, "  %-9s %s | %s", arm, s.small(), s.large()));
  }

  @Test
  void copyOnceMakesExactlyOneBufferPerStreamWhateverTheGroupCount() {
    assertEquals(result.copyOnce().small().runs(), result.copyOnce().small().buffers());
    assertEquals(result.copyOnce().large().runs(), result.copyOnce().large().buffers());
  }

  @Test
  void perGroupMakesAtLeastOneBufferPerGroupSoMoreFor32Than16() {
    BySize p = result.perGroup();
    assertTrue(p.small().buffersPerRun() >= AllocationInvariants.SMALL, p.small().toString());
    assertTrue(p.large().buffersPerRun() >= AllocationInvariants.LARGE, p.large().toString());
    assertTrue(p.large().buffersPerRun() > p.small().buffersPerRun());
    // exactly one per group in fact: the whole rest of the input is copied each time
    assertEquals(AllocationInvariants.SMALL, p.small().buffersPerRun());
    assertEquals(AllocationInvariants.LARGE, p.large().buffersPerRun());
  }

  @Test
  void zeroCopyOverAByteBufMakesNoBuffer() {
    assertEquals(0, result.zeroCopy().small().buffers());
    assertEquals(0, result.zeroCopy().large().buffers());
  }

  @Test
  void copyOnceHeapBytesPerGroupStayBoundedAndDoNotGrowWithTheInput() {
    BySize c = result.copyOnce();
    double small = c.small().heapBytesPerRun();
    double large = c.large().heapBytesPerRun();
    assertTrue(small / AllocationInvariants.SMALL < AllocationInvariants.MAX_HEAP_BYTES_PER_GROUP,
        c.small().toString());
    assertTrue(large / AllocationInvariants.LARGE < AllocationInvariants.MAX_HEAP_BYTES_PER_GROUP,
        c.large().toString());
    assertTrue(
        large - small
            <= (AllocationInvariants.LARGE - AllocationInvariants.SMALL)
                * (double) AllocationInvariants.MAX_HEAP_BYTES_PER_ADDED_GROUP,
        small + " -> " + large);
    // a copy of the input would cost at least its size (2,880 / 5,760 bytes) on the heap
    assertTrue(large < SignatureStreams.size(AllocationInvariants.LARGE, 2), c.large().toString());
  }

  @Test
  void everyInvariantThatConcurrentParseChecksHolds() {
    assertEquals(4, result.checks().size());
    for (Check c : result.checks()) {
      assertTrue(c.passed(), c.toString());
    }
    assertTrue(result.passed());
  }
}
