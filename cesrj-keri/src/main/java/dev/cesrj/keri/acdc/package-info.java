/**
 * ACDC credentials verified on their own, before their TEL and KEL (issue 29's first part): the
 * typed credential ({@link dev.cesrj.keri.acdc.Acdc}: issuer, registry, schema, attribute, edge
 * and rule sections in compact or expanded form), the SAIDs of the credential and of each section
 * that carries one ({@link dev.cesrj.keri.acdc.AcdcSaids}), schemas that are their own SAIDs and
 * the validation of a credential against its schema ({@link dev.cesrj.keri.acdc.AcdcSchema},
 * {@link dev.cesrj.keri.acdc.SchemaResolver}), and the check of each edge against the credential
 * it points to ({@link dev.cesrj.keri.acdc.EdgeOperator}, {@link
 * dev.cesrj.keri.acdc.CredentialResolver}); {@link dev.cesrj.keri.acdc.AcdcVerifier} runs them in
 * keripy's order ({@code src/keri/vdr/verifying.py} {@code Verifier.processCredential}) and gives
 * an {@link dev.cesrj.keri.acdc.AcdcVerdict} whose {@link dev.cesrj.keri.acdc.AcdcStatus} names
 * keripy's outcome (saved, rejected, or waiting in its missing-schema or missing-chain escrow).
 * Whether the credential's registry issued it and its issuer's KEL anchors it (the TEL and KEL
 * parts) is left to the layers above.
 *
 * <p>Depends on {@code dev.cesrj} (errors), {@code dev.cesrj.code}, {@code dev.cesrj.primitive},
 * {@code dev.cesrj.stream}, {@code dev.cesrj.keri}, {@code dev.cesrj.keri.body}, {@code
 * dev.cesrj.keri.event} and {@code dev.cesrj.keri.crypto}, and on {@code com.networknt.schema}
 * (JSON Schema) with the Jackson 3 databind it is built on; never on {@code dev.cesrj.keri.kever},
 * {@code dev.cesrj.internal}, {@code netty}, {@code cli} or {@code flink}, and no other keri
 * package uses it. Every type is immutable or stateless and thread-safe, the resolvers as their
 * implementations make them ({@link dev.cesrj.keri.acdc.InMemorySchemaResolver} is).
 */
package dev.cesrj.keri.acdc;
