/**
 * Counted groups: {@link dev.cesrj.group.Groups} iterates the groups of an attachment stream
 * (keripy {@code src/keri/core/parsing.py}, counters as {@code counting.py} defines them), and
 * {@link dev.cesrj.group.Group} is the view of one, whose elements are primitives, {@link
 * dev.cesrj.group.Tuple}s of them, {@link dev.cesrj.group.OpaqueMaterial} or nested groups.
 * qb64 and qb2 groups alike; a stream may switch domains between groups (CESR specification,
 * "Cold start Stream parsing problem").
 *
 * <p>Buffers: {@code Groups.copyOf} copies the input once into a buffer from {@link
 * dev.cesrj.CesrOptions#allocator()} that the {@code Groups} owns and releases on {@code close()};
 * {@code Groups.over} copies nothing and leaves the caller's buffer to the caller. A group is a
 * view of that buffer and owns nothing.
 *
 * <p>Dependencies: {@code dev.cesrj}, {@code dev.cesrj.code}, {@code dev.cesrj.internal} (the
 * group framer) and {@code dev.cesrj.primitive}.
 */
package dev.cesrj.group;
