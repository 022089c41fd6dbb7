/**
 * The example job ({@link dev.cesrj.flink.job.VerifyKelsJob}): {@code .cesr} files through
 * FileSource, {@link dev.cesrj.flink.kel.KelValidation}, one JSON line per message. The top layer
 * of cesrj-flink: it depends on {@code dev.cesrj.flink}, {@code dev.cesrj.flink.kel} and {@code
 * dev.cesrj.keri.kever} ({@code FailOn}, the {@code --fail-on} decision it shares with {@code cesrj
 * inspect --verify}), nothing depends on it.
 */
package dev.cesrj.flink.job;
