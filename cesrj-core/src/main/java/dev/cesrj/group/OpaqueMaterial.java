package dev.cesrj.group;

import dev.cesrj.code.Domain;
import dev.cesrj.internal.Transcode;
import dev.cesrj.primitive.Element;
import io.netty.buffer.ByteBuf;

/**
 * CESR material kept as bytes without parsing: what follows the Pather in
 * PathedMaterialCouples (keripy keeps it opaque too), in the domain of its group. Does not own
 * its bytes.
 */
public final class OpaqueMaterial implements Element {
  private final ByteBuf buf;
  private final int index;
  private final int length;
  private final long offset;
  private final Domain domain;

  OpaqueMaterial(ByteBuf buf, int index, int length, long offset, Domain domain) {
    this.buf = buf;
    this.index = index;
    this.length = length;
    this.offset = offset;
    this.domain = domain;
  }

  @Override
  public long offset() {
    return offset;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public Domain domain() {
    return domain;
  }

  @Override
  public ByteBuf qb64() {
    return Transcode.qb64(buf.slice(index, length), domain);
  }

  @Override
  public ByteBuf qb2() {
    return Transcode.qb2(buf.slice(index, length), domain, offset, null);
  }
}
