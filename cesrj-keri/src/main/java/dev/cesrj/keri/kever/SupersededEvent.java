package dev.cesrj.keri.kever;

import java.math.BigInteger;

/**
 * An accepted event that a recovery rotation superseded ({@link Recovery}): it was seen and
 * accepted, and is now off its KEL's trunk (keripy keeps it in {@code db.kels} under its sequence
 * number, before the superseding event, so {@code getLast} skips it).
 *
 * @param prefix its prefix (qb64)
 * @param sn its sequence number
 * @param said its SAID
 */
public record SupersededEvent(String prefix, BigInteger sn, String said) {
}
