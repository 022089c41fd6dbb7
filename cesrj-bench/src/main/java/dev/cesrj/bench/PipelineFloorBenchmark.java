package dev.cesrj.bench;

import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.MessageArms;
import dev.cesrj.alloc.StreamCensus;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.stream.Message;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The least any pipeline decoder built on {@link CesrStreamParser} can cost over the plain parser:
 * {@link PipelineBenchmark}'s stream and reads (1 KiB pooled reads, one {@code
 * channelReadComplete} per read, a new handler and parser per stream), through two handlers
 * that do nothing but feed the parser and fire one object per message. Neither is a usable
 * decoder: their messages are not reference counted (each is valid only until the read ends),
 * and they handle no error, removal or limit. They measure what Netty's pipeline and {@code
 * ByteToMessageDecoder} themselves add, so that {@link dev.cesrj.netty.CesrFrameDecoder}'s
 * overhead in {@code PipelineBenchmark} can be split into what is Netty's and what is cesrj's.
 *
 * <ul>
 *   <li>{@code byteToMessageDecoder}: a {@code ByteToMessageDecoder} that hands each read to the
 *       parser and fires every message directly;
 *   <li>{@code inboundHandler}: the same in a plain {@code ChannelInboundHandlerAdapter} (no
 *       {@code ByteToMessageDecoder}: no output list, no cumulation step per read);
 *   <li>{@code parser}: the plain parser, as {@code PipelineBenchmark.parser} (messages visited by
 *       index, as the handlers fire them).
 * </ul>
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar -f 5 PipelineFloorBenchmark
 * </pre>
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
public class PipelineFloorBenchmark {
  private static final int CHUNK = 1024;
  private final CesrOptions options = CesrOptions.DEFAULT;
  private final ByteBufAllocator alloc = options.allocator();
  private byte[] stream;
  private EmbeddedChannel channel;
  private Sink sink;

  /** One message as the minimal handlers pass it on: valid until the read ends. */
  record Passed(Message message) {}

  /** Visits every message passed on; keeps an error. */
  static final class Sink extends ChannelInboundHandlerAdapter {
    long sum;
    Throwable error;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      sum += MessageArms.touch(((Passed) msg).message());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      error = cause;
    }
  }

  /** Fires every message of {@code f}; rethrows its error. */
  static void fire(ChannelHandlerContext ctx, Framed f) {
    List<Message> messages = f.messages();
    for (int i = 0; i < messages.size(); i++) {
      ctx.fireChannelRead(new Passed(messages.get(i)));
    }
    if (f.failed()) {
      throw f.error().get();
    }
  }

  /** The least {@code ByteToMessageDecoder} over the parser. */
  static final class LeastDecoder extends ByteToMessageDecoder {
    private final CesrStreamParser parser;

    LeastDecoder(CesrOptions options) {
      parser = new CesrStreamParser(options);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
      Framed f;
      try {
        f = parser.buffered() > 0 ? parser.feedCopy(in) : parser.feed(in.retain());
      } finally {
        in.readerIndex(in.writerIndex());
      }
      fire(ctx, f);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
      fire(ctx, parser.endOfInput());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
      parser.releaseViews();
      super.channelReadComplete(ctx);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
      parser.close();
    }
  }

  /** The least plain inbound handler over the parser. */
  static final class LeastHandler extends ChannelInboundHandlerAdapter {
    private final CesrStreamParser parser;

    LeastHandler(CesrOptions options) {
      parser = new CesrStreamParser(options);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf in = (ByteBuf) msg;
      Framed f;
      if (parser.buffered() > 0) {
        try {
          f = parser.feedCopy(in);
        } finally {
          in.release();
        }
      } else {
        f = parser.feed(in);
      }
      fire(ctx, f);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      parser.releaseViews();
      ctx.fireChannelReadComplete();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof ChannelInputShutdownEvent) {
        fire(ctx, parser.endOfInput());
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
      parser.close();
    }
  }

  /** Loads the stream; checks that every arm visits the same messages and groups. */
  @Setup(Level.Trial)
  public void setUp() {
    stream = Corpus.bytes(PipelineBenchmark.STREAM);
    sink = new Sink();
    channel = new EmbeddedChannel(sink);
    channel.freezeTime(); // as PipelineBenchmark: no clock read per read
    long expected = StreamCensus.of(stream, options).checksum();
    if (byteToMessageDecoder() != expected
        || inboundHandler() != expected
        || parser() != expected) {
      throw new IllegalStateException("the arms disagree on " + PipelineBenchmark.STREAM);
    }
  }

  /** Closes the channel. */
  @TearDown(Level.Trial)
  public void tearDown() {
    channel.finishAndReleaseAll();
  }

  private long through(ChannelHandler handler) {
    ChannelPipeline p = channel.pipeline();
    p.addFirst("cesr", handler);
    sink.sum = 0;
    PipelineBenchmark.fireReads(p, alloc, stream, CHUNK);
    p.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
    p.remove(handler);
    if (sink.error != null) {
      throw new IllegalStateException(sink.error);
    }
    return sink.sum;
  }

  /** The least {@code ByteToMessageDecoder}. */
  @Benchmark
  public long byteToMessageDecoder() {
    return through(new LeastDecoder(options));
  }

  /** The least plain inbound handler. */
  @Benchmark
  public long inboundHandler() {
    return through(new LeastHandler(options));
  }

  /** The plain parser fed the same reads ({@code PipelineBenchmark.parser}). */
  @Benchmark
  public long parser() {
    return PipelineBenchmark.parse(options, alloc, stream, CHUNK);
  }
}
