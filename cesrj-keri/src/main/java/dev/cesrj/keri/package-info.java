/**
 * KERI on top of cesrj's framing: typed events, signatures by role, SAIDs and signature
 * verification (keripy {@code src/keri/core/serdering.py}, {@code coring.py},
 * {@code eventing.py}, {@code parsing.py}, {@code signing.py}, {@code indexing.py}).
 *
 * <p>Entry points: {@link dev.cesrj.keri.KeriEvents#of(dev.cesrj.stream.Message)} gives a
 * message's typed event ({@link dev.cesrj.keri.event.KeriEvent});
 * {@link dev.cesrj.keri.Signatures#of(dev.cesrj.stream.Message)} its signature groups by
 * {@link dev.cesrj.keri.SignatureRole}, each naming what it signs and whose keys verify it;
 * {@link dev.cesrj.keri.Saids#check(dev.cesrj.keri.body.Body)} checks SAIDs;
 * {@link dev.cesrj.keri.crypto.Verfer} verifies signatures. Everything read is copied out of the
 * stream's buffer, so events and signatures outlive it (a key-state validator keeps them).
 * Key-state validation (keripy {@code Kever}, {@code Kevery}) is in {@code dev.cesrj.keri.kever}.
 *
 * <p>Depends on the exported cesrj packages ({@code dev.cesrj}, {@code code}, {@code primitive},
 * {@code group}, {@code stream}), on Jackson and BouncyCastle (optional dependencies of cesrj: add
 * {@code jackson-core} and {@code bcprov-jdk18on} to use these packages); never on
 * {@code dev.cesrj.internal}, {@code dev.cesrj.netty}, {@code dev.cesrj.batch} or
 * {@code dev.cesrj.cli}, and no core package depends on it. Within it:
 * {@code crypto} below {@code body} below {@code event} below this package. No global mutable
 * state: every type is immutable or stateless, and thread-safe.
 */
package dev.cesrj.keri;
