package dev.cesrj.keri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.RoutedMessage;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every message of corpus A (keripy 2.0.0-dev6): its typed event has the ilk, SAID, prefix and
 * sequence number keripy's parse records; every SAID checks; every signature verifies against the
 * keys it names (controller signatures against the event's own keys or the latest establishment
 * event's, witness signatures against the witnesses in force, receipts against their receipting
 * keys). Under PIT ({@link PitSample}) one stream per
 * family and per version and form.
 */
@ExtendWith(LeakDetectionExtension.class)
class KeriCorpusTest {
  private static final Map<String, Integer> TOTALS = new TreeMap<>();

  static List<String> streams() {
    List<String> out = new ArrayList<>();
    for (String s : Corpus.streams()) {
      if (!"only".equals(Corpus.manifestEntry(s).get("attachments").asText())) {
        out.add(s); // attachment-only streams have no message
      }
    }
    return PitSample.covering(out, PitSample::corpusKeys);
  }

  @AfterAll
  static void totals() {
    System.out.println("KeriCorpusTest totals " + TOTALS);
  }

  private static synchronized void count(String what, int n) {
    TOTALS.merge(what, n, Integer::sum);
  }

  @ParameterizedTest
  @MethodSource("streams")
  void everyMessageGivesItsTypedEvent(String file) {
    JsonNode expected = Corpus.expected(file);
    int i = 0;
    try (Messages messages = Messages.copyOf(Corpus.bytes(file))) {
      for (Message m : messages) {
        same(m, expected.get(i++), file);
      }
    }
    assertEquals(expected.size(), i, file);
  }

  private static void same(Message m, JsonNode e, String where) {
    KeriEvent ev = KeriEvents.of(m);
    String at = where + " message at " + m.offset();
    assertEquals(e.get("ilk").asText(), ev.ilk().code(), at);
    assertEquals(e.get("said").asText(), ev.said(), at);
    assertEquals(e.get("kind").asText(), ev.body().kind().name(), at);
    assertEquals(e.get("vs").asText(), ev.body().version().text(), at);
    assertEquals(e.get("size").asInt(), ev.body().size(), at);
    String pre = ev instanceof KeyEvent ? ((KeyEvent) ev).prefix()
        : ev instanceof ReceiptEvent ? ((ReceiptEvent) ev).prefix()
        : ((RoutedMessage) ev).prefix().orElse(null);
    if (e.hasNonNull("pre")) {
      assertEquals(e.get("pre").asText(), pre, at);
    }
    if (e.hasNonNull("sn")) {
      java.math.BigInteger sn = ev instanceof KeyEvent ? ((KeyEvent) ev).sn() : ((ReceiptEvent) ev).sn();
      assertEquals(e.get("sn").asText(), sn.toString(16), at);
    }
    count("events", 1);
    count("ilk " + ev.ilk().code(), 1);
    count("kind " + ev.body().kind() + " v" + ev.body().version().major(), 1);
    JsonNode nests = e.get("nests");
    List<Message> nested = m.nested();
    assertEquals(nests == null ? 0 : nests.size(), nested.size(), at);
    for (int k = 0; k < nested.size(); k++) {
      same(nested.get(k), nests.get(k), where + " nested " + k);
    }
  }

  @ParameterizedTest
  @MethodSource("streams")
  void everySaidChecks(String file) {
    int checked = 0;
    try (Messages messages = Messages.copyOf(Corpus.bytes(file))) {
      List<Message> all = new ArrayList<>();
      for (Message m : messages) {
        all.add(m);
        all.addAll(m.nested());
      }
      for (Message m : all) {
        Body b = Body.of(m);
        for (Saids.Check c : Saids.check(b)) {
          assertTrue(c.ok(), file + " at " + m.offset() + ": " + c);
          checked++;
        }
        Saids.require(b);
      }
    }
    assertTrue(checked > 0, file);
    count("saids", checked);
  }

  @ParameterizedTest
  @MethodSource("streams")
  void everySignatureVerifies(String file) {
    KeyStates states = new KeyStates();
    int i = 0;
    try (Messages messages = Messages.copyOf(Corpus.bytes(file))) {
      for (Message m : messages) {
        states.take(m, i++);
      }
    }
    assertEquals(List.of(), states.failing, file);
    int verified = 0;
    for (Map.Entry<SignatureRole, int[]> c : states.counts.entrySet()) {
      assertEquals(0, c.getValue()[1], file + " " + c.getKey());
      verified += c.getValue()[0];
      count("verified " + c.getKey(), c.getValue()[0]);
    }
    assertTrue(verified > 0, file);
  }
}
