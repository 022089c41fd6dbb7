package dev.cesrj.keri.exchange;

import dev.cesrj.keri.kever.Status;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one message given to an {@link Exchanger}.
 *
 * @param index the message's position among the messages given to the exchanger (0-based)
 * @param offset the message's byte offset in its stream, as {@code KelVerifier}'s verdicts count
 *     it ({@link dev.cesrj.keri.kever.StreamOffsets})
 * @param exchange the {@code exn}'s said, sender, route and prior; present unless {@code reason}
 *     is {@link ExchangeReason#BODY_ERROR} or {@link ExchangeReason#NOT_AN_EXCHANGE}
 * @param status accepted; escrowed (keripy's partially signed exchange escrow {@code epse},
 *     retried by {@link Exchanger#retryEscrows()}); or rejected
 * @param reason why it was escrowed or rejected ({@link ExchangeReason#NONE} iff accepted)
 * @param detail a human-readable detail
 */
public record ExchangeVerdict(int index, long offset, Optional<Exchange> exchange, Status status,
    ExchangeReason reason, String detail) {
  /**
   * Checks that the reason fits the status.
   *
   * @param index see the record description
   * @param offset see the record description
   * @param exchange see the record description
   * @param status see the record description
   * @param reason see the record description
   * @param detail see the record description
   * @throws IllegalArgumentException if {@code reason} is {@link ExchangeReason#NONE} and the
   *     status is not accepted, or the other way round
   */
  public ExchangeVerdict {
    Objects.requireNonNull(exchange, "exchange");
    Objects.requireNonNull(detail, "detail");
    if ((status == Status.ACCEPTED) != (reason == ExchangeReason.NONE)) {
      throw new IllegalArgumentException(status + " with " + reason);
    }
  }

  /** keripy's name of the escrow an escrowed {@code exn} waits in ({@code basing.py}). */
  public static final String ESCROW_KERIPY_NAME = "epse";

  /**
   * What identifies an {@code exn}.
   *
   * @param said {@code d}
   * @param sender {@code i}
   * @param route {@code r}
   * @param prior {@code p}: the SAID of the exchange it answers; empty text when it starts one
   */
  public record Exchange(String said, String sender, String route, String prior) {
  }
}
