package dev.cesrj.keri.acdc;

import java.util.Optional;

/**
 * The unary edge operators (ACDC spec, "Edge Operators"; keripy {@code src/keri/vdr/verifying.py}
 * {@code Verifier.UnaryOps}, {@code DelegativeOps}, {@code verifyChain}).
 */
public enum EdgeOperator {
  /** Issuer-to-issuee: the near ACDC's issuer is the far node's issuee (default when the far node has an issuee). */
  I2I(true),
  /** Not issuer-to-issuee: no constraint on the near issuer (default for an untargeted far node). */
  NI2I(true),
  /** Delegated issuer-to-issuee: the near issuer is the far issuee or delegated by it (needs KELs: not checked here). */
  DI2I(true),
  /** Issuee-to-issuee (keripy extension): the near ACDC's issuee is the far node's issuee. */
  E1E(false),
  /** Negation (ACDC spec): keripy fails closed on it; so does cesrj. */
  NOT(false);

  private final boolean delegative;

  EdgeOperator(boolean delegative) {
    this.delegative = delegative;
  }

  /** {@return true for I2I, NI2I and DI2I, which constrain the same thing: the latest written wins} */
  public boolean delegative() {
    return delegative;
  }

  /**
   * {@return the operator named {@code token}, if it is one cesrj recognizes}
   *
   * @param token an {@code o} value, e.g. {@code "I2I"}
   */
  public static Optional<EdgeOperator> of(String token) {
    for (EdgeOperator o : values()) {
      if (o.name().equals(token)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }
}
