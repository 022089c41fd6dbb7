/**
 * The bounded, per-call runner of tasks on workers ({@link dev.cesrj.parallel.ParallelRun}; ADR
 * 0001 and ADR 0002 under {@code docs/adr}): the calling thread plus threads made for one call
 * and joined before it returns, or tasks on the caller's executor. Not API: module {@code
 * dev.cesrj} exports it only to {@code dev.cesrj.keri}, whose signature checks run on it, and
 * uses it itself in {@code dev.cesrj.batch}.
 *
 * <p>Dependencies: none in cesrj (only {@code java.util.concurrent}).
 */
package dev.cesrj.parallel;
