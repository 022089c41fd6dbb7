package dev.cesrj.keri.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * JSON bodies must be keripy's {@code json.dumps(sad, separators=(",", ":"), ensure_ascii=False)}
 * of their own field map (keripy {@code src/keri/core/serdering.py} {@code Serder._verify}): each
 * form Python writes is accepted, each other spelling of the same map refused at the first byte
 * that differs; Python's {@code repr(float)} on vectors and, over seeded random doubles, as a
 * shortest round trip.
 */
class CanonicalJsonTest {
  /** A standalone body {@code {"v":"KERI10JSON……_","x":<x>}} with its size set. */
  private static byte[] body(String x) {
    String b = "{\"v\":\"KERI10JSON000000_\",\"x\":" + x + "}";
    int size = b.getBytes(StandardCharsets.UTF_8).length;
    return b.replace("000000_", String.format("%06x_", size)).getBytes(StandardCharsets.UTF_8);
  }

  private static void accepted(String x) {
    Body.parse(body(x));
  }

  /** Refused as non-canonical at {@code offset} within the value of {@code x} (which starts at 29). */
  private static void refused(String x, int offset) {
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> Body.parse(body(x)), x);
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind(), e.getMessage());
    assertTrue(e.detail().startsWith("non-canonical body: "), e.getMessage());
    assertEquals(29 + offset, e.offset(), e.getMessage());
  }

  @Test
  void whitespaceAnywhereIsRefused() {
    byte[] spaced = "{\"v\": \"KERI10JSON00001a_\"}".getBytes(StandardCharsets.UTF_8);
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> Body.parse(spaced));
    assertEquals(5, e.offset());
    assertEquals("non-canonical body: ' '", e.detail());
    assertEquals("'\"' (keripy's JSON serialization of the field map)", e.expected());
    refused("[1, 2]", 3);
    refused("{\"a\" :1}", 4);
    refused("1 ", 1);
    accepted("[1,2]");
    accepted("{\"a\":[true,false,null,{}]}");
  }

  @Test
  void textsEscapedAsPythonEscapesThem() {
    accepted("\"\\\" \\\\ \\n \\r \\t \\b \\f\"");
    accepted("\"\\u0000 \\u001f \\u000b\""); // other controls: \\u00xx, lowercase
    accepted("\"/ \u007f \u00e9 \u2028 \ud83d\ude00\""); // raw: slash, DEL, non-ASCII
    refused("\"\\/\"", 1); // an escaped slash: Python writes '/'
    refused("\"\\u001F\"", 1 + 5); // uppercase hex
    refused("\"\\u000a\"", 1 + 1); // Python writes \n
    refused("\"\\u0041\"", 1); // Python writes A
    refused("\"\\u007f\"", 1); // Python writes DEL raw
    refused("\"\\u00e9\"", 1); // ensure_ascii=False: raw UTF-8
    refused("\"\\ud83d\\ude00\"", 1); // a pair escaped: raw UTF-8
    KeriBodyException lone = assertThrows(KeriBodyException.class, () -> Body.parse(body("\"\\ud83d\"")));
    assertEquals("non-canonical body: a lone surrogate \\ud83d", lone.detail());
  }

  @Test
  void numbersAsPythonWritesThem() {
    accepted("0");
    accepted("-12");
    accepted("123456789012345678901234567890");
    refused("-0", 0);
    accepted("1.0");
    accepted("0.1");
    accepted("1e+16");
    accepted("1.5e-05");
    accepted("-0.0");
    refused("1.50", 3);
    refused("1e5", 1); // Python: 100000.0
    accepted("100000.0");
    refused("1E+16", 1);
    refused("10000000000000000.0", 1);
    refused("1e999", 0); // Python: Infinity
  }

  @Test
  void repeatedLabelsAreRefused() {
    // Python's dict keeps the last value at the first place: the body never writes itself again
    KeriBodyException e = assertThrows(KeriBodyException.class,
        () -> Body.parse(body("{\"a\":1,\"a\":2}")));
    assertEquals("field 'a': label given twice", e.detail());
  }

  /**
   * 400 random field maps (texts of every ASCII character and some beyond, integers, floats,
   * booleans, nulls, nested lists and maps) as CPython's {@code json.dumps} writes them
   * ({@code src/test/resources/python}, see its README): keripy's form is accepted, and each other
   * form Python writes of the same map (default separators, {@code ensure_ascii=True},
   * {@code ", "}, {@code indent=1}; each with its own size in {@code v}) is refused.
   */
  @Test
  void pythonsJsonDumpsVectors() throws Exception {
    com.fasterxml.jackson.databind.JsonNode vectors;
    try (java.io.InputStream in = getClass().getResourceAsStream("/python/json-dumps.json")) {
      vectors = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
    }
    int refused = 0;
    for (com.fasterxml.jackson.databind.JsonNode v : vectors) {
      String canonical = v.get("canonical").asText();
      Body.parse(canonical.getBytes(StandardCharsets.UTF_8));
      for (com.fasterxml.jackson.databind.JsonNode other : v.get("variants")) {
        KeriBodyException e = assertThrows(KeriBodyException.class,
            () -> Body.parse(other.asText().getBytes(StandardCharsets.UTF_8)), other.asText());
        assertTrue(e.detail().startsWith("non-canonical body: "), e.getMessage());
        refused++;
      }
    }
    assertEquals(400, vectors.size());
    assertEquals(1486, refused);
  }

  @Test
  void pythonReprOfFloats() {
    assertEquals("0.1", PythonJsonText.repr(0.1));
    assertEquals("0.3", PythonJsonText.repr(0.3));
    assertEquals("0.6666666666666666", PythonJsonText.repr(2.0 / 3));
    assertEquals("1e+16", PythonJsonText.repr(1e16));
    assertEquals("1000000000000000.0", PythonJsonText.repr(1e15));
    assertEquals("0.0001", PythonJsonText.repr(1e-4));
    assertEquals("1e-05", PythonJsonText.repr(1e-5));
    assertEquals("123456789.123", PythonJsonText.repr(123456789.123));
    assertEquals("5e-324", PythonJsonText.repr(Double.MIN_VALUE));
    assertEquals("1.7976931348623157e+308", PythonJsonText.repr(Double.MAX_VALUE));
    assertEquals("-0.0", PythonJsonText.repr(-0.0));
    assertEquals("2e-07", PythonJsonText.repr(2e-7));
    assertEquals("1.2345e+20", PythonJsonText.repr(1.2345e20));
    assertEquals("NaN", PythonJsonText.repr(Double.NaN));
    assertEquals("-Infinity", PythonJsonText.repr(Double.NEGATIVE_INFINITY));
  }

  /** repr reads back as the same double, and is never longer than Java's (not always shortest). */
  @Test
  void reprIsAShortestRoundTrip() {
    long seed = Long.getLong("cesrj.seed", 20261206L);
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 20_000; i++) {
      double d = Double.longBitsToDouble(r.nextLong());
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        continue;
      }
      String p = PythonJsonText.repr(d);
      assertEquals(d, Double.parseDouble(p), "seed " + seed + ": " + p);
      assertTrue(digits(p) <= digits(Double.toString(d)), "seed " + seed + ": " + p + " vs " + d);
    }
  }

  private static int digits(String s) {
    String m = s.replaceFirst("[eE].*", "").replace("-", "").replace(".", "").replaceFirst("^0+", "");
    return m.replaceFirst("0+$", "").length();
  }
}
