package dev.cesrj.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.FrameTooLargeException;
import dev.cesrj.TruncatedException;
import dev.cesrj.stream.Message;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pipeline over real TCP on loopback: a NIO server ({@link CesrFrameDecoder} on
 * 127.0.0.1, ephemeral port) and NIO clients ({@link CesrFrameEncoder}). Many messages from
 * several clients at once arrive complete and in order per connection; half a frame then a close
 * is a truncation error and no message; a client that declares a 4 GB group is refused (closed by
 * the server) as soon as its counter arrives, while the server goes on serving the others. Every
 * test is bounded in time; the event loops are shut down before the test ends, so the leak check
 * covers every buffer the server and clients allocated.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CesrPipelineTcpTest {
    private static final long WAIT_SECONDS = 60;
    private static final Pattern SN = Pattern.compile("\"s\":\"([0-9a-f]+)\"");

    private EventLoopGroup group;
    private Channel server;
    /** What the server saw on each connection, by the client's local port. */
    private final Map<Integer, Connection> connections = new ConcurrentHashMap<>();

    /** One server-side connection: the sequence numbers and signature counts of its messages, its errors. */
    static final class Connection {
        final List<Long> sns = Collections.synchronizedList(new ArrayList<>());
        final List<Integer> sigs = Collections.synchronizedList(new ArrayList<>());
        final List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
        /** Counted down when the connection's input has ended through the whole pipeline. */
        final CountDownLatch closed = new CountDownLatch(1);
    }

    @BeforeEach
    void startServer() throws InterruptedException {
        group = new MultiThreadIoEventLoopGroup(4, NioIoHandler.newFactory());
        CesrOptions options = CesrOptions.builder().maxFrameBytes(1 << 20).build();
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        Connection c = connections.computeIfAbsent(ch.remoteAddress().getPort(), p -> new Connection());
                        ch.pipeline().addLast(new CesrFrameDecoder(options, OnMalformed.CLOSE), new Log(c));
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close().syncUninterruptibly();
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** The server's handler: notes each message's sequence number and signatures, and each exception. */
    static final class Log extends SimpleChannelInboundHandler<CesrFrame> {
        private final Connection c;

        Log(Connection c) {
            this.c = c;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, CesrFrame frame) {
            Message m = frame.message();
            Matcher sn = SN.matcher(m.body().toString(StandardCharsets.US_ASCII));
            c.sns.add(sn.find() ? Long.parseLong(sn.group(1), 16) : -1);
            c.sigs.add(m.signatures().size());
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            c.errors.add(cause);
        }

        /** After the decoder has ended the input (a held message, a truncation). */
        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            c.closed.countDown();
        }
    }

    private Channel connect(boolean encoder) throws InterruptedException {
        return new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(encoder ? new CesrFrameEncoder() : new ChannelInboundHandlerAdapter())
                .connect(new InetSocketAddress("127.0.0.1", ((InetSocketAddress) server.localAddress()).getPort()))
                .sync().channel();
    }

    private Connection serverSide(Channel client) throws InterruptedException {
        int port = ((InetSocketAddress) client.localAddress()).getPort();
        for (int i = 0; i < 1000 && !connections.containsKey(port); i++) {
            Thread.sleep(5);
        }
        Connection c = connections.get(port);
        assertTrue(c != null, "the server accepted the connection");
        return c;
    }

    /** Sends {@code n} signed messages (sequence 0..n-1, 1 to 3 signatures) from a new client, flushing at random, then closes. */
    private Thread client(int id, int n, List<Channel> channels) throws InterruptedException {
        Channel ch = connect(true);
        channels.add(ch);
        Thread t = new Thread(() -> {
            SplittableRandom random = new SplittableRandom(id);
            String said = "E" + String.format("%043d", id).replace('0', 'A');
            int unflushed = 0;
            for (int sn = 0; sn < n; sn++) {
                ch.write(Wire.signed("ixn", said, sn, sn % 3 + 1, random));
                if (++unflushed >= random.nextInt(1, 200)) {
                    ch.flush();
                    unflushed = 0;
                }
            }
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).syncUninterruptibly();
            ch.close().syncUninterruptibly();
        }, "client-" + id);
        t.start();
        return t;
    }

    private static void assertInOrder(Connection c, int n) throws InterruptedException {
        assertTrue(c.closed.await(WAIT_SECONDS, TimeUnit.SECONDS), "server side closed");
        assertEquals(List.of(), c.errors);
        assertEquals(n, c.sns.size());
        for (int sn = 0; sn < n; sn++) {
            assertEquals(sn, (long) c.sns.get(sn), "message " + sn);
            assertEquals(sn % 3 + 1, (int) c.sigs.get(sn), "signatures of message " + sn);
        }
    }

    @Test
    void tenThousandMessagesFromFourClientsArriveCompleteAndInOrder() throws Exception {
        List<Channel> channels = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int id = 0; id < 4; id++) {
            threads.add(client(id, 2500, channels));
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        }
        long total = 0;
        for (Channel ch : channels) {
            Connection c = serverSide(ch);
            assertInOrder(c, 2500);
            total += c.sns.size();
        }
        assertEquals(10_000, total);
    }

    @Test
    void halfAFrameThenCloseIsATruncationAndNoMessage() throws Exception {
        String body = Wire.jsonV1("icp", "E" + "A".repeat(43), 0);
        String message = body + "-VAX-AAB" + Wire.signature(0, new SplittableRandom(1));
        Channel ch = connect(false);
        Connection c = serverSide(ch);
        // the body, the AttachmentGroup counter and half the signature
        int sent = message.length() - 44;
        ByteBuf half = ch.alloc().buffer().writeBytes(message.substring(0, sent).getBytes(StandardCharsets.US_ASCII));
        ch.writeAndFlush(half).sync();
        ch.close().sync();
        assertTrue(c.closed.await(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(List.of(), c.sns, "no message");
        assertEquals(1, c.errors.size());
        TruncatedException e = assertInstanceOf(TruncatedException.class, c.errors.get(0));
        assertTrue(e.getMessage().contains("the message at offset 0: need " + message.length() + ", have " + sent),
                e.getMessage());
    }

    @Test
    void aClientDeclaringAFourGigabyteGroupIsRefusedAtOnceWhileTheOthersAreServed() throws Exception {
        List<Channel> channels = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int id = 0; id < 3; id++) {
            threads.add(client(10 + id, 1000, channels));
        }
        Channel hostile = connect(false);
        Connection h = serverSide(hostile);
        String head = Wire.jsonV1("icp", "E" + "A".repeat(43), 0) + "--V_____";
        hostile.writeAndFlush(Unpooled.copiedBuffer(head, StandardCharsets.US_ASCII)).sync();
        // the hostile client keeps its connection open and sends nothing more: the server closes it
        assertTrue(hostile.closeFuture().await(WAIT_SECONDS, TimeUnit.SECONDS), "closed by the server");
        assertTrue(h.closed.await(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(List.of(), h.sns);
        assertEquals(1, h.errors.size());
        FrameTooLargeException e = assertInstanceOf(FrameTooLargeException.class, h.errors.get(0));
        assertTrue(e.getMessage().contains("1048576"), e.getMessage());
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        }
        for (Channel ch : channels) {
            assertInOrder(serverSide(ch), 1000);
        }
        // and the server still accepts new clients
        List<Channel> late = Collections.synchronizedList(new ArrayList<>());
        client(99, 10, late).join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertInOrder(serverSide(late.get(0)), 10);
    }
}
