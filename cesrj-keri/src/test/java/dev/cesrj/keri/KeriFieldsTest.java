package dev.cesrj.keri;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.body.Body;
import dev.cesrj.keri.body.KeriBodyException;
import dev.cesrj.keri.event.Fraction;
import dev.cesrj.keri.event.Ilk;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.Threshold;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fields of inceptions read as keripy's Serder and Tholder read them: thresholds as hex text,
 * as numbers, as weights with nested weights (keripy {@code Tholder._processWeighted} and
 * {@code _satisfy_weighted}), hex sequence numbers, and the rules of basic and non-transferable
 * prefixes (keripy {@code SerderKERI._verify}); each refused field with its label and detail.
 */
class KeriFieldsTest {
  private static final String DUMMY = "#".repeat(44);
  private static final String KEY = "DL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-";
  private static final String KEY2 = "DI4T0NGcj1bgF8ZIDerd5MP9Dra1G2NWV8C_YGCvXwPn";
  private static final String NKEY = "BL9sg1dC30_nxDsJhjTyRujOYIgKhxIj-_zdybp83nC-";
  private static final String DIGEST = "EN-wgfZkXOZojNtgQylJLPeLhWcbfwPtoVCwLo5d6p0N";

  /** A saidified v1 JSON icp with these field texts (JSON), i = {@code i} or self-addressing. */
  private static Body icp(String i, String s, String kt, String k, String n, String bt, String b,
      String a) {
    String body = "{\"v\":\"KERI10JSON000000_\",\"t\":\"icp\",\"d\":\"" + DUMMY + "\",\"i\":\""
        + (i == null ? DUMMY : i) + "\",\"s\":" + s + ",\"kt\":" + kt + ",\"k\":" + k
        + ",\"nt\":\"0\",\"n\":" + n + ",\"bt\":" + bt + ",\"b\":" + b + ",\"c\":[],\"a\":" + a + "}";
    body = body.replaceFirst("KERI10JSON[0-9a-f]{6}_",
        String.format("KERI10JSON%06x_", body.getBytes(StandardCharsets.UTF_8).length));
    String said = Saids.compute(Body.parse(body.getBytes(StandardCharsets.UTF_8)), MatterCode.Blake3_256);
    return Body.parse(body.replace(DUMMY, said).getBytes(StandardCharsets.UTF_8));
  }

  private static Body weighted(String kt, int keys) {
    StringBuilder k = new StringBuilder("[");
    for (int j = 0; j < keys; j++) {
      k.append(j > 0 ? "," : "").append('"').append(j % 2 == 0 ? KEY : KEY2).append('"');
    }
    return icp(null, "\"0\"", kt, k.append(']').toString(), "[]", "\"0\"", "[]", "[]");
  }

  private static KeriBodyException refused(Body b, String label) {
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> KeriEvents.of(b));
    assertEquals(ErrorKind.MALFORMED_FIELD, e.kind(), e.getMessage());
    assertEquals(label, e.label().orElseThrow(), e.getMessage());
    assertEquals(b.fields().span(label).orElseThrow().offset(), e.offset(), e.getMessage());
    return e;
  }

  private static void detail(Body b, String label, String detail) {
    assertEquals("field '" + label + "': " + detail, refused(b, label).detail());
  }

  private static InceptionEvent event(Body b) {
    KeriEvent e = KeriEvents.of(b);
    assertTrue(Saids.verify(b));
    return (InceptionEvent) e;
  }

  @Test
  void numericThresholds() {
    assertEquals(new Threshold.Numeric(1), event(weighted("\"1\"", 1)).signingThreshold());
    assertEquals(new Threshold.Numeric(2), event(weighted("2", 2)).signingThreshold());
    assertEquals(new Threshold.Numeric(10), event(weighted("\"A\"", 2)).signingThreshold());
    assertEquals(1, new Threshold.Numeric(1).size());
    // keripy Tholder(sith=...): int(sith, 16) and a Python bool is an int
    assertEquals(new Threshold.Numeric(1), event(weighted("\"0x1\"", 1)).signingThreshold());
    assertEquals(new Threshold.Numeric(1), event(weighted("\" +1 \"", 1)).signingThreshold());
    assertEquals(new Threshold.Numeric(16), event(weighted("\"1_0\"", 1)).signingThreshold());
    assertEquals(new Threshold.Numeric(1), event(weighted("true", 1)).signingThreshold());
    assertEquals(new Threshold.Numeric(0), event(weighted("\"-0\"", 1)).signingThreshold());
    assertEquals("1", event(weighted("\"0X01\"", 1)).signingThreshold().toString());
    // the JSON text of weights (keripy's command-line form) is read as the weights
    assertEquals("[\"1/2\",\"1/2\"]",
        event(weighted("\"[\\\"1/2\\\", \\\"1/2\\\"]\"", 2)).signingThreshold().toString());
    detail(weighted("-1", 1), "kt", "negative threshold -1");
    detail(weighted("\"-1\"", 1), "kt", "negative threshold -1");
    detail(weighted("2147483648", 1), "kt", "threshold 2147483648 above 2^31 - 1");
    detail(weighted("1.5", 1), "kt", "a number where weights belong");
    detail(weighted("1.0", 1), "kt", "a number where weights belong");
    detail(weighted("\"[\\\"1/2\\\"\"", 1), "kt", "weights '[\"1/2\"' are no JSON");
    detail(weighted("\"g\"", 1), "kt", "'g' is no hex number");
    detail(weighted("\"0x\"", 1), "kt", "'0x' is no hex number");
    detail(weighted("\"1__0\"", 1), "kt", "'1__0' is no hex number");
    detail(weighted("\"_1\"", 1), "kt", "'_1' is no hex number");
    detail(weighted("\"\"", 1), "kt", "empty threshold expression");
    detail(weighted("\"80000000\"", 1), "kt", "threshold 2147483648 above 2^31 - 1");
    detail(weighted("[]", 1), "kt", "empty weight list");
    detail(weighted("null", 1), "kt", "a null where weights belong");
    assertEquals(2147483647L, ((Threshold.Numeric) event(weighted("\"7fffffff\"", 1))
        .signingThreshold()).m());
  }

  @Test
  void nestedWeights() {
    // keys 0 and 1 under the nested weight 1/2 (each 1/2 of it), key 2 alone with 1/2
    Threshold t = event(weighted("[{\"1/2\":[\"1/2\",\"1/2\"]},\"1/2\"]", 3)).signingThreshold();
    assertEquals("[{\"1/2\":[\"1/2\",\"1/2\"]},\"1/2\"]", t.toString());
    assertEquals(3, t.size());
    assertTrue(t.satisfiedBy(List.of(0, 1, 2)));
    assertFalse(t.satisfiedBy(List.of(0, 1)));
    assertFalse(t.satisfiedBy(List.of(0, 2)));
    assertFalse(t.satisfiedBy(List.of(2)));
    assertFalse(t.satisfiedBy(List.of(3, -1)));
    assertFalse(t.satisfiedBy(List.of()));
    // two clauses, each to be met
    Threshold two = event(weighted("[[\"1\"],[{\"1\":[\"1/2\",\"1/2\"]}]]", 3)).signingThreshold();
    assertEquals("[[\"1\"],[{\"1\":[\"1/2\",\"1/2\"]}]]", two.toString());
    assertTrue(two.satisfiedBy(List.of(0, 1, 2)));
    assertFalse(two.satisfiedBy(List.of(1, 2)));
    assertFalse(two.satisfiedBy(List.of(0, 1)));
    assertFalse(two.satisfiedBy(List.of(0, 2)));
    detail(weighted("[{\"1\":[\"1/3\",\"1/3\"]}]", 2), "kt", "nested weights [1/3, 1/3] sum below 1");
    detail(weighted("[{\"1\":[]}]", 1), "kt", "nested weights of '1' sum to 0, below 1");
    detail(weighted("[[\"1\"],\"1\"]", 2), "kt", "a weight that is a list");
    detail(weighted("[[\"1\"],[]]", 2), "kt", "clause [] sums below 1");
    // keripy iterates a nested text as its characters and takes an unchecked nested int
    assertEquals("[{\"1\":[\"1\"]}]", event(weighted("[{\"1\":\"1\"}]", 1)).signingThreshold().toString());
    assertEquals("[{\"1\":[\"1\"]}]", event(weighted("[{\"1\":[1]}]", 1)).signingThreshold().toString());
    detail(weighted("[{\"1\":[0.5,0.5]}]", 1), "kt", "weight Number[literal=0.5] is a float");
    detail(weighted("[{\"1\":1}]", 1), "kt", "a number where weights belong");
    detail(weighted("[{\"1\":[\"1\"],\"2\":[\"1\"]}]", 2), "kt", "a nested weight map of 2 entries");
    detail(weighted("[1]", 1), "kt", "a weight that is a number");
    detail(weighted("[\"2\"]", 1), "kt", "weight 2/1 not within 0 and 1");
    detail(weighted("[\"3/2\"]", 1), "kt", "weight 3/2 not within 0 and 1");
    detail(weighted("[\"1/0\"]", 1), "kt", "weight '1/0' is no number");
    detail(weighted("[\"0.5\",\"0.5\"]", 2), "kt", "weight '0.5' is a float");
    detail(weighted("[\"inf\"]", 1), "kt", "weight 'inf' is a float");
    detail(weighted("[\"x\"]", 1), "kt", "weight 'x' is no number");
    detail(weighted("[\"" + "9".repeat(70) + "\"]", 1), "kt", "weight " + "9".repeat(70) + "/1 not within 0 and 1");
    // Python's int, float and Fraction forms of a weight
    assertEquals("[\"1/2\",\"1/2\"]", event(weighted("[\" 1 / 2 \",\"2/4\"]", 2)).signingThreshold().toString());
    assertEquals("[\"1\"]", event(weighted("[\"1.0\"]", 1)).signingThreshold().toString());
    assertEquals("[\"1\"]", event(weighted("[\"+01\"]", 1)).signingThreshold().toString());
    assertEquals("[\"1\"]", event(weighted("[\"10e-1\"]", 1)).signingThreshold().toString());
    assertEquals("[\"99999999999999999999/100000000000000000000\",\"1\"]",
        event(weighted("[\"0.99999999999999999999\",\"1\"]", 2)).signingThreshold().toString());
    // a map is a clause of its labels, as Python iterates a dict
    assertEquals("[\"1\"]", event(weighted("{\"1\":[\"x\"]}", 1)).signingThreshold().toString());
  }

  @Test
  void fractions() {
    assertEquals("1/2", new Fraction(BigInteger.TWO, BigInteger.valueOf(4)).toString());
    assertEquals("0", new Fraction(BigInteger.ZERO, BigInteger.valueOf(4)).toString());
    assertEquals("1", new Fraction(BigInteger.valueOf(3), BigInteger.valueOf(3)).toString());
    assertEquals(-1, new Fraction(BigInteger.ONE, BigInteger.valueOf(3))
        .compareTo(new Fraction(BigInteger.ONE, BigInteger.TWO)));
    assertEquals(1, Fraction.ONE.compareTo(new Fraction(BigInteger.ONE, BigInteger.TWO)));
    assertEquals(0, Fraction.ONE.compareTo(new Fraction(BigInteger.TWO, BigInteger.TWO)));
    assertThrows(IllegalArgumentException.class, () -> new Fraction(BigInteger.ONE, BigInteger.ZERO));
    assertThrows(IllegalArgumentException.class, () -> new Fraction(BigInteger.ONE.negate(), BigInteger.ONE));
    assertThrows(IllegalArgumentException.class, () -> new Fraction(BigInteger.TWO, BigInteger.ONE));
    assertThrows(IllegalArgumentException.class, () -> new Fraction(BigInteger.ONE, BigInteger.ONE.negate()));
    assertThrows(IllegalArgumentException.class, () -> new Fraction(BigInteger.ZERO, BigInteger.ZERO));
    assertThrows(IllegalArgumentException.class, () -> new Threshold.Numeric(-1));
    assertEquals(0, new Threshold.Numeric(0).m());
  }

  @Test
  void sequenceNumbersAreHex() {
    String k = "[\"" + KEY + "\"]";
    detail(icp(null, "\"-1\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "negative number -1");
    detail(icp(null, "-1", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "negative number -1");
    detail(icp(null, "\"G\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "'G' is no hex number");
    detail(icp(null, "\"0x-1\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "'0x-1' is no hex number");
    detail(icp(null, "\"" + "0".repeat(1025) + "\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s",
        "'" + "0".repeat(40) + "...' is no hex number");
    detail(icp(null, "0.0", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "a number 0.0 is no whole number");
    detail(icp(null, "null", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "a null is no whole number");
    detail(icp(null, "[]", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s", "a list is no whole number");
    assertEquals(BigInteger.ZERO,
        event(icp(null, "\"" + "0".repeat(1024) + "\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]")).sn());
    // keripy Number(num=s): "" is 0, int(s, 16) takes 0x, signs, spaces, underscores; ints and bools
    for (String zero : List.of("\"0\"", "\"\"", "\"0x0\"", "\"-0\"", "\" 0\\n\"", "\"0_0\"", "0", "false",
        "\"\u0660\"")) {
      assertEquals(BigInteger.ZERO, event(icp(null, zero, "\"1\"", k, "[]", "\"0\"", "[]", "[]")).sn(), zero);
    }
  }

  /** {@code bt} as keripy's {@code Number(num=bt)} reads it (coring.py), like {@code s}. */
  @Test
  void witnessThresholdForms() {
    String k = "[\"" + KEY + "\"]";
    String w = "[\"" + NKEY + "\"]";
    for (String one : List.of("\"1\"", "1", "true", "\"0x1\"", "\"01\"", "\" 1 \"", "\"+1\"")) {
      assertEquals(1, event(icp(null, "\"0\"", "\"1\"", k, "[]", one, w, "[]")).toad(), one);
    }
    for (String zero : List.of("\"0\"", "0", "false", "\"\"", "\"-0\"")) {
      assertEquals(0, event(icp(null, "\"0\"", "\"1\"", k, "[]", zero, "[]", "[]")).toad(), zero);
    }
    detail(icp(null, "\"0\"", "\"1\"", k, "[]", "\"-1\"", "[]", "[]"), "bt", "negative number -1");
    detail(icp(null, "\"0\"", "\"1\"", k, "[]", "1.0", "[]", "[]"), "bt", "a number 1.0 is no whole number");
    detail(icp(null, "\"0\"", "\"1\"", k, "[]", "\"0x\"", "[]", "[]"), "bt", "'0x' is no hex number");
    detail(icp(null, "\"0\"", "\"1\"", k, "[]", "\"1 1\"", "[]", "[]"), "bt", "'1 1' is no hex number");
    detail(icp(null, "\"0\"", "\"1\"", k, "[]", "\"4000000000000000\"", "[]", "[]"), "bt",
        "a number of 63 bits");
  }

  /**
   * keripy has field rules for protocol versions 1.0 and 2.0 only ({@code Serder._validate}):
   * framing takes any version-1 minor and major 0 (as keripy's {@code smell}), the field rules
   * refuse them.
   */
  @Test
  void protocolVersionsKeripyHasRulesFor() {
    String k = "[\"" + KEY + "\"]";
    Body ok = icp(null, "\"0\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]");
    event(ok);
    String json = new String(ok.bytes(), StandardCharsets.UTF_8);
    for (String v : List.of("KERI11", "KERI00", "KERI1f")) {
      Body b = Body.parse(json.replace("KERI10", v).getBytes(StandardCharsets.UTF_8));
      detail(b, "v", "protocol version " + Integer.parseInt(v.substring(4, 5), 16) + "."
          + Integer.parseInt(v.substring(5, 6), 16) + " in " + b.version().text());
    }
  }

  @Test
  void basicAndNonTransferablePrefixes() {
    String k = "[\"" + KEY + "\"]";
    InceptionEvent basic = event(icp(KEY, "\"0\"", "\"1\"", k, "[\"" + DIGEST + "\"]", "\"0\"", "[]", "[]"));
    assertEquals(KEY, basic.prefix());
    assertEquals(PrefixDerivation.BASIC, PrefixDerivation.of(basic));
    assertTrue(PrefixDerivation.matches(basic));
    detail(icp(KEY, "\"0\"", "\"1\"", "[\"" + KEY + "\",\"" + KEY2 + "\"]", "[]", "\"0\"", "[]", "[]"),
        "k", "2 keys");
    detail(icp(KEY, "\"0\"", "\"2\"", k, "[]", "\"0\"", "[]", "[]"), "kt", "threshold 2");
    detail(icp(KEY2, "\"0\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "i", KEY2);
    String nk = "[\"" + NKEY + "\"]";
    InceptionEvent nt = event(icp(NKEY, "\"0\"", "\"1\"", nk, "[]", "\"0\"", "[]", "[]"));
    assertEquals(PrefixDerivation.BASIC_NON_TRANSFERABLE, PrefixDerivation.of(nt));
    assertTrue(PrefixDerivation.matches(nt));
    detail(icp(NKEY, "\"0\"", "\"1\"", nk, "[\"" + DIGEST + "\"]", "\"0\"", "[]", "[]"), "n",
        "1 digests");
    detail(icp(NKEY, "\"0\"", "\"1\"", nk, "[]", "\"1\"", "[\"" + NKEY + "\"]", "[]"), "b",
        "1 witnesses");
    detail(icp(NKEY, "\"0\"", "\"1\"", nk, "[]", "\"0\"", "[]", "[{\"d\":\"" + DIGEST + "\"}]"), "a",
        "1 anchors");
    InceptionEvent sa = event(icp(null, "\"0\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"));
    assertEquals(PrefixDerivation.SELF_ADDRESSING, PrefixDerivation.of(sa));
    assertTrue(PrefixDerivation.matches(sa));
    assertEquals(sa.said(), sa.prefix());
    detail(icp(null, "\"0\"", "\"1\"", "[\"" + DIGEST + "\"]", "[]", "\"0\"", "[]", "[]"), "k",
        "key " + DIGEST + ": Blake3_256 is no verification key");
    detail(icp(null, "\"0\"", "\"1\"", k, "[\"" + KEY + "\"]", "\"0\"", "[]", "[]"), "n",
        KEY + " is no digest");
    detail(icp(null, "\"0\"", "\"1\"", k, "[1]", "\"0\"", "[]", "[]"), "n",
        "an item that is a number");
    detail(icp(null, "\"0\"", "\"1\"", k, "{}", "\"0\"", "[]", "[]"), "n", "a map");
    detail(icp(null, "\"0\"", "\"1\"", k, "[]", "\"0\"", "[]", "7"), "a", "a number");
  }

  @Test
  void fieldsInKeripysOrderAndNoOther() {
    String k = "[\"" + KEY + "\"]";
    Body good = icp(null, "\"9fAFa0\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]");
    assertEquals(new BigInteger("9fafa0", 16), event(good).sn());
    String json = new String(good.bytes(), StandardCharsets.UTF_8);
    Body extra = Body.parse(resized(json.replace(",\"a\":[]}", ",\"a\":[],\"x\":\"y\"}")));
    assertEquals("field 'x': field not allowed for KERI icp", refused(extra, "x").detail());
    Body swapped = Body.parse(resized(json.replace("\"kt\":\"1\",\"k\":" + k,
        "\"k\":" + k + ",\"kt\":\"1\"")));
    KeriBodyException e = assertThrows(KeriBodyException.class, () -> KeriEvents.of(swapped));
    assertEquals("kt", e.label().orElseThrow());
    assertEquals("field 'kt': out of order", e.detail());
    assertEquals(swapped.fields().span("k").orElseThrow().offset(), e.offset());
    Body missing = Body.parse(resized(json.replace(",\"c\":[]", "")));
    e = assertThrows(KeriBodyException.class, () -> KeriEvents.of(missing));
    assertEquals("field 'c': missing", e.detail());
    assertEquals(missing.fields().span("a").orElseThrow().offset(), e.offset());
    Body last = Body.parse(resized(json.replace(",\"a\":[]", "")));
    e = assertThrows(KeriBodyException.class, () -> KeriEvents.of(last));
    assertEquals("field 'a': missing", e.detail());
    assertEquals(0, e.offset());
    for (String hex : List.of("/", ":", "`", "g", "@", "G")) {
      detail(icp(null, "\"" + hex + "\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s",
          "'" + hex + "' is no hex number");
    }
    assertEquals(new BigInteger("90af", 16),
        event(icp(null, "\"90af\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]")).sn());
    assertEquals(BigInteger.valueOf(0xF9),
        event(icp(null, "\"F9\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]")).sn());
    assertEquals(new BigInteger("A0", 16),
        event(icp(null, "\"A0\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]")).sn());
    detail(icp(null, "\"" + "0".repeat(40) + "x\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s",
        "'" + "0".repeat(40) + "...' is no hex number");
    detail(icp(null, "\"" + "0".repeat(39) + "x\"", "\"1\"", k, "[]", "\"0\"", "[]", "[]"), "s",
        "'" + "0".repeat(39) + "x' is no hex number");
  }

  private static byte[] resized(String json) {
    return json.replaceFirst("KERI10JSON[0-9a-f]{6}_",
        String.format("KERI10JSON%06x_", json.getBytes(StandardCharsets.UTF_8).length))
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void ilks() {
    List<Ilk> est = List.of(Ilk.ICP, Ilk.ROT, Ilk.DIP, Ilk.DRT);
    for (Ilk i : Ilk.values()) {
      assertEquals(est.contains(i), i.establishment(), i.name());
      assertEquals(i == Ilk.ICP || i == Ilk.DIP, i.inception(), i.name());
      assertEquals(i == Ilk.DIP || i == Ilk.DRT, i.delegated(), i.name());
    }
  }
}
