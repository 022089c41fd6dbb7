package dev.cesrj.keri.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link PythonNumbers} against CPython's own {@code int(s, 16)}, {@code int(s, 10)},
 * {@code float(s)} and {@code Fraction(s)} on 2,610 texts ({@code src/test/resources/python},
 * see its README): the forms keripy accepts in {@code s}, {@code bt}, {@code kt}, {@code nt} and
 * threshold weights are exactly Python's.
 */
class PythonNumbersTest {
  @Test
  void agreesWithCPythonOnEveryVector() throws Exception {
    JsonNode vectors;
    try (InputStream in = PythonNumbersTest.class.getResourceAsStream("/python/numbers.json")) {
      vectors = new ObjectMapper().readTree(in);
    }
    int fractions = 0;
    for (JsonNode v : vectors) {
      String s = v.get("s").asText();
      String at = "'" + s + "'";
      assertEquals(text(v.get("int16")), PythonNumbers.integer(s, 16).map(BigInteger::toString),
          "int(" + at + ", 16)");
      assertEquals(text(v.get("int10")), PythonNumbers.integer(s, 10).map(BigInteger::toString),
          "int(" + at + ")");
      Optional<Double> f = PythonNumbers.floatValue(s);
      Optional<String> want = text(v.get("float"));
      assertEquals(want.isPresent(), f.isPresent(), "float(" + at + ")");
      if (want.isPresent()) {
        double d = want.get().equals("nan") ? Double.NaN : want.get().equals("inf")
            ? Double.POSITIVE_INFINITY : want.get().equals("-inf")
            ? Double.NEGATIVE_INFINITY : Double.parseDouble(want.get());
        assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(f.get()),
            "float(" + at + ")");
      }
      if (v.get("fractionChecked").asBoolean()) {
        fractions++;
        assertEquals(text(v.get("fraction")),
            PythonNumbers.rational(s).map(PythonNumbersTest::reduced), "Fraction(" + at + ")");
      }
    }
    assertEquals(2610, vectors.size());
    assertTrue(fractions > 2500, "fractions checked: " + fractions);
  }

  /** Python 3.12 and later take whitespace beside the slash (keripy runs 3.14). */
  @Test
  void fractionsTakeWhitespaceBesideTheSlash() {
    assertEquals(Optional.of("1/2"),
        PythonNumbers.rational(" 1 / 2 ").map(PythonNumbersTest::reduced));
    assertEquals(Optional.of("1/2"),
        PythonNumbers.rational("1\u00a0/\t2").map(PythonNumbersTest::reduced));
    assertEquals(Optional.empty(), PythonNumbers.rational("1 / "));
  }

  private static Optional<String> text(JsonNode n) {
    return n == null || n.isNull() ? Optional.empty() : Optional.of(n.asText());
  }

  private static String reduced(BigInteger[] r) {
    BigInteger g = r[0].gcd(r[1]);
    BigInteger n = r[0].divide(g);
    BigInteger d = r[1].divide(g);
    if (d.signum() < 0) {
      n = n.negate();
      d = d.negate();
    }
    return n + "/" + d;
  }
}
