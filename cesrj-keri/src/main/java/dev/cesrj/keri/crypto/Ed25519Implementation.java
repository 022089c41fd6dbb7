package dev.cesrj.keri.crypto;

/**
 * How Ed25519 signatures are verified in this JVM ({@link Ed25519Verifier#implementation()}): both
 * give libsodium's verdict on every input, the same verdict keripy gets through pysodium (keripy
 * {@code src/keri/core/coring.py} {@code Verfer._ed25519} calls {@code
 * pysodium.crypto_sign_verify_detached}).
 */
public enum Ed25519Implementation {
  /**
   * libsodium itself ({@code crypto_sign_verify_detached}), the native library bundled in
   * lazysodium-java and called through JNA: about twice BouncyCastle's speed.
   */
  LIBSODIUM,
  /**
   * A pure-Java check with libsodium's rules in libsodium's order ({@link Ed25519Verifier}), for a
   * platform where libsodium cannot load: exact, but tens of times slower than {@link #LIBSODIUM}.
   */
  PURE_JAVA
}
