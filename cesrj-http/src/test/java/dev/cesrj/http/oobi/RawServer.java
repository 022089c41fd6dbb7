package dev.cesrj.http.oobi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/1.1 server on a raw socket, so that a test writes the exact bytes it means
 * (keripy's recorded responses, quirks and hostile answers): each request on a connection is
 * read up to its blank line and answered by the {@link Handler}; the connection is kept until the
 * handler closes it or the client does.
 */
final class RawServer implements AutoCloseable {

  /** Answers one request. */
  interface Handler {
    /**
     * Writes the answer to {@code target} (e.g. {@code /oobi/E...}).
     *
     * @param target the request target
     * @param requestHead the request line and headers
     * @param connectionRequest 0 for the first request on its connection, 1 for the next...
     * @param out the socket's output
     * @return false to close the connection after it
     */
    boolean answer(String target, String requestHead, int connectionRequest, OutputStream out)
        throws IOException, InterruptedException;
  }

  private final ServerSocket socket;
  private final Handler handler;
  private final Thread acceptor;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  final AtomicInteger connections = new AtomicInteger();
  final List<String> targets = new CopyOnWriteArrayList<>();

  RawServer(Handler handler) throws IOException {
    this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.handler = handler;
    this.acceptor = new Thread(this::acceptLoop, "raw-http-acceptor");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String base() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  int port() {
    return socket.getLocalPort();
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        s.setTcpNoDelay(true); // a head and a body written apart must not wait for an ACK
        open.add(s);
        connections.incrementAndGet();
        Thread t = new Thread(() -> serve(s), "raw-http-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      InputStream in = s.getInputStream();
      OutputStream out = s.getOutputStream();
      for (int n = 0; ; n++) {
        String head = readHead(in);
        if (head == null) {
          return;
        }
        String target = head.split(" ", 3)[1];
        targets.add(target);
        if (!handler.answer(target, head, n, out)) {
          out.flush();
          return;
        }
        out.flush();
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      // the client went away, or the test is over
    }
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      b.write(c);
      int n = b.size();
      byte[] a = b.toByteArray();
      if (n >= 4 && a[n - 4] == '\r' && a[n - 3] == '\n' && a[n - 2] == '\r' && a[n - 1] == '\n') {
        return b.toString(StandardCharsets.ISO_8859_1);
      }
      if (n > 65_536) {
        return null;
      }
    }
    return null;
  }

  /** {@return the head of a response with these headers, as written on the wire} */
  static byte[] head(int status, String reason, List<String[]> headers) {
    StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason)
        .append("\r\n");
    for (String[] h : headers) {
      sb.append(h[0]).append(": ").append(h[1]).append("\r\n");
    }
    return sb.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  static List<String[]> headers(String... nameValues) {
    List<String[]> out = new ArrayList<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      out.add(new String[] {nameValues[i], nameValues[i + 1]});
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (Socket s : open) {
      s.close();
    }
  }
}
