package dev.cesrj.group;

import dev.cesrj.primitive.Element;
import io.netty.buffer.ByteBuf;

/**
 * CESR material kept as bytes without parsing: what follows the Pather in
 * PathedMaterialCouples (keripy keeps it opaque too). Does not own its bytes.
 */
public final class OpaqueMaterial implements Element {
  private final ByteBuf buf;
  private final int index;
  private final int length;
  private final long offset;

  OpaqueMaterial(ByteBuf buf, int index, int length, long offset) {
    this.buf = buf;
    this.index = index;
    this.length = length;
    this.offset = offset;
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
  public ByteBuf qb64() {
    return buf.slice(index, length);
  }
}
