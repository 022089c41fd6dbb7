package dev.cesrj.keri.crypto;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;

/**
 * Test support for Ed25519: runs code under a forced implementation, and signs with a torsion
 * {@code R} (the honest nonce point plus a point of small order), which BouncyCastle's cofactored
 * check accepts and libsodium refuses. Signing follows RFC 8032 section 5.1.6 with the secret
 * scalar of a 32-byte seed, so the key is the one BouncyCastle derives from the seed.
 */
public final class Ed25519Testing {
  /**
   * Points of small order, encoded: the two of order 8 with even x, the two of order 4 (y = 0),
   * and the one of order 2 (y = p - 1, x = 0).
   */
  public static final List<byte[]> SMALL_ORDER = List.of(
      hex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
      hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
      hex("0000000000000000000000000000000000000000000000000000000000000000"),
      hex("0000000000000000000000000000000000000000000000000000000000000080"),
      hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"));

  private Ed25519Testing() {}

  /** {@return what {@code body} returns, every Ed25519 verification meanwhile by {@code impl}} */
  public static <T> T with(Ed25519Implementation impl, Supplier<T> body) {
    Ed25519Verifier.force(impl);
    try {
      return body.get();
    } finally {
      Ed25519Verifier.force(null);
    }
  }

  /** {@return the public key of a 32-byte seed, [a]B} */
  public static byte[] publicKey(byte[] seed) {
    return Ed25519Java.baseMultiple(secret(seed));
  }

  /**
   * {@return a signature of {@code msg} by {@code seed}'s key whose R is [r]B + {@code torsion}
   * and whose S = r + k a, k over that R}: it satisfies the cofactored equation, not libsodium's
   *
   * @param torsion an encoded point to add to R (one of {@link #SMALL_ORDER}), or null for none
   */
  public static byte[] sign(byte[] seed, byte[] msg, byte[] torsion) {
    byte[] h = sha512(seed);
    BigInteger a = secret(seed);
    byte[] pk = Ed25519Java.baseMultiple(a);
    byte[] prefixed = new byte[32 + msg.length];
    System.arraycopy(h, 32, prefixed, 0, 32);
    System.arraycopy(msg, 0, prefixed, 32, msg.length);
    BigInteger r = le(sha512(prefixed)).mod(Ed25519Java.L);
    byte[] bigR = Ed25519Java.baseMultiple(r);
    if (torsion != null) {
      bigR = Ed25519Java.addEncoded(bigR, torsion);
    }
    byte[] km = new byte[64 + msg.length];
    System.arraycopy(bigR, 0, km, 0, 32);
    System.arraycopy(pk, 0, km, 32, 32);
    System.arraycopy(msg, 0, km, 64, msg.length);
    BigInteger k = le(sha512(km)).mod(Ed25519Java.L);
    BigInteger s = r.add(k.multiply(a)).mod(Ed25519Java.L);
    byte[] sig = new byte[64];
    System.arraycopy(bigR, 0, sig, 0, 32);
    byte[] sb = toLe(s);
    System.arraycopy(sb, 0, sig, 32, 32);
    return sig;
  }

  /** {@return the encoding of the sum of two encoded points} */
  public static byte[] add(byte[] p, byte[] q) {
    return Ed25519Java.addEncoded(p, q);
  }

  /** {@return the 32 little-endian bytes of {@code v} (below 2^256)} */
  public static byte[] toLe(BigInteger v) {
    byte[] out = new byte[32];
    byte[] be = v.toByteArray();
    for (int i = 0; i < be.length && i < 32; i++) {
      out[i] = be[be.length - 1 - i];
    }
    return out;
  }

  /** {@return the group order L} */
  public static BigInteger order() {
    return Ed25519Java.L;
  }

  static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  private static BigInteger secret(byte[] seed) {
    byte[] h = sha512(seed);
    h[0] &= (byte) 248;
    h[31] &= 127;
    h[31] |= 64;
    byte[] a = new byte[32];
    System.arraycopy(h, 0, a, 0, 32);
    return le(a);
  }

  private static BigInteger le(byte[] b) {
    byte[] be = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      be[i] = b[b.length - 1 - i];
    }
    return new BigInteger(1, be);
  }

  private static byte[] sha512(byte[] in) {
    try {
      return MessageDigest.getInstance("SHA-512").digest(in);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
