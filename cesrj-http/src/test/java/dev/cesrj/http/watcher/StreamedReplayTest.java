package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.RecordKind;
import dev.cesrj.http.store.StoreRecord;
import dev.cesrj.http.store.WatcherStore;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 4: the watcher's replay streams the log ({@link
 * WatcherStore#forEach}) instead of loading it whole ({@link WatcherStore#records()}).
 */
class StreamedReplayTest {
  @Test
  void replayReadsTheLogOneRecordAtATime() {
    InMemoryWatcherStore inner = new InMemoryWatcherStore();
    try (Watcher w = Watcher.open(inner, WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT)) {
      Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
          .forEach(x -> WatcherRecordingTest.replay(w, x));
    }
    long[] streamed = {0};
    WatcherStore streamOnly = new WatcherStore() {
      @Override
      public long append(RecordKind kind, byte[] data) {
        return inner.append(kind, data);
      }

      @Override
      public List<StoreRecord> records() {
        throw new AssertionError("the whole log was loaded");
      }

      @Override
      public void forEach(Consumer<StoreRecord> action) {
        inner.reopen().records().forEach(r -> {
          streamed[0]++;
          action.accept(r);
        });
      }

      @Override
      public long size() {
        return inner.size();
      }

      @Override
      public String location() {
        return "stream";
      }

      @Override
      public void close() {
        inner.close();
      }
    };
    try (Watcher again = Watcher.open(streamOnly, WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT)) {
      assertEquals(inner.size(), streamed[0], "every record streamed once");
      WatcherRecordingTest.assertKeyStates(again);
    }
  }
}
