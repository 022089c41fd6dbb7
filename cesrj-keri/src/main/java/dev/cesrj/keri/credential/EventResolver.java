package dev.cesrj.keri.credential;

import java.util.Optional;

/**
 * Finds what a credential stream does not hold, by identifier, as CESR messages: a KEL by its
 * prefix, a TEL by its registry prefix or credential SAID, a credential (its ACDC, and the TEL and
 * KEL messages it comes with) by its SAID. keripy gets these by OOBI resolution and from its
 * databases ({@code src/keri/app/oobiing.py}, {@code src/keri/vdr/viring.py} {@code Reger}); here
 * the application says where they come from: another stream, a store, a cache of OOBI results
 * ({@link InMemoryEventResolver}).
 *
 * <p>{@link CredentialVerifier#finish()} asks for each thing {@link CredentialVerifier#missing}
 * names, once per identifier, and verifies the messages given as it verifies the stream's: the
 * resolver is trusted for nothing (a KEL given still has its signatures, SAIDs and delegation
 * checked). An implementation is called from the thread that calls {@code finish()}; one shared
 * by several verifiers must be thread-safe. Each method gives a whole CESR stream (the messages
 * in any order: escrows settle it) or empty when it knows nothing.
 */
public interface EventResolver {
  /** A resolver that knows nothing. */
  EventResolver NONE = new EventResolver() {};

  /**
   * {@return the messages of the KEL of {@code prefix}, if known}
   *
   * @param prefix an AID (qb64)
   */
  default Optional<byte[]> kel(String prefix) {
    return Optional.empty();
  }

  /**
   * {@return the TEL messages of {@code id}, if known}: a registry's ({@code vcp}, {@code vrt})
   * for a registry prefix, a credential's ({@code iss}, {@code rev}, {@code bis}, {@code brv})
   * for a credential SAID
   *
   * @param id a registry prefix or a credential SAID (qb64)
   */
  default Optional<byte[]> tel(String id) {
    return Optional.empty();
  }

  /**
   * {@return the messages of the credential {@code said} (its ACDC, and whatever TEL and KEL
   * messages come with it), if known}
   *
   * @param said a credential SAID (qb64)
   */
  default Optional<byte[]> credential(String said) {
    return Optional.empty();
  }
}
