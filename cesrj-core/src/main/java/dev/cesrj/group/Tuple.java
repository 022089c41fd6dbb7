package dev.cesrj.group;

import dev.cesrj.code.Domain;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.Transcode;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * One element of a group whose grammar has several slots, for example (Prefixer, Number, Diger,
 * ControllerIdxSigs) of TransIdxSigGroups: its parts in slot order. A part is a {@link Matter},
 * an {@link dev.cesrj.primitive.IndexedSignature} or, for the {@link Slot#SIGS} slot, a nested
 * {@link Group}. Its domain is that of its parts. Does not own its bytes (see {@link Element}).
 */
public final class Tuple implements Element {
  private final ByteBuf buf;
  private final int index;
  private final int length;
  private final long offset;
  private final List<Slot> slots;
  private final List<Element> parts;

  Tuple(ByteBuf buf, int index, int length, long offset, List<Slot> slots, List<Element> parts) {
    this.buf = buf;
    this.index = index;
    this.length = length;
    this.offset = offset;
    this.slots = slots;
    this.parts = parts;
  }

  /**
   * {@return the slots of the grammar, in order; {@code parts().get(i)} fills {@code
   * slots().get(i)}}
   */
  public List<Slot> slots() {
    return slots;
  }

  /** {@return the parts, one per slot} */
  public List<Element> parts() {
    return parts;
  }

  /**
   * The part in slot {@code i} as a Matter. @throws ClassCastException if it is not one
   *
   * @param i the slot index, {@code 0..slots().size()-1}
   * @return the Matter primitive
   */
  public Matter matter(int i) {
    return (Matter) parts.get(i);
  }

  /**
   * The part in slot {@code i} as a nested group. @throws ClassCastException if it is not one
   *
   * @param i the slot index, {@code 0..slots().size()-1}
   * @return the nested group
   */
  public Group group(int i) {
    return (Group) parts.get(i);
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
    return parts.get(0).domain();
  }

  @Override
  public ByteBuf qb64() {
    return Transcode.qb64(buf.slice(index, length), domain());
  }

  @Override
  public ByteBuf qb2() {
    return Transcode.qb2(buf.slice(index, length), domain(), offset, null);
  }

  @Override
  public String toString() {
    return "Tuple" + parts;
  }
}
