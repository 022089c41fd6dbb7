package dev.cesrj.keri.body;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * One value of a message body, as keripy's Serder holds it after loading the body ({@code sad}):
 * a text, a number, a boolean, null, a list or a field map. A CESR-native body's primitives are
 * given as keripy's {@code Serder._loads} gives them (a digest or key as its qb64, a number as
 * lowercase hex text, a tag as its text; see {@link Body}). Immutable.
 */
public sealed interface Value
    permits Value.Text, Value.Number, Value.Bool, Value.Null, Value.ListValue, Value.MapValue {

  /** {@return this value's text, if it is a {@link Text}} */
  default Optional<String> text() {
    return Optional.empty();
  }

  /**
   * Reads one JSON value (keripy reads a threshold given as JSON text with Python's
   * {@code json.loads}: keripy {@code src/keri/core/coring.py} {@code Tholder._processSith}).
   *
   * @param json the JSON text, whitespace allowed around the value
   * @return the value, or empty if the text is not one JSON value (or nests deeper than
   *     {@link Body#MAX_DEPTH})
   */
  static Optional<Value> fromJson(String json) {
    return JsonBodyReader.value(json);
  }

  /** {@return a word for the value's type, for error messages: text, number, ..} */
  String typeName();

  /**
   * A text (JSON string, CBOR text string, MessagePack str).
   *
   * @param value the text
   */
  record Text(String value) implements Value {
    /**
     * Creates the record.
     *
     * @param value see the record description
     * @throws NullPointerException if {@code value} is null
     */
    public Text {
      java.util.Objects.requireNonNull(value, "value");
    }

    @Override
    public Optional<String> text() {
      return Optional.of(value);
    }

    @Override
    public String typeName() {
      return "text";
    }
  }

  /**
   * A number, as its literal: decimal digits for an integer (CBOR and MessagePack integers are
   * written so), or the JSON literal of a fraction or exponent.
   *
   * @param literal the number's text
   */
  record Number(String literal) implements Value {
    /**
     * Creates the record.
     *
     * @param literal see the record description
     * @throws NullPointerException if {@code literal} is null
     */
    public Number {
      java.util.Objects.requireNonNull(literal, "literal");
    }

    /** {@return the value as an integer, if the literal is one (digits, an optional minus)} */
    public Optional<BigInteger> integer() {
      if (literal.matches("-?[0-9]{1,4096}")) {
        return Optional.of(new BigInteger(literal));
      }
      return Optional.empty();
    }

    @Override
    public String typeName() {
      return "number";
    }
  }

  /**
   * A boolean.
   *
   * @param value true or false
   */
  record Bool(boolean value) implements Value {
    @Override
    public String typeName() {
      return "boolean";
    }
  }

  /** Null (JSON {@code null}, CBOR null or undefined, MessagePack nil). */
  record Null() implements Value {
    /** The one null value. */
    public static final Null NULL = new Null();

    @Override
    public String typeName() {
      return "null";
    }
  }

  /**
   * A list.
   *
   * @param items the items in order (copied)
   */
  record ListValue(List<Value> items) implements Value {
    /**
     * Creates the record.
     *
     * @param items see the record description
     * @throws NullPointerException if {@code items} or one of them is null
     */
    public ListValue {
      items = List.copyOf(items);
    }

    @Override
    public String typeName() {
      return "list";
    }
  }

  /**
   * A field map (a JSON object, a CBOR or MessagePack map with text labels).
   *
   * @param fields the fields in order
   */
  record MapValue(FieldMap fields) implements Value {
    /**
     * Creates the record.
     *
     * @param fields see the record description
     * @throws NullPointerException if {@code fields} is null
     */
    public MapValue {
      java.util.Objects.requireNonNull(fields, "fields");
    }

    @Override
    public String typeName() {
      return "map";
    }
  }
}
