package dev.cesrj.keri.crypto;

import dev.cesrj.CesrException;
import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.MatterCode;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Objects;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.math.ec.ECPoint;

/**
 * A verification key read from its qb64 (keripy {@code Verfer}, {@code src/keri/core/coring.py}):
 * its code, whether it is transferable, and signature verification with it.
 *
 * <p>Codes: {@code D}/{@code B} Ed25519 (32-byte key), {@code 1AAB}/{@code 1AAA} ECDSA
 * secp256k1 and {@code 1AAJ}/{@code 1AAI} ECDSA secp256r1 (33-byte SEC 1 compressed points);
 * the second of each pair is non-transferable. What is signed is the message as given; ECDSA
 * hashes it with SHA-256 and its signature is {@code r||s}, 32 bytes each, big-endian (keripy
 * {@code signing.py} {@code Signer._secp256k1}, {@code _secp256r1}: it signs with DER and keeps
 * {@code r} and {@code s} only).
 *
 * <p>Verification answers {@code true} or {@code false} and never throws for bad keys or
 * signatures: a signature of the wrong size, an ECDSA {@code r} or {@code s} outside [1, n - 1],
 * and every Ed25519 signature libsodium refuses are {@code false}, as libsodium and OpenSSL answer
 * for keripy. An ECDSA key that is no point of its curve verifies nothing here; keripy raises
 * instead, and so rejects the whole event that lists it ({@link #decodes()}).
 *
 * <p>The suite is the key's: a signature is verified with the key's suite whatever suite its own
 * code names, as keripy does ({@code coring.py} {@code Verfer.verify} dispatches on the key's code
 * alone; {@code eventing.py} {@code verifySigs} and {@code Kevery.processReceipt} hand it the
 * signature's raw bytes).
 *
 * <p>Ed25519 is checked as libsodium's {@code crypto_sign_verify_detached} checks it, which keripy
 * calls through pysodium: {@code S} below L, {@code R} and the key not of small order, the key
 * canonical, and the cofactorless equation, {@code R} compared byte for byte with the encoding of
 * {@code [S]B - [k]A} ({@link Ed25519Verifier}: libsodium itself through lazysodium-java where it
 * loads, else a pure-Java check with the same rules). RFC 8032's cofactored check, which
 * BouncyCastle 1.87 does, accepts a signature whose {@code R} has a small-order point added; keripy
 * and this class do not.
 *
 * <p>Implementations: Ed25519 by {@link Ed25519Verifier}; secp256k1 and secp256r1 by
 * BouncyCastle's {@code ECDSASigner} over {@code CustomNamedCurves} (the JDK has no secp256k1
 * since JDK 16, and its {@code SHA256withECDSAinP1363Format} measured several times slower for
 * secp256r1, {@code docs/performance.md}). Immutable and thread-safe.
 */
public final class Verfer {
  private static final X9ECParameters K1 = CustomNamedCurves.getByName("secp256k1");
  private static final ECDomainParameters K1_DOMAIN =
      new ECDomainParameters(K1.getCurve(), K1.getG(), K1.getN(), K1.getH());
  private static final X9ECParameters R1 = CustomNamedCurves.getByName("secp256r1");
  private static final ECDomainParameters R1_DOMAIN =
      new ECDomainParameters(R1.getCurve(), R1.getG(), R1.getN(), R1.getH());

  private final MatterCode code;
  private final String qb64;
  private final byte[] raw;
  private final SignatureAlgorithm algorithm;
  /** The decoded key: a BouncyCastle point (ECDSA), raw (Ed25519), or null if invalid. */
  private final Object key;

  private Verfer(MatterCode code, String qb64, byte[] raw, SignatureAlgorithm algorithm) {
    this.code = code;
    this.qb64 = qb64;
    this.raw = raw;
    this.algorithm = algorithm;
    this.key = decode(algorithm, raw);
  }

  /**
   * Reads a verification key from its qb64.
   *
   * @param qb64 one qb64 Matter primitive of a verification key code
   * @return the key
   * @throws CesrException if {@code qb64} is no well-formed primitive (see {@link
   *     Matter#parse(CharSequence)})
   * @throws UnsupportedException ({@link ErrorKind#UNSUPPORTED}) if its code is no verification
   *     key code, or an Ed448 one
   */
  public static Verfer of(String qb64) {
    return of(Matter.parse(Objects.requireNonNull(qb64, "qb64")));
  }

  /**
   * Reads a verification key from a Matter view (its value is copied).
   *
   * @param m a primitive of a verification key code
   * @return the key
   * @throws UnsupportedException ({@link ErrorKind#UNSUPPORTED}, offset that of {@code m}) if its
   *     code is no verification key code, or an Ed448 one
   * @throws dev.cesrj.MalformedException if a value character of {@code m} is not Base64url
   */
  public static Verfer of(Matter m) {
    SignatureAlgorithm a = SignatureAlgorithm.ofVerfer(m.code()).orElse(null);
    if (a == null || !a.supported()) {
      throw CryptoErrors.unsupported(
          m.offset(),
          m.code().code(),
          "an Ed25519, secp256k1 or secp256r1 verification key (D B 1AAB 1AAA 1AAJ 1AAI)",
          a == null
              ? m.code().name() + " is no verification key"
              : m.code().name() + " keys are not verified (keripy has no Ed448 verifier)");
    }
    return new Verfer(m.code(), m.qb64Text(), m.raw(), a);
  }

  /** {@return the key's code, e.g. {@link MatterCode#Ed25519}} */
  public MatterCode code() {
    return code;
  }

  /** {@return the key's qb64} */
  public String qb64() {
    return qb64;
  }

  /** {@return the raw key, a copy: 32 bytes (Ed25519) or 33 (ECDSA, compressed point)} */
  public byte[] raw() {
    return raw.clone();
  }

  /** {@return the signature suite} */
  public SignatureAlgorithm algorithm() {
    return algorithm;
  }

  /**
   * {@return false for the non-transferable codes {@code B 1AAA 1AAI} (keripy {@code
   * Verfer.transferable}: a prefix of such a key can never rotate)}
   */
  public boolean transferable() {
    return code != MatterCode.Ed25519N
        && code != MatterCode.ECDSA_256k1N
        && code != MatterCode.ECDSA_256r1N;
  }

  /**
   * {@return true if the key decodes as a point of its curve (and, for Ed25519, is canonical)}
   * Every verification with a key for which this is false answers {@code false}.
   */
  public boolean validKey() {
    return key != null;
  }

  /**
   * {@return false if keripy cannot use this key at all, and so rejects the whole event that makes
   * it verify a signature: an ECDSA key that is no point of its curve (keripy {@code coring.py}
   * {@code Verfer._secp256k1}, {@code _secp256r1}: {@code EllipticCurvePublicKey.from_encoded_point}
   * raises "Invalid public bytes for the given curve")} Always true for Ed25519: libsodium answers
   * {@code false} for a key it refuses (not canonical, small order, no point), and keripy's
   * {@code Verfer._ed25519} takes that as a signature that does not verify.
   */
  public boolean decodes() {
    return algorithm == SignatureAlgorithm.ED25519 || key != null;
  }

  /**
   * Verifies a raw signature of {@code ser}.
   *
   * @param sig the raw signature: 64 bytes for every supported suite
   * @param ser the signed bytes
   * @return true if {@code sig} is this key's valid signature of {@code ser}
   */
  public boolean verify(byte[] sig, byte[] ser) {
    if (key == null || sig == null || ser == null || sig.length != 64) {
      return false;
    }
    if (algorithm == SignatureAlgorithm.ED25519) {
      return Ed25519Verifier.verify(sig, ser, raw); // never throws but for a libsodium forced
    }
    try {
      switch (algorithm) {
        case ECDSA_SECP256K1:
          return verifyEcdsa((ECPoint) key, K1_DOMAIN, sig, ser);
        default:
          return verifyEcdsa((ECPoint) key, R1_DOMAIN, sig, ser);
      }
    } catch (GeneralSecurityException | RuntimeException e) {
      return false; // a malformed signature the library refuses by throwing
    }
  }

  /**
   * Verifies an indexed signature of {@code ser} (its index is not looked at: the caller chose
   * this key by it).
   *
   * @param sig an indexed signature
   * @param ser the signed bytes
   * @return true if its raw value verifies with this key's suite, whatever suite its code names
   *     (keripy {@code eventing.py} {@code verifySigs}: {@code siger.verfer.verify(siger.raw, raw)})
   */
  public boolean verify(IndexedSignature sig, byte[] ser) {
    return verify(sig.raw(), ser);
  }

  /**
   * Verifies a signature primitive (a cigar: {@code 0B}, {@code 0C}, {@code 0I}) of {@code ser}.
   *
   * @param cigar a Matter signature
   * @param ser the signed bytes
   * @return true if its raw value verifies with this key's suite, whatever suite its code names
   *     (keripy {@code eventing.py} {@code Kevery.processReceipt}: {@code
   *     cigar.verfer.verify(cigar.raw, lserder.raw)}); a raw value not of 64 bytes is false
   */
  public boolean verifyCigar(Matter cigar, byte[] ser) {
    return verify(cigar.raw(), ser);
  }

  private static Object decode(SignatureAlgorithm a, byte[] raw) {
    try {
      switch (a) {
        case ED25519:
          return canonicalEd25519(raw) ? raw : null;
        case ECDSA_SECP256K1:
          return K1.getCurve().decodePoint(raw).normalize();
        default:
          return R1.getCurve().decodePoint(raw).normalize();
      }
    } catch (RuntimeException e) {
      return null; // not a point of the curve, or the point at infinity
    }
  }

  /**
   * True if the Ed25519 key's y coordinate (little-endian, top bit the sign of x) is below
   * p = 2<sup>255</sup> - 19, whose bytes are {@code ed}, thirty {@code ff}, {@code 7f}.
   */
  private static boolean canonicalEd25519(byte[] raw) {
    if (raw.length != 32) {
      return false;
    }
    if ((raw[31] & 0x7f) != 0x7f) {
      return true;
    }
    for (int i = 30; i >= 1; i--) {
      if (raw[i] != (byte) 0xff) {
        return true;
      }
    }
    return (raw[0] & 0xff) < 0xed;
  }

  /** ECDSA with SHA-256 over {@code domain}; false for r or s outside [1, n - 1]. */
  private static boolean verifyEcdsa(ECPoint q, ECDomainParameters domain, byte[] sig, byte[] ser)
      throws GeneralSecurityException {
    BigInteger r = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 0, 32));
    BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 32, 64));
    ECDSASigner signer = new ECDSASigner();
    signer.init(false, new ECPublicKeyParameters(q, domain));
    byte[] h = MessageDigest.getInstance("SHA-256").digest(ser);
    return signer.verifySignature(h, r, s);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Verfer && ((Verfer) o).qb64.equals(qb64);
  }

  @Override
  public int hashCode() {
    return qb64.hashCode();
  }

  @Override
  public String toString() {
    return code.name() + " " + qb64;
  }
}
