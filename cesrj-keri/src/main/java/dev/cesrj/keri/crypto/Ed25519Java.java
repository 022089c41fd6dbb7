package dev.cesrj.keri.crypto;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Ed25519 verification by libsodium's rules, in pure Java over {@link BigInteger}: libsodium
 * 1.0.18's {@code crypto_sign/ed25519/ref10/open.c} {@code _crypto_sign_ed25519_verify_detached}
 * (built without {@code ED25519_COMPAT}), check by check and in its order:
 *
 * <ol>
 *   <li>{@code S} (the signature's second half, little-endian) below the group order {@code L}
 *       ({@code sc25519_is_canonical});
 *   <li>{@code R} (the first half) not the encoding of a point of small order ({@code
 *       ge25519_has_small_order}: y, its sign bit ignored, not one of 0, 1, the two y of order 8,
 *       p - 1, p, p + 1);
 *   <li>the key {@code A} canonical (its y below p, {@code ge25519_is_canonical}) and not of small
 *       order (the same list);
 *   <li>{@code A} decodes to a point of the curve ({@code ge25519_frombytes_negate_vartime}; an x of
 *       0 with the sign bit set is taken as x = 0, as libsodium does);
 *   <li>{@code k = SHA-512(R || A || M) mod L};
 *   <li>cofactorless: the canonical encoding of {@code [S]B - [k]A} equals the 32 bytes of {@code
 *       R} exactly ({@code crypto_verify_32}), so an R that is not canonical, or that is the honest R
 *       plus a point of small order, fails.
 * </ol>
 *
 * <p>Slow (a few milliseconds a verification), stateless and thread-safe. Variable-time: it checks
 * public data only.
 */
final class Ed25519Java {
  private static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
  /** The order of the base point, L = 2^252 + 27742317777372353535851937790883648493. */
  static final BigInteger L =
      BigInteger.ONE.shiftLeft(252).add(new BigInteger("27742317777372353535851937790883648493"));
  private static final BigInteger TWO = BigInteger.TWO;
  /** d = -121665 / 121666 mod p. */
  private static final BigInteger D =
      BigInteger.valueOf(-121665).multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
  private static final BigInteger D2 = D.shiftLeft(1).mod(P);
  /** sqrt(-1) = 2^((p-1)/4) mod p. */
  private static final BigInteger SQRT_M1 =
      TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);
  private static final BigInteger MASK255 = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE);
  /** The base point B: y = 4/5, x even. */
  private static final BigInteger[] BASE;
  /**
   * The y coordinates libsodium refuses for R and A (its {@code ge25519_has_small_order} list):
   * 0 (order 4), 1 (order 1), the two y of the points of order 8, p - 1 (order 2), and p, p + 1
   * (0 and 1 written non-canonically).
   */
  private static final BigInteger[] SMALL_ORDER_Y;

  static {
    BigInteger by = BigInteger.valueOf(4).multiply(BigInteger.valueOf(5).modInverse(P)).mod(P);
    BigInteger bx = recoverX(by, 0);
    BASE = new BigInteger[] {bx, by, BigInteger.ONE, bx.multiply(by).mod(P)};
    BigInteger y8 = new BigInteger(
        "2707385501144840649318225287225658788936804267575313519463743609750303402022");
    SMALL_ORDER_Y = new BigInteger[] {
      BigInteger.ZERO, BigInteger.ONE, y8, P.subtract(y8), P.subtract(BigInteger.ONE), P,
      P.add(BigInteger.ONE)
    };
  }

  private Ed25519Java() {}

  /**
   * {@return the point of an encoding (y below p, a point of the curve), in extended coordinates,
   * or null} Used by the tests to build signatures libsodium refuses.
   */
  static BigInteger[] decode(byte[] enc) {
    BigInteger y = littleEndian(enc, 0, 32).and(MASK255);
    if (y.compareTo(P) >= 0) {
      return null;
    }
    BigInteger x = recoverX(y, (enc[31] & 0xff) >>> 7);
    return x == null ? null : new BigInteger[] {x, y, BigInteger.ONE, x.multiply(y).mod(P)};
  }

  /** {@return the encoding of the sum of two encoded points, or null if one is not a point} */
  static byte[] addEncoded(byte[] a, byte[] b) {
    BigInteger[] pa = decode(a);
    BigInteger[] pb = decode(b);
    return pa == null || pb == null ? null : encode(add(pa, pb));
  }

  /** {@return the encoding of [s]B} */
  static byte[] baseMultiple(BigInteger s) {
    return encode(doubleScalarMult(s, BASE, BigInteger.ZERO, BASE));
  }

  /**
   * {@return libsodium's verdict on {@code sig} (64 bytes) over {@code msg} by {@code pk} (32)}
   * Other lengths are {@code false}.
   */
  static boolean verify(byte[] sig, byte[] msg, byte[] pk) {
    if (sig.length != 64 || pk.length != 32) {
      return false;
    }
    BigInteger s = littleEndian(sig, 32, 32);
    if (s.compareTo(L) >= 0) {
      return false;
    }
    if (smallOrder(sig, 0)) {
      return false;
    }
    BigInteger ay = littleEndian(pk, 0, 32).and(MASK255);
    if (ay.compareTo(P) >= 0 || smallOrder(pk, 0)) {
      return false;
    }
    BigInteger ax = recoverX(ay, (pk[31] & 0xff) >>> 7);
    if (ax == null) {
      return false;
    }
    BigInteger[] minusA = {P.subtract(ax).mod(P), ay, BigInteger.ONE,
        P.subtract(ax).mod(P).multiply(ay).mod(P)};
    BigInteger k;
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-512");
      sha.update(sig, 0, 32);
      sha.update(pk, 0, 32);
      sha.update(msg);
      k = littleEndian(sha.digest(), 0, 64).mod(L);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-512 is a required JDK algorithm", e);
    }
    byte[] check = encode(doubleScalarMult(s, BASE, k, minusA));
    return MessageDigest.isEqual(check, java.util.Arrays.copyOf(sig, 32));
  }

  /** True if the 32 bytes at {@code off} are a y (sign bit ignored) of the small-order list. */
  private static boolean smallOrder(byte[] b, int off) {
    BigInteger y = littleEndian(b, off, 32).and(MASK255);
    for (BigInteger z : SMALL_ORDER_Y) {
      if (z.equals(y)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The x of the point with this y (below p) whose low bit is {@code sign}, or null if y is on no
   * point (RFC 8032 section 5.1.3; x = 0 with sign 1 is kept as 0, as libsodium does).
   */
  private static BigInteger recoverX(BigInteger y, int sign) {
    BigInteger y2 = y.multiply(y).mod(P);
    BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
    BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
    BigInteger v3 = v.modPow(BigInteger.valueOf(3), P);
    BigInteger v7 = v3.multiply(v3).multiply(v).mod(P);
    BigInteger x = u.multiply(v3).multiply(
        u.multiply(v7).mod(P).modPow(P.subtract(BigInteger.valueOf(5)).shiftRight(3), P)).mod(P);
    BigInteger vx2 = v.multiply(x).multiply(x).mod(P);
    if (!vx2.equals(u)) {
      if (!vx2.equals(P.subtract(u).mod(P))) {
        return null;
      }
      x = x.multiply(SQRT_M1).mod(P);
    }
    if (x.testBit(0) != (sign == 1)) {
      x = P.subtract(x).mod(P);
    }
    return x;
  }

  /**
   * [a]X + [b]Y in extended coordinates (X, Y, Z, T), by one shared double-and-add over 4-bit
   * windows (Straus): 256 doublings and at most 128 additions.
   */
  private static BigInteger[] doubleScalarMult(BigInteger a, BigInteger[] x, BigInteger b,
      BigInteger[] y) {
    BigInteger[][] tx = multiples(x);
    BigInteger[][] ty = multiples(y);
    BigInteger[] q = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO};
    int windows = (Math.max(a.bitLength(), b.bitLength()) + 3) / 4;
    for (int w = windows - 1; w >= 0; w--) {
      for (int i = 0; i < 4; i++) {
        q = dbl(q);
      }
      int da = nibble(a, w);
      int db = nibble(b, w);
      if (da != 0) {
        q = add(q, tx[da]);
      }
      if (db != 0) {
        q = add(q, ty[db]);
      }
    }
    return q;
  }

  /** {@return [0]P .. [15]P} */
  private static BigInteger[][] multiples(BigInteger[] p) {
    BigInteger[][] t = new BigInteger[16][];
    t[0] = new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO};
    t[1] = p;
    for (int i = 2; i < 16; i++) {
      t[i] = add(t[i - 1], p);
    }
    return t;
  }

  private static int nibble(BigInteger v, int w) {
    int n = 0;
    for (int i = 3; i >= 0; i--) {
      n = (n << 1) | (v.testBit(4 * w + i) ? 1 : 0);
    }
    return n;
  }

  /** Point doubling on -x^2 + y^2 = 1 + d x^2 y^2 (RFC 8032 section 5.1.4). */
  private static BigInteger[] dbl(BigInteger[] p1) {
    BigInteger a = p1[0].multiply(p1[0]).mod(P);
    BigInteger b = p1[1].multiply(p1[1]).mod(P);
    BigInteger c = p1[2].multiply(p1[2]).shiftLeft(1).mod(P);
    BigInteger h = a.add(b);
    BigInteger xy = p1[0].add(p1[1]);
    BigInteger e = h.subtract(xy.multiply(xy)).mod(P);
    BigInteger g = a.subtract(b);
    BigInteger f = c.add(g);
    return new BigInteger[] {
      e.multiply(f).mod(P), g.multiply(h).mod(P), f.multiply(g).mod(P), e.multiply(h).mod(P)
    };
  }

  /** Point addition on -x^2 + y^2 = 1 + d x^2 y^2 (RFC 8032 section 5.1.4; complete). */
  private static BigInteger[] add(BigInteger[] p1, BigInteger[] p2) {
    BigInteger a = p1[1].subtract(p1[0]).multiply(p2[1].subtract(p2[0])).mod(P);
    BigInteger b = p1[1].add(p1[0]).multiply(p2[1].add(p2[0])).mod(P);
    BigInteger c = p1[3].multiply(D2).multiply(p2[3]).mod(P);
    BigInteger d = p1[2].multiply(TWO).multiply(p2[2]).mod(P);
    BigInteger e = b.subtract(a);
    BigInteger f = d.subtract(c);
    BigInteger g = d.add(c);
    BigInteger h = b.add(a);
    return new BigInteger[] {
      e.multiply(f).mod(P), g.multiply(h).mod(P), f.multiply(g).mod(P), e.multiply(h).mod(P)
    };
  }

  /** The canonical 32-byte encoding: y little-endian, the top bit the low bit of x. */
  private static byte[] encode(BigInteger[] q) {
    BigInteger zi = q[2].modInverse(P);
    BigInteger x = q[0].multiply(zi).mod(P);
    BigInteger y = q[1].multiply(zi).mod(P);
    byte[] out = new byte[32];
    byte[] be = y.toByteArray();
    for (int i = 0; i < be.length && i < 32; i++) {
      out[i] = be[be.length - 1 - i];
    }
    if (x.testBit(0)) {
      out[31] |= (byte) 0x80;
    }
    return out;
  }

  private static BigInteger littleEndian(byte[] b, int off, int len) {
    byte[] be = new byte[len];
    for (int i = 0; i < len; i++) {
      be[i] = b[off + len - 1 - i];
    }
    return new BigInteger(1, be);
  }
}
