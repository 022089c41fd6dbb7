/**
 * Messages: a body (JSON, CBOR, MessagePack or CESR-native) with its attachment groups, framed
 * as keripy's {@code src/keri/core/parsing.py} reads them. {@link dev.cesrj.stream.Messages}
 * iterates the messages of a whole stream; {@link dev.cesrj.stream.CesrStreamParser} is the push
 * parser for a stream that arrives in chunks, each call's result a {@link
 * dev.cesrj.stream.Framed}; {@link dev.cesrj.stream.CesrCursor} is the pull cursor, one {@link
 * dev.cesrj.stream.CesrToken} at a time without an object per token, over a buffer the caller
 * owns and may append to; {@link dev.cesrj.stream.Message} is the view of one message, {@link
 * dev.cesrj.stream.VersionString} its version string (CESR specification, "Version String
 * field"). {@link dev.cesrj.stream.Domains} converts items and streams between qb64 and qb2, and
 * {@link dev.cesrj.stream.TableInference} states which counter table a message's attachments are
 * read in.
 *
 * <p>Where to change what: a body kind (a serialization a version string can name) is a constant
 * of {@link dev.cesrj.stream.Kind} with its first bytes, framed by {@code MessageFramer} from the
 * size its version string gives; the readers of its fields are in {@code cesrj-keri} ({@code
 * dev.cesrj.keri.body}) and the inspect tool ({@code cesrj-cli}): three files at most. How a truncation or any other error is reported is decided in {@code
 * dev.cesrj.internal.Errors}, and a counter code is a row of {@link dev.cesrj.code.CounterTable}.
 *
 * <p>Buffers: {@code Messages} owns as {@code Groups} does ({@code copyOf}: its own copy,
 * released on {@code close()}; {@code over}: the caller's buffer, never released). The push
 * parser takes over each {@code ByteBuf} it is fed and owns its cumulation; the messages of a
 * {@code Framed} are views valid until the next call on the parser, unless retained with {@link
 * dev.cesrj.stream.Framed#retain()}. The cursor reads the caller's buffer in place, never retains
 * or releases it, and moves its reader index past each frame it has finished.
 *
 * <p>Dependencies: {@code dev.cesrj}, {@code dev.cesrj.code}, {@code dev.cesrj.internal}, {@code
 * dev.cesrj.primitive} and {@code dev.cesrj.group}.
 */
package dev.cesrj.stream;
