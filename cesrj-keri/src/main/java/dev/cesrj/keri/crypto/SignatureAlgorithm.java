package dev.cesrj.keri.crypto;

import dev.cesrj.code.IndexerCode;
import dev.cesrj.code.MatterCode;
import java.util.Optional;

/**
 * A signature suite of KERI, as the codes of its verification keys, signatures (cigars) and
 * indexed signatures name it (keripy {@code src/keri/core/coring.py} {@code MtrDex},
 * {@code Verfer}; {@code src/keri/core/indexing.py} {@code IdrDex}; {@code signing.py}).
 */
public enum SignatureAlgorithm {
  /**
   * Ed25519 (RFC 8032): 32-byte keys {@code D} (transferable) and {@code B} (non-transferable),
   * 64-byte signatures {@code 0B}, indexed {@code A B 2A 2B}.
   */
  ED25519(true),
  /**
   * ECDSA over secp256k1 with SHA-256: 33-byte compressed keys {@code 1AAB} and {@code 1AAA},
   * signatures {@code r||s} of 64 bytes {@code 0C}, indexed {@code C D 2C 2D}.
   */
  ECDSA_SECP256K1(true),
  /**
   * ECDSA over secp256r1 (NIST P-256) with SHA-256: 33-byte compressed keys {@code 1AAJ} and
   * {@code 1AAI}, signatures {@code r||s} of 64 bytes {@code 0I}, indexed {@code E F 2E 2F}.
   */
  ECDSA_SECP256R1(true),
  /**
   * Ed448: keys {@code 1AAD} and {@code 1AAC}, signatures {@code 1AAE}, indexed
   * {@code 0A 0B 3A 3B}. Not verified: keripy defines the codes but its {@code Verfer} raises
   * "Unsupported code" for them, so no keripy controller can sign with Ed448.
   */
  ED448(false);

  private final boolean supported;

  SignatureAlgorithm(boolean supported) {
    this.supported = supported;
  }

  /** {@return true if cesrj verifies signatures of this suite (all but {@link #ED448})} */
  public boolean supported() {
    return supported;
  }

  /**
   * {@return the suite of a verification key code, if {@code code} is one: Ed25519 {@code D B},
   * secp256k1 {@code 1AAB 1AAA}, secp256r1 {@code 1AAJ 1AAI}, Ed448 {@code 1AAD 1AAC}}
   *
   * @param code a Matter code
   */
  public static Optional<SignatureAlgorithm> ofVerfer(MatterCode code) {
    if (code == null) {
      return Optional.empty();
    }
    switch (code) {
      case Ed25519:
      case Ed25519N:
        return Optional.of(ED25519);
      case ECDSA_256k1:
      case ECDSA_256k1N:
        return Optional.of(ECDSA_SECP256K1);
      case ECDSA_256r1:
      case ECDSA_256r1N:
        return Optional.of(ECDSA_SECP256R1);
      case Ed448:
      case Ed448N:
        return Optional.of(ED448);
      default:
        return Optional.empty();
    }
  }

  /**
   * {@return the suite of a signature (cigar) code, if {@code code} is one: {@code 0B} Ed25519,
   * {@code 0C} secp256k1, {@code 0I} secp256r1, {@code 1AAE} Ed448}
   *
   * @param code a Matter code
   */
  public static Optional<SignatureAlgorithm> ofCigar(MatterCode code) {
    if (code == null) {
      return Optional.empty();
    }
    switch (code) {
      case Ed25519_Sig:
        return Optional.of(ED25519);
      case ECDSA_256k1_Sig:
        return Optional.of(ECDSA_SECP256K1);
      case ECDSA_256r1_Sig:
        return Optional.of(ECDSA_SECP256R1);
      case Ed448_Sig:
        return Optional.of(ED448);
      default:
        return Optional.empty();
    }
  }

  /**
   * {@return the suite of an indexed signature code (every {@link IndexerCode} has one)}
   *
   * @param code an Indexer code
   */
  public static SignatureAlgorithm ofIndexer(IndexerCode code) {
    switch (code) {
      case Ed25519_Sig:
      case Ed25519_Crt_Sig:
      case Ed25519_Big_Sig:
      case Ed25519_Big_Crt_Sig:
        return ED25519;
      case ECDSA_256k1_Sig:
      case ECDSA_256k1_Crt_Sig:
      case ECDSA_256k1_Big_Sig:
      case ECDSA_256k1_Big_Crt_Sig:
        return ECDSA_SECP256K1;
      case ECDSA_256r1_Sig:
      case ECDSA_256r1_Crt_Sig:
      case ECDSA_256r1_Big_Sig:
      case ECDSA_256r1_Big_Crt_Sig:
        return ECDSA_SECP256R1;
      default:
        return ED448;
    }
  }
}
