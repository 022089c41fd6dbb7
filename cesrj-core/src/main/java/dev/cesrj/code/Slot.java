package dev.cesrj.code;

import java.util.EnumSet;
import java.util.Set;

/**
 * One position in a tuple group's element grammar (the primitives keripy's {@code parsing.py} reads
 * there), with the codes it accepts and the smallest size a primitive there can have.
 */
public enum Slot {
  /** Identifier prefix: a public key or digest code. */
  PREFIXER(
      EnumSet.of(
          MatterCode.Ed25519N, MatterCode.Ed25519, MatterCode.Blake3_256, MatterCode.Blake2b_256,
          MatterCode.Blake2s_256, MatterCode.SHA3_256, MatterCode.SHA2_256, MatterCode.Blake3_512,
          MatterCode.Blake2b_512, MatterCode.SHA3_512, MatterCode.SHA2_512,
          MatterCode.ECDSA_256k1N, MatterCode.ECDSA_256k1, MatterCode.Ed448N, MatterCode.Ed448,
          MatterCode.ECDSA_256r1N, MatterCode.ECDSA_256r1)),
  /** A number (sequence number, first-seen ordinal): keripy {@code coring.py} {@code NumDex}. */
  NUMBER(
      EnumSet.of(
          MatterCode.Short, MatterCode.Long, MatterCode.Tall, MatterCode.Big, MatterCode.Large,
          MatterCode.Great, MatterCode.Salt_128, MatterCode.Vast)),
  /** A digest. */
  DIGER(
      EnumSet.of(
          MatterCode.Blake3_256, MatterCode.Blake2b_256, MatterCode.Blake2s_256,
          MatterCode.SHA3_256, MatterCode.SHA2_256, MatterCode.Blake3_512,
          MatterCode.Blake2b_512, MatterCode.SHA3_512, MatterCode.SHA2_512)),
  /** A public verification key. */
  VERFER(
      EnumSet.of(
          MatterCode.Ed25519N, MatterCode.Ed25519, MatterCode.ECDSA_256k1N,
          MatterCode.ECDSA_256k1, MatterCode.Ed448N, MatterCode.Ed448, MatterCode.ECDSA_256r1N,
          MatterCode.ECDSA_256r1)),
  /** A non-indexed signature. */
  CIGAR(
      EnumSet.of(
          MatterCode.Ed25519_Sig, MatterCode.ECDSA_256k1_Sig, MatterCode.ECDSA_256r1_Sig,
          MatterCode.Ed448_Sig)),
  /** An ISO-8601 date-time. */
  DATER(EnumSet.of(MatterCode.DateTime)),
  /** A byte string (Bytes codes). */
  TEXTER(
      EnumSet.of(
          MatterCode.Bytes_L0, MatterCode.Bytes_L1, MatterCode.Bytes_L2, MatterCode.Bytes_Big_L0,
          MatterCode.Bytes_Big_L1, MatterCode.Bytes_Big_L2)),
  /** A Base64 path (StrB64 codes). */
  PATHER(
      EnumSet.of(
          MatterCode.StrB64_L0, MatterCode.StrB64_L1, MatterCode.StrB64_L2,
          MatterCode.StrB64_Big_L0, MatterCode.StrB64_Big_L1, MatterCode.StrB64_Big_L2)),
  /** A protocol/genus version tag (Tag7 or Tag10). */
  VERSER(EnumSet.of(MatterCode.Tag7, MatterCode.Tag10)),
  /** A salt, nonce or digest ({@code Empty} allowed). */
  NONCER(EnumSet.allOf(MatterCode.class)),
  /** A label: tag, label, StrB64 or Bytes code. */
  LABELER(EnumSet.allOf(MatterCode.class)),
  /** One indexed signature (Indexer code). */
  SIGER(null),
  /**
   * A nested ControllerIdxSigs group: {@code -A} (CESR 1.0, counts signatures) or {@code -K}
   * (CESR 2.0, counts quadlets), then its indexed signatures.
   */
  SIGS(null),
  /**
   * A nested signature group of a legacy SadPathSigGroups element (keripy 1.x
   * {@code Parser._sadPathSigGroup}): TransIdxSigGroups {@code -F}, ControllerIdxSigs {@code -A}
   * or NonTransReceiptCouples {@code -C}, each counting elements.
   */
  SIGNATURE_GROUP(null),
  /** A nested legacy SadPathSigGroups group {@code -J}: the element of RootSadPathSigGroups. */
  SAD_PATH_SIG_GROUP(null);

  private final Set<MatterCode> accepts;
  private final int minSize;
  private final int maxSize;

  Slot(Set<MatterCode> accepts) {
    this.accepts = accepts;
    int min = Integer.MAX_VALUE;
    if (accepts != null) {
      for (MatterCode c : accepts) {
        min = Math.min(min, c.minFullSize());
      }
    }
    this.minSize = accepts != null ? min : -1;
    int max = 0;
    if (accepts != null) {
      for (MatterCode c : accepts) {
        max = c.isVariable() ? -1 : max < 0 ? max : Math.max(max, c.fs());
        if (max < 0) {
          break;
        }
      }
    }
    this.maxSize = accepts != null ? max : -1;
  }

  /**
   * {@return true if a Matter primitive of this code may stand in this slot}
   *
   * @param code a Matter code
   */
  public boolean accepts(MatterCode code) {
    return accepts != null && accepts.contains(code);
  }

  /**
   * {@return true for the slots that hold a nested group framed as a whole ({@link
   * #SIGNATURE_GROUP}, {@link #SAD_PATH_SIG_GROUP}); {@link #SIGS} is framed by its own rule}
   */
  public boolean isGroup() {
    return this == SIGNATURE_GROUP || this == SAD_PATH_SIG_GROUP;
  }

  /**
   * {@return true if a group of code {@code code} may stand in this {@link #isGroup() group} slot}
   *
   * @param code a counter code
   */
  public boolean acceptsGroup(CounterCode code) {
    if (code.isBig()) {
      return false;
    }
    switch (this) {
      case SIGNATURE_GROUP:
        return code.trait() == CounterCode.Trait.SAD_PATH_SIGNATURES;
      case SAD_PATH_SIG_GROUP:
        return code.trait() == CounterCode.Trait.SAD_PATH;
      default:
        return false;
    }
  }

  /**
   * {@return true for the slots that hold a Matter primitive (not an indexed signature or a group)}
   */
  public boolean isMatter() {
    return accepts != null;
  }

  /**
   * {@return the fewest characters a complete item in this slot can take: used to say how many more
   * bytes a truncated group needs at least}
   */
  public int minSize() {
    if (this == SIGER) {
      return 88;
    }
    if (this == SIGS || isGroup()) {
      return 4;
    }
    return minSize;
  }

  /**
   * {@return the most characters a complete item in this slot can take, or -1 if there is no
   * bound short of the frame limit (a slot that admits a variable-size code, a nested group)}
   * For {@link #SIGER}: the largest {@link IndexerCode#fs()} of the table.
   */
  public int maxSize() {
    if (this == SIGER) {
      return IndexerCode.largestFullSize();
    }
    return maxSize;
  }
}
