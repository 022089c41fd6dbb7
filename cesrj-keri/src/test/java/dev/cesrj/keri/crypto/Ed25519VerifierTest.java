package dev.cesrj.keri.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.Optional;
import java.util.SplittableRandom;
import dev.cesrj.testing.Property;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

/**
 * Ed25519 by libsodium's rules through both paths: libsodium itself (lazysodium-java) and the
 * pure-Java check. Every case asserts both paths give libsodium's verdict; the torsion cases also
 * assert that BouncyCastle's cofactored check accepts what libsodium refuses (the split this class
 * closes).
 */
class Ed25519VerifierTest {
  private static final long SEED = Long.getLong("cesrj.test.seed", 0x5EED_25519L);
  /** libsodium's verdict on the speccheck cases 0-11 (the README's "LibSodium" row). */
  private static final boolean[] LIBSODIUM_SPECCHECK = {
    false, false, false, true, false, false, false, false, false, false, false, false
  };

  private static boolean both(byte[] sig, byte[] msg, byte[] pk) {
    boolean sodium = Ed25519Verifier.verify(Ed25519Implementation.LIBSODIUM, sig, msg, pk);
    boolean java = Ed25519Verifier.verify(Ed25519Implementation.PURE_JAVA, sig, msg, pk);
    assertEquals(sodium, java, "the two paths differ (seed " + SEED + ")");
    return sodium;
  }

  private static boolean bouncyCastle(byte[] sig, byte[] msg, byte[] pk) {
    return Ed25519.verify(sig, 0, pk, 0, msg, 0, msg.length);
  }

  @Test
  void libsodiumLoadsHere() {
    assertEquals(Optional.empty(), Ed25519Verifier.libsodiumFailure());
    assertEquals(Ed25519Implementation.LIBSODIUM, Ed25519Verifier.implementation());
    assertEquals(Ed25519Implementation.PURE_JAVA,
        Ed25519Testing.with(Ed25519Implementation.PURE_JAVA, Ed25519Verifier::implementation));
    assertEquals(Ed25519Implementation.LIBSODIUM, Ed25519Verifier.implementation());
  }

  @Test
  void speccheckCasesGiveLibsodiumsVerdicts() throws IOException {
    JsonNode cases;
    try (InputStream in = getClass().getResourceAsStream("/ed25519/speccheck-cases.json")) {
      cases = new ObjectMapper().readTree(in);
    }
    assertEquals(12, cases.size());
    for (int i = 0; i < cases.size(); i++) {
      JsonNode c = cases.get(i);
      byte[] msg = Ed25519Testing.hex(c.get("message").asText());
      byte[] pk = Ed25519Testing.hex(c.get("pub_key").asText());
      byte[] sig = Ed25519Testing.hex(c.get("signature").asText());
      assertEquals(LIBSODIUM_SPECCHECK[i], both(sig, msg, pk), "speccheck case " + i);
    }
  }

  @Test
  void signerMatchesRfc8032AndBouncyCastle() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int n = 0; n < 20; n++) {
      byte[] seed = bytes(rnd, 32);
      byte[] msg = bytes(rnd, rnd.nextInt(100));
      byte[] pk = new byte[32];
      Ed25519.generatePublicKey(seed, 0, pk, 0);
      byte[] sig = new byte[64];
      Ed25519.sign(seed, 0, msg, 0, msg.length, sig, 0);
      assertArrayEquals(pk, Ed25519Testing.publicKey(seed));
      assertArrayEquals(sig, Ed25519Testing.sign(seed, msg, null));
    }
  }

  /**
   * Constructed cases, seeded: honest signatures, the same with a torsion R of each small order, S
   * + L, a changed message, random bytes; keys of small order and keys whose y is not below p.
   */
  @Test
  void constructedCasesGiveLibsodiumsVerdictsThroughBothPaths() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    int cases = 0;
    int split = 0;
    int seeds = Property.cases(24); // 24 but under PIT
    for (int n = 0; n < seeds; n++) {
      byte[] seed = bytes(rnd, 32);
      byte[] msg = bytes(rnd, rnd.nextInt(200));
      byte[] pk = Ed25519Testing.publicKey(seed);
      byte[] sig = Ed25519Testing.sign(seed, msg, null);
      assertTrue(both(sig, msg, pk));
      assertTrue(bouncyCastle(sig, msg, pk));
      for (byte[] t : Ed25519Testing.SMALL_ORDER) {
        byte[] torsion = Ed25519Testing.sign(seed, msg, t);
        assertFalse(both(torsion, msg, pk), "torsion R refused by libsodium");
        assertTrue(bouncyCastle(torsion, msg, pk), "torsion R accepted by the cofactored check");
        split++;
        cases++;
      }
      byte[] bigS = sig.clone();
      BigInteger s = le(sig, 32).add(Ed25519Testing.order());
      System.arraycopy(Ed25519Testing.toLe(s), 0, bigS, 32, 32);
      assertFalse(both(bigS, msg, pk), "S not below L");
      byte[] other = msg.clone();
      if (other.length > 0) {
        other[rnd.nextInt(other.length)] ^= 1;
        assertFalse(both(sig, other, pk), "a changed message");
      }
      both(bytes(rnd, 64), msg, pk);
      both(bytes(rnd, 64), msg, bytes(rnd, 32));
      cases += 6;
    }
    byte[] sig = Ed25519Testing.sign(new byte[32], new byte[0], null);
    for (byte[] t : Ed25519Testing.SMALL_ORDER) {
      assertFalse(both(sig, new byte[0], t), "a key of small order");
      cases++;
    }
    // y = p + i for i in 0..18 (the only y above p that fit), either sign: not canonical
    BigInteger p = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    for (int i = 0; i < 19; i++) {
      byte[] y = Ed25519Testing.toLe(p.add(BigInteger.valueOf(i)));
      assertFalse(both(sig, new byte[0], y), "key y = p + " + i);
      y[31] |= (byte) 0x80;
      assertFalse(both(sig, new byte[0], y), "key y = p + " + i + ", sign bit set");
      cases += 2;
    }
    // and the lengths libsodium never sees
    assertFalse(both(new byte[63], new byte[0], Ed25519Testing.publicKey(new byte[32])));
    assertFalse(both(sig, new byte[0], new byte[31]));
    assertEquals(seeds * 11 + 45, cases + 2);
    assertEquals(seeds * 5, split);
    if (seeds == 24) {
      assertEquals(309, cases + 2);
    }
  }

  @Test
  void verferUsesIt() {
    byte[] seed = new byte[32];
    seed[0] = 7;
    byte[] msg = "keri".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    Verfer v = Verfer.of(VerferTest.qb64("D", Ed25519Testing.publicKey(seed)));
    byte[] torsion = Ed25519Testing.sign(seed, msg, Ed25519Testing.SMALL_ORDER.get(0));
    for (Ed25519Implementation impl : Ed25519Implementation.values()) {
      assertTrue(Ed25519Testing.with(impl, () -> v.verify(Ed25519Testing.sign(seed, msg, null),
          msg)));
      assertFalse(Ed25519Testing.with(impl, () -> v.verify(torsion, msg)));
    }
  }

  private static byte[] bytes(SplittableRandom rnd, int n) {
    byte[] b = new byte[n];
    rnd.nextBytes(b);
    return b;
  }

  private static BigInteger le(byte[] b, int off) {
    byte[] be = new byte[32];
    for (int i = 0; i < 32; i++) {
      be[i] = b[off + 31 - i];
    }
    return new BigInteger(1, be);
  }
}
