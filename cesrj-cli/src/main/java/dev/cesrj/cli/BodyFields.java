package dev.cesrj.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.stream.Kind;
import dev.cesrj.stream.Message;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The top-level text fields of a message body that the inspector shows: ilk ({@code t}), SAID
 * ({@code d}), identifier prefix ({@code i}), sequence number ({@code s}, hex text) and route
 * ({@code r}), as keripy's Serder reads them ({@code serder.ilk}, {@code said}, {@code pre},
 * {@code snh}, {@code route}). Each is {@code null} when the body has no such text field.
 *
 * <p>The framer never decodes a body beyond its version string; this does, for display only. A
 * body that does not decode (garbage after a valid version string) gives all fields {@code null}
 * and {@link #decoded()} false: the inspector still shows the message.
 *
 * <p>A CESR-native body ({@link NativeFields}) has no labels in a FixBodyGroup: its fields are
 * named by their position in keripy's field order for its protocol and ilk; a MapBodyGroup's
 * labels name them. Values are given as keripy's Serder gives them: the ilk and other tags as
 * their text, a number as lowercase hex, a route as its path, a digest or prefix as its qb64.
 *
 * @param ilk message type, e.g. {@code icp}
 * @param said the {@code d} field
 * @param pre the {@code i} field
 * @param sn the {@code s} field as written (lowercase hex)
 * @param route the {@code r} field
 * @param decoded false if the body could not be read as a map of its kind
 */
record BodyFields(String ilk, String said, String pre, String sn, String route, boolean decoded) {
  private static final JsonFactory JSON = new JsonFactory();
  private static final CBORFactory CBOR = new CBORFactory();
  private static final BodyFields NONE = new BodyFields(null, null, null, null, null, false);

  /** Reads the fields of the body of {@code m}, whatever its kind. */
  static BodyFields of(Message m) {
    Optional<Group> g = m.bodyGroup();
    if (g.isPresent() && g.get().code().layout() == Layout.NATIVE_BODY) {
      Map<String, String> fields = NativeFields.read(g.get());
      return fields == null ? NONE : of(fields);
    }
    return read(m.version().kind(), Parts.body(m));
  }

  private static BodyFields of(Map<String, String> fields) {
    return new BodyFields(
        fields.get("t"), fields.get("d"), fields.get("i"), fields.get("s"), fields.get("r"), true);
  }

  /** Reads the fields of {@code body}, serialized as {@code kind} says. */
  static BodyFields read(Kind kind, byte[] body) {
    Map<String, String> fields;
    switch (kind) {
      case JSON:
        fields = readJackson(JSON, body);
        break;
      case CBOR:
        fields = readJackson(CBOR, body);
        break;
      case MGPK:
        fields = MessagePackMap.topLevelText(body);
        break;
      default:
        fields = null;
    }
    if (fields == null) {
      return NONE;
    }
    return of(fields);
  }

  /** The top-level text fields of a JSON or CBOR map, or {@code null} if it is not one. */
  private static Map<String, String> readJackson(JsonFactory factory, byte[] body) {
    Map<String, String> out = new HashMap<>();
    try (JsonParser p = factory.createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (value == JsonToken.VALUE_STRING) {
          out.putIfAbsent(name, p.getText());
        } else {
          p.skipChildren();
        }
      }
      return out;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
