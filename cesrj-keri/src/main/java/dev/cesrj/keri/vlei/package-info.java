/**
 * The vLEI chain policy: given GLEIF's root of trust (its AID, or its KEL as an OOBI gives it),
 * {@link dev.cesrj.keri.vlei.VleiPolicy} checks the credentials a {@link
 * dev.cesrj.keri.credential.CredentialVerifier} accepted against the vLEI credential framework:
 * the QVI credential issued by GLEIF External, whose KEL GLEIF Root delegates; the Legal Entity
 * credential with its {@code qvi} edge; OOR AUTH and ECR AUTH with their {@code le} edges; OOR and
 * ECR with their {@code auth} (or, for ECR, {@code le}) edges and operators; each recognised by
 * its vLEI schema SAID ({@link dev.cesrj.keri.vlei.VleiSchema}). The verdict per credential is a
 * {@link dev.cesrj.keri.vlei.VleiVerdict}: which rule failed, on which edge, or what is missing.
 *
 * <p>Sources: the vLEI schemas of WebOfTrust/vLEI (commit f514b9431c5f965b5f7f64a8693e19df2f181564,
 * {@code schema/acdc/*.json}: their {@code e} sections name each edge, its far node's schema and
 * operator) and the vLEI Ecosystem Governance Framework's credential frameworks (GLEIF: the
 * QVI, Legal Entity, OOR, ECR and their authorization credentials).
 *
 * <p>Role and dependencies: a policy over verdicts already given; it reads {@code
 * keri.credential} (the verifier's credentials, key states and what is missing), {@code keri.acdc}
 * (typed credentials and edges) and {@code keri.kever} (key states, and a {@link
 * dev.cesrj.keri.kever.KelVerifier} for a root of trust given as a KEL); nothing depends on it
 * but applications and {@code cli}.
 */
package dev.cesrj.keri.vlei;
