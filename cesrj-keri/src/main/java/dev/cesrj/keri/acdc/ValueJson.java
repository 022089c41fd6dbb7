package dev.cesrj.keri.acdc;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Value;
import java.math.BigInteger;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A body's fields as a JSON tree, for schema validation (keripy {@code
 * src/keri/core/scheming.py} {@code JSONSchema.verify_json} validates {@code json.loads} of the
 * credential's bytes): the tree is built from the fields already read, so the body is not parsed
 * again. Integers become integer nodes, other numbers doubles (Python floats). Stateless.
 */
final class ValueJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ValueJson() {}

  static ObjectNode of(FieldMap f) {
    ObjectNode o = NODES.objectNode();
    for (String l : f.labels()) {
      o.set(l, of(f.get(l).orElseThrow()));
    }
    return o;
  }

  static JsonNode of(Value v) {
    if (v instanceof Value.Text) {
      return NODES.stringNode(((Value.Text) v).value());
    }
    if (v instanceof Value.Number) {
      Value.Number n = (Value.Number) v;
      Optional<BigInteger> i = n.integer();
      return i.isPresent() ? NODES.numberNode(i.get()) : NODES.numberNode(Double.parseDouble(n.literal()));
    }
    if (v instanceof Value.Bool) {
      return NODES.booleanNode(((Value.Bool) v).value());
    }
    if (v instanceof Value.ListValue) {
      ArrayNode a = NODES.arrayNode();
      for (Value item : ((Value.ListValue) v).items()) {
        a.add(of(item));
      }
      return a;
    }
    if (v instanceof Value.MapValue) {
      return of(((Value.MapValue) v).fields());
    }
    return NODES.nullNode();
  }
}
