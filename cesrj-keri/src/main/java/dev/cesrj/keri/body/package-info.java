/**
 * Message bodies decoded into fields: {@link dev.cesrj.keri.body.Body} (bytes, version string,
 * fields), {@link dev.cesrj.keri.body.FieldMap}, {@link dev.cesrj.keri.body.Value} and the
 * {@link dev.cesrj.keri.body.KeriBodyException} every body error is.
 *
 * <p>JSON bodies are read with Jackson's streaming parser ({@code com.fasterxml.jackson.core}, an
 * optional dependency of cesrj), CBOR and MessagePack bodies with cesrj's own bounds-checked
 * readers, CESR-native bodies from the views of {@code dev.cesrj.group}. Hostile input (deep
 * nesting, huge counts or numbers, repeated labels, bad UTF-8, wrong types) gives a
 * {@code KeriBodyException}, never another exception: nesting is limited to
 * {@link dev.cesrj.keri.body.Body#MAX_DEPTH}, every count is checked against the bytes left
 * before anything is allocated for it, and a body is never larger than the frame it came in.
 *
 * <p>Depends on {@code dev.cesrj}, {@code dev.cesrj.code}, {@code dev.cesrj.primitive},
 * {@code dev.cesrj.group}, {@code dev.cesrj.stream} and Jackson; not on
 * {@code dev.cesrj.internal}, {@code dev.cesrj.netty}, {@code dev.cesrj.cli} nor the other
 * {@code dev.cesrj.keri} packages. Every public type is immutable and thread-safe.
 */
package dev.cesrj.keri.body;
