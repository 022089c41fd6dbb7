package dev.cesrj.http.watcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.http.store.InMemoryWatcherStore;
import dev.cesrj.keri.kever.KelVerifier;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Recording A's 105 exchanges replayed in order into one watcher (without a socket; {@code
 * WatcherServerTest} does the same over loopback HTTP): keripy's status codes and bodies, but
 * where a watcher differs by design (it signs nothing and has no AID), and keripy's final key
 * states from what it serves.
 */
class WatcherRecordingTest {
  private static final Pattern DATER = Pattern.compile("1AAG[A-Za-z0-9_-]{32}");
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-06T03:05:26.607432Z"),
      ZoneOffset.UTC);

  /** The GETs a witness answers from its own key state: a watcher has none (404). */
  static final Set<Integer> WITNESS_OWN = Set.of(0, 1, 2, 100, 101, 102, 103);

  static WatcherAnswer replay(Watcher w, Recording.Exchange x) {
    if (x.method().equals("POST")) {
      return w.post(x.target().equals("/receipts") ? PostTarget.RECEIPTS : PostTarget.EVENTS,
          x.body(), x.header("Cesr-Attachment").orElse(""), "recording");
    }
    return w.get(x.target());
  }

  /**
   * {@code cesr} with each first-seen date-time masked and the witness signatures of each {@code
   * -B} group in index order: each keripy witness lists its own signature first (its {@code
   * wigs} in order of arrival), the watcher by index; the set is what counts.
   */
  static String masked(byte[] cesr) {
    String s = DATER.matcher(new String(cesr, StandardCharsets.US_ASCII)).replaceAll("1AAG<dt>");
    StringBuilder out = new StringBuilder();
    int i = 0;
    int at;
    while ((at = s.indexOf("-BA", i)) >= 0) {
      int n = s.charAt(at + 3) - 'A'; // at most 25 witness signatures in these streams
      out.append(s, i, at + 4);
      List<String> sigs = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        sigs.add(s.substring(at + 4 + 88 * k, at + 4 + 88 * (k + 1)));
      }
      sigs.sort(null);
      sigs.forEach(out::append);
      i = at + 4 + 88 * n;
    }
    return out.append(s.substring(i)).toString();
  }

  private static final String RPY = "{\"v\":\"KERI10JSON0000fa_\",\"t\":\"rpy\"";
  private static final Pattern LOCATION = Pattern.compile("\"r\":\"/loc/scheme\",\"a\":(\\{[^}]*\\})");

  /** {@return the {@code a} of each /loc/scheme reply in {@code text}, in order} */
  static List<String> locations(String text) {
    List<String> out = new ArrayList<>();
    java.util.regex.Matcher m = LOCATION.matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    assertEquals(out.size(), text.split(java.util.regex.Pattern.quote(RPY), -1).length - 1, text);
    return out;
  }

  /** Asserts the watcher's answer to {@code x} is keripy's, or the documented difference. */
  static void assertKeripyAnswer(Recording.Exchange x, WatcherAnswer a) {
    String what = x.n() + " " + x.method() + " " + x.target();
    if (x.method().equals("POST") && x.target().equals("/receipts")) {
      // keripy's witness returns its own signed rct (200); the event is escrowed here until
      // witness signatures come, so the watcher answers keripy's "not known yet", 202
      assertEquals(200, x.status(), what);
      assertEquals(202, a.status(), what);
      assertTrue(a.headers().get(Watcher.VERDICT_HEADER).startsWith("escrowed"), what);
      return;
    }
    if (WITNESS_OWN.contains(x.n())) {
      assertEquals(200, x.status(), what);
      assertEquals(404, a.status(), what);
      return;
    }
    assertEquals(x.status(), a.status(), what);
    assertEquals(x.contentType().orElse(""), a.contentType(), what);
    if (a.kind() == WatcherAnswer.Kind.EVENT_STREAM) {
      // keripy's opening event; a watcher's mailbox is empty (keripy's witness then streams
      // the receipts it signed for the querier)
      String opening = "retry: 5000\n\n";
      assertEquals(opening, a.bodyText(), what);
      assertTrue(new String(x.responseBody(), StandardCharsets.UTF_8).startsWith(opening), what);
      return;
    }
    if (x.method().equals("GET") && x.status() == 200) {
      String keripy = masked(x.responseBody());
      String ours = masked(a.body());
      int k = keripy.indexOf(RPY);
      int o = ours.indexOf(RPY);
      if (k < 0) {
        assertEquals(keripy, ours, what);
      } else {
        // the KEL, then the witnesses' /loc/scheme replies: the same endpoints and URLs, in the
        // same order; a witness serves its own reply as it last signed it (a later dt), the
        // watcher the one it was sent (keripy's config dt, 2022)
        assertTrue(o > 0, what);
        assertEquals(keripy.substring(0, k), ours.substring(0, o), what);
        assertEquals(locations(keripy.substring(k)), locations(ours.substring(o)), what);
      }
      if (x.target().startsWith("/oobi/")) {
        assertEquals(x.responseHeader("Keri-Aid").orElseThrow(),
            a.headers().get(Watcher.KERI_AID_HEADER), what);
      }
      return;
    }
    assertArrayEquals(x.responseBody(), a.body(), what);
  }

  @Test
  void everyRecordedExchangeGetsKeripysAnswer() {
    Watcher w = Watcher.open(new InMemoryWatcherStore(), CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT);
    List<Recording.Exchange> xs = Recording.exchanges();
    assertEquals(105, xs.size());
    for (Recording.Exchange x : xs) {
      assertKeripyAnswer(x, replay(w, x));
    }
    assertKeyStates(w);
  }

  @Test
  void receiptsAreKeripysBytes() {
    Watcher w = Watcher.open(new InMemoryWatcherStore(), CLOCK,
        dev.cesrj.keri.kever.EscrowLimits.DEFAULT);
    Recording.exchanges().stream().filter(x -> x.method().equals("POST"))
        .forEach(x -> replay(w, x));
    assertArrayEquals(Recording.oobiFile("06-receipt-of-trans-wits-sn-0.cesr"),
        w.receipt(Recording.TRANS_WITS, java.math.BigInteger.ZERO).orElseThrow());
    assertArrayEquals(Recording.oobiFile("15-receipt-of-trans-wits-mbx-sn-0.cesr"),
        w.receipt(Recording.TRANS_WITS_MBX, java.math.BigInteger.ZERO).orElseThrow());
    // the first-seen date-time is the watcher's own (here a fixed clock, keripy's fn 0)
    String kel = new String(w.kel(Recording.TRANS_WITS).orElseThrow(), StandardCharsets.US_ASCII);
    assertTrue(kel.contains("-EAB0AAAAAAAAAAAAAAAAAAAAAAA1AAG2026-12-06T03c05c26d607432p00c00"),
        kel);
  }

  /**
   * What the watcher serves, resolved by a fresh verifier as keripy's client would, ends with
   * keripy's key states ({@code keystate.json}), with keripy's count of witness signatures on the
   * latest event.
   */
  static void assertKeyStates(Watcher w) {
    JsonNode expected = Recording.json(Recording.folder().resolve("keystate.json"));
    int checked = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String aid = e.getKey();
      JsonNode k = e.getValue();
      byte[] kel = w.kel(aid).orElseThrow();
      KelVerifier fresh = new KelVerifier();
      for (Verdict v : fresh.acceptAll(kel)) {
        assertEquals(Status.ACCEPTED, v.status(), v.toString());
      }
      KeyState ks = fresh.keyState(aid).orElseThrow();
      assertEquals(k.get("sn").asLong(), ks.sn().longValue(), aid);
      assertEquals(k.get("said").asText(), ks.said(), aid);
      assertEquals(k.get("et").asText(), ks.et(), aid);
      assertEquals(texts(k.get("k")), ks.keys(), aid);
      assertEquals(k.get("kt").asText(), ks.signingThreshold(), aid);
      assertEquals(texts(k.get("n")), ks.nextKeyDigests(), aid);
      assertEquals(k.get("nt").asText(), ks.nextThreshold(), aid);
      assertEquals(texts(k.get("b")), ks.witnesses(), aid);
      assertEquals(k.get("bt").asLong(), ks.toad(), aid);
      assertEquals(ks, w.keyStates().get(aid), aid);
      String text = new String(kel, StandardCharsets.US_ASCII);
      String last = text.substring(text.lastIndexOf("{\"v\""));
      int wigs = last.charAt(last.indexOf("-BA") + 3) - 'A'; // Base64 digit: A=0, D=3
      assertEquals(k.get("witnessSigsOnLatest").asInt(), wigs, aid);
      checked++;
    }
    assertEquals(2, checked);
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
