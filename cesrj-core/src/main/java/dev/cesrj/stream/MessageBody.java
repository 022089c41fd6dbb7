package dev.cesrj.stream;

import dev.cesrj.group.Group;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;

/**
 * What {@link MessageFramer} read of one message's body (keripy {@code parsing.py} {@code
 * Parser.msgParsator}): the record a {@link Message} is made from, with the {@link
 * MessageFramer.Run} of its attachments.
 *
 * @param group the NonNativeBodyGroup or CESR-native body group that carries the body; {@code
 *     null} for a bare JSON, CBOR or MGPK body
 * @param texter the NonNativeBodyGroup's Bytes primitive, whose raw value is the body; {@code
 *     null} for a bare body or a CESR-native one
 * @param version the body's version string (for a CESR-native body, the one keripy writes for it)
 * @param bytes the body's bytes: a slice of the input for a bare or CESR-native body, the decoded
 *     raw value of the Texter otherwise
 * @param end the buffer index just past the body or its body group: where its attachments start
 */
record MessageBody(Group group, Matter texter, VersionString version, ByteBuf bytes, int end) {}
