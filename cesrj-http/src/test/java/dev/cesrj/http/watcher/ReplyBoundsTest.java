package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.keri.kever.EscrowLimits;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.testing.Property;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 1: replies kept without bound. Anyone with a fresh non-transferable
 * key can sign a {@code /loc/scheme} reply for itself, which the revery accepts; the watcher keeps
 * (stores, replays, serves) only those of AIDs it serves and holds the others in memory, at most
 * {@link WatcherLimits#maxHeldReplies()} of them, the oldest evicted.
 */
class ReplyBoundsTest {
  private static final int HELD = 64;
  private static final String DT = "2026-12-06T03:05:26.607432+00:00";

  private static Watcher open(InMemoryWatcherStore store) {
    return Watcher.open(store, WatcherRecordingTest.CLOCK,
        WatcherLimits.DEFAULT.withHeldReplies(HELD, 1L << 20), new InMemorySchemaResolver());
  }

  private static void postRecording(Watcher w) {
    Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .forEach(x -> WatcherRecordingTest.replay(w, x));
  }

  @Test
  void selfSignedRepliesOfAidsNotServedStayWithinTheBoundAndAreNeverStored() {
    InMemoryWatcherStore store = new InMemoryWatcherStore();
    InMemoryWatcherStore plain = new InMemoryWatcherStore();
    try (Watcher w = open(store); Watcher reference = open(plain)) {
      postRecording(w);
      postRecording(reference);
      String oobi = "/oobi/" + Recording.TRANS_WITS + "/witness";
      byte[] served = reference.get(oobi).body();
      assertArrayEquals(served, w.get(oobi).body());
      long records = store.size();
      int[] before = w.replyCounts();
      assertEquals(3, before[0], "recording A's three witness locations are kept");
      assertEquals(0, before[1]);
      SelfSignedReplies replies = new SelfSignedReplies(32);
      // 10,000 in every build; under PIT's case-count scale a few times the bound (each reply
      // costs a signature verification, and every mutant of the watcher reruns this)
      int n = Property.scale() < 1.0 ? 4 * HELD : 10_000;
      for (int i = 0; i < n; i++) {
        SelfSignedReplies.Reply r = replies.next(DT, "http://127.0.0.1:" + (1 + i % 60_000) + "/");
        WatcherAnswer a = w.post(PostTarget.EVENTS, r.body().getBytes(StandardCharsets.US_ASCII),
            r.attachments(), "attacker");
        assertEquals(204, a.status());
        assertEquals("accepted", a.headers().get(Watcher.VERDICT_HEADER), "reply " + i);
        int[] c = w.replyCounts();
        assertEquals(3, c[0], "kept after reply " + i);
        assertTrue(c[1] <= HELD, "held " + c[1] + " after reply " + i);
        // the revery's records: the kept, the held, and at most HELD evicted since it was made
        assertTrue(c[2] <= 3 + 2 * HELD, "revery records " + c[2] + " after reply " + i);
      }
      assertEquals(Math.min(n, HELD), w.replyCounts()[1]);
      assertEquals(records, store.size(), "no reply of an AID not served is stored");
      assertArrayEquals(served, w.get(oobi).body(), "recording A's witnesses still served");
    }
    try (Watcher again = open(store.reopen())) {
      assertEquals(3, again.replyCounts()[0]);
      WatcherTestAccess.assertKeyStates(again);
    }
  }

  @Test
  void aLaterReplyOfTheSameRecordDropsTheEarlier() {
    try (Watcher w = open(new InMemoryWatcherStore())) {
      SelfSignedReplies.Key key = new SelfSignedReplies(7).nextKey();
      for (String dt : List.of(DT, "2026-12-06T03:05:27.000000+00:00")) {
        SelfSignedReplies.Reply r = SelfSignedReplies.reply(key, dt, "http://127.0.0.1:5/");
        WatcherAnswer a = w.post(PostTarget.EVENTS, r.body().getBytes(StandardCharsets.US_ASCII),
            r.attachments(), "one");
        assertEquals("accepted", a.headers().get(Watcher.VERDICT_HEADER), dt);
        assertEquals(1, w.replyCounts()[1], "one held reply for the record after " + dt);
      }
    }
  }

  @Test
  void limitsRefuseNegativeBounds() {
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new WatcherLimits(EscrowLimits.DEFAULT, -1, 0));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> new WatcherLimits(EscrowLimits.DEFAULT, 0, -1));
    assertEquals(1024, WatcherLimits.DEFAULT.maxHeldReplies());
  }
}
