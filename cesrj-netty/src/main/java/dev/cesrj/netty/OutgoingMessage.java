package dev.cesrj.netty;

import io.netty.buffer.ByteBuf;
import io.netty.util.AbstractReferenceCounted;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A message to write with a {@link CesrFrameEncoder}: a serialized body (JSON, CBOR or
 * MessagePack, with its version string at byte 0 to 8, whose size is the body's) and its
 * attachment groups, in order. The body's version and the encoder's table decide whether a
 * genus-version code goes in front of it, or whether the encoder refuses it ({@link
 * CesrFrameEncoder} says when); a CESR-native body has no version string: relay its {@link
 * CesrFrame}.
 *
 * <pre>{@code
 * channel.writeAndFlush(new OutgoingMessage(body)
 *     .attach(OutgoingGroup.of("ControllerIdxSigs").element(sig0).element(sig1)));
 * }</pre>
 *
 * <p>Reference counted, starting at 1: the message owns its body and every {@code ByteBuf} of
 * its groups, and releases them all when its count drops to 0. Writing it hands it to the
 * encoder, which passes the buffers on (no copy) and releases the message.
 */
public final class OutgoingMessage extends AbstractReferenceCounted {
  private final ByteBuf body;
  private final List<OutgoingGroup> groups = new ArrayList<>();

  /**
   * A message with {@code body} (its readable bytes; taken over) and no attachment yet.
   *
   * @param body the message body; this message owns it
   */
  public OutgoingMessage(ByteBuf body) {
    this.body = Objects.requireNonNull(body, "body");
  }

  /**
   * Appends an attachment group, taking over its buffers.
   *
   * @param group the group to attach
   * @return this
   */
  public OutgoingMessage attach(OutgoingGroup group) {
    groups.add(Objects.requireNonNull(group, "group"));
    return this;
  }

  /** {@return the body (not an extra reference)} */
  public ByteBuf body() {
    return body;
  }

  /** {@return the attachment groups in order} */
  public List<OutgoingGroup> groups() {
    return Collections.unmodifiableList(groups);
  }

  @Override
  protected void deallocate() {
    body.release();
    for (OutgoingGroup g : groups) {
      g.release();
    }
  }

  @Override
  public OutgoingMessage touch(Object hint) {
    body.touch(hint);
    return this;
  }
}
