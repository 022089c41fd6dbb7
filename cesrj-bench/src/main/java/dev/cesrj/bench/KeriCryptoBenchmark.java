package dev.cesrj.bench;

import dev.cesrj.code.MatterCode;
import dev.cesrj.keri.crypto.Digests;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import org.apache.commons.codec.digest.Blake3;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The choices of {@code dev.cesrj.keri.crypto}: Ed25519 verification by the JDK (a key built
 * from the raw 32 bytes with {@code EdECPublicKeySpec}) against BouncyCastle's RFC 8032 code;
 * ECDSA secp256r1 (P-256) verification by the JDK ({@code SHA256withECDSAinP1363Format}) against
 * BouncyCastle's {@code ECDSASigner} over its {@code CustomNamedCurves} curve; ECDSA secp256k1 by
 * BouncyCastle (the JDK has none since JDK 16: {@link #setup()} checks that the running JDK
 * refuses the curve); BLAKE3 of a 400-byte body (a KERI event's size) by BouncyCastle against
 * commons-codec. The ECDSA arms verify with one key decoded in {@code @Setup} (a KEL verifies a
 * few signatures per key: BouncyCastle caches its precomputation for a point on the point, so the
 * {@code WithKeyDecode} arms decode the 33-byte compressed key for each verification, as a
 * {@code Verfer} made for one event does).
 *
 * <pre>
 * ./mvnw -B package -pl cesrj-bench -am -DskipTests
 * java -jar cesrj-bench/target/benchmarks.jar KeriCryptoBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KeriCryptoBenchmark {
  private byte[] ser;
  private byte[] rawKey;
  private byte[] sig;
  private PublicKey jdkKey;
  private byte[] r1Raw;
  private byte[] r1Sig;
  private PublicKey r1JdkKey;
  private ECPoint r1Point;
  private byte[] k1Raw;
  private byte[] k1Sig;
  private ECPoint k1Point;

  private static final X9ECParameters R1 = CustomNamedCurves.getByName("secp256r1");
  private static final ECDomainParameters R1_DOMAIN =
      new ECDomainParameters(R1.getCurve(), R1.getG(), R1.getN(), R1.getH());
  private static final X9ECParameters K1 = CustomNamedCurves.getByName("secp256k1");
  private static final ECDomainParameters K1_DOMAIN =
      new ECDomainParameters(K1.getCurve(), K1.getG(), K1.getN(), K1.getH());
  private static final BigInteger D =
      new BigInteger("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721", 16);

  /**
   * Makes the keys and signatures; fails if the JDK verifies secp256k1 (the measured choice
   * assumes it cannot).
   *
   * @throws Exception if a JDK algorithm is missing
   */
  @Setup
  public void setup() throws Exception {
    ser = ser0();
    try {
      KeyPairGenerator.getInstance("EC").initialize(new ECGenParameterSpec("secp256k1"));
      throw new IllegalStateException("this JDK has secp256k1: measure it too");
    } catch (InvalidAlgorithmParameterException expected) {
      // JDK 16 and later removed secp256k1 from SunEC
    }
    AlgorithmParameters ap = AlgorithmParameters.getInstance("EC");
    ap.init(new ECGenParameterSpec("secp256r1"));
    ECParameterSpec r1Spec = ap.getParameterSpec(ECParameterSpec.class);
    PrivateKey r1Sk = KeyFactory.getInstance("EC").generatePrivate(new ECPrivateKeySpec(D, r1Spec));
    Signature r1 = Signature.getInstance("SHA256withECDSAinP1363Format");
    r1.initSign(r1Sk);
    r1.update(ser0());
    r1Sig = r1.sign();
    r1Point = R1.getG().multiply(D).normalize();
    r1Raw = r1Point.getEncoded(true);
    r1JdkKey = r1JdkKey(r1Raw, r1Spec);
    k1Point = K1.getG().multiply(D).normalize();
    k1Raw = k1Point.getEncoded(true);
    ECDSASigner k1 = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    k1.init(true, new ECPrivateKeyParameters(D, K1_DOMAIN));
    BigInteger[] rs = k1.generateSignature(MessageDigest.getInstance("SHA-256").digest(ser0()));
    k1Sig = new byte[64];
    byte[] r = rs[0].toByteArray();
    byte[] s2 = rs[1].toByteArray();
    System.arraycopy(r, Math.max(0, r.length - 32), k1Sig, 32 - Math.min(32, r.length), Math.min(32, r.length));
    System.arraycopy(s2, Math.max(0, s2.length - 32), k1Sig, 64 - Math.min(32, s2.length), Math.min(32, s2.length));
    if (!p256Jdk() || !p256BouncyCastle() || !secp256k1BouncyCastle() || !p256JdkWithKeyDecode()
        || !p256BouncyCastleWithKeyDecode() || !secp256k1BouncyCastleWithKeyDecode()) {
      throw new IllegalStateException("an ECDSA arm does not verify");
    }
    edSetup();
  }

  private static byte[] ser0() {
    return "{\"v\":\"KERI10JSON000190_\",\"t\":\"ixn\"}".repeat(12).getBytes(StandardCharsets.US_ASCII);
  }

  private static PublicKey r1JdkKey(byte[] raw, ECParameterSpec spec) throws Exception {
    ECPoint q = R1.getCurve().decodePoint(raw).normalize();
    return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(
        new java.security.spec.ECPoint(q.getAffineXCoord().toBigInteger(),
            q.getAffineYCoord().toBigInteger()), spec));
  }

  private static final ECParameterSpec R1_SPEC = r1Spec();

  private static ECParameterSpec r1Spec() {
    try {
      AlgorithmParameters ap = AlgorithmParameters.getInstance("EC");
      ap.init(new ECGenParameterSpec("secp256r1"));
      return ap.getParameterSpec(ECParameterSpec.class);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private boolean bcVerify(ECPoint q, ECDomainParameters domain, byte[] sig) throws Exception {
    ECDSASigner v = new ECDSASigner();
    v.init(false, new ECPublicKeyParameters(q, domain));
    byte[] h = MessageDigest.getInstance("SHA-256").digest(ser);
    return v.verifySignature(h, new BigInteger(1, Arrays.copyOfRange(sig, 0, 32)),
        new BigInteger(1, Arrays.copyOfRange(sig, 32, 64)));
  }

  @Benchmark
  public boolean p256Jdk() throws Exception {
    Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
    s.initVerify(r1JdkKey);
    s.update(ser);
    return s.verify(r1Sig);
  }

  @Benchmark
  public boolean p256JdkWithKeyDecode() throws Exception {
    Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
    s.initVerify(r1JdkKey(r1Raw, R1_SPEC));
    s.update(ser);
    return s.verify(r1Sig);
  }

  @Benchmark
  public boolean p256BouncyCastle() throws Exception {
    return bcVerify(r1Point, R1_DOMAIN, r1Sig);
  }

  @Benchmark
  public boolean p256BouncyCastleWithKeyDecode() throws Exception {
    return bcVerify(R1.getCurve().decodePoint(r1Raw).normalize(), R1_DOMAIN, r1Sig);
  }

  @Benchmark
  public boolean secp256k1BouncyCastle() throws Exception {
    return bcVerify(k1Point, K1_DOMAIN, k1Sig);
  }

  @Benchmark
  public boolean secp256k1BouncyCastleWithKeyDecode() throws Exception {
    return bcVerify(K1.getCurve().decodePoint(k1Raw).normalize(), K1_DOMAIN, k1Sig);
  }

  private void edSetup() throws Exception {
    KeyPair kp = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    Signature s = Signature.getInstance("Ed25519");
    s.initSign(kp.getPrivate());
    s.update(ser);
    sig = s.sign();
    EdECPoint p = ((EdECPublicKey) kp.getPublic()).getPoint();
    byte[] y = p.getY().toByteArray(); // big-endian
    rawKey = new byte[32];
    for (int i = 0; i < y.length && i < 32; i++) {
      rawKey[i] = y[y.length - 1 - i];
    }
    if (p.isXOdd()) {
      rawKey[31] |= (byte) 0x80;
    }
    jdkKey = jdkKey(rawKey);
  }

  /** The JDK key from the raw 32 bytes: y little-endian, the top bit x's parity. */
  private static PublicKey jdkKey(byte[] raw) throws Exception {
    byte[] be = new byte[32];
    for (int i = 0; i < 32; i++) {
      be[i] = raw[31 - i];
    }
    boolean xOdd = (be[0] & 0x80) != 0;
    be[0] &= 0x7F;
    return KeyFactory.getInstance("Ed25519").generatePublic(
        new EdECPublicKeySpec(NamedParameterSpec.ED25519, new EdECPoint(xOdd, new BigInteger(1, be))));
  }

  @Benchmark
  public boolean ed25519Jdk() throws Exception {
    Signature s = Signature.getInstance("Ed25519");
    s.initVerify(jdkKey);
    s.update(ser);
    return s.verify(sig);
  }

  @Benchmark
  public boolean ed25519JdkWithKeyDecode() throws Exception {
    Signature s = Signature.getInstance("Ed25519");
    s.initVerify(jdkKey(rawKey));
    s.update(ser);
    return s.verify(sig);
  }

  /** libsodium through lazysodium-java's {@code SodiumJava} (what cesrj's Verfer calls). */
  @Benchmark
  public boolean ed25519Lazysodium() {
    return Ed25519Jna.LAZYSODIUM.crypto_sign_verify_detached(sig, ser, ser.length, rawKey) == 0;
  }

  /** libsodium, the same library file, through a JNA direct mapping of its own. */
  @Benchmark
  public boolean ed25519JnaDirect() {
    return Ed25519Jna.verify(sig, ser, rawKey);
  }

  /** cesrj's Ed25519Verifier (the implementation this JVM chose, libsodium where it loads). */
  @Benchmark
  public boolean ed25519Cesrj() {
    return dev.cesrj.keri.crypto.Ed25519Verifier.verify(sig, ser, rawKey);
  }

  @Benchmark
  public boolean ed25519BouncyCastle() {
    return Ed25519.verify(sig, 0, rawKey, 0, ser, 0, ser.length);
  }

  @Benchmark
  public byte[] blake3BouncyCastle() {
    return Digests.digest(MatterCode.Blake3_256, ser);
  }

  @Benchmark
  public byte[] blake3CommonsCodec() {
    return Blake3.hash(ser);
  }
}
