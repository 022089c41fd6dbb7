package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.http.store.RecordKind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The watcher's answers to requests recording A has none of: bad queries, wrong targets. */
class WatcherAnswersTest {

  private static Watcher fed() {
    Watcher w = Watcher.open(new InMemoryWatcherStore(), WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT);
    Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .forEach(x -> WatcherRecordingTest.replay(w, x));
    return w;
  }

  @Test
  void queriesWithoutTheirParametersGet400AndUnknownThings404() {
    Watcher w = fed();
    assertEquals(400, w.get("/receipts?pre=" + Recording.TRANS_WITS).status());
    assertEquals(400, w.get("/receipts?pre=" + Recording.TRANS_WITS + "&sn=x1").status());
    assertEquals(400, w.get("/receipts?sn=0").status());
    assertEquals(404, w.get("/receipts?pre=" + Recording.TRANS_WITS + "&sn=3").status());
    assertEquals(200, w.get("/receipts?pre=" + Recording.TRANS_WITS + "&sn=2").status());
    assertEquals(400, w.get("/query?typ=tel&pre=" + Recording.TRANS_WITS).status());
    assertEquals(400, w.get("/query?typ=kel").status());
    assertEquals(404, w.get("/query?typ=kel&pre=EAAA").status());
    assertEquals(404, w.get("/elsewhere").status());
    assertEquals(404, w.get("/oobi").status(), "a watcher has no AID of its own");
    WatcherAnswer ok = w.get("/oobi/" + Recording.TRANS_WITS + "/controller?name=x");
    assertEquals(200, ok.status());
    assertEquals(Recording.TRANS_WITS, ok.headers().get(Watcher.KERI_AID_HEADER));
    assertTrue(!ok.bodyText().contains("\"t\":\"rpy\""), "the controller role has no replies");
    String one = w.get("/oobi/" + Recording.TRANS_WITS + "/witness/"
        + "BLskRTInXnMxWaGqcpSyMgo0nYbalW99cGZESrz3zapM").bodyText();
    assertEquals(List.of("{\"eid\":\"BLskRTInXnMxWaGqcpSyMgo0nYbalW99cGZESrz3zapM\","
        + "\"scheme\":\"http\",\"url\":\"http://127.0.0.1:5643/\"}"),
        WatcherRecordingTest.locations(one.substring(one.indexOf("{\"v\":\"KERI10JSON0000fa_"))));
  }

  @Test
  void postsTheWatcherDoesNotTake() {
    Watcher w = fed();
    long records = w.store().size();
    Recording.Exchange rpy = Recording.exchanges().get(9);
    WatcherAnswer r = w.post(PostTarget.RECEIPTS, rpy.body(),
        rpy.header("Cesr-Attachment").orElseThrow(), "t");
    assertEquals(400, r.status(), "a reply is not receipted");
    WatcherAnswer twice = w.post(PostTarget.EVENTS, (new String(rpy.body(),
        StandardCharsets.US_ASCII) + new String(rpy.body(), StandardCharsets.US_ASCII))
        .getBytes(StandardCharsets.US_ASCII), "", "t");
    assertEquals(400, twice.status());
    // two messages in the body: keripy's json.load refuses the body ("Malformed JSON")
    assertTrue(twice.bodyText().contains("its attachments in the CESR-ATTACHMENT header"),
        twice.bodyText());
    WatcherAnswer empty = w.post(PostTarget.EVENTS, new byte[0], "", "t");
    assertEquals(400, empty.status());
    // a copy of an accepted event bringing nothing new: 204, rejected as a duplicate, not kept
    Recording.Exchange icp = Recording.exchanges().get(39);
    WatcherAnswer dup = w.post(PostTarget.EVENTS, icp.body(),
        icp.header("Cesr-Attachment").orElseThrow(), "t");
    assertEquals(204, dup.status());
    assertEquals("rejected DUPLICATE", dup.headers().get(Watcher.VERDICT_HEADER));
    assertEquals(records, w.store().size(), "nothing new kept");
    // the receipt endpoint answers an accepted event with the witness signatures held
    WatcherAnswer rct = w.post(PostTarget.RECEIPTS, icp.body(),
        icp.header("Cesr-Attachment").orElseThrow(), "t");
    assertEquals(200, rct.status());
    assertEquals(new String(Recording.oobiFile("15-receipt-of-trans-wits-mbx-sn-0.cesr"),
        StandardCharsets.US_ASCII), rct.bodyText());
  }

  @Test
  void aCrashBetweenAMessageAndItsFirstSeenRecordIsRepaired() {
    InMemoryWatcherStore store = new InMemoryWatcherStore();
    Watcher w = Watcher.open(store, WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT);
    Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .forEach(x -> WatcherRecordingTest.replay(w, x));
    byte[] kel = w.kel(Recording.TRANS_WITS).orElseThrow();
    w.close();
    // the same messages without their first-seen records: replay gives each event one again
    InMemoryWatcherStore cut = new InMemoryWatcherStore();
    store.reopen().records().stream().filter(r -> r.kind() != RecordKind.FIRST_SEEN)
        .forEach(r -> cut.append(r.kind(), r.data()));
    Watcher again = Watcher.open(cut, WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT);
    assertEquals(WatcherRecordingTest.masked(kel).replaceAll("-EAB0A[A-Za-z0-9_-]{22}", ""),
        WatcherRecordingTest.masked(again.kel(Recording.TRANS_WITS).orElseThrow())
            .replaceAll("-EAB0A[A-Za-z0-9_-]{22}", ""));
    assertTrue(cut.records().stream().anyMatch(r -> r.kind() == RecordKind.FIRST_SEEN));
    WatcherTestAccess.assertKeyStates(again);
  }

  /** Compacting the verifier (and rebuilding the revery) changes nothing the watcher serves. */
  @Test
  void compactionChangesNothingServed() {
    Watcher plain = fed();
    Watcher compacted = Watcher.open(new InMemoryWatcherStore(), WatcherRecordingTest.CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT, 5);
    Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .forEach(x -> WatcherRecordingTest.replay(compacted, x));
    assertEquals(75 / 5, compacted.stats().compactions(), compacted.stats().toString());
    assertEquals(0, plain.stats().compactions());
    for (String aid : List.of(Recording.TRANS_WITS, Recording.TRANS_WITS_MBX)) {
      for (String path : List.of("/oobi/" + aid + "/witness", "/query?typ=kel&pre=" + aid,
          "/receipts?pre=" + aid + "&sn=1")) {
        assertEquals(plain.get(path).bodyText(), compacted.get(path).bodyText(), path);
      }
    }
    WatcherTestAccess.assertKeyStates(compacted);
  }
}
