package dev.cesrj.bench;

import com.goterl.lazysodium.SodiumJava;
import com.goterl.lazysodium.utils.LibraryLoader;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * libsodium's {@code crypto_sign_verify_detached} through a JNA direct mapping of its own
 * ({@link Native#register(Class, NativeLibrary)}) on the very library file lazysodium-java
 * extracted and loaded (found in {@code /proc/self/maps}: Linux only; the file is deleted once
 * loaded, so JNA's cache of loaded libraries gives it by that name), to measure what a call
 * through lazysodium's {@code SodiumJava} costs against the bare binding (issue 31). lazysodium's
 * {@code Sodium} declares its functions {@code native} and registers them the same way, so the
 * two should cost the same; the benchmark says whether they do.
 */
final class Ed25519Jna {
  /** The library file lazysodium loaded, and lazysodium's binding (loaded first). */
  static final SodiumJava LAZYSODIUM = new SodiumJava(LibraryLoader.Mode.BUNDLED_ONLY);
  static final String LIBRARY = loaded();

  static {
    // lazysodium deletes the file once loaded: JNA's cache gives the loaded library by its name
    Native.register(Ed25519Jna.class, NativeLibrary.getInstance(LIBRARY,
        java.util.Collections.singletonMap(com.sun.jna.Library.OPTION_CLASSLOADER,
            SodiumJava.class.getClassLoader())));
  }

  private Ed25519Jna() {}

  /**
   * libsodium: 0 if {@code sig} is {@code pk}'s signature of the first {@code len} bytes of
   * {@code msg}, else -1.
   */
  static native int crypto_sign_verify_detached(byte[] sig, byte[] msg, long len, byte[] pk);

  /** {@return libsodium's verdict, the lengths checked first as cesrj's binding checks them} */
  static boolean verify(byte[] sig, byte[] msg, byte[] pk) {
    return sig.length == 64 && pk.length == 32
        && crypto_sign_verify_detached(sig, msg, msg.length, pk) == 0;
  }

  private static String loaded() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
        int at = line.indexOf('/');
        String file = at < 0 ? "" : line.substring(at).replace(" (deleted)", "");
        if (file.contains("sodium") && file.endsWith(".so")) {
          return file;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("lazysodium's libsodium is not mapped in this process");
  }
}
