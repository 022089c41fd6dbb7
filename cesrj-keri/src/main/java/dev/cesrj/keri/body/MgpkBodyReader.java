package dev.cesrj.keri.body;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a MessagePack body (MGPK; formats per the MessagePack specification,
 * github.com/msgpack/msgpack {@code spec.md}) as keripy's {@code msgpack} writes one: a map with
 * str labels, of integers, str, arrays, maps, booleans, nil and floats. Refused, as no KERI or
 * ACDC body holds them: bin and ext values, the unused format byte {@code 0xc1}, a non-finite
 * float, a label that is not a str. Since keripy refuses a body that is not its re-serialization
 * ({@code src/keri/core/serdering.py} {@code Serder._verify}), every integer, str, array and map
 * must take the shortest format msgpack's {@code packb} writes for it (non-negative integers
 * unsigned), and a float must be float 64 (checked while reading: no second pass). Nesting at most {@link Body#MAX_DEPTH}; every length is
 * checked against the bytes left.
 *
 * <p>Own code, not a library: the Java MessagePack libraries (msgpack-core,
 * jackson-dataformat-msgpack) declare no module name, and a published module descriptor must not
 * require a name derived from a file name. msgpack-core measured faster on a KERI body
 * ({@code docs/performance.md}: it builds no field map, spans nor checked version string); the
 * difference is a few microseconds a body, small beside one signature verification.
 */
final class MgpkBodyReader extends BinaryBodyReader {
  private MgpkBodyReader(byte[] b) {
    super(b);
  }

  @Override
  String format() {
    return "MessagePack";
  }

  static FieldMap read(byte[] b) {
    int f = b.length == 0 ? -1 : b[0] & 0xFF;
    if (!((f & 0xF0) == 0x80 || f == 0xDE || f == 0xDF)) {
      throw BodyErrors.syntax(0, "a MessagePack map (fixmap, map16, map32)",
          "the body is no MessagePack map");
    }
    MgpkBodyReader r = new MgpkBodyReader(b);
    Value v = r.value(1);
    r.end();
    return ((Value.MapValue) v).fields();
  }

  private Value value(int depth) {
    if (depth > Body.MAX_DEPTH) {
      throw BodyErrors.tooDeep(pos);
    }
    int at = pos;
    int f = u8();
    if (f <= 0x7F) {
      return new Value.Number(Integer.toString(f));
    }
    if (f >= 0xE0) {
      return new Value.Number(Integer.toString((byte) f));
    }
    if ((f & 0xF0) == 0x80) {
      return map(f & 0x0F, depth, at);
    }
    if ((f & 0xF0) == 0x90) {
      return list(f & 0x0F, depth, at);
    }
    if ((f & 0xE0) == 0xA0) {
      return new Value.Text(utf8(f & 0x1F, at));
    }
    switch (f) {
      case 0xC0:
        return Value.Null.NULL;
      case 0xC2:
        return new Value.Bool(false);
      case 0xC3:
        return new Value.Bool(true);
      case 0xCA:
        // msgpack packs a Python float as float 64 (use_single_float=False)
        throw BodyErrors.nonCanonical(at, "MessagePack", "a float as float 64", "a float 32");
      case 0xCB:
        return number(Double.longBitsToDouble(uint(8)), at);
      case 0xCC:
        return new Value.Number(Long.toString(least(uint(1), 0x80, at)));
      case 0xCD:
        return new Value.Number(Long.toString(least(uint(2), 0x100, at)));
      case 0xCE:
        return new Value.Number(Long.toString(least(uint(4), 0x10000, at)));
      case 0xCF:
        return new Value.Number(Long.toUnsignedString(least(uint(8), 0x100000000L, at)));
      case 0xD0:
        return new Value.Number(Long.toString(most((byte) uint(1), -33, at)));
      case 0xD1:
        return new Value.Number(Long.toString(most((short) uint(2), -129, at)));
      case 0xD2:
        return new Value.Number(Long.toString(most((int) uint(4), -32769, at)));
      case 0xD3:
        return new Value.Number(Long.toString(most(uint(8), -(1L << 31) - 1, at)));
      case 0xD9:
        return new Value.Text(utf8(least(uint(1), 32, at), at));
      case 0xDA:
        return new Value.Text(utf8(least(uint(2), 0x100, at), at));
      case 0xDB:
        return new Value.Text(utf8(least(uint(4), 0x10000, at), at));
      case 0xDC:
        return list(least(uint(2), 16, at), depth, at);
      case 0xDD:
        return list(least(uint(4), 0x10000, at), depth, at);
      case 0xDE:
        return map(least(uint(2), 16, at), depth, at);
      case 0xDF:
        return map(least(uint(4), 0x10000, at), depth, at);
      default: // bin, ext, fixext, 0xc1
        throw BodyErrors.syntax(at, "a str, number, array, map, boolean or nil",
            String.format("format byte 0x%02x", f));
    }
  }

  private Value list(long count, int depth, int at) {
    int n = count(count, 1, at);
    List<Value> items = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      items.add(value(depth + 1));
    }
    return new Value.ListValue(items);
  }

  private Value map(long count, int depth, int at) {
    int n = count(count, 2, at);
    FieldMap.Builder m = new FieldMap.Builder();
    for (int i = 0; i < n; i++) {
      int labelAt = pos;
      Value label = value(depth + 1);
      if (!(label instanceof Value.Text)) {
        throw BodyErrors.syntax(labelAt, "a str label", "a map label that is no str");
      }
      int valueAt = pos;
      Value v = value(depth + 1);
      Span span = span(valueAt, v);
      String l = ((Value.Text) label).value();
      if (!m.put(l, v, span)) {
        throw BodyErrors.syntax(labelAt, l, "each label once", "label given twice");
      }
    }
    return new Value.MapValue(m.build());
  }

  /**
   * An unsigned integer, length or count that msgpack writes in this format only from
   * {@code least} on (a smaller one takes a shorter format: msgpack {@code pack_template.h}
   * {@code msgpack_pack_real_int64}, str, array and map heads).
   */
  private static long least(long v, long least, int at) {
    if (Long.compareUnsigned(v, least) < 0) {
      throw BodyErrors.nonCanonical(at, "MessagePack", "the shortest format for " + v,
          "a longer format for " + Long.toUnsignedString(v));
    }
    return v;
  }

  /**
   * A signed integer that msgpack writes in this format only up to {@code most} (a larger one,
   * and any non-negative one, takes a shorter or unsigned format).
   */
  private static long most(long v, long most, int at) {
    if (v > most) {
      throw BodyErrors.nonCanonical(at, "MessagePack", "the shortest format for " + v,
          "a longer or signed format for " + v);
    }
    return v;
  }

  /** A str's characters (after its header), else the whole value. */
  private Span span(int at, Value v) {
    if (v instanceof Value.Text) {
      int f = b[at] & 0xFF;
      int header = (f & 0xE0) == 0xA0 ? 1 : f == 0xD9 ? 2 : f == 0xDA ? 3 : 5;
      return new Span(at + header, pos - at - header);
    }
    return new Span(at, pos - at);
  }

  private static Value number(double d, int at) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      throw BodyErrors.syntax(at, "a finite number", "a non-finite float");
    }
    return new Value.Number(Double.toString(d));
  }
}
