package dev.cesrj.alloc;

import dev.cesrj.CesrOptions;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The allocation invariants of the parsing strategies, measured with {@link AllocationMeter} on
 * the calling thread over synthetic streams of {@value #SMALL} and {@value #LARGE}
 * ControllerIdxSigs groups ({@link SignatureStreams}):
 *
 * <ol>
 *   <li>copy-once ({@code Groups.copyOf}) allocates exactly one buffer per stream, whatever the
 *       number of groups;
 *   <li>per-group ({@code LegacyGroupParser.parseGroup} loop) allocates at least one buffer per
 *       group, so more for {@value #LARGE} groups than for {@value #SMALL};
 *   <li>zero-copy ({@code Groups.over(ByteBuf)}) allocates no buffer;
 *   <li>copy-once allocates fewer than {@value #MAX_HEAP_BYTES_PER_GROUP} heap bytes per group,
 *       and going from {@value #SMALL} to {@value #LARGE} groups adds at most {@value
 *       #MAX_HEAP_BYTES_PER_ADDED_GROUP} bytes per added group: the per-group objects (one {@code
 *       Group} view, 64 bytes with compressed oops, when the JIT does not scalar-replace it), never
 *       a copy of the input.
 * </ol>
 *
 * <p>Bounds from measurement (JDK 17, Netty 4.2.18, this project's first version): copy-once
 * allocates 216 heap bytes per stream once C2 has compiled the loop (the group views are
 * scalar-replaced), 1,241 and 2,264 bytes for 16 and 32 groups before (64 bytes per group);
 * per-group 168 bytes per group; zero-copy 120 bytes per stream. Under surefire (leak tracker
 * on every buffer, see {@link AllocationMeter}) copy-once measured 1,288 and 2,312 bytes (the
 * views were not scalar-replaced there), per-group 312 bytes per group. {@code
 * GroupsAllocationTest} and {@code ConcurrentParse} both run these checks.
 */
public final class AllocationInvariants {
  /** Groups in the smaller stream. */
  public static final int SMALL = 16;

  /** Groups in the larger stream. */
  public static final int LARGE = 32;

  /** Upper bound of copy-once heap bytes per group (measured: 13.5 compiled, 78 interpreted). */
  public static final int MAX_HEAP_BYTES_PER_GROUP = 256;

  /** Upper bound of the copy-once heap bytes added per added group (measured: 0 or 64). */
  public static final int MAX_HEAP_BYTES_PER_ADDED_GROUP = 96;

  private static final int ROUNDS = 3;
  private static final int COPY_WARMUPS = 20_000;
  private static final int COPY_RUNS = 5_000;
  private static final int PER_GROUP_WARMUPS = 3_000;
  private static final int PER_GROUP_RUNS = 1_000;

  private AllocationInvariants() {}

  /** One invariant: its statement, whether it held, and the figures. */
  public record Check(String statement, boolean passed, String figures) {
    @Override
    public String toString() {
      return (passed ? "ok   " : "FAIL ") + statement + ": " + figures;
    }
  }

  /** One strategy measured at {@value #SMALL} and at {@value #LARGE} groups. */
  public record BySize(Allocations small, Allocations large) {}

  /**
   * What was measured and checked.
   *
   * @param copyOnce copy-once at {@value #SMALL} and {@value #LARGE} groups
   * @param perGroup per-group at both sizes
   * @param zeroCopy zero-copy at both sizes
   * @param checks the invariants
   */
  public record Result(
      BySize copyOnce, BySize perGroup, BySize zeroCopy, List<Check> checks) {
    /** True if every invariant held. */
    public boolean passed() {
      return checks.stream().allMatch(Check::passed);
    }
  }

  /** Measures and checks the invariants on streams of groups of {@code sigs} signatures. */
  public static Result check(int sigs) {
    byte[] small = SignatureStreams.controllerIdxSigs(SMALL, sigs);
    byte[] large = SignatureStreams.controllerIdxSigs(LARGE, sigs);
    CountingAllocator allocator = new CountingAllocator();
    CesrOptions options = CesrOptions.builder().allocator(allocator).build();
    BySize copyOnce =
        measure(allocator, small, large, COPY_WARMUPS, COPY_RUNS,
            s -> () -> GroupArms.copyOnce(s, options));
    BySize perGroup =
        measure(allocator, small, large, PER_GROUP_WARMUPS, PER_GROUP_RUNS,
            s -> () -> GroupArms.perGroup(s, options));
    ByteBuf preparedSmall = GroupArms.prepare(small, allocator.delegate());
    ByteBuf preparedLarge = GroupArms.prepare(large, allocator.delegate());
    BySize zeroCopy;
    try {
      zeroCopy =
          measure(allocator, small, large, COPY_WARMUPS, COPY_RUNS,
              s -> {
                ByteBuf prepared = s == small ? preparedSmall : preparedLarge;
                return () -> GroupArms.zeroCopy(prepared, options);
              });
    } finally {
      preparedSmall.release();
      preparedLarge.release();
    }

    List<Check> checks = new ArrayList<>();
    checks.add(
        new Check(
            "copy-once makes exactly one buffer per stream at " + SMALL + " and " + LARGE
                + " groups",
            copyOnce.small().buffers() == copyOnce.small().runs()
                && copyOnce.large().buffers() == copyOnce.large().runs(),
            bufs(copyOnce)));
    checks.add(
        new Check(
            "per-group makes at least one buffer per group, more at " + LARGE + " than " + SMALL,
            perGroup.small().buffersPerRun() >= SMALL
                && perGroup.large().buffersPerRun() >= LARGE
                && perGroup.large().buffersPerRun() > perGroup.small().buffersPerRun(),
            bufs(perGroup)));
    checks.add(
        new Check(
            "zero-copy makes no buffer",
            zeroCopy.small().buffers() == 0 && zeroCopy.large().buffers() == 0,
            bufs(zeroCopy)));
    double perGroupSmall = copyOnce.small().heapBytesPerRun() / SMALL;
    double perGroupLarge = copyOnce.large().heapBytesPerRun() / LARGE;
    double addedPerGroup =
        (copyOnce.large().heapBytesPerRun() - copyOnce.small().heapBytesPerRun()) / (LARGE - SMALL);
    checks.add(
        new Check(
            "copy-once heap bytes per group < " + MAX_HEAP_BYTES_PER_GROUP
                + ", growth per added group <= " + MAX_HEAP_BYTES_PER_ADDED_GROUP,
            perGroupSmall < MAX_HEAP_BYTES_PER_GROUP
                && perGroupLarge < MAX_HEAP_BYTES_PER_GROUP
                && addedPerGroup <= MAX_HEAP_BYTES_PER_ADDED_GROUP,
            String.format(
                Locale.ROOT,
                "%.0f B/stream (%.1f B/group) at %d, %.0f B/stream (%.1f B/group) at %d,"
                    + " %+.1f B per added group",
                copyOnce.small().heapBytesPerRun(), perGroupSmall, SMALL,
                copyOnce.large().heapBytesPerRun(), perGroupLarge, LARGE, addedPerGroup)));
    return new Result(copyOnce, perGroup, zeroCopy, List.copyOf(checks));
  }

  /**
   * Measures one strategy at both sizes in {@value #ROUNDS} interleaved rounds (the first with
   * the full warm-up) and keeps, per size, the round that allocated the fewest heap bytes: the
   * JIT compiles on background threads, so an early round may still run code that allocates the
   * per-group views which compiled code scalar-replaces; a round never allocates less than the
   * code really needs. Buffer counts do not depend on the JIT.
   */
  private static BySize measure(
      CountingAllocator allocator, byte[] small, byte[] large, int warmups, int runs,
      Function<byte[], LongSupplier> task) {
    Allocations bestSmall = null;
    Allocations bestLarge = null;
    for (int round = 0; round < ROUNDS; round++) {
      int w = round == 0 ? warmups : warmups / 10;
      Allocations s = AllocationMeter.measure(allocator, w, runs, task.apply(small));
      Allocations l = AllocationMeter.measure(allocator, w, runs, task.apply(large));
      bestSmall = bestSmall == null || s.heapBytes() < bestSmall.heapBytes() ? s : bestSmall;
      bestLarge = bestLarge == null || l.heapBytes() < bestLarge.heapBytes() ? l : bestLarge;
    }
    return new BySize(bestSmall, bestLarge);
  }

  private static String bufs(BySize a) {
    return String.format(
        Locale.ROOT, "%.2f bufs/stream at %d groups, %.2f at %d",
        a.small().buffersPerRun(), SMALL, a.large().buffersPerRun(), LARGE);
  }
}
