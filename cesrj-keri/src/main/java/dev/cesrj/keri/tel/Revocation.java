package dev.cesrj.keri.tel;

import dev.cesrj.keri.event.TelEvent;
import java.util.Optional;

/**
 * Credential revocation: simple {@code rev} ({@code v t d i s ri p dt}) or backed {@code brv}
 * ({@code v t d i s p ra dt}).
 *
 * @param event the untyped event; its prefix {@code i} is the credential's SAID
 * @param snText {@code s} as written
 * @param registry {@code ri} ({@code rev}) or {@code ra.i} ({@code brv})
 * @param prior {@code p}: the SAID of the credential's issuance
 * @param registryAnchor {@code ra} of a {@code brv}
 * @param datetime {@code dt}
 */
public record Revocation(TelEvent event, String snText, String registry, String prior,
    Optional<RegistryAnchor> registryAnchor, String datetime) implements TransactionEvent {
}
