package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cesrj.CesrException;
import dev.cesrj.keri.acdc.CredentialResolver;
import dev.cesrj.keri.acdc.InMemorySchemaResolver;
import dev.cesrj.keri.credential.CredentialVerdict;
import dev.cesrj.keri.credential.CredentialVerifier;
import dev.cesrj.keri.credential.MessageKind;
import dev.cesrj.keri.credential.MessageVerdict;
import dev.cesrj.keri.tel.RegistryState;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 31: the exchanges' ({@code exn}) signatures of a run of messages given to {@link
 * CredentialVerifier} are checked on the KEL verifier's workers ahead of the rules, in the same
 * plan as the key events' ({@link KelVerifier#plan}, {@link SignatureBatch}), and the {@link
 * dev.cesrj.keri.exchange.Exchanger} takes their verdicts ({@link PlannedBatch#verdict}). The
 * streams are every stream of cesrj-core's corpus A (its test-jar's {@code /corpus/A}) whose
 * expected frames hold an {@code exn}: acdc set A has none. At 2, 4 and 8 workers (4 and 8 on an
 * executor, which takes no floor, so that the one-message batches of 7-byte chunks overlap too)
 * the verdicts per message, at intake and final, credentials, registries and key states are the
 * serial ones, whole and in 7-byte chunks; the exchanges' SAIDs and offsets are those of the
 * corpus's expected frames, each signed one accepted and the unsigned {@code /oobis/notify}
 * waiting for signatures, as keripy escrows it.
 */
@ExtendWith(LeakDetectionExtension.class)
class ExchangeSignatureBatchTest {
  private static final int[] WORKERS = {2, 4, 8};

  static Stream<String> exchangeStreams() {
    // all in every build; under PIT an even sample (PitSample), as ParallelEqualsSerialTest
    return dev.cesrj.keri.PitSample.spread(allExchangeStreams()).stream();
  }

  /** {@return corpus A's 12 streams that hold an exchange, all of them} */
  static List<String> allExchangeStreams() {
    List<String> out = new ArrayList<>();
    for (String s : Corpus.streams()) {
      if (!exchanges(s).isEmpty()) {
        out.add(s);
      }
    }
    assertEquals(12, out.size(), "corpus A's exchange streams: " + out);
    return out;
  }

  /** {@return the expected frames of {@code stream} that are exchanges} */
  private static List<JsonNode> exchanges(String stream) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode e : Corpus.expected(stream)) {
      if (e.path("ilk").asText().equals("exn")) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * Everything the rules decide: verdicts at intake and final, credentials and registries (as
   * text: a credential's parsed body has no value equality), key states.
   */
  record Outcome(List<MessageVerdict> intake, String framing, List<MessageVerdict> last,
      String credentials, String registries, String keyStates) {
  }

  /** As {@link ParallelEqualsSerialTest}'s: 4 and 8 workers on an executor, no floor. */
  private static KelVerifier kel(int workers) {
    return workers <= 2 ? KelVerifier.builder().threads(workers).build()
        : KelVerifier.builder().threads(workers).executor(OverlapTest::threadPerTask).build();
  }

  private static CredentialVerifier verifier(KelVerifier kel) {
    return new CredentialVerifier(SCHEMAS, CredentialResolver.NONE,
        CredentialVerifier.DEFAULT_ESCROW_LIMIT, kel);
  }

  /** acdc set A's schemas (test resources {@code /acdc/schemas}): none for the exchanges. */
  private static final InMemorySchemaResolver SCHEMAS = new InMemorySchemaResolver();

  static {
    for (String f : List.of("simple-attestation.json", "qualified-vLEI-issuer-vLEI-credential.json",
        "legal-entity-vLEI-credential.json")) {
      SCHEMAS.add(resource("/acdc/schemas/" + f));
    }
  }

  private static byte[] resource(String path) {
    try (java.io.InputStream in = ExchangeSignatureBatchTest.class.getResourceAsStream(path)) {
      assertTrue(in != null, path);
      return in.readAllBytes();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** acdc set A's 51 streams (none has an exchange). */
  static Stream<String> credentialStreams() {
    List<String> out = new ArrayList<>();
    try {
      new com.fasterxml.jackson.databind.ObjectMapper().readTree(resource("/acdc/A/MANIFEST.json"))
          .get("files").fieldNames().forEachRemaining(f -> out.add("/acdc/A/" + f));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    assertEquals(51, out.size());
    return dev.cesrj.keri.PitSample.spread(out.stream().sorted().toList()).stream();
  }

  /**
   * The credential streams, whose whole list is now one batch ({@link KelVerifier#plan}) instead
   * of a batch per run of key events: at 2, 4 and 8 workers the serial outcome (which {@code
   * CredentialStreamsTest} holds to keripy's verdict files), whole and in 7-byte chunks.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("credentialStreams")
  void credentialStreamsGiveTheSerialOutcome(String resource) {
    byte[] input = resource(resource);
    Outcome serialWhole = whole(verifier(kel(1)), input);
    Outcome serialChunked = chunked(verifier(kel(1)), input, 7);
    for (int w : WORKERS) {
      assertEquals(serialWhole, whole(verifier(kel(w)), input), resource + " whole, " + w);
      assertEquals(serialChunked, chunked(verifier(kel(w)), input, 7),
          resource + " in 7-byte chunks, " + w);
    }
  }

  /**
   * One batch open at a time; at one worker nothing is planned and every lookup is empty; a
   * closed batch gives no verdict and closing it again does nothing.
   */
  @Test
  void onePlannedBatchAtATime() {
    byte[] input = Corpus.bytes("exchange.v1.bare.txt.cesr");
    try (dev.cesrj.stream.Messages ms = dev.cesrj.stream.Messages.copyOf(input)) {
      List<dev.cesrj.stream.Message> all = new ArrayList<>();
      ms.forEach(all::add);
      KelVerifier serial = kel(1);
      try (PlannedBatch b = serial.plan(all, 0)) {
        assertEquals(java.util.Optional.of(b), serial.openBatch());
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class, () -> serial.plan(all, 0));
        assertEquals("a planned batch is open: close it first", e.getMessage());
        assertEquals(java.util.Optional.empty(), b.verdict(all.get(0),
            ((dev.cesrj.keri.event.InceptionEvent) dev.cesrj.keri.KeriEvents.of(all.get(0)))
                .verfers().get(0),
            dev.cesrj.keri.Signatures.of(all.get(0)).controller().get(0)));
      }
      assertEquals(java.util.Optional.empty(), serial.openBatch());
      KelVerifier four = kel(4);
      PlannedBatch b = four.plan(all, 0);
      b.close();
      b.close();
      assertEquals(java.util.Optional.empty(), four.openBatch());
      assertEquals(0, four.exchangeHits() + four.exchangeMisses());
    }
  }

  static Outcome whole(CredentialVerifier v, byte[] input) {
    String framing = "";
    try {
      v.acceptAll(input);
    } catch (CesrException e) {
      framing = e.getMessage();
      v.finish();
    }
    return outcome(v, framing);
  }

  static Outcome chunked(CredentialVerifier v, byte[] input, int chunk) {
    String framing = "";
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (int i = 0; i < input.length + chunk; i += chunk) {
        try (Framed f = i < input.length
            ? parser.feed(input, i, Math.min(chunk, input.length - i)) : parser.endOfInput()) {
          v.accept(f);
          if (f.failed()) {
            framing = String.valueOf(f.error());
            break;
          }
        }
      }
    }
    v.finish();
    return outcome(v, framing);
  }

  private static Outcome outcome(CredentialVerifier v, String framing) {
    Map<String, CredentialVerdict> creds = v.credentials();
    Map<String, RegistryState> regs = v.registries();
    return new Outcome(v.intake(), framing, v.messages(), creds.toString(), regs.toString(),
        AttackStreamsTest.states(v.keyStates()).toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("exchangeStreams")
  void parallelGivesTheSerialOutcome(String stream) {
    byte[] input = Corpus.bytes(stream);
    Outcome serialWhole = whole(verifier(kel(1)), input);
    Outcome serialChunked = chunked(verifier(kel(1)), input, 7);
    assertEquals(serialWhole.last(), serialChunked.last(), stream + " whole and chunked");
    assertKeripysFrames(stream, serialWhole);
    for (int w : WORKERS) {
      assertEquals(serialWhole, whole(verifier(kel(w)), input), stream + " whole, " + w);
      assertEquals(serialChunked, chunked(verifier(kel(w)), input, 7),
          stream + " in 7-byte chunks, " + w);
    }
  }

  /** The exchanges are those of the corpus's expected frames, with keripy's outcome. */
  private static void assertKeripysFrames(String stream, Outcome o) {
    List<String> want = new ArrayList<>();
    for (JsonNode e : exchanges(stream)) {
      want.add(e.get("said").asText() + "@" + e.get("offset").asLong());
    }
    List<String> got = new ArrayList<>();
    for (MessageVerdict v : o.last()) {
      if (v.kind() == MessageKind.EXCHANGE) {
        got.add(v.said().orElse("") + "@" + v.offset());
        boolean notify = v.detail().contains("no signature groups");
        assertEquals(notify ? Status.ESCROWED : Status.ACCEPTED, v.status(), v.toString());
      } else if (v.kind() == MessageKind.KEL && v.sn().isPresent()) {
        assertEquals(Status.ACCEPTED, v.status(), v.toString()); // the senders' KELs
      }
    }
    assertEquals(want, got, stream);
  }

  /**
   * Exchanges made here ({@link ExchangerTest}'s sender: kt 2, rotated at sn 1), given whole with
   * their sender's KEL to a credential verifier at 4 workers on an executor, and counted: what is
   * planned is taken, what is not is verified serially, with the serial verdicts. Planned and
   * taken (8): one signature of each of two copies at the rotation, two at the inception (whose
   * keys the batch's own {@code icp} gives), two of the rotation's keys named at the inception
   * (planned against the inception's keys: they fail, and it waits), a couple and a corrupted
   * couple of a non-transferable sender. Not planned: an exchange before its sender's KEL (no key
   * known at planning; it waits, then is accepted on the retry, serially), and the first copy's
   * pooled signature when the second copy is judged (another message: the one miss). The first
   * copy is accepted with the second, as the exchanger settles it: {@link
   * CredentialVerifier#messages()} reads the exchanger's verdicts (it showed the copy's stale
   * {@code ESCROWED} before).
   */
  @Test
  void predictionsTheRulesDoNotTakeAreVerifiedSerially() throws Exception {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: serial path");
    ExchangerTest.kel();
    String pre = ExchangerTest.pre;
    String rot = dev.cesrj.keri.kever.KelBuilder.said(ExchangerTest.rot);
    String icp = dev.cesrj.keri.kever.KelBuilder.said(ExchangerTest.icp);
    String body = ExchangerTest.exn(pre, "/multisig/icp", "", "pool");
    String nt = dev.cesrj.keri.kever.KelBuilder.verfer(ExchangerTest.keys[8], false);
    byte[] input = dev.cesrj.keri.kever.KelBuilder.stream(
        ExchangerTest.group(ExchangerTest.exn(pre, "/x", "", "early"), pre, 1, rot,
            ExchangerTest.sigs(3, 0, 1)),
        ExchangerTest.kel,
        ExchangerTest.group(body, pre, 1, rot, ExchangerTest.sigs(3, 0)),
        ExchangerTest.group(body, pre, 1, rot, ExchangerTest.sigs(3, 2)),
        ExchangerTest.group(ExchangerTest.exn(pre, "/x", "", "old"), pre, 0, icp,
            ExchangerTest.sigs(0, 1, 2)),
        ExchangerTest.group(ExchangerTest.exn(pre, "/x", "", "mixed"), pre, 0, icp,
            ExchangerTest.sigs(3, 0, 1)),
        ExchangerTest.couple(ExchangerTest.exn(nt, "/ping", "", "p"), ExchangerTest.keys[8], nt,
            false),
        ExchangerTest.couple(ExchangerTest.exn(nt, "/ping", "", "q"), ExchangerTest.keys[8], nt,
            true));
    KelVerifier kel = kel(4);
    CredentialVerifier v = verifier(kel);
    Outcome o = whole(v, input);
    assertEquals(whole(verifier(kel(1)), input), o);
    assertEquals(chunked(verifier(kel(1)), input, 7).last(), o.last());
    List<String> exchanges = new ArrayList<>();
    for (MessageVerdict m : o.last()) {
      if (m.kind() == MessageKind.EXCHANGE) {
        exchanges.add(m.status() + ":" + m.reason());
      }
    }
    assertEquals(List.of("ACCEPTED:NONE", "ACCEPTED:NONE", "ACCEPTED:NONE", "ACCEPTED:NONE",
        "ESCROWED:SIGNING_THRESHOLD_UNMET", "ACCEPTED:NONE", "REJECTED:INVALID_SIGNATURE"),
        exchanges);
    assertEquals(8, kel.precomputedExchangeChecks());
    assertEquals(8, kel.exchangeHits());
    assertEquals(1, kel.exchangeMisses(), "the first copy's pooled signature");
    assertEquals(kel.precomputedPlanned(), kel.precomputedVerifications());
  }

  /**
   * Counted, on every exchange stream given whole at 4 workers on an executor: each exchange
   * check the rules make takes a planned verdict (no exchange lookup misses), every planned
   * exchange check is looked up once, and each planned check of the batch is verified exactly
   * once (by a worker or by the rules' thread). The total, 236, is the corpus's: the signatures
   * its signed exchanges carry by their sender's keys or its own couple.
   */
  @Test
  void exchangeChecksArePrecomputedAndNoneVerifiedTwice() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one processor: serial path");
    long planned = 0;
    long hits = 0;
    for (String stream : allExchangeStreams()) {
      KelVerifier kel = kel(4);
      Outcome o = whole(verifier(kel), Corpus.bytes(stream));
      assertEquals(whole(verifier(kel(1)), Corpus.bytes(stream)), o, stream);
      assertTrue(kel.precomputedExchangeChecks() > 0, stream);
      assertEquals(kel.precomputedExchangeChecks(), kel.exchangeHits(), stream);
      assertEquals(0, kel.exchangeMisses(), stream);
      assertEquals(kel.precomputedPlanned(), kel.precomputedVerifications(), stream);
      planned += kel.precomputedExchangeChecks();
      hits += kel.exchangeHits();
    }
    assertEquals(236, planned, "the corpus's exchange signatures by their senders");
    assertEquals(planned, hits);
  }
}
