package dev.cesrj.keri.acdc;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of verifying one credential ({@link AcdcVerifier#verify}).
 *
 * @param acdc the credential
 * @param saids every SAID check made ({@link AcdcSaids#check}); empty if a SAID was malformed
 * @param schema the credential's schema, when it was found
 * @param failure the first rule that failed; empty when {@link #status()} is {@link
 *     AcdcStatus#VERIFIED}
 */
public record AcdcVerdict(Acdc acdc, List<SaidCheck> saids, Optional<AcdcSchema> schema,
    Optional<AcdcFailure> failure) {
  /**
   * Creates the record.
   *
   * @param acdc see the record description
   * @param saids see the record description
   * @param schema see the record description
   * @param failure see the record description
   * @throws NullPointerException if an argument is null
   */
  public AcdcVerdict {
    Objects.requireNonNull(acdc, "acdc");
    saids = List.copyOf(saids);
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(failure, "failure");
  }

  /** {@return {@link AcdcStatus#VERIFIED}, or the status of the failure's reason} */
  public AcdcStatus status() {
    return failure.map(f -> f.reason().status()).orElse(AcdcStatus.VERIFIED);
  }

  /** {@return true if every check passed} */
  public boolean verified() {
    return failure.isEmpty();
  }
}
