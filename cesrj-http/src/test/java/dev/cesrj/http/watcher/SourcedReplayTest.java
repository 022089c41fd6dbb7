package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.RecordKind;
import dev.cesrj.http.store.StoreRecord;
import dev.cesrj.keri.kever.EscrowLimits;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 3: the replay judged every stored message as from one source, so
 * the per-source escrow bounds counted all senders together and a restart could reach other
 * escrows than the run before it. Each message record now holds its sender.
 */
class SourcedReplayTest {
  /** Two messages a source, per source bound 2: together 4, over one shared bound. */
  private static final EscrowLimits LIMITS =
      new EscrowLimits(1024, 256L << 20, 1024, 256L << 20, 2, 256L << 20);

  private static Recording.Exchange exchange(int n) {
    return Recording.exchanges().stream().filter(x -> x.n() == n).findFirst().orElseThrow();
  }

  @Test
  void twoSourcesEscrowsAreTheSameAfterARestart() {
    InMemoryWatcherStore store = new InMemoryWatcherStore();
    try (Watcher w = Watcher.open(store, WatcherRecordingTest.CLOCK, LIMITS)) {
      // each source: a rot and an ixn of one KEL without its inception (escrowed out of order)
      for (Object[] sent : List.of(new Object[] {"10.0.0.1:4000", 18, 27},
          new Object[] {"10.0.0.2:4000", 61, 72})) {
        for (int i = 1; i <= 2; i++) {
          Recording.Exchange x = exchange((Integer) sent[i]);
          WatcherAnswer a = w.post(PostTarget.EVENTS, x.body(),
              x.header("Cesr-Attachment").orElseThrow(), (String) sent[0]);
          assertTrue(a.headers().get(Watcher.VERDICT_HEADER).startsWith("escrowed"),
              x.n() + " " + a.headers());
        }
      }
      assertEquals(4, w.kelEscrowedCount());
    }
    List<StoreRecord> records = store.reopen().records();
    assertEquals(4, records.size());
    assertEquals(List.of("10.0.0.1:4000", "10.0.0.1:4000", "10.0.0.2:4000", "10.0.0.2:4000"),
        records.stream().map(r -> {
          assertEquals(RecordKind.SOURCED_MESSAGE, r.kind());
          return SourcedMessage.decode(r.data()).source();
        }).toList());
    try (Watcher again = Watcher.open(store, WatcherRecordingTest.CLOCK, LIMITS)) {
      assertEquals(4, again.kelEscrowedCount(), "each sender's escrows replayed as its own");
    }
  }

  @Test
  void aSourcedRecordDecodesWhatItEncodedAndRefusesATruncatedOne() {
    SourcedMessage m = new SourcedMessage("[::1]:5642 ü", new byte[] {1, 2, 3});
    SourcedMessage back = SourcedMessage.decode(m.encode());
    assertEquals(m.source(), back.source());
    assertEquals(List.of((byte) 1, (byte) 2, (byte) 3),
        List.of(back.raw()[0], back.raw()[1], back.raw()[2]));
    byte[] enc = m.encode();
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> SourcedMessage.decode(java.util.Arrays.copyOf(enc, 6)));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> SourcedMessage.decode(new byte[3]));
  }
}
