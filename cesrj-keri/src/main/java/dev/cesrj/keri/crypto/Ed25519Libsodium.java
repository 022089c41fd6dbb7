package dev.cesrj.keri.crypto;

import com.goterl.lazysodium.SodiumJava;
import com.goterl.lazysodium.utils.LibraryLoader;
import java.util.Optional;

/**
 * libsodium's {@code crypto_sign_verify_detached}, loaded once per JVM from the library bundled in
 * lazysodium-java (never a system libsodium, so that the verdicts do not depend on the host).
 */
final class Ed25519Libsodium {
  private static final Object LOADED = load();

  private Ed25519Libsodium() {}

  /** {@return libsodium, or the reason it could not be loaded} */
  private static Object load() {
    try {
      return new SodiumJava(LibraryLoader.Mode.BUNDLED_ONLY);
    } catch (Throwable e) { // UnsatisfiedLinkError, a sandbox's SecurityException, no resource
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  /** {@return empty if libsodium is loaded, else why it is not} */
  static Optional<String> failure() {
    return LOADED instanceof SodiumJava ? Optional.empty() : Optional.of((String) LOADED);
  }

  /**
   * libsodium's verdict; the lengths are checked here (libsodium reads 64 and 32 bytes blindly).
   *
   * @throws IllegalStateException if libsodium is not loaded
   */
  static boolean verify(byte[] sig, byte[] msg, byte[] pk) {
    if (!(LOADED instanceof SodiumJava)) {
      throw new IllegalStateException("libsodium is not loaded: " + LOADED);
    }
    if (sig.length != 64 || pk.length != 32) {
      return false;
    }
    return ((SodiumJava) LOADED).crypto_sign_verify_detached(sig, msg, msg.length, pk) == 0;
  }
}
