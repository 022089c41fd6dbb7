package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's review, finding 2: re-POSTing an accepted event with signatures that do not verify
 * must not grow the store (keripy's {@code Kever} keeps only verified signatures: {@code
 * Kever.validateSigsDelWigs}). The verifier already rejects such a copy (not as a duplicate), so
 * this pins that no record is added; the watcher's keep rule (only a first copy, a signature that
 * verifies, or a capped candidate of an escrowed event) guards it as well.
 */
class JunkSignaturesTest {
  private static final String B64 =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  @Test
  void thousandRepostsOfAnAcceptedEventWithJunkSignaturesAddNoRecord() {
    InMemoryWatcherStore store = new InMemoryWatcherStore();
    try (Watcher w = Watcher.open(store, WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT)) {
      Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
          .forEach(x -> WatcherRecordingTest.replay(w, x));
      Recording.Exchange icp = Recording.exchanges().stream()
          .filter(x -> x.method().equals("POST") && x.target().equals("/")).findFirst()
          .orElseThrow();
      long before = store.size();
      String served = new String(w.get("/oobi/" + Recording.TRANS_WITS).body(),
          java.nio.charset.StandardCharsets.ISO_8859_1);
      SplittableRandom rnd = new SplittableRandom(32);
      for (int i = 0; i < 1000; i++) {
        // its own attachments (which verify, the -V wrapper dropped) and a witness signature
        // group: one indexed Ed25519 signature at index 0 that does not verify
        String own = icp.header("Cesr-Attachment").orElseThrow();
        assertTrue(own.startsWith("-VAj") && own.contains("-AAB"), own);
        StringBuilder sig = new StringBuilder(own.substring(4)).append("-BABAA");
        for (int k = 0; k < 86; k++) {
          sig.append(B64.charAt(k == 0 ? rnd.nextInt(4) : rnd.nextInt(64)));
        }
        WatcherAnswer a = w.post(PostTarget.EVENTS, icp.body(), sig.toString(), "junk");
        assertEquals("not-kept", a.headers().get(Watcher.VERDICT_HEADER), "post " + i);
      }
      assertEquals(before, store.size(), "no junk copy stored");
      assertEquals(served, new String(w.get("/oobi/" + Recording.TRANS_WITS).body(),
          java.nio.charset.StandardCharsets.ISO_8859_1), "served KEL unchanged");
      assertTrue(before > 0);
    }
  }
}
