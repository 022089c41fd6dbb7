package dev.cesrj.http.oobi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link EventStreamData}: the {@code data} lines of keripy's mailbox stream, however the body is
 * cut into reads (seeded {@link SplittableRandom}, seed in the message of a failure), with LF,
 * CR and CRLF line ends.
 */
@ExtendWith(LeakDetectionExtension.class)
class EventStreamDataTest {
  private static final String RCT = "{\"v\":\"KERI10JSON000091_\",\"t\":\"rct\"}-CABBBilc";
  private static final String BODY = "retry: 5000\n\nid: 0\nevent: /receipt\nretry: 5000\ndata: "
      + RCT + "\n\n: a comment\r\ndata:" + RCT + "2\r\n\rdata: x\n";

  private static List<String> lines(String body, SplittableRandom r, long max) {
    List<String> out = new ArrayList<>();
    EventStreamData d = new EventStreamData(max,
        b -> out.add(new String(b, StandardCharsets.US_ASCII)));
    byte[] all = body.getBytes(StandardCharsets.US_ASCII);
    int at = 0;
    while (at < all.length) {
      int n = Math.min(all.length - at, 1 + r.nextInt(9));
      ByteBuf chunk = Unpooled.wrappedBuffer(all, at, n);
      try {
        d.feed(chunk);
      } finally {
        chunk.release();
      }
      at += n;
    }
    d.end();
    return out;
  }

  @Test
  void dataLinesWhateverTheReads() {
    long seed = Long.getLong("cesrj.seed", 32L);
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 200; i++) {
      assertEquals(List.of(RCT, RCT + "2", "x"), lines(BODY, r, 1024), "seed " + seed);
    }
    assertEquals(List.of("last"), lines("data: last", r, 1024), "a last line without its end");
  }

  @Test
  void aLineOverTheLimitIsRefused() {
    SplittableRandom r = new SplittableRandom(7);
    assertThrows(EventStreamData.LineTooLong.class,
        () -> lines("data: " + "a".repeat(100) + "\n", r, 64));
    assertEquals(List.of("a".repeat(58)), lines("data: " + "a".repeat(58) + "\n", r, 64));
  }
}
