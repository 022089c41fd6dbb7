package dev.cesrj.keri.event;

import dev.cesrj.keri.body.FieldMap;
import dev.cesrj.keri.body.Value;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The number and threshold forms keripy accepts in a key event's fields, read from a body's
 * {@link Value} exactly as keripy reads the loaded field map ({@code sad}). Each form keripy accepts
 * beyond the spec (the KERI spec asks for lowercase hex text without prefix for {@code s},
 * {@code kt}, {@code nt} and {@code bt}) is a deliberate deviation: agreement with keripy's
 * verdicts beats strictness here. The table of forms is in the guide page
 * {@code docs/guide/kel.md}, "Bodies, numbers and thresholds as keripy accepts them".
 *
 * <ul>
 *   <li>{@link #number}: keripy {@code src/keri/core/coring.py} {@code Number.__init__(num=...)},
 *       as {@code SerderKERI.sner} and {@code SerderKERI.bner} read {@code s} and {@code bt}.
 *   <li>{@link #threshold}: keripy {@code coring.py} {@code Tholder(sith=...)}
 *       ({@code _processSith}, {@code _processWeighted}), as {@code SerderKERI.tholder} and
 *       {@code ntholder} read {@code kt} and {@code nt}.
 *   <li>{@link #weight}: keripy {@code coring.py} {@code Tholder.weight}.
 * </ul>
 *
 * <p>Errors are {@link IllegalArgumentException}s whose message says what was found; the caller
 * adds the field and offset. Stateless.
 */
public final class NumberForms {
  private NumberForms() {}

  /**
   * keripy's {@code Number(num=v)}: an integer literal; a boolean (Python's {@code bool} is an
   * {@code int}: false 0, true 1); the empty text (0); or a text Python's {@code int(v, 16)} reads
   * (whitespace around, a sign, a {@code 0x} prefix, underscores between digits, Unicode digits).
   * The result must not be negative.
   *
   * @param v the field's value
   * @return the number, at least 0
   * @throws IllegalArgumentException for any other value (a fraction, exponent, null, list, map,
   *     text no {@code int(v, 16)} reads) or a negative number
   */
  public static BigInteger number(Value v) {
    BigInteger n;
    if (v instanceof Value.Text t) {
      n = t.value().isEmpty() ? BigInteger.ZERO : PythonNumbers.integer(t.value(), 16)
          .orElseThrow(() -> new IllegalArgumentException("'" + cut(t.value()) + "' is no hex number"));
    } else {
      n = integer(v).orElseThrow(() -> new IllegalArgumentException("a " + v.typeName()
          + (v instanceof Value.Number x ? " " + cut(x.literal()) : "") + " is no whole number"));
    }
    if (n.signum() < 0) {
      throw new IllegalArgumentException("negative number " + n);
    }
    return n;
  }

  /**
   * keripy's {@code Tholder(sith=v)}. Numeric: an integer literal or boolean, or a non-empty text
   * without {@code [} that {@code int(v, 16)} reads; not negative. Weighted: a list of weights (one
   * clause) or of lists of weights (clauses), a text with {@code [} holding such JSON, or a map
   * (one clause of its labels, as Python iterates a dict); a weight is a text {@link #weight} reads
   * or a one-entry map from such a text to the nested weights (a list of weights, or a text whose
   * characters are the weights, or a map whose labels are, as Python iterates them); every clause
   * and nested list must sum to at least 1.
   *
   * @param v the field's value
   * @return the threshold
   * @throws IllegalArgumentException for any other value, with what is wrong
   */
  public static Threshold threshold(Value v) {
    if (v instanceof Value.Text t && t.value().isEmpty()) {
      throw new IllegalArgumentException("empty threshold expression");
    }
    if (v instanceof Value.Text t && !t.value().contains("[")) {
      BigInteger n = PythonNumbers.integer(t.value(), 16).orElseThrow(
          () -> new IllegalArgumentException("'" + cut(t.value()) + "' is no hex number"));
      return numeric(n);
    }
    Optional<BigInteger> i = integer(v);
    if (i.isPresent()) {
      return numeric(i.get());
    }
    Value sith = v;
    if (v instanceof Value.Text t) {
      sith = Value.fromJson(t.value()) // keripy's command-line form: weights as JSON text
          .orElseThrow(() -> new IllegalArgumentException("weights '" + cut(t.value()) + "' are no JSON"));
    }
    List<Value> items = iterate(sith);
    if (items.isEmpty()) {
      throw new IllegalArgumentException("empty weight list");
    }
    boolean allClauses = items.stream().allMatch(c -> c instanceof Value.ListValue);
    List<Value> clauses = allClauses ? items : List.of(sith);
    List<List<Threshold.Weight>> out = new ArrayList<>();
    for (Value c : clauses) {
      List<Threshold.Weight> clause = new ArrayList<>();
      for (Value e : iterate(c)) {
        if (e instanceof Value.MapValue m) {
          FieldMap f = m.fields();
          if (f.size() != 1) {
            throw new IllegalArgumentException("a nested weight map of " + f.size() + " entries");
          }
          String k = f.labels().get(0);
          List<Fraction> nested = new ArrayList<>();
          for (Value w : iterate(f.get(k).orElseThrow())) {
            nested.add(weight(w));
          }
          if (nested.isEmpty()) {
            throw new IllegalArgumentException("nested weights of '" + cut(k) + "' sum to 0, below 1");
          }
          clause.add(new Threshold.Weight(weight(new Value.Text(k)), nested));
        } else if (e instanceof Value.Text) {
          clause.add(new Threshold.Weight(weight(e), List.of()));
        } else {
          throw new IllegalArgumentException("a weight that is a " + e.typeName());
        }
      }
      out.add(clause);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no clause");
    }
    return new Threshold.Weighted(out);
  }

  /**
   * keripy's {@code Tholder.weight(w)}: Python's {@code float(w)} must be finite and whole (else
   * refused, so {@code "0.5"} is), then {@code int(w)} if it reads, else {@code Fraction(w)}
   * ({@code "1/2"}, {@code " 1 / 2 "}, {@code "2/4"}, {@code "1.0"}, {@code "0.99999999999999999999"});
   * the weight must be from 0 to 1. An integer literal, a whole float literal or a boolean (a
   * nested weight keripy does not type-check) reads as its value.
   *
   * @param w the weight
   * @return the weight in lowest terms
   * @throws IllegalArgumentException if keripy refuses it
   */
  public static Fraction weight(Value w) {
    BigInteger[] r;
    if (w instanceof Value.Text t) {
      String s = t.value();
      Optional<Double> f = PythonNumbers.floatValue(s);
      if (f.isPresent()) {
        double d = f.get();
        if (Double.isInfinite(d) || d != Math.rint(d)) {
          throw new IllegalArgumentException("weight '" + cut(s) + "' is a float");
        }
      }
      Optional<BigInteger> i = PythonNumbers.integer(s, 10);
      if (i.isPresent()) {
        r = new BigInteger[] {i.get(), BigInteger.ONE};
      } else {
        r = PythonNumbers.rational(s).orElseThrow(
            () -> new IllegalArgumentException("weight '" + cut(s) + "' is no number"));
      }
    } else if (w instanceof Value.Bool || w instanceof Value.Number) {
      Optional<BigInteger> i = integer(w);
      if (i.isEmpty()) {
        Double d = PythonNumbers.floatValue(((Value.Number) w).literal()).orElse(Double.NaN);
        if (d.isNaN() || d.isInfinite() || d != Math.rint(d)) {
          throw new IllegalArgumentException("weight " + w + " is a float");
        }
        i = Optional.of(new java.math.BigDecimal(d).toBigIntegerExact());
      }
      r = new BigInteger[] {i.get(), BigInteger.ONE};
    } else {
      throw new IllegalArgumentException("a weight that is a " + w.typeName());
    }
    if (r[0].signum() < 0 || r[0].compareTo(r[1]) > 0) {
      throw new IllegalArgumentException("weight " + r[0] + "/" + r[1] + " not within 0 and 1");
    }
    return new Fraction(r[0], r[1]);
  }

  private static Threshold numeric(BigInteger n) {
    if (n.signum() < 0) {
      throw new IllegalArgumentException("negative threshold " + n);
    }
    if (n.bitLength() > 31) {
      throw new IllegalArgumentException("threshold " + cut(n.toString()) + " above 2^31 - 1");
    }
    return new Threshold.Numeric(n.longValue());
  }

  /** An integer literal, or a boolean as Python's int: empty for any other value. */
  private static Optional<BigInteger> integer(Value v) {
    if (v instanceof Value.Bool b) {
      return Optional.of(b.value() ? BigInteger.ONE : BigInteger.ZERO);
    }
    if (v instanceof Value.Number n) {
      return n.integer();
    }
    return Optional.empty();
  }

  /** What Python yields iterating a value: a list's items, a map's labels, a text's characters. */
  private static List<Value> iterate(Value v) {
    if (v instanceof Value.ListValue l) {
      return l.items();
    }
    if (v instanceof Value.MapValue m) {
      return m.fields().labels().stream().<Value>map(Value.Text::new).toList();
    }
    if (v instanceof Value.Text t) {
      return t.value().codePoints().mapToObj(c -> (Value) new Value.Text(Character.toString(c)))
          .toList();
    }
    throw new IllegalArgumentException("a " + v.typeName() + " where weights belong");
  }

  private static String cut(String t) {
    return t.length() > 40 ? t.substring(0, 40) + "..." : t;
  }
}
