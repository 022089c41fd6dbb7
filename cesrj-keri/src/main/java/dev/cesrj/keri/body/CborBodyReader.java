package dev.cesrj.keri.body;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a CBOR body (RFC 8949) as keripy's {@code cbor2} writes one: a map with text labels, of
 * unsigned and negative integers, text strings, arrays, maps, booleans, null and floats. Since
 * keripy refuses a body that is not its re-serialization ({@code src/keri/core/serdering.py}
 * {@code Serder._verify}), each length and integer must have its shortest head and a float must be
 * an 8-byte double, as cbor2's {@code dumps} writes them (checked while reading: no second pass). Refused,
 * as no KERI or ACDC body holds them: byte strings, tags, indefinite lengths, simple values other
 * than false, true, null and undefined (read as null), a non-finite float, a label that is not a
 * text. Nesting at most {@link Body#MAX_DEPTH}; every length is checked against the bytes left.
 */
final class CborBodyReader extends BinaryBodyReader {
  private CborBodyReader(byte[] b) {
    super(b);
  }

  @Override
  String format() {
    return "CBOR";
  }

  static FieldMap read(byte[] b) {
    CborBodyReader r = new CborBodyReader(b);
    if (b.length == 0 || (b[0] & 0xE0) != 0xA0) {
      throw BodyErrors.syntax(0, "a CBOR map (major type 5)", "the body is no CBOR map");
    }
    Value v = r.value(1);
    r.end();
    return ((Value.MapValue) v).fields();
  }

  private Value value(int depth) {
    if (depth > Body.MAX_DEPTH) {
      throw BodyErrors.tooDeep(pos);
    }
    int at = pos;
    int ib = u8();
    int major = ib >>> 5;
    int ai = ib & 0x1F;
    if (major == 7) {
      return simple(ai, at);
    }
    if (ai == 31) {
      throw BodyErrors.syntax(at, "a definite length (keripy writes no other)",
          "an indefinite-length item");
    }
    if (ai > 27) {
      throw BodyErrors.syntax(at, "a CBOR argument (additional information 0 to 27)",
          "reserved additional information " + ai);
    }
    long arg = argument(ai, at);
    switch (major) {
      case 0:
        return new Value.Number(Long.toUnsignedString(arg));
      case 1:
        return new Value.Number(
            BigInteger.ONE.negate().subtract(new BigInteger(Long.toUnsignedString(arg))).toString());
      case 3:
        return new Value.Text(utf8(arg, at));
      case 4: {
        int n = count(arg, 1, at);
        List<Value> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          items.add(value(depth + 1));
        }
        return new Value.ListValue(items);
      }
      case 5: {
        int n = count(arg, 2, at);
        FieldMap.Builder m = new FieldMap.Builder();
        for (int i = 0; i < n; i++) {
          int labelAt = pos;
          int lb = u8();
          if ((lb >>> 5) != 3 || (lb & 0x1F) > 27) {
            throw BodyErrors.syntax(labelAt, "a text label", "a map label that is no text");
          }
          int lai = lb & 0x1F;
          String label = utf8(argument(lai, labelAt), labelAt);
          int valueAt = pos;
          Value v = value(depth + 1);
          Span span = span(valueAt, v);
          if (!m.put(label, v, span)) {
            throw BodyErrors.syntax(labelAt, label, "each label once", "label given twice");
          }
        }
        return new Value.MapValue(m.build());
      }
      default: // 2 byte string, 6 tag
        throw BodyErrors.syntax(at, "a text, number, list, map, boolean or null",
            major == 2 ? "a byte string" : "a tagged item");
    }
  }

  /**
   * The argument of an item whose additional information is {@code ai} (0 to 27), which must be in
   * its shortest form, as cbor2's {@code dumps} writes every length and integer
   * ({@code CBOREncoder.encode_length}): below 24 in the initial byte, else in 1, 2, 4 or 8 bytes,
   * the fewest that hold it. keripy refuses any other form, since re-serializing the body's map
   * does not give the body's bytes back.
   */
  private long argument(int ai, int at) {
    if (ai < 24) {
      return ai;
    }
    long arg = uint(1 << (ai - 24));
    long least = ai == 24 ? 24 : ai == 25 ? 0x100 : ai == 26 ? 0x10000 : 0x100000000L;
    if (Long.compareUnsigned(arg, least) < 0) {
      throw BodyErrors.nonCanonical(at, "CBOR",
          "the shortest head for " + Long.toUnsignedString(arg),
          "a head of " + (1 << (ai - 24)) + " argument bytes for " + Long.toUnsignedString(arg));
    }
    return arg;
  }

  /** A text's characters (after its header), else the whole item. */
  private Span span(int at, Value v) {
    if (v instanceof Value.Text) {
      int ai = b[at] & 0x1F;
      int header = ai < 24 ? 1 : 1 + (1 << (ai - 24));
      return new Span(at + header, pos - at - header);
    }
    return new Span(at, pos - at);
  }

  private Value simple(int ai, int at) {
    switch (ai) {
      case 20:
        return new Value.Bool(false);
      case 21:
        return new Value.Bool(true);
      case 22:
      case 23:
        return Value.Null.NULL;
      case 25:
      case 26:
        // cbor2 writes every finite float as a double (CBOREncoder.encode_float)
        throw BodyErrors.nonCanonical(at, "CBOR", "a float as an 8-byte double",
            "a " + (ai == 25 ? "2" : "4") + "-byte float");
      case 27:
        return number(Double.longBitsToDouble(uint(8)), at);
      default:
        throw BodyErrors.syntax(at, "false, true, null or a float", "simple value " + ai);
    }
  }

  private static Value number(double d, int at) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      throw BodyErrors.syntax(at, "a finite number", "a non-finite float");
    }
    return new Value.Number(Double.toString(d));
  }

}
