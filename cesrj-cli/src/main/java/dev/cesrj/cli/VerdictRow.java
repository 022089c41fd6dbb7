package dev.cesrj.cli;

import dev.cesrj.keri.credential.MessageVerdict;
import dev.cesrj.keri.kever.Status;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;

/**
 * One message's verdict as {@code inspect --verify} writes it, from a {@link MessageVerdict}.
 *
 * @param index the message's position in the input (0-based)
 * @param ilk {@code t}, if the body read
 * @param prefix the event's prefix (a receipt's: the receipted event's; a TEL event's: its
 *     registry or credential; a credential's: its issuer; an exchange's: its sender), if any
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

  static VerdictRow of(MessageVerdict v, long length) {
    return new VerdictRow(v.index(), v.ilk(), v.prefix(), v.sn(), v.said(), v.offset(), length,
        v.status(), v.escrow(), v.reason().toLowerCase(Locale.ROOT), v.detail());
  }
}
