/**
 * The CESR code tables as data: every Matter code ({@link dev.cesrj.code.MatterCode}), every
 * Indexer code ({@link dev.cesrj.code.IndexerCode}) and every counter code of each counter table
 * ({@link dev.cesrj.code.CounterTable}, rows {@link dev.cesrj.code.CounterCode}), with their
 * sizes in Base64 characters, what a count counts ({@link dev.cesrj.code.CountUnit}), what a group
 * holds ({@link dev.cesrj.code.Layout}, {@link dev.cesrj.code.Slot}) and the two domains qb64 and
 * qb2 ({@link dev.cesrj.code.Domain}). Sources: keripy {@code src/keri/core/coring.py}
 * ({@code MatterCodex}), {@code indexing.py} ({@code IdrDex}) and {@code counting.py}
 * ({@code CounterCodex_1_0}, {@code CounterCodex_2_0}). A new counter code is a row of {@code
 * CounterTable}.
 *
 * <p>Immutable values; nothing here reads a stream or holds a buffer.
 *
 * <p>Dependencies: no other cesrj package (the bottom layer; {@code dev.cesrj.ArchitectureTest}
 * enforces the layering that each package's documentation states).
 */
package dev.cesrj.code;
