package dev.cesrj.cli;

import dev.cesrj.keri.exchange.ExchangeVerdict;
import dev.cesrj.keri.kever.Escrow;
import dev.cesrj.keri.kever.Status;
import dev.cesrj.keri.kever.Verdict;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;

/**
 * One message's verdict as {@code inspect --verify} writes it, from a key event's or receipt's
 * {@link Verdict} or an exchange's {@link ExchangeVerdict}.
 *
 * @param index the message's position in the input (0-based)
 * @param ilk {@code t}, if the body read
 * @param prefix the event's prefix (a receipt's: the receipted event's; an exchange's: its
 *     sender), if any
 * @param sn the event's sequence number, if any
 * @param said the event's (or exchange's) SAID, if any
 * @param offset the stream offset ({@link dev.cesrj.keri.kever.StreamOffsets})
 * @param length the length without a leading genus-version code
 * @param status accepted, escrowed or rejected
 * @param escrow keripy's name of the escrow, iff escrowed
 * @param reason the reason's token (the constant's name in lower case), {@code none} if accepted
 * @param detail the detail in words
 */
record VerdictRow(int index, Optional<String> ilk, Optional<String> prefix, Optional<BigInteger> sn,
    Optional<String> said, long offset, long length, Status status, Optional<String> escrow,
    String reason, String detail) {

  static VerdictRow of(int index, long offset, long length, Verdict v) {
    return new VerdictRow(index, v.ilk(), v.prefix(), v.sn(), v.said(), offset, length,
        v.status(), v.escrow().map(Escrow::keripyName), v.reason().name().toLowerCase(Locale.ROOT),
        v.detail());
  }

  static VerdictRow of(int index, long offset, long length, ExchangeVerdict v) {
    return new VerdictRow(index, Optional.of("exn"),
        v.exchange().map(ExchangeVerdict.Exchange::sender), Optional.empty(),
        v.exchange().map(ExchangeVerdict.Exchange::said), offset, length, v.status(),
        v.status() == Status.ESCROWED ? Optional.of(ExchangeVerdict.ESCROW_KERIPY_NAME)
            : Optional.empty(),
        v.reason().name().toLowerCase(Locale.ROOT), v.detail());
  }
}
