package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.StoreException;
import dev.cesrj.keri.kever.EscrowLimits;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 2: a POST answered 503 (its record could not be appended) must
 * leave nothing a restart would lose. Before, the message was applied to the verifier first and
 * served; the client's retry was then a duplicate, never stored, and a restart lost it.
 */
class FailedAppendTest {
  /** Recording A's POSTs whose first append fails: an icp, an ixn, and a witness's rct. */
  private static final Set<Integer> FAILING = Set.of(39, 72, 78);

  /** An in-memory store whose next append throws once when armed. */
  static final class FailOnce extends ForwardingStore {
    boolean armed;
    int failed;

    FailOnce() {
      super("fail-once");
    }

    @Override
    void beforeAppend() {
      if (armed) {
        armed = false;
        failed++;
        throw new StoreException("disk full (test)", null);
      }
    }
  }


  @Test
  void aFailedAppendIsRetriedToKeripysAnswerAndSurvivesARestart() {
    FailOnce store = new FailOnce();
    Watcher w = Watcher.open(store, WatcherRecordingTest.CLOCK, EscrowLimits.DEFAULT);
    Watcher reference = Watcher.open(new InMemoryWatcherStore(), WatcherRecordingTest.CLOCK,
        EscrowLimits.DEFAULT);
    for (Recording.Exchange x : Recording.exchanges()) {
      if (!x.method().equals("POST")) {
        continue;
      }
      WatcherRecordingTest.replay(reference, x);
      if (FAILING.contains(x.n())) {
        store.armed = true;
        long before = store.size();
        assertThrows(StoreException.class, () -> WatcherRecordingTest.replay(w, x),
            "exchange " + x.n() + " (the server answers 503)");
        assertEquals(before, store.size());
      }
      WatcherRecordingTest.assertKeripyAnswer(x, WatcherRecordingTest.replay(w, x));
    }
    assertEquals(FAILING.size(), store.failed);
    for (String aid : List.of(Recording.TRANS_WITS, Recording.TRANS_WITS_MBX)) {
      assertArrayEquals(WatcherRecordingTest.masked(reference.kel(aid).orElseThrow()).getBytes(),
          WatcherRecordingTest.masked(w.kel(aid).orElseThrow()).getBytes(), aid);
    }
    w.close();
    try (Watcher again = Watcher.open(store.inner.reopen(), WatcherRecordingTest.CLOCK,
        EscrowLimits.DEFAULT)) {
      WatcherRecordingTest.assertKeyStates(again);
      for (String aid : List.of(Recording.TRANS_WITS, Recording.TRANS_WITS_MBX)) {
        assertEquals(WatcherRecordingTest.masked(reference.kel(aid).orElseThrow()),
            WatcherRecordingTest.masked(again.kel(aid).orElseThrow()), aid);
      }
    }
    reference.close();
  }
}
