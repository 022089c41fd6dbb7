package dev.cesrj.keri.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ErrorKind;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The CBOR and MessagePack body readers on hand-made maps: each value type at each of its
 * encodings with the value the format's specification gives it (RFC 8949 section 3 and appendix A
 * for CBOR, including its half-precision examples; the MessagePack specification's formats), the
 * span of each value, and the exact error (offset and detail) for each refused input.
 */
class BinaryBodyReadersTest {
  private static byte[] hex(String h) {
    return HexFormat.of().parseHex(h.replace(" ", ""));
  }

  /** A map of {@code entries} (label, value encoding in hex) under the header {@code header}. */
  private static byte[] map(String header, Map<String, String> entries, Function<String, String> label) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(hex(header));
    entries.forEach((l, v) -> {
      out.writeBytes(hex(label.apply(l)));
      out.writeBytes(hex(v));
    });
    return out.toByteArray();
  }

  private static String cborLabel(String l) {
    return String.format("%02x", 0x60 + l.length()) + HexFormat.of().formatHex(l.getBytes(StandardCharsets.UTF_8));
  }

  private static String mgpkLabel(String l) {
    return String.format("%02x", 0xA0 + l.length()) + HexFormat.of().formatHex(l.getBytes(StandardCharsets.UTF_8));
  }

  private static Value num(String literal) {
    return new Value.Number(literal);
  }

  private static Value dbl(double d) {
    return new Value.Number(Double.toString(d));
  }

  private static KeriBodyException cborError(String h) {
    return assertThrows(KeriBodyException.class, () -> CborBodyReader.read(hex(h)));
  }

  private static KeriBodyException mgpkError(String h) {
    return assertThrows(KeriBodyException.class, () -> MgpkBodyReader.read(hex(h)));
  }

  private static void error(KeriBodyException e, long offset, String detail) {
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind(), e.getMessage());
    assertEquals(detail, e.detail(), e.getMessage());
    assertEquals(offset, e.offset(), e.getMessage());
  }

  @Test
  void cborValuesOfEveryEncoding() {
    Map<String, String> e = new LinkedHashMap<>();
    Map<String, Value> want = new LinkedHashMap<>();
    e.put("a", "00"); want.put("a", num("0"));
    e.put("b", "17"); want.put("b", num("23"));
    e.put("c", "1818"); want.put("c", num("24"));
    e.put("d", "190100"); want.put("d", num("256"));
    e.put("e", "1a00010000"); want.put("e", num("65536"));
    e.put("f", "1b0000000100000000"); want.put("f", num("4294967296"));
    e.put("g", "1bffffffffffffffff"); want.put("g", num("18446744073709551615"));
    e.put("h", "20"); want.put("h", num("-1"));
    e.put("i", "3901f3"); want.put("i", num("-500"));
    e.put("j", "3bffffffffffffffff"); want.put("j", num("-18446744073709551616"));
    e.put("k", "f4"); want.put("k", new Value.Bool(false));
    e.put("l", "f5"); want.put("l", new Value.Bool(true));
    e.put("m", "f6"); want.put("m", Value.Null.NULL);
    e.put("n", "f7"); want.put("n", Value.Null.NULL);
    // cbor2 writes every finite float as an 8-byte double
    e.put("o", "fb3ff0000000000000"); want.put("o", dbl(1.0));
    e.put("p", "fb40effc0000000000"); want.put("p", dbl(65504.0));
    e.put("q", "fb3e70000000000000"); want.put("q", dbl(5.960464477539063e-8));
    e.put("r", "fb3f10000000000000"); want.put("r", dbl(0.00006103515625));
    e.put("s", "fbc010000000000000"); want.put("s", dbl(-4.0));
    e.put("t", "fb3ff8000000000000"); want.put("t", dbl(1.5));
    e.put("u", "fb40f86a0000000000"); want.put("u", dbl(100000.0));
    e.put("w", "fb3ff199999999999a"); want.put("w", dbl(1.1));
    e.put("x", "8201820203"); want.put("x", new Value.ListValue(List.of(num("1"),
        new Value.ListValue(List.of(num("2"), num("3"))))));
    e.put("y", "a161796161"); want.put("y", new Value.MapValue(mapOf("y", new Value.Text("a"))));
    String long24 = "abcdefghijklmnopqrstuvwx";
    e.put("z", "7818" + HexFormat.of().formatHex(long24.getBytes(StandardCharsets.US_ASCII)));
    want.put("z", new Value.Text(long24));
    e.put("A", "62c3bc"); want.put("A", new Value.Text("\u00fc"));
    e.put("B", "fb8000000000000000"); want.put("B", dbl(-0.0));
    e.put("C", "80"); want.put("C", new Value.ListValue(List.of()));
    byte[] body = map(String.format("b8%02x", e.size()), e, BinaryBodyReadersTest::cborLabel);
    FieldMap f = CborBodyReader.read(body);
    assertEquals(new ArrayList<>(want.keySet()), f.labels());
    want.forEach((l, v) -> assertEquals(v, f.get(l).orElseThrow(), l));
    assertSpans(body, f, e, 1);
  }

  /** Each value's span: a text's characters after its header, any other value whole. */
  private static void assertSpans(byte[] body, FieldMap f, Map<String, String> enc, int labelHeader) {
    int at = body.length - enc.entrySet().stream()
        .mapToInt(x -> labelHeader + x.getKey().length() + x.getValue().length() / 2).sum();
    for (Map.Entry<String, String> x : enc.entrySet()) {
      at += labelHeader + x.getKey().length();
      int len = x.getValue().length() / 2;
      Span s = f.span(x.getKey()).orElseThrow();
      Value v = f.get(x.getKey()).orElseThrow();
      if (v instanceof Value.Text) {
        int chars = ((Value.Text) v).value().getBytes(StandardCharsets.UTF_8).length;
        assertEquals(new Span(at + len - chars, chars), s, x.getKey());
      } else {
        assertEquals(new Span(at, len), s, x.getKey());
      }
      at += len;
    }
    assertEquals(body.length, at);
  }

  private static FieldMap mapOf(String label, Value v) {
    FieldMap.Builder b = new FieldMap.Builder();
    b.put(label, v, new Span(0, 0));
    return b.build();
  }

  @Test
  void cborRefusals() {
    error(cborError(""), 0, "the body is no CBOR map");
    error(cborError("8100"), 0, "the body is no CBOR map");
    error(cborError("a1616100ff"), 4, "1 bytes after the body's map");
    error(cborError("a1616141ff"), 3, "a byte string");
    error(cborError("a16161c100"), 3, "a tagged item");
    error(cborError("a161619f"), 3, "an indefinite-length item");
    error(cborError("a161611c"), 3, "reserved additional information 28");
    error(cborError("a16161f0"), 3, "simple value 16");
    error(cborError("a16161f97c00"), 3, "non-canonical body: a 2-byte float");
    error(cborError("a16161fa7f800000"), 3, "non-canonical body: a 4-byte float");
    error(cborError("a16161fb7ff8000000000000"), 3, "a non-finite float");
    error(cborError("a16161fb7ff0000000000000"), 3, "a non-finite float");
    error(cborError("a10100"), 1, "a map label that is no text");
    error(cborError("a17f00"), 1, "a map label that is no text");
    error(cborError("a2616100616100"), 4, "field 'a': label given twice");
    assertEquals("a", cborError("a2616100616100").label().orElseThrow());
    // a map of 4 entries needs at least 8 bytes: 6 are left after its header
    error(cborError("a4616100616200"), 0, "count 4 with 6 bytes left");
    // an array of 4 one-byte items with 3 bytes left
    error(cborError("a16161840102"), 3, "count 4 with 2 bytes left");
    error(cborError("a1616164616263"), 3, "count 4 with 3 bytes left");
    error(cborError("a1616162c328"), 3, "a text that is not UTF-8");
    error(cborError("a1616119ff"), 5, "the body ends inside a value");
  }

  @Test
  void cborNestingIsBoundedAt64() {
    // the top map is depth 1, the value of "a" depth 2: 62 more arrays reach depth 64
    String ok = "a16161" + "81".repeat(62) + "00";
    FieldMap f = CborBodyReader.read(hex(ok));
    Value v = f.get("a").orElseThrow();
    int depth = 2;
    while (v instanceof Value.ListValue) {
      v = ((Value.ListValue) v).items().get(0);
      depth++;
    }
    assertEquals(64, depth);
    error(cborError("a16161" + "81".repeat(63) + "00"), 3 + 63, "nesting deeper than 64");
    // through maps: each level a one-entry map {"a": ...}
    error(cborError("a16161" + "a16161".repeat(63) + "00"), 3 + 3 * 63,
        "nesting deeper than 64");
    assertEquals(1, CborBodyReader.read(hex("a16161" + "a16161".repeat(62) + "00")).size());
  }

  @Test
  void mgpkValuesOfEveryFormat() {
    Map<String, String> e = new LinkedHashMap<>();
    Map<String, Value> want = new LinkedHashMap<>();
    e.put("a", "00"); want.put("a", num("0"));
    e.put("b", "7f"); want.put("b", num("127"));
    e.put("c", "ff"); want.put("c", num("-1"));
    e.put("d", "e0"); want.put("d", num("-32"));
    e.put("e", "ccff"); want.put("e", num("255"));
    e.put("f", "cd0100"); want.put("f", num("256"));
    e.put("g", "ce00010000"); want.put("g", num("65536"));
    e.put("h", "cfffffffffffffffff"); want.put("h", num("18446744073709551615"));
    e.put("i", "d080"); want.put("i", num("-128"));
    e.put("j", "d1ff00"); want.put("j", num("-256"));
    e.put("k", "d2ffff0000"); want.put("k", num("-65536"));
    e.put("l", "d38000000000000000"); want.put("l", num("-9223372036854775808"));
    e.put("m", "c0"); want.put("m", Value.Null.NULL);
    e.put("n", "c2"); want.put("n", new Value.Bool(false));
    e.put("o", "c3"); want.put("o", new Value.Bool(true));
    e.put("p", "cb3ff8000000000000"); want.put("p", dbl(1.5));
    e.put("q", "cb3ff199999999999a"); want.put("q", dbl(1.1));
    e.put("r", "a3616263"); want.put("r", new Value.Text("abc"));
    e.put("s", "d920" + "61".repeat(32)); want.put("s", new Value.Text("a".repeat(32)));
    e.put("t", "da0100" + "62".repeat(256)); want.put("t", new Value.Text("b".repeat(256)));
    e.put("u", "db00010000" + "63".repeat(65536)); want.put("u", new Value.Text("c".repeat(65536)));
    e.put("w", "920192c0c3"); want.put("w", new Value.ListValue(List.of(num("1"),
        new Value.ListValue(List.of(Value.Null.NULL, new Value.Bool(true))))));
    e.put("x", "dc0010" + "01".repeat(16));
    want.put("x", new Value.ListValue(java.util.Collections.nCopies(16, num("1"))));
    e.put("y", "dd00010000" + "03".repeat(65536));
    want.put("y", new Value.ListValue(java.util.Collections.nCopies(65536, num("3"))));
    e.put("z", "81a179a161"); want.put("z", new Value.MapValue(mapOf("y", new Value.Text("a"))));
    StringBuilder m16 = new StringBuilder("de0010");
    FieldMap.Builder sixteen = new FieldMap.Builder();
    for (int i = 0; i < 16; i++) {
      String l = Integer.toHexString(i);
      m16.append(mgpkLabel(l)).append("c0");
      sixteen.put(l, Value.Null.NULL, new Span(0, 0));
    }
    e.put("A", m16.toString()); want.put("A", new Value.MapValue(sixteen.build()));
    e.put("C", "a2c3bc"); want.put("C", new Value.Text("\u00fc"));
    byte[] body = map(String.format("de%04x", e.size()), e, BinaryBodyReadersTest::mgpkLabel);
    FieldMap f = MgpkBodyReader.read(body);
    assertEquals(new ArrayList<>(want.keySet()), f.labels());
    want.forEach((l, v) -> assertEquals(v, f.get(l).orElseThrow(), l));
    assertSpans(body, f, e, 1);
    assertEquals(1, MgpkBodyReader.read(hex("81a16100")).size());
  }

  @Test
  void mgpkRefusals() {
    error(mgpkError(""), 0, "the body is no MessagePack map");
    error(mgpkError("9100"), 0, "the body is no MessagePack map");
    error(mgpkError("c0"), 0, "the body is no MessagePack map");
    error(mgpkError("81a16100c0"), 4, "1 bytes after the body's map");
    error(mgpkError("81a161c40100"), 3, "format byte 0xc4");
    error(mgpkError("81a161c1"), 3, "format byte 0xc1");
    error(mgpkError("81a161d40100"), 3, "format byte 0xd4");
    error(mgpkError("81a161ca7f800000"), 3, "non-canonical body: a float 32");
    error(mgpkError("81a161cb7ff8000000000000"), 3, "a non-finite float");
    error(mgpkError("810100"), 1, "a map label that is no str");
    error(mgpkError("82a16100a16100"), 4, "field 'a': label given twice");
    error(mgpkError("84a16100a16200"), 0, "count 4 with 6 bytes left");
    error(mgpkError("81a161940102"), 3, "count 4 with 2 bytes left");
    error(mgpkError("81a161a46162"), 3, "count 4 with 2 bytes left");
    error(mgpkError("81a161a2c328"), 3, "a text that is not UTF-8");
    error(mgpkError("81a161cdff"), 5, "the body ends inside a value");
    error(mgpkError("81a161dc0010"), 3, "count 16 with 0 bytes left");
    error(mgpkError("81a161de0010"), 3, "count 16 with 0 bytes left");
  }

  /**
   * keripy refuses a body that is not the re-serialization of its map (keripy
   * {@code serdering.py} {@code Serder._verify}): cbor2 and msgpack write each integer, length and
   * count in its shortest head, and floats as 8-byte doubles. Each longer head, at its smallest
   * value, is refused; one less than that is the shortest form of the next smaller head.
   */
  @Test
  void onlyTheShortestHeadsKeripyWrites() {
    // CBOR: 1-byte argument from 24, 2-byte from 256, 4-byte from 65536, 8-byte from 2^32
    error(cborError("a161611817"), 3, "non-canonical body: a head of 1 argument bytes for 23");
    error(cborError("a16161190000"), 3, "non-canonical body: a head of 2 argument bytes for 0");
    error(cborError("a1616119" + "00ff"), 3, "non-canonical body: a head of 2 argument bytes for 255");
    error(cborError("a161611a0000ffff"), 3, "non-canonical body: a head of 4 argument bytes for 65535");
    error(cborError("a161611b00000000ffffffff"), 3,
        "non-canonical body: a head of 8 argument bytes for 4294967295");
    error(cborError("a161613817"), 3, "non-canonical body: a head of 1 argument bytes for 23"); // -24
    error(cborError("a16161780161"), 3, "non-canonical body: a head of 1 argument bytes for 1"); // text
    error(cborError("a161619800"), 3, "non-canonical body: a head of 1 argument bytes for 0"); // array
    error(cborError("a16161b800"), 3, "non-canonical body: a head of 1 argument bytes for 0"); // map
    error(cborError("b801616100"), 0, "non-canonical body: a head of 1 argument bytes for 1"); // body map
    error(cborError("a178016100"), 1, "non-canonical body: a head of 1 argument bytes for 1"); // label
    assertEquals(num("23"), CborBodyReader.read(hex("a1616117")).get("a").orElseThrow());
    assertEquals(num("-24"), CborBodyReader.read(hex("a1616137")).get("a").orElseThrow());
    // MessagePack: uint8 from 128, uint16 from 256, uint32 from 65536, uint64 from 2^32
    error(mgpkError("81a161cc7f"), 3, "non-canonical body: a longer format for 127");
    error(mgpkError("81a161cd00ff"), 3, "non-canonical body: a longer format for 255");
    error(mgpkError("81a161ce0000ffff"), 3, "non-canonical body: a longer format for 65535");
    error(mgpkError("81a161cf00000000ffffffff"), 3, "non-canonical body: a longer format for 4294967295");
    // int8 below -32, int16 below -128, int32 below -32768, int64 below -2^31; never non-negative
    error(mgpkError("81a161d0e0"), 3, "non-canonical body: a longer or signed format for -32");
    error(mgpkError("81a161d001"), 3, "non-canonical body: a longer or signed format for 1");
    error(mgpkError("81a161d1ff80"), 3, "non-canonical body: a longer or signed format for -128");
    error(mgpkError("81a161d2ffff8000"), 3, "non-canonical body: a longer or signed format for -32768");
    error(mgpkError("81a161d3ffffffff80000000"), 3,
        "non-canonical body: a longer or signed format for -2147483648");
    error(mgpkError("81a161d3000000ffffffffff"), 3,
        "non-canonical body: a longer or signed format for 1099511627775");
    // str8 from 32, array16 and map16 from 16, str16 from 256, the 32-bit heads from 65536
    error(mgpkError("81a161d91f" + "61".repeat(31)), 3, "non-canonical body: a longer format for 31");
    error(mgpkError("81a161da00ff" + "61".repeat(255)), 3, "non-canonical body: a longer format for 255");
    error(mgpkError("81a161db0000ffff"), 3, "non-canonical body: a longer format for 65535");
    error(mgpkError("81a161dc000f"), 3, "non-canonical body: a longer format for 15");
    error(mgpkError("81a161dd0000ffff"), 3, "non-canonical body: a longer format for 65535");
    error(mgpkError("81a161de000f"), 3, "non-canonical body: a longer format for 15");
    error(mgpkError("81a161df0000ffff"), 3, "non-canonical body: a longer format for 65535");
    error(mgpkError("de0001a16100"), 0, "non-canonical body: a longer format for 1"); // body map
    error(mgpkError("81d901" + "61" + "00"), 1, "non-canonical body: a longer format for 1"); // label
    assertEquals(num("-33"), MgpkBodyReader.read(hex("81a161d0df")).get("a").orElseThrow());
    assertEquals(num("-2147483649"),
        MgpkBodyReader.read(hex("81a161d3ffffffff7fffffff")).get("a").orElseThrow());
  }

  /**
   * 100 random CBOR and 100 MessagePack bodies as cbor2's {@code dumps} and msgpack's
   * {@code packb} write them ({@code src/test/resources/python}, see its README: integers at every
   * head boundary, texts to 300 characters, lists and maps of 0 to 16 items, floats): all accepted;
   * the same maps with cbor2's {@code canonical=True} floats (half and single precision where they
   * hold the value) or msgpack's {@code use_single_float=True}, where that differs, refused.
   */
  @Test
  void cbor2AndMsgpackVectors() throws Exception {
    com.fasterxml.jackson.databind.JsonNode vectors;
    try (java.io.InputStream in = getClass().getResourceAsStream("/python/binary-dumps.json")) {
      vectors = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
    }
    int refused = 0;
    for (com.fasterxml.jackson.databind.JsonNode v : vectors) {
      Body b = Body.parse(hex(v.get("canonical").asText()));
      assertEquals(v.get("kind").asText(), b.kind().name());
      if (!v.get("variant").isNull()) {
        KeriBodyException e = assertThrows(KeriBodyException.class,
            () -> Body.parse(hex(v.get("variant").asText())));
        assertEquals(true, e.detail().startsWith("non-canonical body: a "), e.getMessage());
        refused++;
      }
    }
    assertEquals(200, vectors.size());
    assertEquals(132, refused);
  }

  @Test
  void mgpkNestingIsBoundedAt64() {
    assertEquals(1, MgpkBodyReader.read(hex("81a161" + "91".repeat(62) + "00")).size());
    error(mgpkError("81a161" + "91".repeat(63) + "00"), 3 + 63, "nesting deeper than 64");
    assertEquals(1, MgpkBodyReader.read(hex("81a161" + "81a161".repeat(62) + "00")).size());
    // a MessagePack label is read as a value: the 63rd nested map's label is at depth 65
    error(mgpkError("81a161" + "81a161".repeat(63) + "00"), 3 + 3 * 62 + 1,
        "nesting deeper than 64");
  }

  @Test
  void fieldMapsAndValues() {
    FieldMap a = CborBodyReader.read(hex("a2616101616282f5f6"));
    FieldMap b = MgpkBodyReader.read(hex("82a16101a16292c3c0"));
    assertEquals(a, b); // the same fields, whatever the spans
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, CborBodyReader.read(hex("a2616102616282f5f6")));
    assertNotEquals(a, CborBodyReader.read(hex("a2616201616182f5f6")));
    assertNotEquals(a, (Object) "a");
    assertEquals("{a=Number[literal=1], b=ListValue[items=[Bool[value=true], Null[]]]}", a.toString());
    assertEquals("{}", FieldMap.empty().toString());
    assertEquals(0, FieldMap.empty().size());
    assertEquals(FieldMap.empty(), new FieldMap.Builder().build());
    assertEquals(List.of("text", "number", "boolean", "null", "list", "map"),
        List.of(new Value.Text("x"), num("1"), new Value.Bool(true), Value.Null.NULL,
            new Value.ListValue(List.of()), new Value.MapValue(FieldMap.empty()))
            .stream().map(Value::typeName).collect(java.util.stream.Collectors.toList()));
    assertEquals(new BigInteger("-12"), ((Value.Number) num("-12")).integer().orElseThrow());
    assertEquals(java.util.Optional.empty(), ((Value.Number) num("1.5")).integer());
    assertEquals(3, new Span(1, 2).end());
    assertThrows(IllegalArgumentException.class, () -> new Span(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new Span(0, -1));
    assertEquals(0, new Span(0, 0).length());
  }
}
