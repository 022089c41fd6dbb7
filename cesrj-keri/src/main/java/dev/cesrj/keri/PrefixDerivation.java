package dev.cesrj.keri;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.crypto.Digests;
import dev.cesrj.keri.event.InceptionEvent;
import dev.cesrj.primitive.Matter;

/**
 * How an inception's prefix is derived (keripy {@code src/keri/core/eventing.py} {@code incept},
 * {@code serdering.py} {@code SerderKERI._verify}; KERI whitepaper, "Derivation").
 */
public enum PrefixDerivation {
  /** Self-addressing: the prefix is a digest code and equals the inception's SAID {@code d}. */
  SELF_ADDRESSING,
  /** Basic transferable: the prefix is the one signing key, of a transferable key code. */
  BASIC,
  /**
   * Basic non-transferable: the prefix is the one signing key, of a non-transferable code
   * ({@code B}, {@code 1AAA}, {@code 1AAI}); the identifier can never rotate.
   */
  BASIC_NON_TRANSFERABLE;

  /**
   * {@return the derivation of {@code e}'s prefix, by its code}
   *
   * @param e an inception (the rules of each derivation were checked when it was read, but the
   *     SAID: for {@link #SELF_ADDRESSING} check {@link Saids#check} too)
   */
  public static PrefixDerivation of(InceptionEvent e) {
    MatterCode c = Matter.parse(e.prefix()).code();
    if (Digests.isDigest(c)) {
      return SELF_ADDRESSING;
    }
    if (c == MatterCode.Ed25519N || c == MatterCode.ECDSA_256k1N || c == MatterCode.ECDSA_256r1N
        || c == MatterCode.Ed448N) {
      return BASIC_NON_TRANSFERABLE;
    }
    return BASIC;
  }

  /**
   * {@return true if {@code e}'s prefix is what its derivation makes it: its SAID (self-addressing)
   * or its one key (basic)}
   *
   * @param e an inception
   */
  public static boolean matches(InceptionEvent e) {
    return of(e) == SELF_ADDRESSING
        ? e.prefix().equals(e.said())
        : e.keys().size() == 1 && e.prefix().equals(e.keys().get(0));
  }
}
