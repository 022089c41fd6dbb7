package dev.cesrj.netty;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One attachment group to write with a {@link CesrFrameEncoder}: the group's name as the CESR
 * code tables name it (e.g. {@code ControllerIdxSigs}) and its elements, in order. The counter is
 * not given: the encoder writes the code that the table in use has for the name ({@code -A} in
 * CESR 1.0, {@code -K} in CESR 2.0 for ControllerIdxSigs) and the count in that code's unit
 * (elements, or quadlets of the content), promoted to the big form when the count exceeds the
 * small form's capacity ({@link CounterTable#codeFor(String, long)}).
 *
 * <p>An element is given as its parts, in the order of the group's element grammar (CESR.md
 * 4.3, 4.4): {@code ByteBuf}s of qb64 text (one primitive each, or several already concatenated)
 * and, where the grammar has a signature group (TransIdxSigGroups, TransLastIdxSigGroups,
 * TransReceiptIdxSigGroups), a nested {@code OutgoingGroup}. For a group with an element grammar
 * the number of parts must match it (one per slot), so that the count cannot be wrong; other
 * groups (AttachmentGroup, PathedMaterialCouples, GenericGroup, ...) take any parts, and count
 * quadlets.
 *
 * <p>Ownership: the group takes over every {@code ByteBuf} given to it; the {@link
 * OutgoingMessage} it is attached to releases them (the encoder hands them on without copying).
 * A group that is never attached must be {@link #release()}d. Not thread-safe.
 */
public final class OutgoingGroup {
  private final String name;
  private final List<List<Object>> elements = new ArrayList<>();

  private OutgoingGroup(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  /**
   * {@return an empty group named {@code name} (the small form's name, e.g. {@code
   * ControllerIdxSigs}, {@code AttachmentGroup})}
   *
   * @param name the group name as the code table has it
   */
  public static OutgoingGroup of(String name) {
    return new OutgoingGroup(name);
  }

  /**
   * Adds one element made of {@code parts}: each a {@code ByteBuf} of qb64 text (its readable
   * bytes, taken over) or a nested {@code OutgoingGroup}.
   *
   * @param parts the element's parts, in slot order
   * @return this
   * @throws IllegalArgumentException if a part is neither (the parts given are released)
   */
  public OutgoingGroup element(Object... parts) {
    for (Object p : parts) {
      if (!(p instanceof ByteBuf) && !(p instanceof OutgoingGroup)) {
        for (Object q : parts) {
          release(q);
        }
        throw new IllegalArgumentException("a part is a ByteBuf or an OutgoingGroup, not " + p);
      }
    }
    elements.add(List.of(parts));
    return this;
  }

  /** {@return the group's name} */
  public String name() {
    return name;
  }

  /** {@return the elements added so far, each as its parts} */
  public List<List<Object>> elements() {
    return Collections.unmodifiableList(elements);
  }

  /** Releases every {@code ByteBuf} of the group (nested groups included). */
  public void release() {
    for (List<Object> e : elements) {
      for (Object p : e) {
        release(p);
      }
    }
    elements.clear();
  }

  private static void release(Object part) {
    if (part instanceof OutgoingGroup) {
      ((OutgoingGroup) part).release();
    } else {
      ReferenceCountUtil.release(part);
    }
  }

  /**
   * The code and count this group is written with in {@code table}, and the bytes its content
   * takes (counter excluded).
   *
   * @throws IllegalArgumentException if the table has no such group, an element does not match
   *     its grammar, quadlet-counted content is not a whole number of quadlets, or the count
   *     exceeds every form of the code
   */
  Sized size(CounterTable table) {
    CounterCode small = table.codeFor(name, 0);
    long bytes = 0;
    for (List<Object> e : elements) {
      checkGrammar(small, e);
      for (Object p : e) {
        bytes += p instanceof ByteBuf
            ? ((ByteBuf) p).readableBytes()
            : ((OutgoingGroup) p).size(table).length();
      }
    }
    long count;
    if (small.unit() == CountUnit.ELEMENTS) {
      count = elements.size();
    } else {
      if (bytes % 4 != 0) {
        throw new IllegalArgumentException(
            name + " counts quadlets: its content of " + bytes + " bytes is not a whole number");
      }
      count = bytes / 4;
    }
    return new Sized(table.codeFor(name, count), count, bytes);
  }

  private void checkGrammar(CounterCode code, List<Object> parts) {
    if (code.layout() != Layout.TUPLES) {
      return;
    }
    if (parts.size() != code.slotCount()) {
      throw new IllegalArgumentException(
          name + " elements have " + code.slotCount() + " parts " + code.slots() + ", not "
              + parts.size());
    }
    for (int i = 0; i < parts.size(); i++) {
      boolean nested = parts.get(i) instanceof OutgoingGroup;
      if (nested != (code.slot(i) == Slot.SIGS)) {
        throw new IllegalArgumentException(
            name + " element part " + i + " (" + code.slot(i) + ") must be "
                + (nested ? "a ByteBuf" : "an OutgoingGroup"));
      }
    }
  }

  /** A group's code and count in a table, and its content's size in bytes. */
  record Sized(CounterCode code, long count, long contentBytes) {
    /** Counter plus content, in bytes. */
    long length() {
      return code.fs() + contentBytes;
    }
  }
}
