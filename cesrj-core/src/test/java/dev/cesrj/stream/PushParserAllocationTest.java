package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.AllocationMeter;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * What the push parser allocates per message framer, counted in heap bytes on this thread
 * ({@link AllocationMeter}: {@code ThreadMXBean.getCurrentThreadAllocatedBytes}, exact, no timing).
 * {@link CesrStreamParser} makes a new {@link MessageFramer} whenever the bytes it frames move (a
 * new or compacted cumulation): 4 for {@code kel_witnessed.v1.bare.txt.cesr} (12,694 bytes) fed
 * 1,024 bytes at a time, so each byte a framer makes costs 4 bytes per stream there. After the
 * engine rework a framer made a {@code Fit} (32 bytes) and was 16 bytes larger (its recording tape,
 * its fit and where a resumed message ends: 64 bytes, not 48), 192 bytes per stream more than at
 * 4fe12eb (StreamingBenchmark {@code chunked}, 10,760 to 10,952 B/op; issue 17). The fit is now
 * the parser's ({@link HeldRun}), the framer reads its buffer and options from its source and
 * views instead of fields of its own (48 bytes again), and the CESR-native body framer is made at
 * the first native body.
 *
 * <p>Sizes assume compressed oops and class pointers and 8-byte alignment (HotSpot's defaults
 * below a 32 GB heap); the test is skipped otherwise.
 */
class PushParserAllocationTest {
  private static final String STREAM = "kel_witnessed.v1.bare.txt.cesr";
  private static final int RUNS = 10_000;
  /** Every framer made is kept here, so that none can be scalar-replaced away. */
  private static MessageFramer[] kept;

  /**
   * A framer's own objects: the {@link MessageFramer} (48 bytes: 7 references and 2 ints), its
   * {@code Source} (32), {@code GroupFramer} (32: its mode, a tape and a fit, is passed down each
   * call, not held in two fields; issue 33) and {@code GroupViews} (24). At 4fe12eb: a 48-byte
   * framer, these with a 40-byte {@code GroupFramer} and a 32-byte {@code NativeBodyFramer} (176);
   * before that fix, a 64-byte framer, these, a {@code NativeBodyFramer} and a 32-byte {@code Fit}
   * (224).
   */
  static final int FRAMER_BYTES = 48 + 32 + 32 + 24;

  private static boolean defaultLayout() {
    HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    return hs != null
        && "true".equals(hs.getVMOption("UseCompressedOops").getValue())
        && "true".equals(hs.getVMOption("UseCompressedClassPointers").getValue())
        && "8".equals(hs.getVMOption("ObjectAlignmentInBytes").getValue());
  }

  @Test
  void aMessageFramerMakesNoFitAndNoNativeBodyFramer() {
    assumeTrue(AllocationMeter.heapSupported() && defaultLayout(), "HotSpot default layout");
    ByteBuf buf = Unpooled.wrappedBuffer(Corpus.bytes(STREAM));
    kept = new MessageFramer[RUNS];
    try {
      long best = Long.MAX_VALUE;
      for (int round = 0; round < 5; round++) {
        long h0 = AllocationMeter.currentThreadAllocatedBytes();
        for (int i = 0; i < RUNS; i++) {
          kept[i] = new MessageFramer(buf, 0, CesrOptions.DEFAULT, null);
        }
        best = Math.min(best, AllocationMeter.currentThreadAllocatedBytes() - h0);
      }
      System.out.println(
          "PushParserAllocationTest: " + best / (double) RUNS + " heap bytes per framer");
      assertTrue(best <= (long) FRAMER_BYTES * RUNS,
          best / (double) RUNS + " bytes per framer, at most " + FRAMER_BYTES);
    } finally {
      kept = null;
      buf.release();
    }
  }
}
