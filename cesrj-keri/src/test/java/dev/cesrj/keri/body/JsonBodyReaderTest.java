package dev.cesrj.keri.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.ErrorKind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JSON body reader's spans (a string's characters between its quotes, escapes included;
 * every other value whole) and the offsets of its errors.
 */
class JsonBodyReaderTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void spans() {
    String json = "{\"a\":\"x\\\"y\\\\\",\"b\":123,\"c\":[1, 2],\"d\":{\"e\":true},\"f\":false,"
        + "\"g\":null,\"h\":-1.5e3,\"i\":\"\"}";
    FieldMap f = JsonBodyReader.read(utf8(json));
    assertEquals(List.of("a", "b", "c", "d", "f", "g", "h", "i"), f.labels());
    assertEquals(new Value.Text("x\"y\\"), f.get("a").orElseThrow());
    assertEquals(new Span(json.indexOf("x\\"), 6), f.span("a").orElseThrow());
    assertEquals(new Span(json.indexOf("123"), 3), f.span("b").orElseThrow());
    assertEquals(new Span(json.indexOf("[1, 2]"), 6), f.span("c").orElseThrow());
    assertEquals(new Span(json.indexOf("{\"e\""), 10), f.span("d").orElseThrow());
    assertEquals(new Span(json.indexOf("false"), 5), f.span("f").orElseThrow());
    assertEquals(new Span(json.indexOf("null"), 4), f.span("g").orElseThrow());
    assertEquals(new Span(json.indexOf("-1.5e3"), 6), f.span("h").orElseThrow());
    assertEquals(new Value.Number("-1.5e3"), f.get("h").orElseThrow());
    assertEquals(new Span(json.length() - 2, 0), f.span("i").orElseThrow());
    assertEquals(new Value.ListValue(List.of(new Value.Number("1"), new Value.Number("2"))),
        f.get("c").orElseThrow());
  }

  @Test
  void errorOffsets() {
    KeriBodyException e = assertThrows(KeriBodyException.class,
        () -> JsonBodyReader.read(utf8("{\"a\":1,}")));
    assertEquals(ErrorKind.MALFORMED_BODY, e.kind());
    assertEquals(7, e.offset());
    e = assertThrows(KeriBodyException.class, () -> JsonBodyReader.read(utf8("{\"a\":1} {}")));
    assertEquals("more JSON after the body's object", e.detail());
    assertEquals(8, e.offset());
    e = assertThrows(KeriBodyException.class, () -> JsonBodyReader.read(utf8("[1]")));
    assertEquals("the body is no JSON object", e.detail());
    assertEquals(0, e.offset());
    e = assertThrows(KeriBodyException.class, () -> JsonBodyReader.read(utf8("{\"a\":1,\"a\":2}")));
    assertEquals("field 'a': label given twice", e.detail());
    assertEquals(7, e.offset());
  }
}
