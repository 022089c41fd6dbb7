package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.Ilk;
import java.math.BigInteger;

/**
 * One accepted event of a credential's TEL.
 *
 * @param sn its sequence number
 * @param said its SAID
 * @param ilk {@code iss}, {@code bis}, {@code rev} or {@code brv}
 * @param datetime its {@code dt}
 * @param anchor the issuer's KEL event whose seal anchors it
 */
public record CredentialEvent(BigInteger sn, String said, Ilk ilk, String datetime,
    TelAnchor anchor) {
}
