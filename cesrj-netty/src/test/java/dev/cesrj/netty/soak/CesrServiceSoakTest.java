package dev.cesrj.netty.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cesrj.netty.CloseReason;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A CESR service under hostile load, on loopback: {@link SoakServer} ({@link
 * dev.cesrj.netty.CesrServerInitializer}, echoing every frame) in a JVM of its own with a 256 MB
 * heap and paranoid leak detection, and at once 5 clients that pipeline and never read, 14 that
 * send most of a large declared frame and go silent, 10 slowloris clients (a byte every 100 ms of
 * a frame), 10 idle ones, 64 that send only a header declaring a frame of the largest size
 * allowed (1 MiB: 64 MiB declared against an 8 MiB budget, which a budget charging declared sizes
 * would have given to them, refusing the honest client's frames) and go silent, and an honest
 * client that sends 10,000 corpus messages in chunks of 16 to 512 bytes and reads its answers as
 * it goes. The honest client gets every answer in order
 * (the echo is its stream byte for byte); the server stays up with no {@code OutOfMemoryError};
 * its live heap stays within twice the budget plus a fixed allowance ({@link #HEAP_BOUND}); every
 * hostile connection is closed, by the rule for its kind; and no leak is reported. The honest
 * client is first run alone, for its throughput without the hostile load.
 *
 * <p>One round by default (about 40 s); {@code -Dcesrj.soak.seconds=600} repeats rounds (a new set
 * of hostile clients and an honest run each) for that long. Figures are printed ({@code soak: ...}
 * lines) for docs/performance.md.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class CesrServiceSoakTest {
  private static final int MAX_FRAME = 1 << 20;
  private static final int BUDGET = 8 << 20;
  private static final int FRAME_TIMEOUT_MS = 3000;
  private static final int IDLE_TIMEOUT_MS = 4000;
  private static final int WRITE_TIMEOUT_MS = 2000;
  private static final int HONEST_MESSAGES = 10_000;
  /**
   * What a large-declared client declares; it sends all but the last 10,000 bytes: the budget
   * holds 8 of those 990,000 (with 468,608 bytes to spare for every other client's frames), the
   * others are refused when their held bytes would pass it.
   */
  private static final int LARGE = 1_000_000;
  /**
   * The most live heap above the baseline allowed: twice the budget (a cumulation grows by powers
   * of two, so it may have up to twice the bytes reserved for it) and 32 MiB for the pooled
   * allocator's granularity and retention (it takes heap in chunks of 4 MiB per arena and keeps
   * chunks it has used) and everything else in flight at the moment of a collection (the honest
   * client's buffers, leak-detection records). Measured: 23 MiB in one round, at most 35 MiB over
   * 50 rounds (600 s), with no growth per connection, when declared sizes were reserved; with
   * held bytes charged (every large-declared client buffers until the budget is full), 24 to 28
   * MiB in one round, 38.5 MiB over 9 rounds (120 s), 34 MiB over 58 rounds (600 s)
   * (docs/performance.md).
   */
  private static final long HEAP_BOUND = 2L * BUDGET + (32L << 20);

  enum Kind {
    /** Started first, so that their headers come before the large-declared clients fill the budget. */
    HEADER_ONLY(64),
    PIPELINER(5),
    LARGE_DECLARED(14),
    SLOWLORIS(10),
    IDLE(10);

    final int count;

    Kind(int count) {
      this.count = count;
    }
  }

  /** The rules that may close each kind of hostile client. */
  private static final Map<Kind, Set<CloseReason>> RULES =
      Map.of(
          Kind.PIPELINER, Set.of(CloseReason.WRITE_TIMEOUT, CloseReason.IDLE),
          Kind.LARGE_DECLARED, Set.of(CloseReason.MEMORY_BUDGET, CloseReason.FRAME_TIMEOUT),
          Kind.SLOWLORIS, Set.of(CloseReason.FRAME_TIMEOUT),
          Kind.IDLE, Set.of(CloseReason.IDLE),
          // by the frame deadline; or at once, when its header comes while the large-declared
          // clients hold so much that the 1 MiB it declares is more than the room left
          Kind.HEADER_ONLY, Set.of(CloseReason.FRAME_TIMEOUT, CloseReason.MEMORY_BUDGET));

  /** The honest stream: whole corpus messages (CESR 1.0, text domain), exactly 10,000. */
  private static byte[] honestStream() {
    List<String> files =
        List.of(
            "kel_witnessed.v1.grouped.txt.cesr", "exchange.v1.grouped.txt.cesr",
            "kel_delegated.v1.grouped.txt.cesr", "kel_weighted.v1.grouped.txt.cesr",
            "kel_transreceipts.v1.grouped.txt.cesr", "kel_cbor.v1.grouped.txt.cesr",
            "kel_mgpk.v1.grouped.txt.cesr", "kel_bigmultisig.v1.bare.txt.cesr",
            "exchange_big.v1.bare.txt.cesr", "replay_clone.v1.grouped.txt.cesr");
    ByteArrayOutputStream unit = new ByteArrayOutputStream();
    for (String f : files) {
      unit.writeBytes(Corpus.bytes(f));
    }
    byte[] u = unit.toByteArray();
    List<Long> ends = new ArrayList<>();
    try (Messages messages = Messages.copyOf(u)) {
      while (messages.hasNext()) {
        Message m = messages.next();
        ends.add(m.offset() + m.length());
      }
    }
    assertEquals(u.length, ends.get(ends.size() - 1), "the unit is whole messages");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int n = 0;
    while (n + ends.size() <= HONEST_MESSAGES) {
      out.writeBytes(u);
      n += ends.size();
    }
    int rest = HONEST_MESSAGES - n;
    if (rest > 0) {
      out.write(u, 0, (int) (long) ends.get(rest - 1));
    }
    return out.toByteArray();
  }

  /** The forked server: its process, its stdout lines, its stderr text. */
  private static final class Server {
    final Process process;
    final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    final StringBuffer stderr = new StringBuffer();
    final Map<Integer, CloseReason> closed = new ConcurrentHashMap<>();
    final int port;

    Server() throws Exception {
      String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> cmd =
          List.of(
              java, "-Xmx256m", "-XX:+ExitOnOutOfMemoryError",
              "-Dio.netty.leakDetection.level=paranoid", "-Dio.netty.leakDetectionLevel=paranoid",
              "-cp", cp, SoakServer.class.getName(),
              String.valueOf(MAX_FRAME), String.valueOf(BUDGET), String.valueOf(FRAME_TIMEOUT_MS),
              String.valueOf(IDLE_TIMEOUT_MS), String.valueOf(WRITE_TIMEOUT_MS));
      process = new ProcessBuilder(cmd).start();
      pump(process.getInputStream(), line -> {
        if (line.startsWith("closed ")) {
          String[] p = line.split(" ");
          closed.put(Integer.parseInt(p[1]), CloseReason.valueOf(p[2]));
        } else {
          lines.add(line);
        }
      });
      pump(process.getErrorStream(), line -> stderr.append(line).append('\n'));
      String first = lines.poll(60, TimeUnit.SECONDS);
      if (first == null || !first.startsWith("port ")) {
        fail("server did not start: " + first + "\n" + stderr);
      }
      port = Integer.parseInt(first.substring(5));
    }

    private static void pump(InputStream in, java.util.function.Consumer<String> sink) {
      Thread t = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
          String line;
          while ((line = r.readLine()) != null) {
            sink.accept(line);
          }
        } catch (IOException e) {
          // the process ended
        }
      }, "soak-server-output");
      t.setDaemon(true);
      t.start();
    }

    void send(String command) {
      PrintStream p = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
      p.println(command);
      p.flush();
    }

    Map<String, Long> stats() throws InterruptedException {
      send("stats");
      String line = lines.poll(30, TimeUnit.SECONDS);
      if (line == null || !line.startsWith("stats ")) {
        fail("no stats: " + line + "\n" + stderr);
      }
      Map<String, Long> m = new HashMap<>();
      for (String kv : line.substring(6).split(" ")) {
        String[] p = kv.split("=");
        m.put(p[0], Long.parseLong(p[1]));
      }
      return m;
    }

    /** Asks the server to quit (it checks for leaks on the way out); kills it after 60 s. */
    void quit() throws InterruptedException {
      if (process.isAlive()) {
        send("quit");
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      }
    }
  }

  /** A hostile client on a thread of its own; {@link #port} once connected, {@link #ended} once the server closed it. */
  private static final class Hostile extends Thread {
    final Kind kind;
    final int server;
    final byte[] messages;
    volatile int port = -1;
    volatile boolean ended;
    volatile Throwable failure;
    private Socket socket;

    Hostile(Kind kind, int server, byte[] messages, int index) {
      super("soak-" + kind + "-" + index);
      this.kind = kind;
      this.server = server;
      this.messages = messages;
      setDaemon(true);
    }

    @Override
    public void run() {
      try (Socket s = new Socket()) {
        socket = s;
        if (kind == Kind.PIPELINER) {
          s.setReceiveBufferSize(4096);
        }
        s.connect(new InetSocketAddress("127.0.0.1", server));
        port = s.getLocalPort();
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        try {
          switch (kind) {
            case PIPELINER:
              while (true) { // whole messages, again and again
                out.write(messages);
              }
            case LARGE_DECLARED:
              out.write(largeBody(LARGE, LARGE - 10_000)); // all but the last 10,000 bytes
              out.flush();
              break;
            case SLOWLORIS:
              // small enough that the budget left by the large frames has room for all of them
              byte[] b = largeBody(20_000, 20_000);
              for (int i = 0; i < b.length; i++) {
                out.write(b[i]);
                out.flush();
                Thread.sleep(100);
              }
              break;
            case HEADER_ONLY:
              // the version string and a little more: 40 bytes declaring a 1 MiB body
              out.write(largeBody(MAX_FRAME, 40));
              out.flush();
              break;
            case IDLE:
            default:
              break;
          }
          // silent from here on: wait for the server to close
          while (in.read() >= 0) {
            // the server sends nothing to these
          }
        } catch (IOException e) {
          // closed (reset) by the server while writing or reading
        }
        ended = true;
      } catch (Throwable t) {
        failure = t;
      }
    }

    /** The first {@code send} bytes of a JSON body that declares {@code size} bytes. */
    private static byte[] largeBody(int size, int send) {
      String head = "{\"v\":\"KERI10JSON" + String.format("%06x", size) + "_\",\"t\":\"icp\",\"x\":\"";
      byte[] b = new byte[send];
      Arrays.fill(b, (byte) 'a');
      byte[] h = head.getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(h, 0, b, 0, h.length);
      return b;
    }
  }

  /** Sends {@code stream} in small chunks on one thread and reads the echo on another; returns ms. */
  private static long honest(int port, byte[] stream, long seed) throws Exception {
    try (Socket s = new Socket()) {
      s.setTcpNoDelay(true);
      s.connect(new InetSocketAddress("127.0.0.1", port));
      Throwable[] writeFailure = new Throwable[1];
      long start = System.nanoTime();
      Thread writer = new Thread(() -> {
        SplittableRandom r = new SplittableRandom(seed);
        try {
          OutputStream out = s.getOutputStream();
          for (int i = 0; i < stream.length; ) {
            int n = Math.min(stream.length - i, 16 + r.nextInt(497)); // 16 to 512 bytes
            out.write(stream, i, n);
            out.flush();
            i += n;
          }
          s.shutdownOutput();
        } catch (Throwable t) {
          writeFailure[0] = t;
        }
      }, "soak-honest-writer");
      writer.start();
      InputStream in = s.getInputStream();
      byte[] buf = new byte[64 * 1024];
      int got = 0;
      while (true) {
        int n = in.read(buf);
        if (n < 0) {
          break;
        }
        for (int i = 0; i < n; i++) {
          if (got + i >= stream.length || buf[i] != stream[got + i]) {
            fail("the echo differs from the stream at byte " + (got + i));
          }
        }
        got += n;
      }
      writer.join();
      long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      if (writeFailure[0] != null) {
        throw new AssertionError("honest writer failed", writeFailure[0]);
      }
      assertEquals(stream.length, got, "every answer, then the server's close");
      return ms;
    }
  }

  @Test
  void hostileAndSlowPeersNeitherStarveNorKillTheService() throws Exception {
    long seconds = Long.getLong("cesrj.soak.seconds", 0);
    byte[] stream = honestStream();
    Server server = new Server();
    try {
      long alone = honest(server.port, stream, 1);
      report("honest client alone", stream.length, alone);
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      int round = 0;
      Map<CloseReason, Integer> byRule = new EnumMap<>(CloseReason.class);
      Map<Kind, Map<CloseReason, Integer>> byKind = new EnumMap<>(Kind.class);
      List<Long> loaded = new ArrayList<>();
      do {
        round++;
        server.closed.clear(); // ports may be reused from one round to the next
        List<Hostile> hostiles = new ArrayList<>();
        for (Kind k : Kind.values()) {
          for (int i = 0; i < k.count; i++) {
            Hostile h = new Hostile(k, server.port, stream, i);
            hostiles.add(h);
            h.start();
          }
          if (k == Kind.HEADER_ONLY) {
            Thread.sleep(300); // their headers in before the others start
          }
        }
        // the honest client starts once the hostile ones are at work
        Thread.sleep(500);
        long ms = honest(server.port, stream, round + 1);
        loaded.add(ms);
        report("honest client under hostile load, round " + round, stream.length, ms);
        for (Hostile h : hostiles) {
          h.join(TimeUnit.SECONDS.toMillis(60));
          if (h.failure != null) {
            throw new AssertionError(h.getName() + " failed", h.failure);
          }
          assertTrue(h.ended, h.getName() + ": not closed by the server");
        }
        // the server's record of each hostile connection: closed by the rule for its kind
        long wait = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (Hostile h : hostiles) {
          while (!server.closed.containsKey(h.port) && System.nanoTime() < wait) {
            Thread.sleep(20);
          }
          CloseReason r = server.closed.get(h.port);
          assertTrue(RULES.get(h.kind).contains(r), h.getName() + " (port " + h.port + ") closed by " + r);
          byRule.merge(r, 1, Integer::sum);
          byKind.computeIfAbsent(h.kind, k -> new EnumMap<>(CloseReason.class)).merge(r, 1, Integer::sum);
        }
        assertTrue(server.process.isAlive(), "server alive\n" + server.stderr);
      } while (System.nanoTime() < until);

      // the honest client reads the server's close before the server's close listener has
      // counted it: ask again until it has (seen once in 51 closes of a 600 s run)
      Map<String, Long> stats = server.stats();
      long counted = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (stats.get("open") != 0 && System.nanoTime() < counted) {
        Thread.sleep(50);
        stats = server.stats();
      }
      assertEquals(0, stats.get("open"), "every connection closed: " + stats);
      assertEquals(0, stats.get("budgetReserved"), stats.toString());
      assertTrue(stats.get("budgetHighWater") <= BUDGET, stats.toString());
      long live = stats.get("liveHeapHighWater") - stats.get("baselineHeap");
      assertTrue(live <= HEAP_BOUND, "live heap above baseline " + live + " > " + HEAP_BOUND + ": " + stats);
      System.out.println("soak: rounds " + round + ", closed by rule " + byRule + ", by kind " + byKind
          + ", server " + stats);
      System.out.println("soak: honest alone " + alone + " ms, under load " + loaded + " ms; load average "
          + java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
      server.quit();
      long byeBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!server.lines.contains("bye") && System.nanoTime() < byeBy) {
        Thread.sleep(20); // the output pump may still be reading the last lines
      }
      assertTrue(server.lines.contains("bye"), "server quit cleanly\n" + server.stderr);
      String err = server.stderr.toString();
      assertTrue(!err.contains("LEAK"), "leak reported by the server:\n" + err);
      assertTrue(!err.contains("OutOfMemoryError"), err);
      assertEquals(0, server.process.exitValue(), err);
    } finally {
      server.quit();
    }
  }

  private static void report(String what, int bytes, long ms) {
    System.out.printf("soak: %s: %d messages, %d bytes in %d ms (%.1f MB/s, %.0f messages/s)%n",
        what, HONEST_MESSAGES, bytes, ms, bytes / 1e3 / Math.max(1, ms), HONEST_MESSAGES * 1e3 / Math.max(1, ms));
  }
}
