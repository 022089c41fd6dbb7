package dev.cesrj.keri.credential;

import dev.cesrj.keri.kever.Status;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one message of a credential stream, whichever verifier decided it.
 *
 * @param index the message's position in the stream (0-based)
 * @param offset its byte offset in the stream
 * @param kind which verifier decided it
 * @param ilk its ilk ({@code acdc} for a credential), or empty if unreadable
 * @param prefix its {@code i} (a KEL prefix; a TEL event's registry or credential SAID; a
 *     credential's issuer; an exchange's sender), or empty
 * @param sn its sequence number (KEL and TEL events), or empty
 * @param said its SAID as written, or empty
 * @param status accepted, escrowed or rejected
 * @param escrow keripy's name of the escrow holding it ({@code ooes}, {@code pses}, {@code
 *     pwes}, {@code oots}, {@code taes}, {@code tpwe}, {@code mre}, {@code mce}, {@code mse},
 *     {@code epse}...), present iff escrowed
 * @param reason the deciding verifier's reason name ({@code NONE} when accepted)
 * @param detail a human-readable detail
 */
public record MessageVerdict(int index, long offset, MessageKind kind, Optional<String> ilk,
    Optional<String> prefix, Optional<BigInteger> sn, Optional<String> said, Status status, Optional<String> escrow,
    String reason, String detail) {
  /**
   * Checks the fields.
   *
   * @param index see the record description
   * @param offset see the record description
   * @param kind see the record description
   * @param ilk see the record description
   * @param prefix see the record description
   * @param sn see the record description
   * @param said see the record description
   * @param status see the record description
   * @param escrow see the record description
   * @param reason see the record description
   * @param detail see the record description
   * @throws IllegalArgumentException if the escrow does not fit the status
   */
  public MessageVerdict {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(ilk, "ilk");
    Objects.requireNonNull(prefix, "prefix");
    Objects.requireNonNull(sn, "sn");
    Objects.requireNonNull(said, "said");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(detail, "detail");
    if (escrow.isPresent() != (status == Status.ESCROWED)) {
      throw new IllegalArgumentException(status + " with escrow " + escrow);
    }
  }
}
