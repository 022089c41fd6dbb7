package dev.cesrj.keri.crypto;

import dev.cesrj.ErrorKind;
import dev.cesrj.UnsupportedException;
import dev.cesrj.code.MatterCode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.digests.Blake2sDigest;
import org.bouncycastle.crypto.digests.Blake3Digest;

/**
 * The digests of CESR's digest codes, as keripy computes them for SAIDs and next-key digests
 * (keripy {@code src/keri/core/coring.py} {@code DigDex} and {@code Diger.Digests}).
 *
 * <table>
 *   <caption>digest codes</caption>
 *   <tr><th>code</th><th>algorithm</th><th>raw size</th><th>computed by</th></tr>
 *   <tr><td>{@code E} Blake3_256</td><td>BLAKE3, 32-byte output</td><td>32</td><td>BouncyCastle</td></tr>
 *   <tr><td>{@code F} Blake2b_256</td><td>BLAKE2b, digest size 32 (a parameter, not a cut of the 64-byte digest)</td><td>32</td><td>BouncyCastle</td></tr>
 *   <tr><td>{@code G} Blake2s_256</td><td>BLAKE2s</td><td>32</td><td>BouncyCastle</td></tr>
 *   <tr><td>{@code H} SHA3_256</td><td>SHA3-256</td><td>32</td><td>JDK</td></tr>
 *   <tr><td>{@code I} SHA2_256</td><td>SHA-256</td><td>32</td><td>JDK</td></tr>
 *   <tr><td>{@code 0D} Blake3_512</td><td>BLAKE3, 64 bytes of its output</td><td>64</td><td>BouncyCastle</td></tr>
 *   <tr><td>{@code 0E} Blake2b_512</td><td>BLAKE2b</td><td>64</td><td>BouncyCastle</td></tr>
 *   <tr><td>{@code 0F} SHA3_512</td><td>SHA3-512</td><td>64</td><td>JDK</td></tr>
 *   <tr><td>{@code 0G} SHA2_512</td><td>SHA-512</td><td>64</td><td>JDK</td></tr>
 * </table>
 *
 * <p>Stateless and thread-safe: each call uses a digest object of its own.
 */
public final class Digests {
  /** The digest codes keripy supports, in keripy's order ({@code DigDex}). */
  public static final List<MatterCode> CODES =
      List.of(
          MatterCode.Blake3_256,
          MatterCode.Blake2b_256,
          MatterCode.Blake2s_256,
          MatterCode.SHA3_256,
          MatterCode.SHA2_256,
          MatterCode.Blake3_512,
          MatterCode.Blake2b_512,
          MatterCode.SHA3_512,
          MatterCode.SHA2_512);

  private static final Set<MatterCode> SUPPORTED = EnumSet.copyOf(CODES);

  private Digests() {}

  /**
   * {@return true if {@code code} is a digest code keripy computes (the nine of {@link #CODES})}
   *
   * @param code any Matter code
   */
  public static boolean isDigest(MatterCode code) {
    return code != null && SUPPORTED.contains(code);
  }

  /**
   * {@return the digest of {@code ser}, {@code code.rawSize()} bytes (32 or 64)}
   *
   * @param code one of {@link #CODES}
   * @param ser the bytes to digest (not changed)
   * @throws UnsupportedException ({@link ErrorKind#UNSUPPORTED}, offset 0) if {@code code} is no
   *     digest code
   */
  public static byte[] digest(MatterCode code, byte[] ser) {
    return digest(code, ser, 0, ser.length);
  }

  /**
   * {@return the digest of {@code len} bytes of {@code ser} from {@code off}, {@code
   * code.rawSize()} bytes}
   *
   * @param code one of {@link #CODES}
   * @param ser the bytes (not changed)
   * @param off first byte
   * @param len number of bytes
   * @throws UnsupportedException ({@link ErrorKind#UNSUPPORTED}, offset 0) if {@code code} is no
   *     digest code
   * @throws IndexOutOfBoundsException if {@code off} and {@code len} are not within {@code ser}
   */
  public static byte[] digest(MatterCode code, byte[] ser, int off, int len) {
    java.util.Objects.checkFromIndexSize(off, len, ser.length);
    if (!isDigest(code)) {
      throw CryptoErrors.unsupported(
          0,
          code == null ? null : code.code(),
          "a digest code (" + CODES + ")",
          "no digest for " + (code == null ? "no code" : code.name()));
    }
    switch (code) {
      case Blake3_256:
        return bc(new Blake3Digest(256), ser, off, len);
      case Blake3_512:
        return bc(new Blake3Digest(512), ser, off, len);
      case Blake2b_256:
        return bc(new Blake2bDigest(256), ser, off, len);
      case Blake2b_512:
        return bc(new Blake2bDigest(512), ser, off, len);
      case Blake2s_256:
        return bc(new Blake2sDigest(256), ser, off, len);
      case SHA3_256:
        return jdk("SHA3-256", ser, off, len);
      case SHA3_512:
        return jdk("SHA3-512", ser, off, len);
      case SHA2_256:
        return jdk("SHA-256", ser, off, len);
      default: // SHA2_512, the last of SUPPORTED
        return jdk("SHA-512", ser, off, len);
    }
  }

  private static byte[] bc(Digest d, byte[] ser, int off, int len) {
    d.update(ser, off, len);
    byte[] out = new byte[d.getDigestSize()];
    d.doFinal(out, 0);
    return out;
  }

  private static byte[] jdk(String name, byte[] ser, int off, int len) {
    try {
      MessageDigest md = MessageDigest.getInstance(name);
      md.update(ser, off, len);
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      // every Java SE 9+ platform has SHA-2 and SHA-3 (Java Security Standard Algorithm Names)
      throw new IllegalStateException(name + " missing from this Java platform", e);
    }
  }
}
