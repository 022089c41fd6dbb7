package dev.cesrj.keri.event;

import dev.cesrj.keri.body.Body;
import java.math.BigInteger;

/**
 * A transaction event log (TEL) event of version 1 (keripy {@code serdering.py} {@code Fields}):
 * registry inception {@code vcp} ({@code v t d i ii s c bt b n}), registry rotation {@code vrt}
 * ({@code v t d i p s bt br ba}), issuance {@code iss} ({@code v t d i s ri dt}), revocation
 * {@code rev} ({@code v t d i s ri p dt}), backed issuance {@code bis} ({@code v t d i ii s ra dt})
 * and backed revocation {@code brv} ({@code v t d i s p ra dt}); the rest of their fields are in
 * {@link #fields()}.
 *
 * @param body the body
 * @param ilk the message type
 * @param said {@code d}
 * @param prefix {@code i}: the registry (vcp, vrt) or the credential's SAID
 * @param sn {@code s}
 */
public record TelEvent(Body body, Ilk ilk, String said, String prefix, BigInteger sn)
    implements KeriEvent {}
