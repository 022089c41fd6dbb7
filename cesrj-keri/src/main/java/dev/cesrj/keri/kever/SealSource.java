package dev.cesrj.keri.kever;

import java.math.BigInteger;

/**
 * One couple of a message's SealSourceCouples attachment: the sequence number and SAID of the
 * delegator's event said to anchor a delegated event (keripy {@code src/keri/core/eventing.py}
 * {@code Kevery.processEvent}, its {@code delseqner}, {@code delsaider}). A hint: {@link
 * Delegation} looks there first.
 *
 * @param sn the delegator's event's sequence number
 * @param said the delegator's event's SAID (qb64)
 */
record SealSource(BigInteger sn, String said) {
}
