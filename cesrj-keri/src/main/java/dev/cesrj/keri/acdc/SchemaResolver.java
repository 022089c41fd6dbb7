package dev.cesrj.keri.acdc;

import java.util.Optional;

/**
 * Finds a schema by its SAID (keripy {@code src/keri/core/scheming.py} {@code CacheResolver}: the
 * verifier's schema cache). An implementation must give only schemas whose SAID it was asked for
 * ({@link AcdcSchema#said()} equal to {@code said}); {@link AcdcVerifier} checks that it did.
 */
@FunctionalInterface
public interface SchemaResolver {
  /**
   * {@return the schema whose {@code $id} is {@code said}, if known}
   *
   * @param said a schema SAID (qb64)
   */
  Optional<AcdcSchema> resolve(String said);
}
