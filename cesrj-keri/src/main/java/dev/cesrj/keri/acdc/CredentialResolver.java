package dev.cesrj.keri.acdc;

import java.util.Optional;

/**
 * Finds a credential by its SAID: the far node of an edge that is not in the stream at hand
 * (keripy {@code src/keri/vdr/verifying.py} {@code Verifier.verifyChain} reads it from its saved
 * credentials, {@code reger.saved} and {@code reger.creds}). An implementation should give only
 * credentials it has verified; {@link AcdcVerifier} checks that the one given has the SAID asked
 * for.
 */
@FunctionalInterface
public interface CredentialResolver {
  /** A resolver that knows no credential. */
  CredentialResolver NONE = said -> Optional.empty();

  /**
   * {@return the credential whose SAID is {@code said}, if known}
   *
   * @param said a credential SAID (qb64)
   */
  Optional<Acdc> resolve(String said);
}
