package dev.cesrj.keri.tel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.testing.LeakDetectionExtension;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 51 credential streams of set A ({@code src/test/resources/acdc/A}, copied from the
 * project's shared data {@code acdc/A}: see the README there), fed as keripy's harness did: KEL
 * messages to a {@code KelVerifier}, TEL messages to a {@link Tevery}, in stream order, then both
 * escrows retried until nothing changes. Each TEL message's verdict at intake and after the
 * retries is keripy's ({@code messages[i]}: accepted, escrowed in {@code oots}/{@code taes}, then
 * {@code afterEscrows}), at keripy's offset; each registry's state is keripy's ({@code
 * registries}: issuer, sn, said, noBackers, backers, toad); each credential's TEL state is
 * keripy's {@code vcState} ({@code credentials[said].tel}: sn, et, said), and a credential
 * keripy gives no TEL state has none here. Whole, and through the push parser in 7-byte chunks.
 */
@ExtendWith(LeakDetectionExtension.class)
class TelStreamsTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Set<String> TEL_ILKS = Set.of("vcp", "vrt", "iss", "rev", "bis", "brv");

  /**
   * Where cesrj is stricter than keripy, by mutation: the TEL verdict expected instead of
   * keripy's. {@code iss-unanchored-digest-seal}: the KEL event the iss's couple names holds a
   * digest seal, no seal of the iss: keripy's {@code Tever.verifyAnchor} reads {@code seal["i"]},
   * raises {@code KeyError} and drops the iss; the iss is simply not anchored (yet), so it waits
   * in the anchorless escrow, as keripy does for an event seal of another event ({@code
   * iss-unanchored}).
   */
  private static final Map<String, String> STRICTER = Map.of(
      "iss-unanchored-digest-seal", "escrowed:taes -> escrowed:taes");

  /** The TEL messages of set A's 51 streams. */
  private static final long MESSAGES = 135;
  /**
   * Their processings: each once at intake, and each of the 18 escrowed at intake once more (the
   * rev of {@code rev-before-iss} is then accepted; the 15 anchorless wait for nothing that comes).
   */
  private static final long PROCESSINGS = 153;
  private static final long ESCROWED = 18;

  static List<String> streams() throws IOException {
    JsonNode files = MAPPER.readTree(TelFeed.resource("A/MANIFEST.json")).get("files");
    List<String> out = new ArrayList<>();
    files.fieldNames().forEachRemaining(out::add);
    return out;
  }

  @Test
  void setAHasItsFiftyOneStreams() throws IOException {
    assertEquals(51, streams().size());
  }

  /**
   * The work the retries cost over set A: each TEL message is processed at intake; an escrowed
   * one again on the first retry pass, and after that only when a TEL event was accepted or its
   * issuer's KEL grew. Counted, not timed.
   */
  @Test
  void retriesOverSetAAreCounted() throws IOException {
    long messages = 0;
    long processings = 0;
    long escrowed = 0;
    for (String file : streams()) {
      TelFeed f = TelFeed.whole(TelFeed.resource("A/" + file));
      messages += f.intake.size();
      processings += f.tevery.processings();
      escrowed += f.intake.values().stream().filter(v -> v.status() == Status.ESCROWED).count();
    }
    assertEquals(List.of(MESSAGES, PROCESSINGS, ESCROWED), List.of(messages, processings,
        escrowed));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void wholeGivesKeripysTel(String file) throws IOException {
    check(file, TelFeed.whole(TelFeed.resource("A/" + file)), "whole");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("streams")
  void chunkedGivesKeripysTel(String file) throws IOException {
    check(file, TelFeed.chunked(TelFeed.resource("A/" + file), 7), "7-byte chunks");
  }

  private static void check(String file, TelFeed f, String how) throws IOException {
    JsonNode verdict = MAPPER.readTree(TelFeed.resource("A/" + file + ".verdict.json"));
    String mutation = verdict.get("mutation").asText();
    String at = file + " " + how;
    int tel = 0;
    for (JsonNode m : verdict.get("messages")) {
      if (!TEL_ILKS.contains(m.get("ilk").asText())) {
        continue;
      }
      int i = m.get("i").asInt();
      String want = keripys(m);
      if (STRICTER.containsKey(mutation) && m.get("ilk").asText().equals("iss")) {
        want = STRICTER.get(mutation);
      }
      TelVerdict first = f.intake.get(i);
      assertEquals(want, ours(first) + " -> " + ours(f.last(i)),
          at + " message " + i + ": " + f.last(i));
      assertEquals(m.get("offset").asLong(), first.offset(), at + " offset of " + i);
      assertEquals(m.get("said").asText(), first.said().orElseThrow(), at);
      assertEquals(m.get("sn").asLong(), first.sn().orElseThrow().longValueExact(), at);
      tel++;
    }
    assertTrue(tel >= 2, at + ": a vcp and an iss at least");
    Map<String, String> wantRegs = new TreeMap<>();
    for (Map.Entry<String, JsonNode> r : verdict.get("registries").properties()) {
      JsonNode v = r.getValue();
      List<String> baks = new ArrayList<>();
      v.get("backers").forEach(b -> baks.add(b.asText()));
      wantRegs.put(r.getKey(), v.get("issuer").asText() + " sn " + v.get("sn").asLong() + " "
          + v.get("said").asText() + " NB " + v.get("noBackers").asBoolean() + " " + baks
          + " bt " + v.get("toad").asLong());
    }
    Map<String, String> gotRegs = new TreeMap<>();
    f.tevery.registries().forEach((k, r) -> gotRegs.put(k, r.issuer() + " sn " + r.sn() + " "
        + r.said() + " NB " + r.noBackers() + " " + r.backers() + " bt " + r.toad()));
    assertEquals(wantRegs, gotRegs, at + " registries");
    int states = 0;
    for (Map.Entry<String, JsonNode> c : verdict.get("credentials").properties()) {
      JsonNode t = c.getValue().get("tel");
      String want = t == null ? "none"
          : t.get("sn").asLong() + " " + t.get("et").asText() + " " + t.get("said").asText();
      String got = f.tevery.credential(c.getKey())
          .map(s -> s.sn() + " " + s.ilk().code() + " " + s.said()).orElse("none");
      assertEquals(want, got, at + " credential " + c.getKey());
      states++;
    }
    assertTrue(states > 0, at);
  }

  /** keripy's outcome of one message: at intake, then after the escrow retries. */
  private static String keripys(JsonNode m) {
    if (m.has("escrowed")) {
      String after = m.get("afterEscrows").asText();
      return "escrowed:" + m.get("escrowed").asText() + " -> "
          + (after.equals("dropped") ? "rejected" : after);
    }
    return m.get("accepted").asBoolean() ? "accepted -> accepted" : "rejected -> rejected";
  }

  private static String ours(TelVerdict v) {
    if (v.status() == Status.ESCROWED) {
      return "escrowed:" + v.escrow().orElseThrow().keripyName();
    }
    return v.status() == Status.ACCEPTED ? "accepted" : "rejected";
  }
}
