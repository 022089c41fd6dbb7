package dev.cesrj.http.oobi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.testing.LeakDetectionExtension;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.http.OobiPath;
import dev.cesrj.keri.kever.KeyState;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import dev.cesrj.keri.reply.EndRole;
import dev.cesrj.keri.reply.LocScheme;
import dev.cesrj.keri.reply.ReplyVerdict;
import java.math.BigInteger;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link OobiResolver} against recording A's witness responses, served from loopback as keripy's
 * witnesses sent them ({@link RecordedWitness}): every recorded 200 resolves with keripy's verdict
 * on each message ({@code *.cesr.verdict.json}: accepted or not, end roles, locations, key
 * states), every recorded OOBI form is among them, the 404s are typed errors, and the witness
 * OOBIs of both AIDs give {@code keystate.json}.
 */
@ExtendWith(LeakDetectionExtension.class)
class RecordedOobiTest {
  private static RecordedWitness witness;

  @BeforeAll
  static void start() throws Exception {
    witness = new RecordedWitness();
  }

  @AfterAll
  static void stop() throws Exception {
    witness.close();
  }

  static Stream<String> ok() {
    return RecordedWitness.BY_TARGET.values().stream().filter(r -> r.status() == 200)
        .map(RecordedWitness.Recorded::target);
  }

  static Stream<String> notFound() {
    return RecordedWitness.BY_TARGET.values().stream().filter(r -> r.status() == 404)
        .map(RecordedWitness.Recorded::target);
  }

  @Test
  void theRecordingHas20AnswersAnd3NotFound() {
    assertEquals(20, ok().count());
    assertEquals(3, notFound().count());
  }

  @ParameterizedTest
  @MethodSource("ok")
  void eachRecordedAnswerGetsKeripysVerdicts(String target) {
    RecordedWitness.Recorded r = RecordedWitness.BY_TARGET.get(target);
    KeriSink sink = new KeriSink();
    try (OobiResolver resolver = new OobiResolver(OobiSettings.DEFAULT, sink)) {
      OobiResponse resp = target.startsWith("/oobi") ? resolver.resolve(witness.base() + target)
          : resolver.fetch(URI.create(witness.base() + target));
      assertEquals(200, resp.status());
      assertEquals(r.body().length, resp.bodyBytes());
      JsonNode v = r.verdict();
      assertEquals(v.get("messages").size(), resp.messages(), r.name());
      String aid = header(r, "Keri-Aid");
      assertEquals(aid, resp.keriAid().orElse(null));
      Map<Long, Boolean> accepted = new HashMap<>();
      for (Verdict kv : sink.kevers().verdicts()) {
        accepted.put(kv.offset(), kv.status() == Status.ACCEPTED);
      }
      for (ReplyVerdict rv : sink.revery().verdicts()) {
        accepted.put(rv.offset(), rv.status() == Status.ACCEPTED);
      }
      for (JsonNode m : v.get("messages")) {
        Boolean got = accepted.get(m.get("offset").asLong());
        assertNotNull(got, r.name() + ": no verdict at " + m.get("offset"));
        assertEquals(m.get("accepted").asBoolean(), got, r.name() + " " + m);
      }
      assertKeyStates(v.get("keyStates"), resolver.keyStates(), r.name());
      assertEndpoints(v, resolver.endRoles(), resolver.locSchemes(), r.name());
    }
  }

  static String header(RecordedWitness.Recorded r, String name) {
    for (String[] h : r.headers()) {
      if (h[0].equalsIgnoreCase(name)) {
        return h[1];
      }
    }
    return null;
  }

  static void assertKeyStates(JsonNode expected, Map<String, KeyState> got, String what) {
    Set<String> names = new TreeSet<>();
    expected.fieldNames().forEachRemaining(names::add);
    assertEquals(names, new TreeSet<>(got.keySet()), what);
    for (String pre : names) {
      JsonNode e = expected.get(pre);
      KeyState k = got.get(pre);
      assertEquals(BigInteger.valueOf(e.get("sn").asLong()), k.sn(), what);
      assertEquals(e.get("said").asText(), k.said(), what);
      assertEquals(e.get("et").asText(), k.et(), what);
      assertEquals(texts(e.get("k")), k.keys(), what);
      assertEquals(e.get("kt").asText(), k.signingThreshold(), what);
      assertEquals(texts(e.get("n")), k.nextKeyDigests(), what);
      assertEquals(e.get("nt").asText(), k.nextThreshold(), what);
      assertEquals(texts(e.get("b")), k.witnesses(), what);
      assertEquals(e.get("bt").asLong(), k.toad(), what);
    }
  }

  static void assertEndpoints(JsonNode v, List<EndRole> ends, List<LocScheme> locs,
      String what) {
    List<String> want = new ArrayList<>();
    for (JsonNode e : v.get("endRoles")) {
      want.add(e.get("cid").asText() + " " + e.get("role").asText() + " " + e.get("eid").asText()
          + " " + e.get("allowed").asBoolean());
    }
    List<String> have = ends.stream()
        .map(e -> e.cid() + " " + e.role() + " " + e.eid() + " " + e.allowed()).toList();
    assertEquals(new TreeSet<>(want), new TreeSet<>(have), what);
    List<String> wantLocs = new ArrayList<>();
    for (JsonNode l : v.get("locSchemes")) {
      wantLocs.add(l.get("eid").asText() + " " + l.get("scheme").asText() + " "
          + l.get("url").asText());
    }
    List<String> haveLocs = locs.stream().map(l -> l.eid() + " " + l.scheme() + " " + l.url())
        .toList();
    assertEquals(new TreeSet<>(wantLocs), new TreeSet<>(haveLocs), what);
    assertEquals(wantLocs.size(), haveLocs.size(), what);
  }

  static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  /** Every OOBI form keripy serves is among the recorded answers resolved above. */
  @Test
  void everyOobiFormIsRecorded() {
    Set<OobiPath.Form> forms = new TreeSet<>();
    for (String target : RecordedWitness.BY_TARGET.keySet()) {
      OobiPath.parse(target.split("\\?")[0]).ifPresent(p -> forms.add(p.form()));
    }
    assertEquals(Set.of(OobiPath.Form.values()), forms);
  }

  @ParameterizedTest
  @MethodSource("notFound")
  void notFoundIsATypedError(String target) {
    try (OobiResolver resolver = new OobiResolver()) {
      OobiException e = assertThrows(OobiException.class,
          () -> resolver.resolve(witness.base() + target));
      assertEquals(OobiFailure.STATUS, e.kind());
      assertEquals(404, e.status().getAsInt());
      assertTrue(resolver.keyStates().isEmpty());
    }
  }

  /** keystate.json: a fresh resolver given the witness OOBI of each AID (00 and 09). */
  @Test
  void witnessOobisGiveKeystateJson() throws Exception {
    JsonNode keystate = RecordedWitness.JSON.readTree(
        RecordedWitness.class.getResourceAsStream("/network/A/keystate.json"));
    try (OobiResolver resolver = new OobiResolver()) {
      keystate.fields().forEachRemaining(e -> {
        String from = e.getValue().get("from").asText().replace("oobi/", "")
            .replace(".cesr", "");
        String target = RecordedWitness.BY_TARGET.values().stream()
            .filter(r -> r.name().equals(from)).findFirst().orElseThrow().target();
        resolver.resolve(witness.base() + target);
      });
      assertKeyStates(keystate, resolver.keyStates(), "keystate.json");
      assertEquals(2, resolver.keyStates().size());
    }
  }

  /** The bare receipt waits for its event (keripy rejects it); fetched after the KEL it is accepted. */
  @Test
  void receiptsAfterTheKelAreAccepted() {
    String pre = "ECLy7dcqSL8n8vRg7frWTvpQkOaxmuQJdFp4p0dONDWL";
    KeriSink sink = new KeriSink();
    try (OobiResolver resolver = new OobiResolver(OobiSettings.DEFAULT, sink)) {
      resolver.receipts(witness.base() + "/", pre, BigInteger.ZERO);
      assertEquals(Status.ESCROWED, sink.kevers().verdicts().get(0).status());
      OobiResponse kel = resolver.kel(witness.base(), pre);
      assertEquals(3, kel.messages());
      assertEquals(Status.ACCEPTED, sink.kevers().verdicts().get(0).status(),
          "retried at the end of the KEL's response");
      assertEquals(BigInteger.TWO, resolver.keyStates().get(pre).sn());
    }
  }

  /** Recorded answers carry no Connection header: the connection is reused, one request at a time. */
  @Test
  void connectionsAreReused() {
    try (OobiResolver resolver = new OobiResolver()) {
      long before = witness.server.connections.get();
      ok().filter(t -> t.startsWith("/oobi")).forEach(t -> resolver.resolve(witness.base() + t));
      assertEquals(1, resolver.connections());
      assertEquals(before + 1, witness.server.connections.get());
    }
  }
}
