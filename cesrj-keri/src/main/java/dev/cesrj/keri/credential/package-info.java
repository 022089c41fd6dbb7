/**
 * Stream-level credential verification: one {@link dev.cesrj.keri.credential.CredentialVerifier}
 * over a CESR stream routes each message by kind to the KEL verifier ({@link
 * dev.cesrj.keri.kever.KelVerifier}: key events, receipts), the TEL verifier ({@link
 * dev.cesrj.keri.tel.Tevery}: vcp, vrt, iss, rev, bis, brv), the ACDC check ({@link
 * dev.cesrj.keri.acdc.AcdcVerifier}) and the exchanger ({@link dev.cesrj.keri.exchange.Exchanger}:
 * exn), retries the three escrows together, and gives keripy's verdict per message, per
 * credential ({@code issued}, {@code revoked}, not accepted), per registry and per prefix (keripy
 * {@code src/keri/vdr/verifying.py} {@code Verifier.processCredential} and its escrows).
 */
package dev.cesrj.keri.credential;
