package dev.cesrj.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cesrj.testing.LeakDetectionExtension;
import dev.cesrj.testing.Property;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Input cannot steer the output: every format is printable ASCII and line feeds whatever bytes
 * the bodies' strings (or the stream) hold, {@code --json} is one JSON document, and {@code
 * --annotate} then {@code denot} gives back the exact input. CESR-native bodies show the fields
 * keripy reads from them.
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectOutputSafetyTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Bytes a body's strings may hold to break an output: controls, quotes, {@code #}, UTF-8. */
  private static final byte[] NASTY = "\u001b]0;\u0007\u001b[2J\r\n\t\\\"#!-_ A\u007f\u00e9\u2028"
      .getBytes(StandardCharsets.UTF_8);

  /** The example of the issue: a SAID holding a line break then {@code -AAA}. */
  @Test
  void aLineBreakInABodyStringCannotSplitAComment() {
    String body = "{\"v\":\"KERI10JSON00002e_\",\"t\":\"x\",\"d\":\"\\n-AAA\"}";
    assertEquals(46, body.length());
    byte[] in = body.getBytes(StandardCharsets.US_ASCII);
    Run annotate = Run.of(in, "inspect", "--annotate", "-");
    assertEquals(Main.OK, annotate.status(), annotate.stderr());
    assertTrue(annotate.out().startsWith("# message 0 at 0, 46 bytes: KERI10JSON00002e_ "
        + "proto=KERI pvrsn=1.0 kind=JSON size=46 ilk=x said=\\n-AAA\n"), annotate.out());
    assertArrayEquals(in, Run.of(annotate.stdout(), "denot", "-").stdout());
  }

  /** An ilk that would retitle and clear a terminal is shown escaped in the tree. */
  @Test
  void controlCharactersInTheIlkAreEscapedInTheTree() {
    String ilk = "\\u001b]0;pwned\\u0007\\u001b[2J";
    String rest = "\",\"t\":\"" + ilk + "\"}";
    int size = 6 + 17 + rest.length();
    String body = "{\"v\":\"" + String.format("KERI10JSON%06x_", size) + rest;
    Run tree = Run.of(body.getBytes(StandardCharsets.US_ASCII), "inspect", "-");
    assertEquals(Main.OK, tree.status(), tree.stderr());
    assertTrue(tree.out().contains(" ilk=\\x1b]0;pwned\\x07\\x1b[2J said=null\n"), tree.out());
    assertPrintable(tree.stdout());
  }

  /** keripy's native icp (keri-ts vector KERIPY_NATIVE_V2_ICP_FIX_BODY) and its expected fields. */
  @Test
  void nativeBodyFieldsAreRead() throws Exception {
    String stream = "-FA50OKERICAACAAXicpEFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRNDNG2arBDtHK_"
        + "JyHRAq-emRdC6UM-yIpCAeJIWDiXp4HxMAAAMAAB-JALDNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx"
        + "MAAB-JALEFXIx7URwmw7AVQTBcMxPXfOOJ2YYA1SJAam69DXV8D2MAAA-JAA-JAA-JAA";
    byte[] in = stream.getBytes(StandardCharsets.US_ASCII);
    assertEquals(232, in.length);
    Run json = Run.of(in, "inspect", "--table", "2", "--json", "-");
    assertEquals(Main.OK, json.status(), json.stderr());
    JsonNode m = MAPPER.readTree(json.stdout()).get(0);
    assertEquals("icp", m.get("ilk").asText());
    assertEquals("EFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRN", m.get("said").asText());
    assertEquals("DNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx", m.get("pre").asText());
    assertEquals("0", m.get("sn").asText());
    assertEquals("KERICAACAACESRAADo.", m.get("vs").asText());
    Run tree = Run.of(in, "inspect", "--table", "2", "-");
    assertTrue(tree.out().startsWith("message 0 at 0, 232 bytes: KERICAACAACESRAADo. proto=KERI"
        + " pvrsn=2.0 gvrsn=2.0 kind=CESR size=232 ilk=icp"
        + " said=EFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRN\n"), tree.out());
    // the same icp as a MapBodyGroup: labels name the fields; a route and a number in hex
    String map = "0J_v0OKERICAACAA0J_tXicp0J_dEFaYE2LTv8dItUgQzIHKRA9FaHDrHtIHNs-m5DJKWXRN"
        + "0J_iDNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx0J_sMAAa0J_r4AABA-ab";
    Run mapped = Run.of(("-G" + dev.cesrj.internal.B64.encodeInt(map.length() / 4, 2) + map)
        .getBytes(StandardCharsets.US_ASCII), "inspect", "--table", "2", "--json", "-");
    assertEquals(Main.OK, mapped.status(), mapped.stderr());
    JsonNode g = MAPPER.readTree(mapped.stdout()).get(0);
    assertEquals("icp", g.get("ilk").asText());
    assertEquals("DNG2arBDtHK_JyHRAq-emRdC6UM-yIpCAeJIWDiXp4Hx", g.get("pre").asText());
    assertEquals("1a", g.get("sn").asText());
    assertEquals("/ab", g.get("route").asText());
  }

  /**
   * Random JSON bodies whose strings hold random bytes (controls, quotes, backslashes, {@code #},
   * line breaks, UTF-8), alone, after a genus-version code, followed by a signature group, or
   * followed by random bytes: annotate then denot gives the input back (after an error, up to
   * what framed and at most 64 bytes of the rest), no output has a control
   * byte other than a line feed or a byte outside ASCII, and the JSON parses.
   */
  @Test
  void noInputSteersTheOutput() {
    Property.check("inspect output safety", 400, 64, (random, size) -> {
      byte[] in = stream(random, size);
      for (List<String> format : List.<List<String>>of(List.of(), List.of("--json"),
          List.of("--annotate"))) {
        String[] args = new String[format.size() + 2];
        args[0] = "inspect";
        for (int i = 0; i < format.size(); i++) {
          args[i + 1] = format.get(i);
        }
        args[args.length - 1] = "-";
        Run run = Run.of(in, args);
        assertTrue(run.status() == Main.OK || run.status() == Main.BAD_INPUT, run.stderr());
        assertPrintable(run.stdout());
        assertPrintable(run.stderr().getBytes(StandardCharsets.UTF_8));
        if (format.contains("--json")) {
          JsonNode doc = MAPPER.readTree(run.stdout());
          assertTrue(doc.isArray());
          assertEquals(run.status() == Main.BAD_INPUT,
              doc.size() > 0 && doc.get(doc.size() - 1).has("error"), run.out());
        }
        if (format.contains("--annotate")) {
          assertArrayEquals(AnnotationRoundTrip.expected(in, run.stdout()),
              Run.of(run.stdout(), "denot", "-").stdout(), run.out());
        }
      }
    });
  }

  private static byte[] stream(SplittableRandom random, int size) {
    StringBuilder strings = new StringBuilder();
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    String ilk = jsonString(random, size);
    String said = jsonString(random, size);
    String rest = "\",\"t\":\"" + ilk + "\",\"d\":\"" + said + "\"}";
    strings.append(rest);
    byte[] tail = rest.getBytes(StandardCharsets.UTF_8);
    int bodySize = 6 + 17 + tail.length;
    raw.writeBytes(("{\"v\":\"" + String.format("KERI10JSON%06x_", bodySize))
        .getBytes(StandardCharsets.US_ASCII));
    raw.writeBytes(tail);
    switch (random.nextInt(4)) {
      case 0:
        break;
      case 1:
        raw.writeBytes(("-AAB" + "A".repeat(88)).getBytes(StandardCharsets.US_ASCII));
        break;
      case 2:
        byte[] junk = new byte[random.nextInt(size + 1)];
        for (int i = 0; i < junk.length; i++) {
          junk[i] = random.nextBoolean() ? NASTY[random.nextInt(NASTY.length)]
              : (byte) random.nextInt(256);
        }
        raw.writeBytes(junk);
        break;
      default:
        byte[] out = raw.toByteArray();
        raw.reset();
        raw.writeBytes("-_AAABAA".getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes(out);
    }
    return raw.toByteArray();
  }

  /** A JSON string's content: random characters, escaped as JSON needs, random escapes too. */
  private static String jsonString(SplittableRandom random, int size) {
    StringBuilder sb = new StringBuilder();
    int n = random.nextInt(size + 1);
    String special = "\u001b\u0007\r\n\t#!\"\\ -_\u007f\u00e9\u2028\ud83d\ude00";
    for (int i = 0; i < n; i++) {
      int c = random.nextInt(4) == 0 ? random.nextInt(0x80)
          : special.codePointAt(special.offsetByCodePoints(0,
              random.nextInt(special.codePointCount(0, special.length()))));
      if (c == '"' || c == '\\') {
        sb.append('\\').append((char) c);
      } else if (c < 0x20 || random.nextInt(8) == 0) {
        sb.append(String.format("\\u%04x", c & 0xFFFF)); // a JSON escape: raw in the decoded text
      } else {
        sb.appendCodePoint(c);
      }
    }
    return sb.toString();
  }

  private static void assertPrintable(byte[] out) {
    for (int i = 0; i < out.length; i++) {
      byte b = out[i];
      assertTrue(b == '\n' || (b >= 0x20 && b < 0x7F), "byte " + (b & 0xFF) + " at " + i + ": "
          + new String(out, StandardCharsets.UTF_8));
    }
    assertFalse(new String(out, StandardCharsets.UTF_8).contains("\tat "));
  }
}
