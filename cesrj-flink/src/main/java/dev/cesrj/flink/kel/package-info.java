/**
 * KEL validation on Apache Flink: {@link dev.cesrj.flink.kel.KelValidation}, a keyed operator that
 * runs cesrj-keri's {@link dev.cesrj.keri.kever.KelVerifier} per key with its
 * {@link dev.cesrj.keri.kever.VerifierState} in Flink keyed state
 * ({@link dev.cesrj.flink.kel.VerifierStateCodec}), emitting
 * {@link dev.cesrj.flink.kel.KelVerdict}s and {@link dev.cesrj.flink.kel.KeyStateChange}s.
 *
 * <p>Depends on {@code dev.cesrj.flink}, on {@code dev.cesrj.keri.kever} and on Flink's APIs; not on
 * {@code dev.cesrj.flink.job}.
 */
package dev.cesrj.flink.kel;
