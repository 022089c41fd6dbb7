package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cesrj.keri.kever.Reason;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.RealWorld;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cesrj inspect --verify}: on every stream of the KEL mutant set A (cesrj-keri's
 * {@code src/test/resources/kel/A}, found through the system property {@code cesrj.kelA} the
 * pom sets; see its README) {@code --json} gives keripy's final verdict on each message and
 * keripy's key states; the tree shows each verdict; other messages are rejected as not key
 * events; a truncated stream gets the usual error report and status.
 *
 * <p>keripy's verdict is read as {@code KelVerifierCorpusTest} (cesrj-keri) reads it: {@code
 * accepted:true} is {@code accepted}; an escrowed message's {@code afterEscrows} gives {@code
 * accepted}, {@code escrowed} (in that escrow) or, {@code dropped}, {@code rejected}; {@code
 * accepted:false} is {@code rejected}. After a SAID mismatch keripy's parser flushed the rest of
 * the stream ({@code parsed:false}); the tool rejects that message and goes on, so there keripy's
 * verdicts are compared with the tool's on the stream cut before that message. For six receipts
 * the final verdict expected is the protocol's, not keripy 2.0.0-dev6's ({@link
 * #keripyVerdict}: cesrj-keri's {@code src/test/resources/kel/A.protocol-final.json} says which
 * and why).
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectVerifyTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path KEL_A = Path.of(System.getProperty("cesrj.kelA",
      "../cesrj-keri/src/test/resources/kel/A"));

  static List<String> kelA() {
    List<String> out = new ArrayList<>();
    json(KEL_A.resolve("MANIFEST.json")).get("files").fieldNames().forEachRemaining(out::add);
    out.sort(null);
    return out;
  }

  @Test
  void everyStreamOfTheMutantSetIsThere() {
    // 234 streams, at least one of each of the 12 mutations
    List<String> files = kelA();
    assertEquals(234, files.size());
    JsonNode manifest = json(KEL_A.resolve("MANIFEST.json"));
    assertEquals(12, manifest.get("mutations").size());
    manifest.get("mutations").fieldNames().forEachRemaining(kind ->
        assertTrue(files.stream().anyMatch(f -> f.endsWith("." + kind + ".cesr")), kind));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kelA")
  void jsonGivesKeripysVerdictsAndKeyStates(String file) throws IOException {
    byte[] input = Files.readAllBytes(KEL_A.resolve(file));
    JsonNode expected = keripyVerdict(file);
    JsonNode got = verify(input);
    assertEquals(expected.get("messages").size(), got.get("messages").size());
    // what keripy's Kevery saw: the messages before the first one its parser never handed on
    int parsed = 0;
    for (JsonNode e : expected.get("messages")) {
      assertFields(e, got.get("messages").get(parsed));
      if (!e.path("parsed").asBoolean(true)) {
        break;
      }
      parsed++;
    }
    JsonNode seen = got;
    if (parsed < expected.get("messages").size()) {
      // a SAID mismatch: keripy's parser raised on that message and flushed the rest of the
      // stream; the tool rejects that message only and goes on (the others' verdicts need not
      // be keripy's: the key events of another prefix after it are accepted, say), so keripy's
      // verdicts are compared on the stream cut where that message starts
      JsonNode bad = got.get("messages").get(parsed);
      assertEquals("rejected", bad.get("status").asText(), file);
      assertEquals("said_mismatch", bad.get("reason").asText(), file);
      seen = verify(Arrays.copyOf(input,
          expected.get("messages").get(parsed).get("offset").asInt()));
      assertEquals(parsed, seen.get("messages").size());
    }
    for (int i = 0; i < parsed; i++) {
      JsonNode e = expected.get("messages").get(i);
      JsonNode g = seen.get("messages").get(i);
      String at = "message " + i;
      assertFields(e, g);
      String status = g.get("status").asText();
      assertEquals(keripyStatus(e), status, at);
      if (status.equals("accepted")) {
        assertEquals(List.of("i", "ilk", "pre", "sn", "said", "offset", "length", "status"),
            names(g), at);
        continue;
      }
      assertTrue(Arrays.stream(Reason.values())
          .anyMatch(r -> r.name().toLowerCase(Locale.ROOT).equals(g.get("reason").asText())), at);
      assertNotEquals("none", g.get("reason").asText(), at);
      assertEquals(status.equals("escrowed"), g.has("escrow"), at);
      if (e.path("afterEscrows").asText().startsWith("escrowed:")) {
        assertEquals(e.get("afterEscrows").asText().substring("escrowed:".length()),
            g.get("escrow").asText(), at);
      }
    }
    assertEquals(expected.get("keyStates"), seen.get("keyStates"));
  }

  /** {@code inspect --verify --json -} on {@code input}: status 0, nothing on standard error. */
  private static JsonNode verify(byte[] input) {
    Run run = Run.of(input, "inspect", "--verify", "--json", "-");
    assertEquals(Main.OK, run.status(), run.stderr());
    assertEquals("", run.stderr());
    JsonNode got = read(run.stdout());
    assertEquals(List.of("messages", "keyStates", "credentials", "registries"), names(got));
    return got;
  }

  /** {@code i ilk pre sn said offset length} as in keripy's verdict. */
  private static void assertFields(JsonNode expected, JsonNode got) {
    for (String field : List.of("i", "ilk", "pre", "sn", "said", "offset", "length")) {
      assertEquals(expected.get(field), got.get(field), "message " + expected.get("i") + " "
          + field);
    }
  }

  /** Pushed through the push parser in 7-byte chunks, the verdicts are the same bytes. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("kelA")
  void pushedIn7ByteChunksTheVerdictsAreTheSame(String file) {
    String path = KEL_A.resolve(file).toString();
    Run whole = Run.of(new byte[0], "inspect", "--verify", "--json", path);
    Run pushed = Run.of(new byte[0], "inspect", "--verify", "--json", "--chunk", "7", path);
    assertEquals(Main.OK, pushed.status(), pushed.stderr());
    assertEquals(whole.out(), pushed.out());
    Run tree = Run.of(new byte[0], "inspect", "--verify", path);
    Run treePushed = Run.of(new byte[0], "inspect", "--verify", "--chunk", "7", path);
    assertEquals(Main.OK, tree.status(), tree.stderr());
    assertEquals(tree.out(), treePushed.out());
  }

  /**
   * {@code --threads 1} (the serial path), 2 and 8, whole and in 7-byte chunks, write the same
   * verdicts as the default (issue 31: signatures checked on workers ahead of the rules).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("kelA")
  void everyThreadCountGivesTheSameVerdicts(String file) {
    String path = KEL_A.resolve(file).toString();
    Run serial = Run.of(new byte[0], "inspect", "--verify", "--threads", "1", "--json", path);
    assertEquals(Main.OK, serial.status(), serial.stderr());
    assertEquals(Run.of(new byte[0], "inspect", "--verify", "--json", path).out(), serial.out());
    for (String n : List.of("2", "8")) {
      assertEquals(serial.out(),
          Run.of(new byte[0], "inspect", "--verify", "--threads", n, "--json", path).out(), n);
      assertEquals(serial.out(), Run.of(new byte[0], "inspect", "--verify", "--threads", n,
          "--json", "--chunk", "7", path).out(), n + " in 7-byte chunks");
    }
  }

  /** {@code --threads} needs {@code --verify} and a count from 1. */
  @Test
  void threadsNeedsVerifyAndACount() {
    Run alone = Run.of(new byte[0], "inspect", "--threads", "2", "-");
    assertEquals(Main.BAD_INPUT, alone.status());
    assertTrue(alone.stderr().startsWith("cesrj: --threads works with --verify\n"),
        alone.stderr());
    Run zero = Run.of(new byte[0], "inspect", "--verify", "--threads", "0", "-");
    assertEquals(Main.BAD_INPUT, zero.status());
    assertTrue(zero.stderr().startsWith("cesrj: --threads must be between 1 and 1024, not 0\n"),
        zero.stderr());
  }

  static String keripyStatus(JsonNode m) {
    if (m.path("accepted").asBoolean(false)) {
      return "accepted";
    }
    if (!m.has("escrowed")) {
      return "rejected";
    }
    String after = m.path("afterEscrows").asText();
    return after.equals("accepted") ? "accepted"
        : after.startsWith("escrowed:") ? "escrowed" : "rejected";
  }

  /**
   * The tree of a stream with a SAID mismatch at sn 4 (keripy rejects it): sn 0 to 3 accepted,
   * sn 4 rejected, sn 5 to 8 left out of order; each verdict follows its message's parts.
   */
  @Test
  void theTreeShowsEachMessagesVerdict() {
    Run run = Run.of(new byte[0], "inspect", "--verify",
        KEL_A.resolve("kel_single.v1.bare.txt.said-mismatch.cesr").toString());
    assertEquals(Main.OK, run.status(), run.stderr());
    List<String> lines = run.out().lines().toList();
    int third = lines.indexOf("message 3 at 1182, 295 bytes: KERI10JSON0000cb_ proto=KERI"
        + " pvrsn=1.0 kind=JSON size=203 ilk=ixn said=EEMwyD4lIxJxCH4lY9Kjr21y6xqPftORDL3hR8qK5_y6");
    assertEquals(List.of(
        "  body JSON [1182, 1385)",
        "  -AAB ControllerIdxSigs count=1 elements [1385, 1477)",
        "    siger A Ed25519_Sig index=0 ondex=0 AABuPXYH9opf1CiNDXX37UZlXucKjnWWdySZNrrIVxYKFuH_"
            + "mz_3dGRK5DwaRBrUVelWqY0ydv-rbZNQPDk8EScF",
        "  verdict: accepted",
        "message 4 at 1477, 400 bytes: KERI10JSON000134_ proto=KERI pvrsn=1.0 kind=JSON size=308"
            + " ilk=ixn said=EDvKRQGdAZyJyEAS32mAmNmlKrWaGgSEIrAWOrHjLUnq"),
        lines.subList(third + 1, third + 6));
    List<String> verdicts = lines.stream().filter(l -> l.startsWith("  verdict: ")).toList();
    assertEquals(List.of(
        "  verdict: accepted",
        "  verdict: accepted",
        "  verdict: accepted",
        "  verdict: accepted",
        "  verdict: rejected, said_mismatch: SAID is not the body's digest",
        "  verdict: escrowed in ooes, out_of_order: sn 5 after 3",
        "  verdict: escrowed in ooes, out_of_order: sn 6 after 3",
        "  verdict: escrowed in ooes, out_of_order: sn 7 after 3",
        "  verdict: escrowed in ooes, out_of_order: sn 8 after 3"), verdicts);
    assertEquals(List.of(
        "verified 9 messages: 4 accepted, 4 escrowed, 1 rejected",
        "key state DL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-: sn=3"
            + " said=EEMwyD4lIxJxCH4lY9Kjr21y6xqPftORDL3hR8qK5_y6 et=ixn kt=1 keys=1 nt=1 next=1"
            + " bt=0 witnesses=0",
        "end: 3713 bytes framed"), lines.subList(lines.size() - 3, lines.size()));
    // without --verify the tree is the same but for the verdicts and what follows them
    Run plain = Run.of(new byte[0], "inspect",
        KEL_A.resolve("kel_single.v1.bare.txt.said-mismatch.cesr").toString());
    List<String> without = new ArrayList<>(lines);
    without.removeIf(l -> l.startsWith("  verdict: ") || l.startsWith("verified ")
        || l.startsWith("key state "));
    assertEquals(plain.out().lines().toList(), without);
  }

  /** A delegated KEL: the tree's key state names the delegator; weighted thresholds as weights. */
  @Test
  void theKeyStateLinesOfDelegatedAndWeightedPrefixes() {
    Run run = Run.of(new byte[0], "inspect", "--verify",
        KEL_A.resolve("kel_delegated.v1.bare.txt.original.cesr").toString());
    assertEquals(Main.OK, run.status(), run.stderr());
    JsonNode states = json(KEL_A.resolve("kel_delegated.v1.bare.txt.original.cesr.verdict.json"))
        .get("keyStates");
    List<String> lines = run.out().lines().filter(l -> l.startsWith("key state ")).toList();
    assertEquals(states.size(), lines.size());
    int delegated = 0;
    for (String l : lines) {
      String pre = l.substring("key state ".length(), l.indexOf(':'));
      JsonNode s = states.get(pre);
      assertTrue(l.contains(" sn=" + s.get("sn").asInt() + " said=" + s.get("said").asText()
          + " et=" + s.get("et").asText() + " kt="), l);
      assertEquals(s.has("di"), l.endsWith(" di=" + s.path("di").asText()), l);
      delegated += s.has("di") ? 1 : 0;
    }
    assertEquals(1, delegated);
    Run weighted = Run.of(new byte[0], "inspect", "--verify",
        KEL_A.resolve("kel_weighted.v1.bare.txt.original.cesr").toString());
    assertTrue(weighted.out().lines().anyMatch(l -> l.startsWith("key state ")
        && l.contains(" kt=[\"")), weighted.out());
  }

  /**
   * Streams of other messages: a corpus stream of two KELs then exchanges, replies and queries
   * ({@code exn rpy qry}), and the
   * real-world QVI credential (a delegated KEL whose delegator is absent, a registry and an
   * issuance, the ACDC): no crash; the registry's vcp waits for its anchor in the issuer's KEL
   * ({@code taes}), which waits for its delegator; the iss for its registry ({@code oots}); the
   * ACDC for its registry ({@code mre}); each {@code exn} verified as keripy's {@code Exchanger} does
   * (the signed ones accepted, the unsigned {@code /oobis/notify} waiting in {@code epse} for
   * signatures), each other message that is no key event rejected as {@code not_a_key_event}.
   */
  @Test
  void messagesOtherThanKeyEventsAreRejectedAsNotKeyEvents() {
    Run exn = Run.of(Corpus.bytes("exchange.v1.bare.txt.cesr"), "inspect", "--verify", "--json",
        "-");
    assertEquals(Main.OK, exn.status(), exn.stderr());
    JsonNode got = read(exn.stdout());
    assertTrue(got.get("messages").size() > 0);
    StringBuilder ilks = new StringBuilder();
    for (JsonNode m : got.get("messages")) {
      String ilk = m.get("ilk").asText();
      ilks.append(ilk).append(' ');
      if (List.of("icp", "ixn", "rot").contains(ilk)) {
        assertEquals("accepted", m.get("status").asText(), m.toString());
      } else if (ilk.equals("exn")) {
        if (m.get("said").asText().equals("EGMD-fc8A0RGWGt-7Mukl2-X-nAgACDRZkQbKnKVq_ft")) {
          assertEquals("escrowed", m.get("status").asText(), m.toString());
          assertEquals("epse", m.get("escrow").asText(), m.toString());
          assertEquals("missing_signatures", m.get("reason").asText(), m.toString());
        } else {
          assertEquals("accepted", m.get("status").asText(), m.toString());
        }
        assertTrue(m.get("pre").isTextual(), m.toString());
      } else {
        assertEquals("rejected", m.get("status").asText());
        assertEquals("not_a_key_event", m.get("reason").asText());
        assertEquals("ilk " + ilk.toUpperCase(Locale.ROOT), m.get("detail").asText());
      }
    }
    assertEquals("icp ixn rot icp ixn rot exn rpy exn exn exn exn rpy exn exn qry exn rpy exn exn"
        + " qry exn ", ilks.toString());
    assertEquals(2, got.get("keyStates").size());

    Run vc = Run.of(RealWorld.bytes("cd_qvi_vc.cesr"), "inspect", "--verify", "--json", "-");
    assertEquals(Main.OK, vc.status(), vc.stderr());
    List<String> statuses = new ArrayList<>();
    for (JsonNode m : read(vc.stdout()).get("messages")) {
      statuses.add(m.get("ilk").asText() + " " + m.get("status").asText() + " "
          + m.path("escrow").asText("-") + " " + m.get("reason").asText());
    }
    assertEquals(List.of(
        "dip escrowed pdes missing_delegation",
        "ixn escrowed ooes out_of_order",
        "ixn escrowed ooes out_of_order",
        "vcp escrowed taes missing_anchor",
        "iss escrowed oots out_of_order",
        "acdc escrowed mre registry_unknown"), statuses);
    Run tree = Run.of(RealWorld.bytes("cd_qvi_vc.cesr"), "inspect", "--verify", "-");
    assertTrue(tree.out().contains("\n  verdict: escrowed in mre, registry_unknown: registry "),
        tree.out());
    assertTrue(tree.out().contains("\nverified 6 messages: 0 accepted, 6 escrowed, 0 rejected\n"),
        tree.out());
  }

  /**
   * A KEL cut inside its fifth message: the four before it are verified, the error is reported
   * as for any inspect (standard error, status 2); {@code --json} is one object ending in the
   * error.
   */
  @Test
  void aTruncatedKelGetsTheErrorReport() throws IOException {
    byte[] kel = Files.readAllBytes(KEL_A.resolve("kel_single.v1.bare.txt.original.cesr"));
    byte[] cut = Arrays.copyOf(kel, 1500);
    Run json = Run.of(cut, "inspect", "--verify", "--json", "-");
    assertEquals(Main.BAD_INPUT, json.status());
    assertTrue(json.stderr().startsWith("error: "), json.stderr());
    JsonNode got = read(json.stdout());
    assertEquals(List.of("messages", "keyStates", "credentials", "registries", "error"),
        names(got));
    assertEquals(4, got.get("messages").size());
    for (JsonNode m : got.get("messages")) {
      assertEquals("accepted", m.get("status").asText());
    }
    assertEquals(1477, got.get("error").get("offset").asLong());
    assertEquals(3, got.get("keyStates").elements().next().get("sn").asInt());
    Run plain = Run.of(cut, "inspect", "--json", "-");
    assertEquals(plain.stderr(), json.stderr());
    assertEquals(read(plain.stdout()).get(4).get("error"), got.get("error"));

    Run tree = Run.of(cut, "inspect", "--verify", "--chunk", "100", "-");
    assertEquals(Main.BAD_INPUT, tree.status());
    assertEquals(Run.of(cut, "inspect", "--chunk", "100", "-").stderr(), tree.stderr());
    List<String> lines = tree.out().lines().toList();
    assertEquals("stopped at offset 1477 of 1500 bytes (error below)",
        lines.get(lines.size() - 1));
    assertEquals(4, lines.stream().filter(l -> l.equals("  verdict: accepted")).count());
  }

  /** Input that would steer a terminal reaches the verdict lines escaped. */
  @Test
  void theVerdictLinesAreEscaped() {
    String rest = "\",\"t\":\"\\u001b]0;pwned\\u0007\",\"d\":\"x\"}";
    int size = 6 + 17 + rest.length();
    byte[] body = ("{\"v\":\"" + String.format("KERI10JSON%06x_", size) + rest)
        .getBytes(StandardCharsets.US_ASCII);
    Run tree = Run.of(body, "inspect", "--verify", "-");
    assertEquals(Main.OK, tree.status(), tree.stderr());
    assertTrue(tree.out().contains("\n  verdict: rejected, body_error: at offset 30: field 't':"
        + " unknown ilk '\\x1b]0;pwned\\x07'; expected an ilk of KERI\n"), tree.out());
    assertPrintable(tree.stdout());
    Run json = Run.of(body, "inspect", "--verify", "--json", "-");
    assertEquals(Main.OK, json.status(), json.stderr());
    assertPrintable(json.stdout());
    JsonNode m = read(json.stdout()).get("messages").get(0);
    assertEquals("body_error", m.get("reason").asText());
    assertEquals("at offset 30: field 't': unknown ilk '\u001b]0;pwned\u0007'; expected an ilk"
        + " of KERI", m.get("detail").asText());
  }

  private static void assertPrintable(byte[] out) {
    for (byte b : out) {
      assertTrue(b == '\n' || (b >= 0x20 && b < 0x7F), "output byte " + (b & 0xFF));
    }
  }

  /** The usage names --verify and every reason token; --verify with --annotate is refused. */
  @Test
  void theUsageListsVerifyAndEveryReason() {
    Run help = Run.of(new byte[0], "inspect", "--help");
    assertEquals(Main.OK, help.status());
    assertTrue(help.out().startsWith("usage: cesrj inspect [--json | --annotate] [--verify "),
        help.out());
    String flat = help.out().replaceAll("[\\s,]+", " ");
    for (Reason r : Reason.values()) {
      if (r != Reason.NONE) {
        assertTrue(flat.contains(" " + r.name().toLowerCase(Locale.ROOT) + " "), r.name());
      }
    }
    String exn = flat.substring(flat.indexOf(" an exn is verified"));
    for (dev.cesrj.keri.exchange.ExchangeReason r
        : dev.cesrj.keri.exchange.ExchangeReason.values()) {
      if (r != dev.cesrj.keri.exchange.ExchangeReason.NONE) {
        assertTrue(exn.contains(" " + r.name().toLowerCase(Locale.ROOT) + " "), r.name());
      }
    }
    Run both = Run.of(new byte[0], "inspect", "--verify", "--annotate", "-");
    assertEquals(Main.BAD_INPUT, both.status());
    assertTrue(both.stderr().startsWith(
        "cesrj: --verify works with the tree or --json, not --annotate\nusage: "), both.stderr());
    Run empty = Run.of(new byte[0], "inspect", "--verify", "--json", "-");
    assertEquals(Main.OK, empty.status(), empty.stderr());
    assertEquals("{\n  \"messages\" : [ ],\n  \"keyStates\" : { },\n  \"credentials\" : { },\n"
        + "  \"registries\" : { }\n}\n", empty.out());
  }

  private static List<String> names(JsonNode o) {
    List<String> out = new ArrayList<>();
    o.fieldNames().forEachRemaining(out::add);
    return out;
  }

  private static JsonNode read(byte[] json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@return keripy's verdict on {@code file} of the set, with the protocol's final verdicts
   * ({@code afterEscrows}) in place of keripy 2.0.0-dev6's where cesrj-keri's {@code
   * kel/A.protocol-final.json}, beside the set, lists them (each must differ from keripy's)}
   *
   * @param file a stream of the set
   */
  static JsonNode keripyVerdict(String file) {
    JsonNode verdict = json(KEL_A.resolve(file + ".verdict.json"));
    JsonNode o = json(KEL_A.resolveSibling("A.protocol-final.json")).get("files").path(file);
    o.fieldNames().forEachRemaining(i -> {
      ObjectNode m = (ObjectNode) verdict.get("messages").get(Integer.parseInt(i));
      assertNotEquals(o.get(i).asText(), m.path("afterEscrows").asText(), file + " " + i);
      m.put("afterEscrows", o.get(i).asText());
    });
    return verdict;
  }

  private static JsonNode json(Path file) {
    try {
      return MAPPER.readTree(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
