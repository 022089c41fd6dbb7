package dev.cesrj.keri.crypto;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Ed25519 verification with libsodium's verdict, the one keripy gets ({@code
 * src/keri/core/coring.py} {@code Verfer._ed25519}: {@code pysodium.crypto_sign_verify_detached},
 * any exception taken as {@code false}).
 *
 * <p>libsodium (its {@code crypto_sign/ed25519/ref10/open.c}, without {@code ED25519_COMPAT})
 * refuses what RFC 8032's cofactored check and BouncyCastle accept: it requires {@code S < L},
 * refuses an {@code R} or key {@code A} of small order and a key whose y is not below p, and
 * compares the canonical encoding of {@code [S]B - [k]A} with {@code R} byte for byte
 * (cofactorless). So a signature whose {@code R} is the honest {@code R} plus a point of small order
 * fails here, as in keripy, and verifies under BouncyCastle 1.87.
 *
 * <p>The implementation is chosen once per JVM, when this class is first used: {@link
 * Ed25519Implementation#LIBSODIUM} (the library bundled in lazysodium-java, through JNA) if it
 * loads, else {@link Ed25519Implementation#PURE_JAVA}, the same checks in the same order in pure
 * Java ({@code Ed25519Java}). The system property {@value #PROPERTY} set to {@code java} chooses
 * the pure-Java check; set to {@code libsodium}, a libsodium that cannot load fails the first
 * verification with an {@link IllegalStateException} instead of falling back.
 */
public final class Ed25519Verifier {
  /** The system property that chooses the implementation: {@code java} or {@code libsodium}. */
  public static final String PROPERTY = "cesrj.ed25519";

  private static final Ed25519Implementation CHOSEN = choose();
  /** A test's choice ({@link #force}), else null: the JVM's choice holds. */
  private static volatile Ed25519Implementation forced;

  private Ed25519Verifier() {}

  private static Ed25519Implementation choose() {
    String p = System.getProperty(PROPERTY, "").trim().toLowerCase(Locale.ROOT);
    if (p.equals("java")) {
      return Ed25519Implementation.PURE_JAVA;
    }
    if (p.equals("libsodium") || Ed25519Libsodium.failure().isEmpty()) {
      return Ed25519Implementation.LIBSODIUM;
    }
    return Ed25519Implementation.PURE_JAVA;
  }

  /** {@return the implementation this JVM verifies with} */
  public static Ed25519Implementation implementation() {
    Ed25519Implementation f = forced;
    return f != null ? f : CHOSEN;
  }

  /** Makes every verification use {@code implementation} (null: the JVM's choice); for tests. */
  static void force(Ed25519Implementation implementation) {
    forced = implementation;
  }

  /** {@return empty if libsodium loaded in this JVM, else why it did not} */
  public static Optional<String> libsodiumFailure() {
    return Ed25519Libsodium.failure();
  }

  /**
   * Verifies with this JVM's implementation.
   *
   * @param sig the signature, {@code R || S}: 64 bytes (another length is {@code false})
   * @param msg the signed bytes
   * @param pk the public key: 32 bytes (another length is {@code false})
   * @return libsodium's verdict
   */
  public static boolean verify(byte[] sig, byte[] msg, byte[] pk) {
    return verify(implementation(), sig, msg, pk);
  }

  /**
   * Verifies with a given implementation (tests compare the two).
   *
   * @param implementation the implementation
   * @param sig the signature, 64 bytes
   * @param msg the signed bytes
   * @param pk the public key, 32 bytes
   * @return libsodium's verdict
   * @throws IllegalStateException for {@link Ed25519Implementation#LIBSODIUM} if libsodium did not
   *     load ({@link #libsodiumFailure()})
   */
  public static boolean verify(Ed25519Implementation implementation, byte[] sig, byte[] msg,
      byte[] pk) {
    Objects.requireNonNull(sig, "sig");
    Objects.requireNonNull(msg, "msg");
    Objects.requireNonNull(pk, "pk");
    return implementation == Ed25519Implementation.LIBSODIUM
        ? Ed25519Libsodium.verify(sig, msg, pk)
        : Ed25519Java.verify(sig, msg, pk);
  }
}
