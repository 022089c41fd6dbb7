package dev.cesrj.alloc;

import dev.cesrj.internal.B64;
import dev.cesrj.code.IndexerCode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;

/**
 * Builds the synthetic attachment streams that the allocation tests, {@code ConcurrentParse} and
 * the JMH benchmarks parse: {@code groups} CESR 1.0 ControllerIdxSigs groups ({@code -A} plus a
 * two-character count), each of {@code sigs} Ed25519 indexed signatures (code {@code A}, 88
 * characters) with indexes {@code 0..sigs-1}.
 *
 * <p>Each signature's 64 raw bytes come from a {@link SplittableRandom} with a fixed seed, so a
 * stream is the same on every run; it is written canonically (keripy
 * {@code Indexer._infil}): two zero pad bytes are prepended to the raw value, the 66 bytes are
 * Base64url-encoded (88 characters, the first two always {@code AA}), and those two characters
 * are replaced by the code and the index character. The stream is {@code groups * (4 + 88 *
 * sigs)} bytes: 2,880 for the default 16 groups of 2.
 */
public final class SignatureStreams {
  /** The default seed of the raw signature bytes. */
  public static final long DEFAULT_SEED = 0x5EED_CE5Al;

  /** The default workload: groups per stream. */
  public static final int DEFAULT_GROUPS = 16;

  /** The default workload: signatures per group. */
  public static final int DEFAULT_SIGS = 2;

  /** Characters of one Ed25519 indexed signature (code {@code A}). */
  public static final int SIG_SIZE = IndexerCode.Ed25519_Sig.fs();

  /** Raw bytes of one Ed25519 signature. */
  public static final int RAW_SIZE = 64;

  private SignatureStreams() {}

  /** Bytes of a stream of {@code groups} groups of {@code sigs} signatures. */
  public static long size(int groups, int sigs) {
    return (long) groups * (4 + (long) SIG_SIZE * sigs);
  }

  /** {@link #controllerIdxSigs(int, int, long)} with {@link #DEFAULT_SEED}. */
  public static byte[] controllerIdxSigs(int groups, int sigs) {
    return controllerIdxSigs(groups, sigs, DEFAULT_SEED);
  }

  /**
   * The CESR 1.0 text stream of {@code groups} ControllerIdxSigs groups of {@code sigs} Ed25519
   * signatures each.
   *
   * @throws IllegalArgumentException unless {@code groups >= 0}, {@code 1 <= sigs <= 64} (the
   *     largest index code {@code A} can carry is 63) and the stream fits in an array
   */
  public static byte[] controllerIdxSigs(int groups, int sigs, long seed) {
    if (groups < 0 || sigs < 1 || sigs > 64) {
      throw new IllegalArgumentException(
          "groups must be >= 0 and sigs in [1, 64]: groups " + groups + ", sigs " + sigs);
    }
    long size = size(groups, sigs);
    if (size > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("stream of " + size + " bytes is too large");
    }
    SplittableRandom random = new SplittableRandom(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) size);
    byte[] counter = ("-A" + B64.encodeInt(sigs, 2)).getBytes(StandardCharsets.US_ASCII);
    byte[] raw = new byte[RAW_SIZE];
    for (int g = 0; g < groups; g++) {
      out.writeBytes(counter);
      for (int i = 0; i < sigs; i++) {
        random.nextBytes(raw);
        out.writeBytes(ed25519Sig(i, raw));
      }
    }
    return out.toByteArray();
  }

  /**
   * One Ed25519 indexed signature (code {@code A}) in qb64: index {@code index} (0..63), raw
   * value {@code raw} (64 bytes).
   */
  public static byte[] ed25519Sig(int index, byte[] raw) {
    if (index < 0 || index > 63 || raw.length != RAW_SIZE) {
      throw new IllegalArgumentException("index " + index + ", raw " + raw.length + " bytes");
    }
    byte[] padded = new byte[RAW_SIZE + 2];
    System.arraycopy(raw, 0, padded, 2, RAW_SIZE);
    byte[] text = Base64.getUrlEncoder().withoutPadding().encode(padded);
    // 16 zero bits encode as "AA" plus 4 zero bits in the third character; the code and the
    // index take the first two characters' place (hs = 1, ss = 1).
    text[0] = 'A';
    text[1] = (byte) B64.charOf(index);
    return text;
  }
}
