/**
 * Views of one CESR primitive: {@link dev.cesrj.primitive.Matter} (a Matter primitive: code, soft
 * part, raw value), {@link dev.cesrj.primitive.IndexedSignature} (keripy {@code Siger}: code,
 * index, ondex, raw signature) and {@link dev.cesrj.primitive.Element}, the interface of every
 * element a group holds. Each view reads the same values whichever domain, qb64 or qb2, it was
 * read in (CESR specification, "Concrete Domain representations"). Rules: keripy
 * {@code src/keri/core/coring.py} ({@code Matter}) and {@code indexing.py} ({@code Indexer}).
 *
 * <p>Buffers: a view does not own its bytes. The accessor of its own domain is an unretained
 * slice of the buffer it was framed in, valid while that buffer is (its owner is the {@code
 * Groups}, {@code Messages}, parser or frame that made the view); the other accessor converts
 * into a new heap buffer that the caller owns. {@link dev.cesrj.primitive.Matter#parse} and
 * {@link dev.cesrj.primitive.Matter#parseQb2} copy their input into a heap buffer of the view's
 * own.
 *
 * <p>Dependencies: {@code dev.cesrj}, {@code dev.cesrj.code} and {@code dev.cesrj.internal} (the
 * scanners).
 */
package dev.cesrj.primitive;
