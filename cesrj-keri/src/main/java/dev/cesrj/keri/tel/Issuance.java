package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.TelEvent;
import java.util.Optional;

/**
 * Credential issuance: simple {@code iss} ({@code v t d i s ri dt}) or backed {@code bis}
 * ({@code v t d i ii s ra dt}).
 *
 * @param event the untyped event; its prefix {@code i} is the credential's SAID
 * @param snText {@code s} as written
 * @param registry {@code ri} ({@code iss}) or {@code ra.i} ({@code bis})
 * @param registryAnchor {@code ra} of a {@code bis}
 * @param issuer {@code ii} of a {@code bis}
 * @param datetime {@code dt}
 */
public record Issuance(TelEvent event, String snText, String registry,
    Optional<RegistryAnchor> registryAnchor, Optional<String> issuer, String datetime)
    implements TransactionEvent {
}
