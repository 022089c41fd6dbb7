package dev.cesrj.keri.credential;

import dev.cesrj.keri.acdc.Acdc;
import dev.cesrj.keri.acdc.AcdcFailure;
import dev.cesrj.keri.tel.CredentialState;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one credential of a stream: its last message's outcome.
 *
 * @param said the credential's SAID
 * @param acdc the typed credential
 * @param status issued, revoked, or not accepted
 * @param escrow the escrow it waits in, when not accepted and escrowed
 * @param reason why it is not accepted ({@link CredentialReason#NONE} when accepted)
 * @param acdcFailure the ACDC rule that failed, when {@code reason} is {@link
 *     CredentialReason#ACDC}
 * @param tel its TEL state (keripy's {@code vcState}), if its issuance is accepted
 * @param detail a human-readable detail
 * @param missing what it waits for that the messages given so far do not hold ({@link
 *     CredentialVerifier#missing(String)}); empty unless it is escrowed
 */
public record CredentialVerdict(String said, Acdc acdc, CredentialStatus status,
    Optional<CredentialEscrow> escrow, CredentialReason reason, Optional<AcdcFailure> acdcFailure,
    Optional<CredentialState> tel, String detail, List<Missing> missing) {
  /**
   * Checks the fields are present.
   *
   * @param said see the record description
   * @param acdc see the record description
   * @param status see the record description
   * @param escrow see the record description
   * @param reason see the record description
   * @param acdcFailure see the record description
   * @param tel see the record description
   * @param detail see the record description
   * @param missing see the record description
   * @throws NullPointerException if an argument is null
   */
  public CredentialVerdict {
    Objects.requireNonNull(said, "said");
    Objects.requireNonNull(acdc, "acdc");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(escrow, "escrow");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(acdcFailure, "acdcFailure");
    Objects.requireNonNull(tel, "tel");
    Objects.requireNonNull(detail, "detail");
    missing = List.copyOf(missing);
  }

  /** {@return true if the credential is accepted (issued or revoked)} */
  public boolean accepted() {
    return status != CredentialStatus.NOT_ACCEPTED;
  }
}
