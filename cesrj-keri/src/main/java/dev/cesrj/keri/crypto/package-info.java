/**
 * The cryptography KERI needs to check what it reads: the digests of self-addressing identifiers
 * ({@link dev.cesrj.keri.crypto.Digests}) and signature verification from qb64 verification keys
 * ({@link dev.cesrj.keri.crypto.Verfer}, {@link dev.cesrj.keri.crypto.SignatureAlgorithm}).
 *
 * <p>Algorithms are keripy's (keripy {@code src/keri/core/coring.py} {@code Diger.Digests} and
 * {@code Verfer}, {@code src/keri/core/signing.py}): Blake3, Blake2b, Blake2s, SHA3 and SHA2
 * digests; Ed25519, ECDSA secp256k1 and secp256r1 signatures (SHA-256 message digest, raw
 * {@code r||s} signatures of 64 bytes). Ed448 is refused: keripy has codes for it but no verifier.
 * The Java platform (JDK 17) provides the SHA2 and SHA3 digests; BouncyCastle
 * ({@code org.bouncycastle.provider}) provides Blake3 and Blake2, and the ECDSA suites: secp256k1
 * (the JDK has none since JDK 16) and secp256r1, where it measured faster than the JDK (see {@code
 * docs/performance.md}). Ed25519 is verified by libsodium, keripy's verifier, or where it cannot
 * load by a pure-Java check with libsodium's rules ({@link dev.cesrj.keri.crypto.Ed25519Verifier}).
 *
 * <p>Keys keripy cannot use at all (an ECDSA key off its curve) are reported by {@link
 * dev.cesrj.keri.crypto.Verfer#decodes()}, so that key-state validation rejects the event.
 *
 * <p>Depends on {@code dev.cesrj}, {@code dev.cesrj.code} and {@code dev.cesrj.primitive} only,
 * never on the other {@code dev.cesrj.keri} packages. Every type is immutable and thread-safe: no
 * state is shared between calls but immutable curve parameters and the loaded libsodium.
 */
package dev.cesrj.keri.crypto;
