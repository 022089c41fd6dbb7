package dev.cesrj.bench;

import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.CursorArms;
import dev.cesrj.alloc.GroupArms;
import dev.cesrj.alloc.RawTally;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.code.IndexerCode;
import dev.cesrj.stream.CesrCursor;
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
 * Average time to read one attachment stream of {@code groups} CESR 1.0 ControllerIdxSigs groups
 * of two Ed25519 signatures ({@link SignatureStreams}, as {@link GroupsBenchmark}: 16 groups are
 * 2,880 bytes, 48 codes) with the pull cursor {@link CesrCursor}, against the floor of any walk
 * and the view and copy arms of {@code GroupsBenchmark}:
 *
 * <ul>
 *   <li>{@code bareWalk}: a walk local to this benchmark over the stream's codes: read each
 *       counter, skip its signatures by their sizes, no check, no object: the floor;
 *   <li>{@code cursor}: {@link CursorArms#cursor}: one cursor reused, zero-copy over the {@code
 *       input} buffer, every token visited and each signature's 64 raw bytes read into an array
 *       the benchmark owns;
 *   <li>{@code zeroCopyRead}: {@link GroupArms#zeroCopyRead}: {@code Groups.over} the {@code
 *       input} buffer, every group's elements visited and each signature's raw value read
 *       ({@code IndexedSignature.raw()}): the cursor's work with views;
 *   <li>{@code cursorTokens}: the same without reading raw values (not one of issue 17's arms:
 *       it tells the walk from the Base64 decoding);
 *   <li>{@code zeroCopy}: {@code Groups.over} the {@code input} buffer, every group touched;
 *   <li>{@code copyOnce}: {@code Groups.copyOf}, every group touched;
 *   <li>{@code copyOnly}: copy the stream into a pooled buffer and release it, no parsing;
 *   <li>{@code perGroup}: the legacy per-group parse ({@code LegacyGroupParser.parseGroup}).
 * </ul>
 *
 * <pre>
 * ./mvnw -B -q test-compile exec:exec@jmh -Djmh.args="CursorBenchmark -prof gc -f 2 -wi 3 -i 5 -p groups=16"
 * </pre>
 *
 * <p>{@code input} chooses the buffer of {@code bareWalk}, {@code cursor}, {@code zeroCopyRead}
 * and {@code zeroCopy}:
 * a pooled heap buffer or a pooled direct one. The forked JVM runs with Netty leak detection
 * disabled.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Dio.netty.leakDetectionLevel=disabled"})
@State(Scope.Thread)
public class CursorBenchmark {
  /** Groups per stream (2 signatures each: 180 bytes per group). */
  @Param({"1", "16", "256"})
  public int groups;

  /** The buffer of the zero-copy arms: {@code heap} or {@code direct} (pooled). */
  @Param({"heap", "direct"})
  public String input;

  private byte[] stream;
  private ByteBuf prepared;
  private final CesrOptions options = CesrOptions.DEFAULT;
  private final ByteBufAllocator allocator = CesrOptions.DEFAULT.allocator();
  private final CesrCursor cursor = CesrCursor.groups(CesrOptions.DEFAULT);
  private final byte[] raw = new byte[64];
  private final RawTally tally = new RawTally();

  /** Builds the stream and the buffer the zero-copy arms read; checks that the arms agree. */
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
    if (bareWalk() != expected
        || cursor() != expected
        || zeroCopyRead() != expected
        || zeroCopy() != expected
        || copyOnce() != expected
        || perGroup() != expected) {
      throw new IllegalStateException("the arms disagree on the groups of the stream");
    }
  }

  /** Releases the zero-copy buffer. */
  @TearDown(Level.Trial)
  public void tearDown() {
    prepared.release();
  }

  /**
   * The floor: each counter's count read, each signature skipped by the full size of its code,
   * nothing checked (Base64 digits and codes are taken as they stand), no object made.
   *
   * @return the sum of the counts
   */
  @Benchmark
  public long bareWalk() {
    ByteBuf b = prepared;
    int p = 0;
    int end = b.writerIndex();
    long sum = 0;
    if (b.hasArray()) {
      byte[] a = b.array();
      int base = b.arrayOffset();
      while (p < end) {
        int n = digit(a[base + p + 2]) << 6 | digit(a[base + p + 3]);
        sum += n;
        p += 4;
        for (int i = 0; i < n; i++) {
          p += IndexerCode.single(a[base + p]).fs();
        }
      }
    } else {
      while (p < end) {
        int n = digit(b.getByte(p + 2)) << 6 | digit(b.getByte(p + 3));
        sum += n;
        p += 4;
        for (int i = 0; i < n; i++) {
          p += IndexerCode.single(b.getByte(p)).fs();
        }
      }
    }
    return sum;
  }

  /** A Base64url digit's value, unchecked. */
  private static int digit(byte c) {
    if (c >= 'A' && c <= 'Z') {
      return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
      return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
      return c - '0' + 52;
    }
    return c == '-' ? 62 : 63;
  }

  /** The pull cursor: every token, every signature's raw value read. */
  @Benchmark
  public long cursor() {
    return CursorArms.cursor(cursor, prepared, raw, tally);
  }

  /**
   * {@code Groups.over} the input buffer, every group's elements visited and each signature's raw
   * value read: the cursor's work with views.
   */
  @Benchmark
  public long zeroCopyRead() {
    return GroupArms.zeroCopyRead(prepared, options, tally);
  }

  /**
   * The pull cursor without reading raw values: every token visited (codes, counts, spans), to
   * tell the walk's cost from the Base64 decoding's.
   */
  @Benchmark
  public long cursorTokens() {
    return CursorArms.cursor(cursor, prepared, null, tally);
  }

  /** {@code Groups.over} the input buffer, reader index reset. */
  @Benchmark
  public long zeroCopy() {
    return GroupArms.zeroCopy(prepared, options);
  }

  /** {@code Groups.copyOf}: one copy, groups sliced from it. */
  @Benchmark
  public long copyOnce() {
    return GroupArms.copyOnce(stream, options);
  }

  /** Copy into a pooled buffer and release it, no parsing. */
  @Benchmark
  public long copyOnly() {
    return GroupArms.copyOnly(stream, allocator);
  }

  /** The legacy per-group parse: the rest of the stream copied per group. */
  @Benchmark
  public long perGroup() {
    return GroupArms.perGroup(stream, options);
  }
}
