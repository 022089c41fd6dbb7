package dev.cesrj.keri.body;


/**
 * Checks that a JSON body is byte for byte what keripy writes for the field map it holds: keripy's
 * {@code Serder} loads a body, re-serializes the map and refuses the body if the bytes differ
 * ({@code src/keri/core/serdering.py} {@code Serder._verify}, "Invalid round trip", reported as
 * "Invalid raw for Serder"; {@code Serder.dumps}: Python's
 * {@code json.dumps(sad, separators=(",", ":"), ensure_ascii=False).encode()}). So one logical
 * event cannot take many SAIDs. What that writes:
 *
 * <ul>
 *   <li>no whitespace between tokens; {@code {"l":v,...}} and {@code [a,b]};
 *   <li>texts in quotes with <code>&#92;"</code>, <code>&#92;&#92;</code>, <code>&#92;n</code>,
 *       <code>&#92;r</code>, <code>&#92;t</code>, <code>&#92;b</code>, <code>&#92;f</code>, other
 *       characters below U+0020 as <code>&#92;u00XX</code> (lowercase hex);
 *       everything else raw as UTF-8 ({@code /}, DEL and non-ASCII unescaped); a text holding a lone
 *       surrogate cannot be encoded, so keripy refuses the body;
 *   <li>integers as Python's {@code str(int)} (so {@code -0} is not one); fractions and exponents as
 *       Python's {@code repr(float)} (shortest round trip, {@code 1.0}, {@code 1e+16},
 *       {@code 1.5e-05});
 *   <li>{@code true}, {@code false}, {@code null}; each label once (Python's {@code dict} keeps the
 *       last of repeated labels at the place of the first, so a body repeating one never writes
 *       itself again: the readers refuse repeated labels outright).
 * </ul>
 *
 * <p>The check writes nothing: it walks the decoded map once and compares each byte keripy would
 * write with the body's, stopping at the first difference. One instance checks one body.
 */
final class CanonicalJson {
  private final byte[] body;
  private int pos;

  private CanonicalJson(byte[] body) {
    this.body = body;
  }

  /**
   * Checks {@code body} against keripy's serialization of {@code fields}.
   *
   * @throws KeriBodyException ({@code MALFORMED_BODY}) at the first byte that differs
   */
  static void check(byte[] body, FieldMap fields) {
    CanonicalJson c = new CanonicalJson(body);
    c.map(fields);
    if (c.pos != body.length) {
      throw BodyErrors.nonCanonical(c.pos, "JSON", "the end of the body", "more bytes");
    }
  }

  private void map(FieldMap m) {
    put('{');
    boolean first = true;
    for (String l : m.labels()) {
      if (!first) {
        put(',');
      }
      first = false;
      text(l);
      put(':');
      value(m.get(l).orElseThrow());
    }
    put('}');
  }

  private void value(Value v) {
    if (v instanceof Value.Text t) {
      text(t.value());
    } else if (v instanceof Value.Number n) {
      ascii(PythonJsonText.number(n.literal()));
    } else if (v instanceof Value.Bool b) {
      ascii(b.value() ? "true" : "false");
    } else if (v instanceof Value.Null) {
      ascii("null");
    } else if (v instanceof Value.ListValue l) {
      put('[');
      for (int i = 0; i < l.items().size(); i++) {
        if (i > 0) {
          put(',');
        }
        value(l.items().get(i));
      }
      put(']');
    } else {
      map(((Value.MapValue) v).fields());
    }
  }

  private void text(String s) {
    put('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String escaped = PythonJsonText.escape(c);
      if (escaped != null) {
        ascii(escaped);
      } else if (c < 0x80) {
        put(c);
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        utf8(Character.toCodePoint(c, s.charAt(++i)));
      } else if (Character.isSurrogate(c)) {
        throw BodyErrors.nonCanonical(pos, "JSON", "a text keripy can encode as UTF-8",
            "a lone surrogate \\u" + Integer.toHexString(c));
      } else {
        utf8(c);
      }
    }
    put('"');
  }

  private void utf8(int cp) {
    if (cp < 0x800) {
      put(0xC0 | (cp >> 6));
    } else if (cp < 0x10000) {
      put(0xE0 | (cp >> 12));
      put(0x80 | ((cp >> 6) & 0x3F));
    } else {
      put(0xF0 | (cp >> 18));
      put(0x80 | ((cp >> 12) & 0x3F));
      put(0x80 | ((cp >> 6) & 0x3F));
    }
    put(0x80 | (cp & 0x3F));
  }

  private void ascii(String s) {
    for (int i = 0; i < s.length(); i++) {
      put(s.charAt(i));
    }
  }

  private void put(int b) {
    if (pos >= body.length || (body[pos] & 0xFF) != (b & 0xFF)) {
      throw BodyErrors.nonCanonical(pos, "JSON", "'" + (char) b + "'",
          pos >= body.length ? "the end of the body" : "'" + (char) (body[pos] & 0xFF) + "'");
    }
    pos++;
  }
}
