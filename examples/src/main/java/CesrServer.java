import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import dev.cesrj.CesrException;
import dev.cesrj.netty.CesrFrame;
import dev.cesrj.netty.CesrFrameDecoder;
import dev.cesrj.netty.CesrServerInitializer;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.string.StringDecoder;
import io.netty.handler.codec.string.StringEncoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

/**
 * A CESR server and client over TCP on 127.0.0.1 with the cesrj pipeline ({@link
 * CesrServerInitializer}, which adds a {@link CesrFrameDecoder} and the guards a public-facing
 * service needs): the server frames incoming streams and answers each message with one line,
 * {@code <ilk> <said> sigs=<N>} (N: its indexed signatures); the client streams files to it.
 *
 * <pre>
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=CesrServer -Dexec.args="serve --port 5632"
 * ./mvnw -q test-compile exec:java -Dexec.mainClass=CesrServer \
 *     -Dexec.args="send --port 5632 --chunk 7 cesrj-core/src/test/resources/corpus/A/kel_witnessed.v1.bare.txt.cesr"
 * </pre>
 *
 * <p>{@code send} opens one connection per file (each file is a stream of its own: a
 * genus-version code in one must not switch the table of the next), writes the file in chunks of
 * {@code --chunk} bytes (each flushed on its own; the whole file at once without it), shuts its
 * output down so that the server can frame a message whose bare attachments end the file, prints
 * every line the server answers, and, when the server has closed every connection, {@code sent M
 * messages, answered A}: M counts the top-level messages cesrj frames in the files, A the answer
 * lines. It exits with status 0 only if A = M and the server refused no stream.
 *
 * <p>The server closes a connection after a bad frame, with a line {@code error <type> at <offset>:
 * <message>} (the offset in that connection's stream), after answering everything once the
 * client's output has ended, and by the rules of {@link CesrServerInitializer}: a frame over 1 MiB
 * or that the shared memory budget (charged with the bytes each connection holds) has no room
 * for, a frame not complete within 30 s, nothing read for 60 s, an answer the client does not
 * take within 30 s, more than 1024 connections. The ilk
 * ({@code t}) and SAID ({@code d}) come from the body: JSON and CBOR read with Jackson, MessagePack
 * with msgpack-core; cesrj itself frames bodies but never decodes them.
 */
public final class CesrServer {
  private CesrServer() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      usage();
    }
    int port = -1;
    int chunk = 0;
    List<Path> files = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      switch (args[i]) {
        case "--port":
          port = Integer.parseInt(args[++i]);
          break;
        case "--chunk":
          chunk = Integer.parseInt(args[++i]);
          if (chunk < 1) {
            usage();
          }
          break;
        default:
          files.add(Path.of(args[i]));
      }
    }
    if (port < 0 || port > 65535) {
      usage();
    }
    if (args[0].equals("serve") && files.isEmpty() && chunk == 0) {
      serve(port);
    } else if (args[0].equals("send") && !files.isEmpty()) {
      for (Path f : files) {
        if (!Files.isReadable(f)) {
          System.err.println("cannot read " + f);
          System.exit(2);
        }
      }
      int status = send(port, chunk, files);
      if (status != 0) {
        System.exit(status);
      }
    } else {
      usage();
    }
  }

  private static void usage() {
    System.err.println("usage: CesrServer serve --port P");
    System.err.println("       CesrServer send --port P [--chunk N] FILE...");
    System.exit(2);
  }

  /**
   * Listens on 127.0.0.1:port until the process is stopped, with the guards of a public-facing
   * service ({@link CesrServerInitializer} with its defaults: 1 MiB frames, a 64 MiB memory budget
   * shared by every connection, frame, idle and write timeouts, backpressure, a connection cap).
   * On SIGTERM or Ctrl-C it closes every connection and prints what closed them, by rule.
   */
  static void serve(int port) throws InterruptedException {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
    CesrServerInitializer init =
        CesrServerInitializer.builder(
                ch -> ch.pipeline().addLast(new StringEncoder(StandardCharsets.UTF_8)).addLast(new Answerer()))
            .build();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  init.channels().close().awaitUninterruptibly(5, TimeUnit.SECONDS);
                  group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
                  System.out.println("connections: " + init.stats());
                }));
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            // the client ends its output and still reads the answers
            .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .childHandler(init)
            .bind("127.0.0.1", port)
            .sync()
            .channel();
    System.out.println("listening on " + server.localAddress());
    server.closeFuture().sync();
  }

  /** Answers each frame with one line; closes once the input has ended. */
  static final class Answerer extends SimpleChannelInboundHandler<CesrFrame> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, CesrFrame frame) {
      Message m = frame.message();
      JsonNode body = body(m);
      ctx.write(
          text(body, "t") + " " + text(body, "d") + " sigs=" + m.signatures().size() + "\n");
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof ChannelInputShutdownEvent) {
        // the decoder has passed on the last message before this event reaches us
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (!ctx.channel().isActive()) {
        return; // the connection is gone (reset by the peer, say): nobody to tell
      }
      String line =
          cause instanceof CesrException
              ? "error " + cause.getClass().getSimpleName() + " at " + ((CesrException) cause).offset()
                  + ": " + cause.getMessage()
              : "error " + cause;
      System.err.println(ctx.channel().remoteAddress() + " " + line);
      ctx.writeAndFlush(line + "\n").addListener(ChannelFutureListener.CLOSE);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());

  /** The body's top-level fields (JSON, CBOR), or only {@code t} and {@code d} (MessagePack). */
  static JsonNode body(Message m) {
    byte[] bytes = ByteBufUtil.getBytes(m.body());
    try {
      switch (m.version().kind()) {
        case JSON:
          return JSON.readTree(bytes);
        case CBOR:
          return CBOR.readTree(bytes);
        case MGPK:
          return msgpackFields(bytes);
        default:
          return JSON.createObjectNode();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("body of " + m, e);
    }
  }

  /** The text fields {@code t} and {@code d} of a MessagePack map. */
  private static JsonNode msgpackFields(byte[] bytes) throws IOException {
    var out = JSON.createObjectNode();
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
      int n = u.unpackMapHeader();
      for (int i = 0; i < n; i++) {
        String key = u.unpackString();
        if ((key.equals("t") || key.equals("d")) && u.getNextFormat().getValueType() == ValueType.STRING) {
          out.put(key, u.unpackString());
        } else {
          u.skipValue();
        }
      }
    }
    return out;
  }

  private static String text(JsonNode body, String field) {
    JsonNode v = body.get(field);
    return v == null ? "-" : v.asText();
  }

  /** Streams each file on its own connection; returns 0 if every message was answered and no stream refused. */
  static int send(int port, int chunk, List<Path> files) throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    int sent = 0;
    AtomicInteger answered = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    try {
      for (Path file : files) {
        byte[] bytes = Files.readAllBytes(file);
        sent += messages(bytes);
        Channel ch =
            new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(
                    new ChannelInitializer<SocketChannel>() {
                      @Override
                      protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                            .addLast(new LineBasedFrameDecoder(1 << 16))
                            .addLast(new StringDecoder(StandardCharsets.UTF_8))
                            .addLast(
                                new SimpleChannelInboundHandler<String>() {
                                  @Override
                                  protected void channelRead0(ChannelHandlerContext ctx, String line) {
                                    System.out.println(line);
                                    if (line.startsWith("error ")) {
                                      errors.incrementAndGet();
                                    } else {
                                      answered.incrementAndGet();
                                    }
                                  }
                                });
                      }
                    })
                .connect("127.0.0.1", port)
                .sync()
                .channel();
        int step = chunk > 0 ? chunk : Math.max(1, bytes.length);
        for (int i = 0; i < bytes.length; i += step) {
          ch.writeAndFlush(Unpooled.wrappedBuffer(bytes, i, Math.min(step, bytes.length - i)));
        }
        ((SocketChannel) ch).shutdownOutput().sync();
        if (!ch.closeFuture().await(60, TimeUnit.SECONDS)) {
          System.err.println(file + ": no close from the server within 60 s");
          ch.close().sync();
        }
      }
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
    System.out.println("sent " + sent + " messages, answered " + answered.get());
    return answered.get() == sent && errors.get() == 0 ? 0 : 1;
  }

  /** Top-level messages cesrj frames in a stream (up to its first error). */
  static int messages(byte[] stream) {
    int n = 0;
    try (Messages messages = Messages.copyOf(stream)) {
      while (messages.hasNext()) {
        messages.next();
        n++;
      }
    } catch (CesrException e) {
      // count what frames before the error; the server refuses the rest too
    }
    return n;
  }
}
