package dev.cesrj.bench;

import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.MessageArms;
import dev.cesrj.alloc.StreamCensus;
import dev.cesrj.netty.CesrFrame;
import dev.cesrj.netty.CesrFrameDecoder;
import dev.cesrj.netty.OnMalformed;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
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
 * What the Netty pipeline costs over the plain push parser: the corpus KEL with receipts ({@code
 * kel_witnessed.v1.bare.txt.cesr}: 16 messages, 12,694 bytes; the stream {@link
 * StreamingBenchmark} frames) framed from {@code chunk}-byte reads, every message and group
 * visited ({@link MessageArms#touch(Message)}). Each read is a pooled heap buffer filled from the
 * array, as a socket read fills one.
 *
 * <ul>
 *   <li>{@code decoder}: a {@link CesrFrameDecoder} in an {@link EmbeddedChannel}'s pipeline; each
 *       read is fired as {@code channelRead} + {@code channelReadComplete}, the end of the input
 *       as an input shutdown; a last handler visits and releases each {@link CesrFrame}. One
 *       channel per trial, a new decoder per stream (as per connection). The channel's clock is
 *       frozen ({@link EmbeddedChannel#freezeTime()}): an {@code EmbeddedChannel} otherwise reads
 *       {@code System.nanoTime()} on every {@code read()} to run due scheduled tasks, which a
 *       socket channel does not do and which cost about 20 ns per read on this machine;
 *   <li>{@code parser}: a new {@link CesrStreamParser} per stream fed the same buffers, then
 *       {@code endOfInput()};
 *   <li>{@code parserArrays}: the parser fed {@code byte[]} ranges ({@link MessageArms#chunked}),
 *       as {@code StreamingBenchmark.chunked} measures it;
 *   <li>{@code decoderLongLived} and {@code parserLongLived}: the same reads on one connection that
 *       stays open, as a witness keeps a TCP connection to a controller: one decoder in one
 *       channel (one parser) for the whole trial, fed the stream again at every call, never
 *       ended. The stream's last message is held until the next call's first byte ends its
 *       attachment run, so every call after the first passes on 16 messages, as the other arms
 *       do. Nothing is set up or ended per call: what is left is the per-read and per-message
 *       cost.
 * </ul>
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar -prof gc -f 1 -wi 3 -i 5 -w 1s -r 1s PipelineBenchmark
 * </pre>
 *
 * <p>{@code gc.alloc.rate.norm} is heap bytes per stream: divide by 16 for bytes per message. The
 * forked JVM runs with Netty leak detection disabled, on {@link EventLoopThreads}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Dio.netty.leakDetection.level=disabled",
      "-Dio.netty.leakDetectionLevel=disabled",
      "-Djmh.executor=CUSTOM",
      "-Djmh.executor.class=dev.cesrj.bench.PipelineBenchmark$EventLoopThreads"
    })
@State(Scope.Thread)
public class PipelineBenchmark {
  /**
   * Runs the benchmark threads as Netty's event loops run: {@code FastThreadLocalThread}s, whose
   * thread-locals (pool caches, recyclers, the decoder's output lists) take Netty's fast path.
   * Both arms run on them. JMH creates it by reflection ({@code -Djmh.executor=CUSTOM}).
   */
  public static final class EventLoopThreads extends ThreadPoolExecutor {
    /** The constructor JMH calls. */
    public EventLoopThreads(int threads, String prefix) {
      super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
          new DefaultThreadFactory(prefix));
    }
  }

  /** The corpus stream framed. */
  public static final String STREAM = StreamingBenchmark.STREAM;

  /** Bytes per read. */
  @Param({"1024"})
  public int chunk;

  private byte[] stream;
  private final CesrOptions options = CesrOptions.DEFAULT;
  private final ByteBufAllocator alloc = CesrOptions.DEFAULT.allocator();
  private EmbeddedChannel channel;
  private Sink sink;
  private EmbeddedChannel openChannel;
  private Sink openSink;
  private CesrStreamParser openParser;

  /** Visits and releases every frame. */
  static final class Sink extends ChannelInboundHandlerAdapter {
    long sum;
    Throwable error;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      CesrFrame f = (CesrFrame) msg;
      try {
        sum += MessageArms.touch(f.message());
      } finally {
        f.release();
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      error = cause;
    }
  }

  /** Loads the stream; checks that every arm visits the same messages and groups. */
  @Setup(Level.Trial)
  public void setUp() {
    stream = Corpus.bytes(STREAM);
    sink = new Sink();
    channel = new EmbeddedChannel(sink);
    // EmbeddedChannel reads the clock (System.nanoTime) on every read() to run due scheduled
    // tasks, which a socket channel does not; the decoder schedules none, so freeze that clock
    channel.freezeTime();
    long expected = StreamCensus.of(stream, options).checksum();
    if (decoder() != expected || parser() != expected || parserArrays() != expected) {
      throw new IllegalStateException("the pipeline and the parser disagree on " + STREAM);
    }
    openSink = new Sink();
    openChannel = new EmbeddedChannel();
    openChannel.freezeTime();
    openChannel.pipeline().addLast("cesr", new CesrFrameDecoder(options, OnMalformed.CLOSE));
    openChannel.pipeline().addLast(openSink);
    openParser = new CesrStreamParser(options);
    // the first call holds back the last message; from the second on, each passes on all 16
    long first = decoderLongLived();
    if (first != parserLongLived()
        || decoderLongLived() != expected
        || parserLongLived() != expected) {
      throw new IllegalStateException("the long-lived pipeline and parser disagree on " + STREAM);
    }
  }

  /** Closes the channels and the long-lived parser. */
  @TearDown(Level.Trial)
  public void tearDown() {
    channel.finishAndReleaseAll();
    openChannel.finishAndReleaseAll();
    openParser.close();
  }

  /** The read of up to {@code chunk} bytes of {@code stream} from {@code from}: a pooled buffer. */
  static ByteBuf read(ByteBufAllocator alloc, byte[] stream, int from, int chunk) {
    int n = Math.min(chunk, stream.length - from);
    return alloc.heapBuffer(n).writeBytes(stream, from, n);
  }

  /**
   * Fires {@code stream} into {@code p} as {@code chunk}-byte reads, each followed by {@code
   * channelReadComplete}, as a socket channel does.
   */
  static void fireReads(ChannelPipeline p, ByteBufAllocator alloc, byte[] stream, int chunk) {
    for (int i = 0; i < stream.length; i += chunk) {
      p.fireChannelRead(read(alloc, stream, i, chunk));
      p.fireChannelReadComplete();
    }
  }

  /** A {@link CesrFrameDecoder} in a pipeline, fed {@code chunk}-byte reads. */
  @Benchmark
  public long decoder() {
    ChannelPipeline p = channel.pipeline();
    CesrFrameDecoder decoder = new CesrFrameDecoder(options, OnMalformed.CLOSE);
    p.addFirst("cesr", decoder);
    sink.sum = 0;
    fireReads(p, alloc, stream, chunk);
    p.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
    p.remove(decoder);
    if (sink.error != null) {
      throw new IllegalStateException(sink.error);
    }
    return sink.sum;
  }

  /** The plain {@link CesrStreamParser}, fed the same reads. */
  @Benchmark
  public long parser() {
    return parse(options, alloc, stream, chunk);
  }

  /**
   * A new {@link CesrStreamParser} fed {@code stream} as {@code chunk}-byte pooled reads, then
   * {@code endOfInput()}: every message visited.
   */
  static long parse(CesrOptions options, ByteBufAllocator alloc, byte[] stream, int chunk) {
    long sum = 0;
    try (CesrStreamParser parser = new CesrStreamParser(options)) {
      for (int i = 0; i < stream.length; i += chunk) {
        sum += touch(parser.feed(read(alloc, stream, i, chunk)));
      }
      sum += touch(parser.endOfInput());
    }
    return sum;
  }

  /** One {@link CesrFrameDecoder} on a connection that stays open, fed the stream again. */
  @Benchmark
  public long decoderLongLived() {
    ChannelPipeline p = openChannel.pipeline();
    openSink.sum = 0;
    fireReads(p, alloc, stream, chunk);
    if (openSink.error != null) {
      throw new IllegalStateException(openSink.error);
    }
    return openSink.sum;
  }

  /** One {@link CesrStreamParser} for the whole trial, fed the stream again, never ended. */
  @Benchmark
  public long parserLongLived() {
    long sum = 0;
    for (int i = 0; i < stream.length; i += chunk) {
      sum += touch(openParser.feed(read(alloc, stream, i, chunk)));
    }
    return sum;
  }

  /** The plain parser fed {@code byte[]} ranges (copied into its cumulation). */
  @Benchmark
  public long parserArrays() {
    return MessageArms.chunked(stream, options, chunk);
  }

  /**
   * Visits every message of {@code f} (by index, as the decoder's sink receives them one by one:
   * an iterator here would be allocated in the parser arms only); rethrows its error.
   */
  static long touch(Framed f) {
    long sum = 0;
    List<Message> messages = f.messages();
    for (int i = 0; i < messages.size(); i++) {
      sum += MessageArms.touch(messages.get(i));
    }
    if (f.failed()) {
      throw f.error().get();
    }
    return sum;
  }
}
