package dev.cesrj.keri.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.junit.jupiter.api.Test;

/**
 * {@link Verfer} per suite: RFC 8032's first Ed25519 test vector, and ECDSA signatures over
 * secp256k1 (BouncyCastle, RFC 6979 nonces) and secp256r1 (the JDK) made here from fixed private
 * keys; each verifies, and each one-bit change of signature or message, a signature of another
 * suite, a key off its curve and a signature of the wrong size is false.
 */
class VerferTest {
  private static final byte[] MSG = "{\"v\":\"KERI10JSON000000_\"}".getBytes(StandardCharsets.US_ASCII);

  /** The qb64 of a Matter whose code has {@code cs} characters and whose raw value is {@code raw}. */
  static String qb64(String code, byte[] raw) {
    int pad = (3 - raw.length % 3) % 3;
    byte[] padded = new byte[pad + raw.length];
    System.arraycopy(raw, 0, padded, pad, raw.length);
    return code + Base64.getUrlEncoder().withoutPadding().encodeToString(padded).substring(pad);
  }

  /** RFC 8032 section 7.1, TEST 1: the empty message. */
  private static final byte[] ED_PUB =
      HexFormat.of().parseHex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  private static final byte[] ED_SIG = HexFormat.of().parseHex(
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");

  private static byte[] flip(byte[] b, int i) {
    byte[] c = b.clone();
    c[i] ^= 1;
    return c;
  }

  @Test
  void ed25519OfRfc8032() {
    Verfer v = Verfer.of(qb64("D", ED_PUB));
    assertEquals(MatterCode.Ed25519, v.code());
    assertEquals(SignatureAlgorithm.ED25519, v.algorithm());
    assertArrayEquals(ED_PUB, v.raw());
    assertTrue(v.validKey());
    assertTrue(v.verify(ED_SIG, new byte[0]));
    assertFalse(v.verify(flip(ED_SIG, 0), new byte[0]));
    assertFalse(v.verify(flip(ED_SIG, 63), new byte[0]));
    assertFalse(v.verify(ED_SIG, new byte[1]));
    assertFalse(v.verify(Arrays.copyOf(ED_SIG, 65), new byte[0]));
    assertFalse(v.verify((byte[]) null, new byte[0]));
    assertFalse(v.verify(ED_SIG, null));
    // the same signature as an indexed signature (A: Ed25519_Sig, index 0) and a cigar (0B)
    IndexedSignature siger = IndexedSignature.parse(qb64("AA", ED_SIG));
    assertTrue(v.verify(siger, new byte[0]));
    assertFalse(v.verify(IndexedSignature.parse(qb64("AA", flip(ED_SIG, 5))), new byte[0]));
    // another suite's code: verified with the key's suite, as keripy does (attack ec-EC3)
    assertTrue(v.verify(IndexedSignature.parse(qb64("CA", ED_SIG)), new byte[0]));
    assertFalse(v.verify(IndexedSignature.parse(qb64("CA", flip(ED_SIG, 5))), new byte[0]));
    assertTrue(v.verifyCigar(Matter.parse(qb64("0B", ED_SIG)), new byte[0]));
    assertFalse(v.verifyCigar(Matter.parse(qb64("0B", flip(ED_SIG, 9))), new byte[0]));
    assertTrue(v.verifyCigar(Matter.parse(qb64("0I", ED_SIG)), new byte[0]));
    assertFalse(v.verifyCigar(Matter.parse(qb64("E", new byte[32])), new byte[0])); // 32 bytes
    // the object methods: by qb64
    Verfer same = Verfer.of(qb64("D", ED_PUB));
    assertEquals(v, same);
    assertEquals(v.hashCode(), same.hashCode());
    assertEquals(v.qb64().hashCode(), v.hashCode());
    assertNotEquals(v, Verfer.of(qb64("B", ED_PUB)));
    assertNotEquals(v, (Object) v.qb64());
    assertEquals("Ed25519 " + v.qb64(), v.toString());
    assertTrue(v.transferable());
    assertFalse(Verfer.of(qb64("B", ED_PUB)).transferable());
    // raw() is a copy
    v.raw()[0] ^= 1;
    assertArrayEquals(ED_PUB, v.raw());
  }

  @Test
  void ed25519KeysMustBeCanonical() {
    // y = p = 2^255 - 19 (little-endian), x even: not below p
    byte[] p = new byte[32];
    Arrays.fill(p, (byte) 0xFF);
    p[0] = (byte) 0xED;
    p[31] = 0x7F;
    assertFalse(Verfer.of(qb64("D", p)).validKey());
    assertFalse(Verfer.of(qb64("D", p)).verify(ED_SIG, new byte[0]));
    // libsodium refuses it, and keripy takes that as a signature that does not verify
    assertTrue(Verfer.of(qb64("D", p)).decodes());
    // y = p - 1 is below p (and a point: x^2 = 0 has x = 0)
    p[0] = (byte) 0xEC;
    assertTrue(Verfer.of(qb64("D", p)).validKey());
    // the top bit is x's sign, not part of y
    byte[] signed = ED_PUB.clone();
    signed[31] |= (byte) 0x80;
    assertTrue(Verfer.of(qb64("D", signed)).validKey());
  }

  private static byte[] compressed(BigInteger x, BigInteger y) {
    byte[] out = new byte[33];
    out[0] = (byte) (y.testBit(0) ? 3 : 2);
    byte[] xb = x.toByteArray();
    int n = Math.min(32, xb.length);
    System.arraycopy(xb, xb.length - n, out, 33 - n, n);
    return out;
  }

  private static byte[] rs(BigInteger r, BigInteger s) {
    byte[] out = new byte[64];
    byte[] rb = r.toByteArray();
    byte[] sb = s.toByteArray();
    System.arraycopy(rb, Math.max(0, rb.length - 32), out, 32 - Math.min(32, rb.length), Math.min(32, rb.length));
    System.arraycopy(sb, Math.max(0, sb.length - 32), out, 64 - Math.min(32, sb.length), Math.min(32, sb.length));
    return out;
  }

  @Test
  void secp256k1() throws Exception {
    X9ECParameters k1 = CustomNamedCurves.getByName("secp256k1");
    BigInteger d = new BigInteger("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721", 16);
    org.bouncycastle.math.ec.ECPoint q = k1.getG().multiply(d).normalize();
    ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    signer.init(true, new ECPrivateKeyParameters(d,
        new ECDomainParameters(k1.getCurve(), k1.getG(), k1.getN(), k1.getH())));
    BigInteger[] sig = signer.generateSignature(MessageDigest.getInstance("SHA-256").digest(MSG));
    byte[] raw = rs(sig[0], sig[1]);
    Verfer v = Verfer.of(qb64("1AAB",
        compressed(q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger())));
    assertEquals(MatterCode.ECDSA_256k1, v.code());
    assertEquals(SignatureAlgorithm.ECDSA_SECP256K1, v.algorithm());
    assertTrue(v.validKey());
    assertTrue(v.transferable());
    assertTrue(v.verify(raw, MSG));
    assertFalse(v.verify(flip(raw, 31), MSG));
    assertFalse(v.verify(flip(raw, 63), MSG));
    assertFalse(v.verify(raw, flip(MSG, 0)));
    assertTrue(v.verify(IndexedSignature.parse(qb64("CA", raw)), MSG));
    assertTrue(v.verify(IndexedSignature.parse(qb64("EA", raw)), MSG)); // secp256r1's code
    assertTrue(v.verifyCigar(Matter.parse(qb64("0C", raw)), MSG));
    assertTrue(v.verifyCigar(Matter.parse(qb64("0I", raw)), MSG));
    assertFalse(v.verifyCigar(Matter.parse(qb64("0I", flip(raw, 2))), MSG));
    assertTrue(v.decodes());
    // r = 0 and s = n are outside [1, n - 1]
    assertFalse(v.verify(rs(BigInteger.ZERO, sig[1]), MSG));
    assertFalse(v.verify(rs(sig[0], k1.getN()), MSG));
    assertFalse(Verfer.of(qb64("1AAA", compressed(q.getAffineXCoord().toBigInteger(),
        q.getAffineYCoord().toBigInteger()))).transferable());
  }

  @Test
  void secp256r1() throws Exception {
    X9ECParameters r1 = CustomNamedCurves.getByName("secp256r1");
    BigInteger d = new BigInteger("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721", 16);
    org.bouncycastle.math.ec.ECPoint q = r1.getG().multiply(d).normalize();
    java.security.AlgorithmParameters ap = java.security.AlgorithmParameters.getInstance("EC");
    ap.init(new java.security.spec.ECGenParameterSpec("secp256r1"));
    PrivateKey sk = KeyFactory.getInstance("EC").generatePrivate(
        new ECPrivateKeySpec(d, ap.getParameterSpec(ECParameterSpec.class)));
    Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
    s.initSign(sk);
    s.update(MSG);
    byte[] raw = s.sign();
    assertEquals(64, raw.length);
    Verfer v = Verfer.of(qb64("1AAJ",
        compressed(q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger())));
    assertEquals(MatterCode.ECDSA_256r1, v.code());
    assertEquals(SignatureAlgorithm.ECDSA_SECP256R1, v.algorithm());
    assertTrue(v.validKey());
    assertTrue(v.verify(raw, MSG));
    assertFalse(v.verify(flip(raw, 0), MSG));
    assertFalse(v.verify(flip(raw, 40), MSG));
    assertFalse(v.verify(raw, flip(MSG, 3)));
    assertTrue(v.verify(IndexedSignature.parse(qb64("EA", raw)), MSG));
    assertTrue(v.verify(IndexedSignature.parse(qb64("AA", raw)), MSG)); // Ed25519's code
    assertTrue(v.verifyCigar(Matter.parse(qb64("0I", raw)), MSG));
    assertTrue(v.verifyCigar(Matter.parse(qb64("0C", raw)), MSG));
    assertFalse(v.verifyCigar(Matter.parse(qb64("0B", flip(raw, 7))), MSG));
    assertFalse(v.verify(rs(BigInteger.ZERO, BigInteger.ONE), MSG));
    assertFalse(Verfer.of(qb64("1AAI", v.raw())).transferable());
    // 0x02 then x = 1: no point of secp256r1 has it (1 - 3 + b is no square mod p; x = 5 is)
    byte[] off = new byte[33];
    off[0] = 2;
    off[32] = 1;
    assertFalse(Verfer.of(qb64("1AAJ", off)).validKey());
    assertFalse(Verfer.of(qb64("1AAJ", off)).decodes()); // keripy raises: the event is rejected
    assertFalse(Verfer.of(qb64("1AAJ", off)).verify(raw, MSG));
    off[32] = 5;
    assertTrue(Verfer.of(qb64("1AAJ", off)).validKey());
    assertTrue(Verfer.of(qb64("1AAJ", off)).decodes());
  }

  @Test
  void unsupportedCodes() {
    UnsupportedException ed448 = assertThrows(UnsupportedException.class,
        () -> Verfer.of("1AAD" + "A".repeat(76)));
    assertEquals(ErrorKind.UNSUPPORTED, ed448.kind());
    assertEquals("Ed448 keys are not verified (keripy has no Ed448 verifier)", ed448.detail());
    UnsupportedException digest = assertThrows(UnsupportedException.class,
        () -> Verfer.of("EN-wgfZkXOZojNtgQylJLPeLhWcbfwPtoVCwLo5d6p0N"));
    assertEquals("Blake3_256 is no verification key", digest.detail());
    assertEquals(Optional.empty(), SignatureAlgorithm.ofCigar(null));
    assertEquals(Optional.of(SignatureAlgorithm.ED448), SignatureAlgorithm.ofCigar(MatterCode.Ed448_Sig));
    assertEquals(Optional.of(SignatureAlgorithm.ED25519), SignatureAlgorithm.ofCigar(MatterCode.Ed25519_Sig));
    assertEquals(Optional.of(SignatureAlgorithm.ECDSA_SECP256K1),
        SignatureAlgorithm.ofCigar(MatterCode.ECDSA_256k1_Sig));
    assertEquals(Optional.of(SignatureAlgorithm.ECDSA_SECP256R1),
        SignatureAlgorithm.ofCigar(MatterCode.ECDSA_256r1_Sig));
    assertEquals(Optional.empty(), SignatureAlgorithm.ofCigar(MatterCode.Blake3_256));
    assertEquals(Optional.of(SignatureAlgorithm.ED25519), SignatureAlgorithm.ofVerfer(MatterCode.Ed25519N));
  }
}
