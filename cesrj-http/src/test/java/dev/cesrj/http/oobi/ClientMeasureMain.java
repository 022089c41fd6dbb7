package dev.cesrj.http.oobi;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpResponse;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Flow;

/**
 * Measures the two HTTP clients the OOBI resolver could use (not a test; run by hand, see {@code
 * docs/performance.md}): N GETs of recording A's largest OOBI answer from a loopback {@link
 * RawServer} over one kept-alive connection, each body streamed and counted, by Netty's codec
 * ({@link HttpGetter}, what {@link OobiResolver} uses) and by the JDK's {@code HttpClient} (a
 * flow subscriber counting the body). Prints the process CPU time and the bytes allocated by all
 * threads (the server's work is the same for both) per GET, after a warm-up of N GETs each.
 *
 * <p>Usage: {@code ClientMeasureMain [N]} (default 2000).
 */
public final class ClientMeasureMain {
  private ClientMeasureMain() {}

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    byte[] body = RecordedWitness.resource("21-blind-OOBI.cesr");
    try (RawServer server = new RawServer((t, h, i, out) -> {
      out.write(RawServer.head(200, "OK", RawServer.headers("Content-Type", "application/cesr",
          "Content-Length", String.valueOf(body.length))));
      out.write(body);
      return true;
    })) {
      URI url = URI.create(server.base() + "/oobi");
      System.out.println("body " + body.length + " bytes, " + n + " GETs per client");
      try (HttpGetter netty = new HttpGetter(OobiSettings.DEFAULT)) {
        HttpClient jdk = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int round = 0; round < 2; round++) {
          measure("netty", n, () -> nettyGet(netty, url, body.length));
          measure("jdk", n, () -> jdkGet(jdk, url, body.length));
        }
      }
    }
  }

  interface Get {
    void run() throws Exception;
  }

  private static void measure(String name, int n, Get get) throws Exception {
    for (int i = 0; i < n; i++) {
      get.run(); // warm-up
    }
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long alloc0 = allocated(threads);
    long cpu0 = os.getProcessCpuTime();
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      get.run();
    }
    long wall = System.nanoTime() - t0;
    long cpu = os.getProcessCpuTime() - cpu0;
    long alloc = allocated(threads) - alloc0;
    System.out.printf("%-6s cpu %7.1f us/GET  alloc %8d B/GET  wall %7.1f us/GET%n", name,
        cpu / 1e3 / n, alloc / n, wall / 1e3 / n);
  }

  private static long allocated(com.sun.management.ThreadMXBean threads) {
    long sum = 0;
    for (long id : threads.getAllThreadIds()) {
      long a = threads.getThreadAllocatedBytes(id);
      if (a > 0) {
        sum += a;
      }
    }
    return sum;
  }

  private static void nettyGet(HttpGetter netty, URI url, int expect) {
    long[] got = new long[1];
    netty.get(url, new HttpGetter.Body() {
      @Override
      public void head(HttpResponse head, URI at) {
      }

      @Override
      public void content(ByteBuf content) {
        got[0] += content.readableBytes();
      }

      @Override
      public void end() {
      }
    });
    if (got[0] != expect) {
      throw new IllegalStateException("got " + got[0]);
    }
  }

  private static void jdkGet(HttpClient jdk, URI url, int expect) throws Exception {
    long[] got = new long[1];
    jdk.send(HttpRequest.newBuilder(url).build(), BodyHandlers.fromSubscriber(
        new Flow.Subscriber<List<ByteBuffer>>() {
          @Override
          public void onSubscribe(Flow.Subscription s) {
            s.request(Long.MAX_VALUE);
          }

          @Override
          public void onNext(List<ByteBuffer> item) {
            for (ByteBuffer b : item) {
              got[0] += b.remaining();
            }
          }

          @Override
          public void onError(Throwable t) {
          }

          @Override
          public void onComplete() {
          }
        }));
    if (got[0] != expect) {
      throw new IllegalStateException("got " + got[0]);
    }
  }
}
