package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** keripy's CESR 1.0 text forms the watcher writes, against recording A's bytes. */
class KelStreamsTest {

  @Test
  void countersAsKeripyWritesThem() {
    assertEquals("-VBq", KelStreams.counter('V', 106)); // recording A's event groups
    assertEquals("-BAD", KelStreams.counter('B', 3));
    assertEquals("-AAB", KelStreams.counter('A', 1));
    assertEquals("-V__", KelStreams.counter('V', 4095));
    assertEquals("-0VAABAA", KelStreams.counter('V', 4096)); // the big form past 4,095
    assertThrows(IllegalArgumentException.class, () -> KelStreams.counter('V', 1L << 30));
    assertThrows(IllegalArgumentException.class, () -> KelStreams.counter('A', -1));
  }

  @Test
  void firstSeenNumberAndDaterAsRecorded() {
    assertEquals("0AAAAAAAAAAAAAAAAAAAAAAA", KelStreams.number(0));
    assertEquals("0AAAAAAAAAAAAAAAAAAAAAAC", KelStreams.number(2));
    assertEquals("0AAAAAAAAAAAAAAAAAAAAAEA", KelStreams.number(256));
    assertEquals("1AAG2026-12-06T03c05c26d607432p00c00",
        KelStreams.dater("2026-12-06T03:05:26.607432+00:00"));
    assertEquals("2026-12-06T03:05:26.607432+00:00",
        KelStreams.iso8601(Instant.parse("2026-12-06T03:05:26.607432Z")));
    assertEquals("2026-12-06T03:05:26.000000+00:00",
        KelStreams.iso8601(Instant.parse("2026-12-06T03:05:26Z")));
  }

  /** The receipt body of recording A's oobi/06 (keripy's {@code receipt()}), without signatures. */
  @Test
  void receiptBodyIsKeripys() {
    String recorded = new String(Recording.oobiFile("06-receipt-of-trans-wits-sn-0.cesr"),
        StandardCharsets.US_ASCII);
    String body = recorded.substring(0, recorded.indexOf("-BAD"));
    assertEquals(body, new String(KelStreams.receipt(Recording.TRANS_WITS, BigInteger.ZERO,
        Recording.TRANS_WITS, List.of(), 0), StandardCharsets.US_ASCII));
    // the version string's size follows the body: sn 26 is "1a", one character more
    String longer = new String(KelStreams.receipt(Recording.TRANS_WITS, BigInteger.valueOf(26),
        Recording.TRANS_WITS, List.of(), 0), StandardCharsets.US_ASCII);
    assertEquals("{\"v\":\"KERI10JSON000092_\"", longer.substring(0, 24));
    assertEquals(0x92, longer.length());
  }

  /** FirstSeen as the store keeps it: a round trip over seeded values. */
  @Test
  void firstSeenRoundTrips() {
    SplittableRandom r = new SplittableRandom(Long.getLong("cesrj.test.seed", 32L));
    for (int i = 0; i < 200; i++) {
      FirstSeen fs = new FirstSeen("E" + Long.toHexString(r.nextLong()),
          BigInteger.valueOf(r.nextLong(0, Long.MAX_VALUE)), "E" + r.nextInt(),
          r.nextLong(0, Long.MAX_VALUE), KelStreams.iso8601(Instant.ofEpochSecond(
              r.nextLong(0, 4_000_000_000L), r.nextInt(1_000_000) * 1000L)));
      assertEquals(fs, FirstSeen.decode(fs.encode()));
    }
    assertThrows(IllegalArgumentException.class,
        () -> FirstSeen.decode("a b c".getBytes(StandardCharsets.US_ASCII)));
    assertThrows(IllegalArgumentException.class,
        () -> new FirstSeen("a b", BigInteger.ZERO, "d", 0, "t"));
    assertThrows(IllegalArgumentException.class,
        () -> new FirstSeen("a", BigInteger.ZERO, "d", -1, "t"));
  }
}
