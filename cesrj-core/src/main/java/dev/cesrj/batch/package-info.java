/**
 * Many independent CESR streams parsed at once on a bounded number of workers: {@link
 * dev.cesrj.batch.BatchParser} takes the inputs and returns a {@link dev.cesrj.batch.Batch}, one
 * {@link dev.cesrj.batch.BatchResult} per input in input order, each what a serial parse of that
 * input with {@code Messages} or {@code Groups} gives (its items, or its typed error).
 *
 * <p>Buffers: {@code byte[]} inputs are copied once each into buffers that the {@code Batch} owns
 * and releases on {@code close()}; {@code ByteBuf} inputs stay the caller's.
 *
 * <p>Dependencies: {@code dev.cesrj}, {@code dev.cesrj.code}, {@code dev.cesrj.primitive}, {@code
 * dev.cesrj.group}, {@code dev.cesrj.stream} and {@code dev.cesrj.parallel} (the per-call runner,
 * {@code ParallelRun}); not {@code dev.cesrj.internal} and not {@code dev.cesrj.netty}.
 */
package dev.cesrj.batch;
