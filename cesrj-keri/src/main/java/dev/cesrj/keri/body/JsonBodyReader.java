package dev.cesrj.keri.body;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a JSON body (RFC 8259) with Jackson's streaming parser: the top level must be one object,
 * labels unique, nesting at most {@link Body#MAX_DEPTH}, numbers at most 1,000 characters, and
 * nothing but whitespace after the object. Stateless; the factory is immutable and thread-safe.
 */
final class JsonBodyReader {
  private static final JsonFactory JSON =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(Body.MAX_DEPTH)
                  .maxNumberLength(1000)
                  .build())
          .build();

  private JsonBodyReader() {}

  static FieldMap read(byte[] b) {
    try (JsonParser p = JSON.createParser(b)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw BodyErrors.syntax(0, "a JSON object", "the body is no JSON object");
      }
      FieldMap m = object(p, b);
      JsonToken after = p.nextToken();
      if (after != null) {
        throw BodyErrors.syntax(at(p), "the end of the body after its object",
            "more JSON after the body's object");
      }
      return m;
    } catch (StreamConstraintsException e) {
      throw BodyErrors.syntax(loc(e), "a JSON body within the limits",
          e.getOriginalMessage());
    } catch (JsonProcessingException e) {
      throw BodyErrors.syntax(loc(e), "well-formed JSON", e.getOriginalMessage());
    } catch (IOException e) {
      throw BodyErrors.syntax(0, "well-formed JSON", e.toString()); // no I/O on a byte array
    }
  }

  /** One JSON value of a text, or empty if the text is not exactly one well-formed value. */
  static Optional<Value> value(String json) {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    try (JsonParser p = JSON.createParser(b)) {
      if (p.nextToken() == null) {
        return Optional.empty();
      }
      Value v = value(p, b);
      return p.nextToken() == null ? Optional.of(v) : Optional.empty();
    } catch (IOException | KeriBodyException e) {
      return Optional.empty();
    }
  }

  private static long loc(JsonProcessingException e) {
    return e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getByteOffset());
  }

  private static int at(JsonParser p) {
    return (int) Math.max(0, p.currentTokenLocation().getByteOffset());
  }

  /**
   * Reads the fields of the object whose START_OBJECT is the current token (the nesting depth is
   * bounded by the factory's {@code maxNestingDepth}).
   */
  private static FieldMap object(JsonParser p, byte[] b) throws IOException {
    FieldMap.Builder m = new FieldMap.Builder();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      // Jackson gives FIELD_NAME or END_OBJECT here, else it throws
      String label = p.currentName();
      int labelAt = at(p);
      p.nextToken();
      int start = at(p);
      Value v = value(p, b);
      Span span = span(p, b, start, v);
      if (!m.put(label, v, span)) {
        throw BodyErrors.syntax(labelAt, label, "each label once", "label given twice");
      }
    }
    return m.build();
  }

  private static Value value(JsonParser p, byte[] b) throws IOException {
    switch (p.currentToken()) {
      case START_OBJECT:
        return new Value.MapValue(object(p, b));
      case START_ARRAY:
        List<Value> items = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          items.add(value(p, b));
        }
        return new Value.ListValue(items);
      case VALUE_STRING:
        return new Value.Text(p.getText());
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new Value.Number(p.getText());
      case VALUE_TRUE:
        return new Value.Bool(true);
      case VALUE_FALSE:
        return new Value.Bool(false);
      case VALUE_NULL:
        return Value.Null.NULL;
      default:
        throw BodyErrors.syntax(at(p), "a JSON value", "unexpected " + p.currentToken());
    }
  }

  /** The span of a value: a string's characters between its quotes, else its whole text. */
  private static Span span(JsonParser p, byte[] b, int start, Value v) {
    if (v instanceof Value.Text && start < b.length && b[start] == '"') {
      int end = start + 1;
      while (end < b.length && b[end] != '"') {
        end += b[end] == '\\' ? 2 : 1;
      }
      return new Span(start + 1, Math.min(end, b.length) - start - 1);
    }
    long end = p.currentLocation().getByteOffset();
    return new Span(start, (int) Math.max(0, Math.min(end, b.length) - start));
  }
}
