/**
 * What every layer of cesrj shares: the parsing options ({@link dev.cesrj.CesrOptions}: limits,
 * default counter table, allocator, value-character check) and the typed exceptions, all
 * subclasses of {@link dev.cesrj.CesrException}, which carry the stream offset (bytes) and the
 * code where a rule was broken: {@link dev.cesrj.TruncatedException} (more bytes needed),
 * {@link dev.cesrj.MalformedException}, {@link dev.cesrj.UnknownCodeException},
 * {@link dev.cesrj.NonCanonicalException}, {@link dev.cesrj.VersionStringException},
 * {@link dev.cesrj.UnsupportedException}, {@link dev.cesrj.AmbiguousTableException},
 * {@link dev.cesrj.ColdStartException} and the limits ({@link dev.cesrj.FrameTooLargeException},
 * {@link dev.cesrj.NestingTooDeepException}, {@link dev.cesrj.ElementLimitException}). Each
 * error also names the rule broken ({@link dev.cesrj.ErrorKind}, several per subclass) and the
 * groups that enclose it ({@link dev.cesrj.EnclosingGroup}); cesrj builds them all in one
 * internal factory, {@code dev.cesrj.internal.Errors}: the one file to change how a rule is
 * reported.
 *
 * <p>Holds no buffer; {@link dev.cesrj.CesrOptions#allocator()} is the allocator the copying entry
 * points of the other packages take their buffers from.
 *
 * <p>Dependencies: {@code dev.cesrj.code} only, so that every other package may use this one.
 */
package dev.cesrj;
