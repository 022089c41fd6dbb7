package dev.cesrj.cli;

import dev.cesrj.netty.CesrServerInitializer;
import java.util.OptionalLong;

/**
 * The memory budget {@code cesrj watch} gives its server ({@code CesrServerInitializer}'s {@code
 * memoryBudgetBytes}, shared by every connection and charged with the bytes of the requests in
 * progress) and where it came from.
 *
 * <p>Without {@code --budget} the tool takes the smaller of the library's default ({@value
 * CesrServerInitializer#DEFAULT_MEMORY_BUDGET_BYTES} bytes, 64 MiB) and a third of the JVM's
 * maximum heap ({@link Runtime#maxMemory()}): docs/guide/watcher.md measured a flood of stalled
 * POSTs against a budget larger than a third of the heap drive the JVM into long GC pauses
 * ({@code FixedHeapHostileTest}). The library's default is unchanged; this rule is the tool's.
 *
 * @param bytes the budget in bytes, at least 1
 * @param source where it came from
 */
record WatchBudget(long bytes, Source source) {
  /** Where a budget came from. */
  enum Source {
    /** {@code --budget BYTES}. */
    OPTION,
    /** The library's default, smaller than a third of the heap. */
    LIBRARY_DEFAULT,
    /** A third of the JVM's maximum heap, smaller than the library's default. */
    THIRD_OF_HEAP
  }

  /**
   * {@return the budget: {@code given} if present, else {@link #byDefault(long)}}
   *
   * @param given the {@code --budget} value, if given
   * @param maxHeap the JVM's maximum heap in bytes ({@link Runtime#maxMemory()}; {@link
   *     Long#MAX_VALUE} when it has no limit)
   */
  static WatchBudget of(OptionalLong given, long maxHeap) {
    return given.isPresent() ? new WatchBudget(given.getAsLong(), Source.OPTION)
        : byDefault(maxHeap);
  }

  /**
   * {@return the default budget for a JVM of maximum heap {@code maxHeap} bytes: the smaller of
   * 64 MiB and {@code maxHeap / 3} (rounded down), at least 1}
   *
   * @param maxHeap the JVM's maximum heap in bytes
   */
  static WatchBudget byDefault(long maxHeap) {
    long library = CesrServerInitializer.DEFAULT_MEMORY_BUDGET_BYTES;
    long third = Math.max(1, maxHeap / 3);
    return third < library ? new WatchBudget(third, Source.THIRD_OF_HEAP)
        : new WatchBudget(library, Source.LIBRARY_DEFAULT);
  }

  /** {@return how the start line says where it came from} */
  String why() {
    return switch (source) {
      case OPTION -> "--budget";
      case LIBRARY_DEFAULT -> "the library default, at most a third of the max heap";
      case THIRD_OF_HEAP -> "a third of the max heap, below the library default of "
          + CesrServerInitializer.DEFAULT_MEMORY_BUDGET_BYTES;
    };
  }
}
