package dev.cesrj.keri.kever;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cesrj.testing.LeakDetectionExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One key counts once toward {@code kt}, and one witness once toward {@code bt}, however many of
 * its signatures an event carries: cesrj's rule, stricter than keripy's. keripy's
 * {@code eventing.py} {@code verifySigs} makes the signatures unique by their qb64 and then counts
 * each verified signature's index, so one key's signature under two codes (the indexed codes with
 * and without an ondex), or an ECDSA key's signature made twice with two nonces, counts twice:
 * keripy accepts each inception below as if both keys (or both witnesses) had signed (the
 * keripy-made case is attack stream {@code F8a}, {@link AttackStreamsTest}). cesrj keeps each
 * partially signed (or witnessed), and accepts it once the second key (or witness) signs.
 */
@ExtendWith(LeakDetectionExtension.class)
class OneKeyCountsOnceTest {
  private static Verdict verify(byte[] msg) {
    KelVerifier v = new KelVerifier();
    v.acceptAll(msg);
    return v.finish().get(0);
  }

  private static String describe(Verdict v) {
    return v.status() + " " + v.reason();
  }

  /** A two-key inception (kt 2) of {@code k1}, {@code k2}, no next keys, witnesses as given. */
  private static String icp(String k1, String k2, String b, int bt) {
    return KelBuilder.body("\"t\":\"icp\",\"d\":\"\",\"i\":\"" + KelBuilder.SELF
        + "\",\"s\":\"0\",\"kt\":\"2\",\"k\":[\"" + k1 + "\",\"" + k2
        + "\"],\"nt\":\"0\",\"n\":[],\"bt\":\"" + bt + "\",\"b\":" + b + ",\"c\":[],\"a\":[]");
  }

  private static byte[] ed25519Sig(KeyPair key, String body) throws Exception {
    Signature s = Signature.getInstance("Ed25519");
    s.initSign(key.getPrivate());
    s.update(body.getBytes(StandardCharsets.US_ASCII));
    return s.sign();
  }

  @Test
  void oneEd25519KeyUnderTwoCodesIsOneSignature() throws Exception {
    KeyPair a = KelBuilder.key(11);
    KeyPair b = KelBuilder.key(12);
    String body = icp(KelBuilder.verfer(a, true), KelBuilder.verfer(b, true), "[]", 0);
    byte[] sa = ed25519Sig(a, body);
    // A: Ed25519_Sig (index = ondex), B: Ed25519_Crt_Sig (current only): two qb64, one key
    String twoCodes = body + "-AAC" + KelBuilder.qb64("AA", sa) + KelBuilder.qb64("BA", sa);
    assertEquals("ESCROWED SIGNING_THRESHOLD_UNMET",
        describe(verify(twoCodes.getBytes(StandardCharsets.US_ASCII))), "keripy: accepted");
    String both = body + "-AAC" + KelBuilder.qb64("AA", sa)
        + KelBuilder.qb64("AB", ed25519Sig(b, body));
    assertEquals("ACCEPTED NONE", describe(verify(both.getBytes(StandardCharsets.US_ASCII))));
  }

  private static KeyPair p256(int seed) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
    r.setSeed(seed);
    g.initialize(new ECGenParameterSpec("secp256r1"), r);
    return g.generateKeyPair();
  }

  /** {@code 1AAJ}: the SEC 1 compressed point of a secp256r1 key. */
  private static String p256Verfer(KeyPair kp) {
    ECPublicKey pub = (ECPublicKey) kp.getPublic();
    byte[] x = pub.getW().getAffineX().toByteArray();
    byte[] raw = new byte[33];
    raw[0] = (byte) (pub.getW().getAffineY().testBit(0) ? 3 : 2);
    int n = Math.min(32, x.length);
    System.arraycopy(x, x.length - n, raw, 33 - n, n);
    return KelBuilder.qb64("1AAJ", raw);
  }

  /** An ECDSA secp256r1 signature, {@code r||s}: a fresh nonce at each call. */
  private static byte[] p256Sig(KeyPair key, String body) throws Exception {
    Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
    s.initSign(key.getPrivate(), new SecureRandom());
    s.update(body.getBytes(StandardCharsets.US_ASCII));
    return s.sign();
  }

  @Test
  void oneEcdsaKeyWithTwoNoncesIsOneSignature() throws Exception {
    KeyPair a = p256(21);
    KeyPair b = p256(22);
    String body = icp(p256Verfer(a), p256Verfer(b), "[]", 0);
    byte[] first = p256Sig(a, body);
    byte[] second = p256Sig(a, body);
    assertNotEquals(new BigInteger(first), new BigInteger(second), "two nonces");
    // E: ECDSA_256r1_Sig, index 0 twice
    String twoNonces = body + "-AAC" + KelBuilder.qb64("EA", first)
        + KelBuilder.qb64("EA", second);
    assertEquals("ESCROWED SIGNING_THRESHOLD_UNMET",
        describe(verify(twoNonces.getBytes(StandardCharsets.US_ASCII))), "keripy: accepted");
    String both = body + "-AAC" + KelBuilder.qb64("EA", first)
        + KelBuilder.qb64("EB", p256Sig(b, body));
    assertEquals("ACCEPTED NONE", describe(verify(both.getBytes(StandardCharsets.US_ASCII))));
  }

  @Test
  void oneWitnessUnderTwoCodesIsOneWitnessSignature() throws Exception {
    KeyPair c1 = KelBuilder.key(31);
    KeyPair c2 = KelBuilder.key(32);
    KeyPair w1 = KelBuilder.key(33);
    KeyPair w2 = KelBuilder.key(34);
    String b = "[\"" + KelBuilder.verfer(w1, false) + "\",\"" + KelBuilder.verfer(w2, false)
        + "\"]";
    String body = icp(KelBuilder.verfer(c1, true), KelBuilder.verfer(c2, true), b, 2);
    String controllers = "-AAC" + KelBuilder.qb64("AA", ed25519Sig(c1, body))
        + KelBuilder.qb64("AB", ed25519Sig(c2, body));
    byte[] sw1 = ed25519Sig(w1, body);
    String twoCodes = body + controllers + "-BAC" + KelBuilder.qb64("AA", sw1)
        + KelBuilder.qb64("BA", sw1);
    assertEquals("ESCROWED WITNESS_THRESHOLD_UNMET",
        describe(verify(twoCodes.getBytes(StandardCharsets.US_ASCII))), "keripy: accepted");
    String both = body + controllers + "-BAC" + KelBuilder.qb64("AA", sw1)
        + KelBuilder.qb64("AB", ed25519Sig(w2, body));
    assertEquals("ACCEPTED NONE", describe(verify(both.getBytes(StandardCharsets.US_ASCII))));
  }
}
