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
import org.apache.commons.codec.digest.Blake3;
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
 * from the raw 32 bytes with {@code EdECPublicKeySpec}) against BouncyCastle's RFC 8032 code, and
 * BLAKE3 of a 400-byte body (a KERI event's size) by BouncyCastle against commons-codec.
 *
 * <p>{@code ./mvnw -q test-compile exec:exec@jmh -Djmh.args="KeriCryptoBenchmark"}
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

  @Setup
  public void setup() throws Exception {
    ser = "{\"v\":\"KERI10JSON000190_\",\"t\":\"ixn\"}".repeat(12).getBytes(StandardCharsets.US_ASCII);
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
