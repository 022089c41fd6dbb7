package dev.cesrj.keri.tel;

/**
 * The registry anchor {@code ra} of a backed issuance or revocation ({@code bis}, {@code brv}):
 * the registry event whose backers and threshold apply (keripy {@code src/keri/vdr/eventing.py}
 * {@code Tever.getBackerState}).
 *
 * @param registry {@code i}: the registry prefix
 * @param sn {@code s}: the registry event's sequence number, as written (hex)
 * @param said {@code d}: the registry event's SAID
 */
public record RegistryAnchor(String registry, String sn, String said) {
}
