package dev.cesrj.bench;

import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.GroupArms;
import dev.cesrj.alloc.SignatureStreams;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Average time to parse one attachment stream of {@code groups} CESR 1.0 ControllerIdxSigs
 * groups of two Ed25519 signatures ({@link SignatureStreams}), four ways ({@link GroupArms}):
 * copy-once ({@code Groups.copyOf}), per-group ({@code LegacyGroupParser.parseGroup} loop),
 * zero-copy ({@code Groups.over} a buffer filled once) and copy-only (copy into a pooled buffer
 * and release: the floor of any copying parser). Run with {@code -prof gc} for {@code
 * gc.alloc.rate.norm} (heap bytes per stream):
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar GroupsBenchmark -prof gc -f 1 -wi 3 -i 5 -w 1s -r 1s
 * </pre>
 *
 * <p>{@code input} chooses the zero-copy arm's buffer, heap or direct.
 *
 * <p>The forked JVM runs with Netty leak detection disabled (a tracked buffer allocates on every
 * access) and uses {@code CesrOptions.DEFAULT}: {@code PooledByteBufAllocator.DEFAULT}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Dio.netty.leakDetectionLevel=disabled"})
@State(Scope.Thread)
public class GroupsBenchmark {
  /** Groups per stream (2 signatures each: 180 bytes per group). */
  @Param({"1", "16", "256"})
  public int groups;

  /**
   * The zero-copy arm's buffer: {@code heap} (a pooled heap buffer, read through its backing
   * array) or {@code direct} (a pooled direct buffer, as a Netty socket hands out by default). The
   * other arms copy from a {@code byte[]} into a heap buffer and do not depend on it: {@code -p
   * input=heap,direct}.
   */
  @Param({"heap", "direct"})
  public String input;

  private byte[] stream;
  private ByteBuf prepared;
  private final CesrOptions options = CesrOptions.DEFAULT;
  private final ByteBufAllocator allocator = CesrOptions.DEFAULT.allocator();

  /** Builds the stream and the buffer zero-copy reads. */
  @Setup(Level.Trial)
  public void setUp() {
    stream = SignatureStreams.controllerIdxSigs(groups, SignatureStreams.DEFAULT_SIGS);
    if (input.equals("direct")) {
      prepared = allocator.directBuffer(stream.length, stream.length).writeBytes(stream);
    } else if (input.equals("heap")) {
      prepared = GroupArms.prepare(stream, allocator);
    } else {
      throw new IllegalArgumentException("input must be heap or direct: " + input);
    }
    long expected = (long) groups * SignatureStreams.DEFAULT_SIGS;
    if (GroupArms.copyOnce(stream, options) != expected
        || GroupArms.perGroup(stream, options) != expected
        || GroupArms.zeroCopy(prepared, options) != expected) {
      throw new IllegalStateException("the arms disagree on the groups of the stream");
    }
  }

  /** Releases the zero-copy buffer (heap or direct). */
  @TearDown(Level.Trial)
  public void tearDown() {
    prepared.release();
  }

  /** {@code Groups.copyOf}: one copy, groups sliced from it. */
  @Benchmark
  public long copyOnce() {
    return GroupArms.copyOnce(stream, options);
  }

  /** {@code LegacyGroupParser.parseGroup} loop: the rest of the stream copied per group. */
  @Benchmark
  public long perGroup() {
    return GroupArms.perGroup(stream, options);
  }

  /** {@code Groups.over} a buffer filled once, reader index reset. */
  @Benchmark
  public long zeroCopy() {
    return GroupArms.zeroCopy(prepared, options);
  }

  /** Copy into a pooled buffer and release it, no parsing. */
  @Benchmark
  public long copyOnly() {
    return GroupArms.copyOnly(stream, allocator);
  }
}
