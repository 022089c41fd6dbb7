package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import dev.cesrj.testing.Corpus;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Qb64;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line: errors print what framed before them, then the typed error with its offset
 * and the bytes around it, exit status 2; options and their usage errors.
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectCommandTest {
  private static final String KEL = "kel_single.v1.bare.txt.cesr";

  @TempDir java.nio.file.Path dir;

  /**
   * A stream cut inside the first signature of its fourth message: three messages, then the
   * truncation of that signature (at 1389, 77 bytes short), whole or pushed in chunks.
   */
  @Test
  void truncatedStreamShowsWhatFramedThenTheErrorAndExits2() {
    byte[] cut = Arrays.copyOf(Corpus.bytes(KEL), 1400);
    for (String[] args : List.of(new String[] {"inspect", "-"},
        new String[] {"inspect", "--chunk", "64", "-"})) {
      Run run = Run.of(cut, args);
      assertEquals(Main.BAD_INPUT, run.status());
      List<String> lines = run.out().lines().collect(Collectors.toList());
      assertEquals(3, lines.stream().filter(l -> l.startsWith("message ")).count());
      assertEquals("stopped at offset 1389 of 1400 bytes (error below)", lines.get(lines.size() - 1));
      String[] err = run.stderr().split("\n");
      // the push parser adds "(the message at offset 1182: need 295, have 218)"
      assertTrue(err[0].startsWith("error: TruncatedException: at offset 1389, code A: truncated:"
          + " 77 more bytes needed; expected the rest of Ed25519_Sig"), err[0]);
      assertEquals("bytes 1344..1400 of 1400 ('>' marks offset 1389):", err[1]);
      assertEquals("      1376  22 2c 22 61 22 3a 5b 5d 7d 2d 41 41 42>41 41 42  |\",\"a\":[]}-AABAAB|",
          err[4]);
    }
  }

  /** Annotated text given to inspect: the error says to run denot first, and denot then works. */
  @Test
  void annotatedTextGetsAHintToDenotFirst() {
    byte[] stream = Corpus.bytes(KEL);
    byte[] annotated = Run.of(stream, "inspect", "--annotate", "-").stdout();
    Run run = Run.of(annotated, "inspect", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    String[] err = run.stderr().split("\n");
    assertTrue(err[0].startsWith("error: ColdStartException: at offset 0"), err[0]);
    assertEquals("hint: this looks like annotated CESR (the output of inspect --annotate); turn it"
        + " back into the stream with `cesrj denot FILE` first", err[1]);
    assertArrayEquals(stream, Run.of(annotated, "denot", "-").stdout());
    // attachments alone: the annotation starts with a counter and fails further in
    byte[] atc = Corpus.bytes("atc_sigs_K5_S7.v1.txt.cesr");
    Run groups = Run.of(Run.of(atc, "inspect", "--annotate", "-").stdout(), "inspect", "-");
    assertEquals(Main.BAD_INPUT, groups.status());
    assertTrue(groups.stderr().contains("\nhint: this looks like annotated CESR"), groups.stderr());
    // text that is not annotated CESR gets no hint, whatever its first byte
    for (String text : List.of("AAAA", "#!/bin/sh\necho hi\n", "!hello world\n", "# a note\n{}\n")) {
      Run plain = Run.of(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII), "inspect", "-");
      assertEquals(Main.BAD_INPUT, plain.status(), text);
      assertFalse(plain.stderr().contains("hint:"), plain.stderr());
    }
  }

  /**
   * An index character of the first signature of the first message made {@code !}: the error
   * names its kind and the group it is in, in the text report and in {@code --json}.
   */
  @Test
  void anErrorInsideAGroupNamesItsKindAndTheGroupsAroundIt() throws Exception {
    byte[] bad = Corpus.bytes(KEL).clone();
    // offset 299 is the first message's ControllerIdxSigs counter (-AAB); 304 the first
    // signature's index character
    assertEquals("-AAB", new String(bad, 299, 4, java.nio.charset.StandardCharsets.US_ASCII));
    bad[304] = '!';
    Run text = Run.of(bad, "inspect", "-");
    assertEquals(Main.BAD_INPUT, text.status());
    assertTrue(text.stderr().startsWith("error: MalformedException: at offset 304"), text.stderr());
    assertTrue(text.stderr().contains("\ninside: ControllerIdxSigs (-A) at 299\n"), text.stderr());
    Run json = Run.of(bad, "inspect", "--json", "-");
    com.fasterxml.jackson.databind.JsonNode doc =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.stdout());
    com.fasterxml.jackson.databind.JsonNode error = doc.get(doc.size() - 1).get("error");
    assertEquals("MALFORMED_CHARACTER", error.get("kind").asText());
    assertEquals(1, error.get("path").size());
    assertEquals("-A", error.get("path").get(0).get("code").asText());
    assertEquals("ControllerIdxSigs", error.get("path").get(0).get("name").asText());
    assertEquals(299, error.get("path").get(0).get("offset").asLong());
  }

  /**
   * The first counter's {@code -} made {@code !}: the first message cannot be framed (its
   * attachments end at a byte that starts nothing), a ColdStartException at 299.
   */
  @Test
  void corruptByteIsATypedErrorAtItsOffset() {
    byte[] bad = Corpus.bytes(KEL).clone();
    bad[299] = '!';
    Run run = Run.of(bad, "inspect", "--annotate", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    assertTrue(run.stderr().startsWith("error: ColdStartException: at offset 299: byte 0x21"),
        run.stderr());
    // the annotation still denots to the whole input: what did not frame is hex lines
    assertArrayEquals(bad, Run.of(run.stdout(), "denot", "-").stdout());
    assertTrue(run.out().startsWith("!7b2276223a"), run.out());
    assertTrue(run.out().contains(" # not framed: at offset 299: byte 0x21"), run.out());
  }

  /**
   * A file that is not CESR at all (a README) annotates to hex lines of {@value
   * AnnotationRenderer#UNFRAMED_PER_LINE} bytes (it was one line of the whole file), the first
   * with the error, the others marked as its continuation, and denots to the whole file.
   */
  @Test
  void whatDidNotFrameIsWrittenWholeInShortLines() {
    byte[] readme = ("# cesrj\n\ncesrj reads CESR (Composable Event Streaming Representation)"
        + ", the wire format of KERI.\n").repeat(50).getBytes(StandardCharsets.US_ASCII);
    Run run = Run.of(readme, "inspect", "--annotate", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    List<String> lines = run.out().lines().toList();
    assertEquals((readme.length + 31) / 32, lines.size());
    StringBuilder first = new StringBuilder("!");
    for (int i = 0; i < 32; i++) {
      first.append(String.format("%02x", readme[i]));
    }
    assertTrue(lines.get(0).startsWith(first + " # not framed: at offset 0: byte 0x23 ('#')"),
        lines.get(0));
    for (String line : lines.subList(1, lines.size())) {
      assertTrue(line.endsWith(" # not framed, continued (hex)"), line);
      assertTrue(line.indexOf(' ') <= 1 + 64, line);
    }
    assertArrayEquals(readme, Run.of(run.stdout(), "denot", "-").stdout());
  }

  /**
   * A stream led by a genus-version code (every CESR 2.0 stream) whose first message fails with a
   * cold start is reported at that error, whole and in chunks; only a cold start where the first
   * message should start (attachments instead of a message) is read again as attachment groups.
   */
  @Test
  void aColdStartInsideTheFirstMessageIsReportedWhereItIs() {
    String[][] cases = {
      {"-_AAACAA{\"v\":\"KERICAACAAJSONAAAi.\",\"t\":\"\"}?", "42"},
      {"-_AAACAA-GAEMAAA0OKERICAACAA?", "28"},
    };
    for (String[] c : cases) {
      byte[] in = c[0].getBytes(StandardCharsets.US_ASCII);
      for (String[] args : new String[][] {{"inspect", "-"}, {"inspect", "--chunk", "5", "-"}}) {
        Run run = Run.of(in, args);
        assertEquals(Main.BAD_INPUT, run.status(), c[0]);
        assertTrue(run.stderr().startsWith("error: ColdStartException: at offset " + c[1] + ":"),
            run.stderr());
      }
    }
    Run atc = Run.of(Corpus.bytes("atc_sigs_K5_S7.v1.txt.cesr"), "inspect", "-");
    assertEquals(0, atc.status(), atc.stderr());
  }

  /**
   * {@code --annotate} writes every byte of these once, and {@code denot} gives them back: a
   * CESR-native body after its body group's counter, a second genus-version code in a row (the
   * message keeps the last; the first is written as hex), GenericGroups with one message and
   * with two (the group's counter once, before the first).
   */
  @Test
  void annotationRoundTripsNativeBodiesGenusCodesAndGenericGroups() {
    String[] inputs = {
      "-_AAACAA-GAEMAAA0OKERICAACAA",
      "-_AAABAA-_AAABAA{\"v\":\"KERI10JSON000019_\"}",
      "-_AAACAA-AAJ{\"v\":\"KERICAACAAJSONAAAk.\",\"t\":\"xx\"}",
      "-TAQ{\"v\":\"KERI10JSON000020_\",\"t\":\"\"}{\"v\":\"KERI10JSON000020_\",\"t\":\"\"}",
    };
    for (String text : inputs) {
      byte[] in = text.getBytes(StandardCharsets.US_ASCII);
      Run annotated = Run.of(in, "inspect", "--annotate", "-");
      assertEquals(0, annotated.status(), text + "\n" + annotated.stderr());
      assertArrayEquals(in, Run.of(annotated.stdout(), "denot", "-").stdout(), annotated.out());
    }
    Run twoInGroup = Run.of(inputs[3].getBytes(StandardCharsets.US_ASCII), "inspect", "-");
    assertEquals(List.of(
            "-TAQ GenericGroup count=16 quadlets [0, 68)",
            "  nested message 0 at 4, 32 bytes: KERI10JSON000020_ proto=KERI pvrsn=1.0 kind=JSON"
                + " size=32 ilk= said=null",
            "    body JSON [4, 36)",
            "  nested message 1 at 36, 32 bytes: KERI10JSON000020_ proto=KERI pvrsn=1.0 kind=JSON"
                + " size=32 ilk= said=null",
            "    body JSON [36, 68)",
            "end: 68 bytes framed"),
        twoInGroup.out().lines().collect(Collectors.toList()));
    Run nativeBody = Run.of(inputs[0].getBytes(StandardCharsets.US_ASCII), "inspect", "-");
    assertTrue(nativeBody.out().contains("    body CESR [12, 28)"), nativeBody.out());
  }

  @Test
  void maxFrameRefusesALargerBody() {
    Run run = Run.of(Corpus.bytes(KEL), "inspect", "--max-frame", "100", "-");
    assertEquals(Main.BAD_INPUT, run.status());
    assertTrue(run.stderr().startsWith("error: FrameTooLargeException: at offset 0, code"
        + " KERI10JSON00012b_: frame declares 299 bytes"), run.stderr());
  }

  /**
   * {@code --table} sets the table used where the stream does not say: a CESR 1.0
   * attachment-only stream read with the 2.0 table fails ({@code -A} is GenericGroup there: a
   * sub-stream whose content is no message, reported where its first message should start),
   * read with 1 as by default.
   */
  @Test
  void tableChoosesTheCounterTable() {
    byte[] atc = Corpus.bytes("atc_sigs_K5_S7.v1.txt.cesr");
    Run v1 = Run.of(atc, "inspect", "--table", "1", "-");
    assertEquals(Main.OK, v1.status(), v1.stderr());
    assertEquals(Run.of(atc, "inspect", "-").out(), v1.out());
    Run v2 = Run.of(atc, "inspect", "--table", "2", "-");
    assertEquals(Main.BAD_INPUT, v2.status());
    assertTrue(v2.stderr().startsWith("error: ColdStartException: at offset 4:"), v2.stderr());
    assertTrue(v2.stderr().contains("expected a message"), v2.stderr());
  }

  /**
   * {@code --table legacy} reads the legacy CESR 1.0 table: the first kel_single body with a
   * {@code -DAB} TransReceiptQuadruples group (one quadruple, counted in elements as keripy 1.x
   * writes it) frames under it and is malformed under keripy head's 1.0 table (quadlets).
   */
  @Test
  void legacyTableReadsTheLegacyQuadruples() {
    byte[] body = Arrays.copyOf(Corpus.bytes("kel_single.v1.bare.txt.cesr"), 299);
    String quadruple = Qb64.matter(MatterCode.Ed25519, new byte[32])
        + Qb64.matter(MatterCode.Salt_128, new byte[16])
        + Qb64.matter(MatterCode.Blake3_256, new byte[32])
        + Qb64.indexer(IndexerCode.Ed25519_Sig, 2, 0, new byte[64]);
    byte[] attachments = ("-DAB" + quadruple).getBytes(StandardCharsets.US_ASCII);
    byte[] input = Arrays.copyOf(body, body.length + attachments.length);
    System.arraycopy(attachments, 0, input, body.length, attachments.length);
    Run legacy = Run.of(input, "inspect", "--table", "legacy", "-");
    assertEquals(Main.OK, legacy.status(), legacy.stderr());
    assertTrue(legacy.out().contains("-DAB TransReceiptQuadruples count=1 elements [299, "
        + input.length + ")"), legacy.out());
    Run head = Run.of(input, "inspect", "--table", "1", "-");
    assertEquals(Main.BAD_INPUT, head.status());
    assertTrue(head.stderr().startsWith("error: MalformedException: at offset 303"), head.stderr());
  }

  /**
   * A value character outside Base64url in an ESSR payload's Bytes primitive (a CESR 2.0 exn
   * body of 300 bytes, then {@code -ZAM} and the Texter, the {@code !} at offset 322): inspect
   * checks every character when it frames (the JSON renderer decodes that Texter), so every
   * format, whole or pushed, ends with the typed error at its offset and exit status 2; the JSON
   * printed stays JSON.
   */
  @Test
  void aBadValueCharacterIsATypedErrorInEveryFormat() {
    String head = "-_AAACAA{\"v\":\"KERICAACAAJSONAAEs.\",\"t\":\"exn\",\"x\":\"";
    String body = head + "a".repeat(300 - (head.length() - 8) - 2) + "\"}";
    String texter = "5BALAGhlbG!vIHdvcmxkLCB0aGlzIGlzIGEgcGF5bG9hZCEh";
    byte[] input = (body + "-ZAM" + texter).getBytes(StandardCharsets.US_ASCII);
    assertEquals(322, body.length() + 4 + 10);
    for (List<String> format : List.of(List.<String>of(), List.of("--json"), List.of("--annotate"),
        List.of("--chunk", "5"), List.of("--json", "--chunk", "5"))) {
      List<String> args = new ArrayList<>(List.of("inspect"));
      args.addAll(format);
      args.add("-");
      Run run = Run.of(input, args.toArray(new String[0]));
      assertEquals(Main.BAD_INPUT, run.status(), format + run.stderr());
      assertTrue(run.stderr().startsWith("error: MalformedException: at offset 322, code -Z: byte 0x21"),
          format + run.stderr());
      if (format.contains("--json")) {
        assertDoesNotThrow(() -> new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.stdout()));
      }
    }
  }

  @Test
  void usageErrorsExit2() {
    for (String[] args : List.of(new String[0], new String[] {"frobnicate"},
        new String[] {"inspect"}, new String[] {"inspect", "--chunk", "0", "-"},
        new String[] {"inspect", "--chunk", "x", "-"}, new String[] {"inspect", "--max-frame"},
        new String[] {"inspect", "--table", "3", "-"}, new String[] {"inspect", "--yaml", "-"},
        new String[] {"inspect", "a", "b"}, new String[] {"denot", "a", "b"},
        new String[] {"inspect", "--json", "--annotate", "-"},
        new String[] {"inspect", "--max-frame", "3", "-"},
        new String[] {"inspect", "--max-frame", "99999999999999", "-"})) {
      Run run = Run.of(new byte[0], args);
      assertEquals(Main.BAD_INPUT, run.status(), String.join(" ", args));
      // the command's own usage; the list of commands when there is no known command
      String usage = args.length == 0 || args[0].equals("frobnicate") ? Main.USAGE
          : args[0].equals("denot") ? Main.DENOT_USAGE : Main.INSPECT_USAGE;
      assertTrue(run.stderr().endsWith(usage), run.stderr());
    }
    assertEquals(Main.OK, Run.of(new byte[0], "--help").status());
    assertTrue(Run.of(new byte[0], "inspect", "--max-frame", "3", "-").stderr()
        .contains("--max-frame must be between 4 and 2147483647, not 3"));
  }

  @Test
  void missingFileExits1() {
    Run run = Run.of(new byte[0], "inspect", dir.resolve("none.cesr").toString());
    assertEquals(Main.IO_ERROR, run.status());
    assertTrue(run.stderr().startsWith("cesrj: no such file: "), run.stderr());
  }

  @Test
  void denotReadsKeripyStyleAnnotationAndHexLines() {
    String annotated = "-AAB # Counter ControllerIdxSigs count=1\n"
        + "  AA # two characters\n\n# only a comment\n  !7b7d # hex {}\r\n";
    Run run = Run.of(annotated.getBytes(StandardCharsets.UTF_8), "denot");
    assertEquals(Main.OK, run.status(), run.stderr());
    assertEquals("-AABAA{}", run.out());
    Run odd = Run.of("!7b7".getBytes(StandardCharsets.UTF_8), "denot", "-");
    assertEquals(Main.BAD_INPUT, odd.status());
    assertEquals("cesrj: line 1: odd number of hex digits\n", odd.stderr());
    Run notHex = Run.of("ab\n!zz".getBytes(StandardCharsets.UTF_8), "denot", "-");
    assertEquals("cesrj: line 2: not hex: zz\n", notHex.stderr());
  }

  /** A JSON body with a {@code #} cannot stand on an annotation line: it goes as hex. */
  @Test
  void bodyWithHashGoesAsHex() {
    String body = "{\"v\":\"KERI10JSON00002c_\",\"t\":\"ixn\",\"d\":\"#x\"}";
    assertEquals(44, body.length());
    byte[] stream = body.getBytes(StandardCharsets.US_ASCII);
    Run run = Run.of(stream, "inspect", "--annotate", "-");
    assertEquals(Main.OK, run.status(), run.stderr());
    assertTrue(run.out().contains("  !7b2276223a"), run.out());
    assertArrayEquals(stream, Run.of(run.stdout(), "denot").stdout());
  }
}
