package dev.cesrj.keri.event;

import java.math.BigInteger;

/**
 * A weight of a weighted threshold: a rational number from 0 to 1, in lowest terms (keripy
 * {@code Tholder.weight}, {@code src/keri/core/coring.py}).
 *
 * @param numerator the numerator, 0 to {@code denominator}
 * @param denominator the denominator, at least 1
 */
public record Fraction(BigInteger numerator, BigInteger denominator) implements Comparable<Fraction> {
  /** Zero. */
  public static final Fraction ZERO = new Fraction(BigInteger.ZERO, BigInteger.ONE);
  /** One. */
  public static final Fraction ONE = new Fraction(BigInteger.ONE, BigInteger.ONE);

  /**
   * Normalizes to lowest terms.
   *
   * @param numerator see the record description
   * @param denominator see the record description
   * @throws IllegalArgumentException if the value is not within [0, 1] or the denominator is not positive
   */
  public Fraction {
    if (denominator.signum() <= 0 || numerator.signum() < 0 || numerator.compareTo(denominator) > 0) {
      throw new IllegalArgumentException("weight " + numerator + "/" + denominator + " not in [0, 1]");
    }
    BigInteger g = numerator.gcd(denominator);
    if (g.signum() > 0 && !g.equals(BigInteger.ONE)) {
      numerator = numerator.divide(g);
      denominator = denominator.divide(g);
    }
  }

  @Override
  public int compareTo(Fraction o) {
    return numerator.multiply(o.denominator).compareTo(o.numerator.multiply(denominator));
  }

  /** {@return keripy's text of the weight: {@code 0}, {@code 1} or {@code n/d}} */
  @Override
  public String toString() {
    return denominator.equals(BigInteger.ONE) ? numerator.toString() : numerator + "/" + denominator;
  }
}
