package dev.cesrj.keri.crypto;

/**
 * Prints the Ed25519 implementation this JVM chose and one verdict on a torsion-R signature, for
 * {@link Ed25519ChoiceTest}, which runs it in JVMs of its own (the choice is made once per JVM).
 */
public final class Ed25519ChoiceMain {
  private Ed25519ChoiceMain() {}

  /**
   * Prints {@code IMPLEMENTATION honest torsion loaded|failure}.
   *
   * @param args none
   */
  public static void main(String[] args) {
    byte[] seed = new byte[32];
    byte[] msg = {1, 2, 3};
    byte[] pk = Ed25519Testing.publicKey(seed);
    System.out.println(Ed25519Verifier.implementation() + " "
        + Ed25519Verifier.verify(Ed25519Testing.sign(seed, msg, null), msg, pk) + " "
        + Ed25519Verifier.verify(
            Ed25519Testing.sign(seed, msg, Ed25519Testing.SMALL_ORDER.get(1)), msg, pk) + " "
        + (Ed25519Verifier.libsodiumFailure().isPresent() ? "failure" : "loaded"));
  }
}
