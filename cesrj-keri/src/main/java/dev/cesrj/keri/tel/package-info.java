/**
 * Transaction event logs (TEL) of credential registries, verified as keripy's {@code Tevery} and
 * {@code Tever} do (keripy {@code src/keri/vdr/eventing.py}): typed TEL events ({@link
 * dev.cesrj.keri.tel.TransactionEvent}: {@code vcp vrt iss rev bis brv}), each one anchored by an
 * event seal in an accepted event of its registry's issuer's KEL, read through {@link
 * dev.cesrj.keri.tel.KelAnchors}; registry state ({@link dev.cesrj.keri.tel.RegistryState}) and
 * each credential's TEL state ({@link dev.cesrj.keri.tel.CredentialState}, keripy's
 * {@code vcState}); a verdict per TEL message ({@link dev.cesrj.keri.tel.TelVerdict}) with the
 * escrows keripy keeps ({@link dev.cesrj.keri.tel.TelEscrow}) and typed reasons ({@link
 * dev.cesrj.keri.tel.TelReason}). The entry point is {@link dev.cesrj.keri.tel.Tevery}.
 *
 * <p>Allowed dependencies: cesrj-core ({@code dev.cesrj.*}: messages and their attachments),
 * {@code dev.cesrj.keri} (typed events, SAIDs, signatures), {@code dev.cesrj.keri.body}, {@code
 * dev.cesrj.keri.event}, {@code dev.cesrj.keri.crypto} (backer signatures) and {@code
 * dev.cesrj.keri.kever} (key-state values and the {@link dev.cesrj.keri.kever.KelVerifier} it
 * reads anchors from). Nothing in {@code kever} or {@code acdc} depends on this package.
 */
package dev.cesrj.keri.tel;
