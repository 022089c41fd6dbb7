package dev.cesrj.bench;

import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.MessageArms;
import dev.cesrj.alloc.StreamCensus;
import dev.cesrj.testing.Corpus;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Average time to frame one corpus KEL with receipts ({@code kel_witnessed.v1.bare.txt.cesr}:
 * 16 messages, 12,694 bytes, every message and group visited) two ways ({@link MessageArms}):
 * whole-buffer ({@code Messages.copyOf}: one copy, one pass) and chunked (the push parser
 * {@code CesrStreamParser} fed {@code chunk}-byte pieces copied from the array, as socket reads
 * deliver them, then the end of input). Run with {@code -prof gc} for {@code gc.alloc.rate.norm}
 * (heap bytes per stream), and with {@code -p copies=1,64} to see that both cost the same per
 * message on a stream 64 times as long:
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar -prof gc -f 1 -wi 2 -i 3 -w 1s -r 1s StreamingBenchmark
 * </pre>
 *
 * <p>The forked JVM runs with Netty leak detection disabled and {@code CesrOptions.DEFAULT}
 * ({@code PooledByteBufAllocator.DEFAULT}; {@code -p table=chosen}: CESR 1.0 chosen).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Dio.netty.leakDetectionLevel=disabled"})
@State(Scope.Thread)
public class StreamingBenchmark {
  /** The corpus stream framed. */
  public static final String STREAM = "kel_witnessed.v1.bare.txt.cesr";

  /** Bytes per chunk fed to the push parser. */
  @Param({"1024"})
  public int chunk;

  /**
   * The stream is framed this many times over, back to back ({@code -p copies=1,64}: a linear
   * parser costs the same per message however long the stream; one that re-scans what it has
   * buffered does not).
   */
  @Param({"1"})
  public int copies;

  /**
   * How the counter table is found: {@code inferred} ({@code CesrOptions.DEFAULT}: each message's
   * table told by its first counter and the start of its content) or {@code chosen} (CESR 1.0 set
   * with {@code defaultTable}, nothing inferred): {@code -p table=inferred,chosen} shows what the
   * rule costs.
   */
  @Param({"inferred"})
  public String table;

  private byte[] stream;
  private CesrOptions options;

  /** Loads the stream; checks that both ways visit the same messages and groups. */
  @Setup(Level.Trial)
  public void setUp() {
    options =
        table.equals("chosen")
            ? CesrOptions.builder().defaultTable(dev.cesrj.code.CounterTable.CESR_1_0).build()
            : CesrOptions.DEFAULT;
    byte[] one = Corpus.bytes(STREAM);
    stream = new byte[one.length * copies];
    for (int i = 0; i < copies; i++) {
      System.arraycopy(one, 0, stream, i * one.length, one.length);
    }
    long expected = StreamCensus.of(stream, options).checksum();
    if (MessageArms.copyOnce(stream, options) != expected
        || MessageArms.chunked(stream, options, chunk) != expected) {
      throw new IllegalStateException("whole-buffer and chunked framing disagree on " + STREAM);
    }
  }

  /** {@code Messages.copyOf}: the whole stream at once. */
  @Benchmark
  public long wholeBuffer() {
    return MessageArms.copyOnce(stream, options);
  }

  /** {@code CesrStreamParser} fed {@code chunk} bytes at a time. */
  @Benchmark
  public long chunked() {
    return MessageArms.chunked(stream, options, chunk);
  }
}
