package dev.cesrj.netty;

import dev.cesrj.CesrException;
import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.code.CountUnit;
import dev.cesrj.code.Layout;
import dev.cesrj.code.Slot;
import dev.cesrj.internal.GroupFramer;
import dev.cesrj.internal.Source;
import dev.cesrj.internal.TextScan;
import dev.cesrj.internal.Transcode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
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
 * <p>An element is given as its parts, in the order of the group's element grammar (keripy
 * {@code parsing.py}): {@code ByteBuf}s of qb64 text and, where the grammar has a signature group
 * (TransIdxSigGroups, TransLastIdxSigGroups, TransReceiptIdxSigGroups), a nested {@code
 * OutgoingGroup}. For a group with an element grammar there is one part per slot: a primitive of
 * a code the slot takes, an indexed signature, a group the slot takes given as qb64, or, for the
 * signature group, a ControllerIdxSigs in its small form ({@code -A} in CESR 1.0, at most 4,095
 * signatures; {@code -K} in 2.0, at most 4,095 quadlets: 186 Ed25519 signatures), the only code
 * keripy reads there. A group whose grammar starts with items written once, before its elements (the legacy
 * CESR 1.0 RootSadPathSigGroups {@code -K}: a root Pather, then SadPathSigGroups), takes them
 * with {@link #head}. Other attachment groups (AttachmentGroup, PathedMaterialCouples) take any
 * parts (one primitive each, or several already concatenated), and count quadlets. A group that
 * is not an attachment (GenericGroup, BodyWithAttachmentGroup, a body group, a genus-version
 * code, a group keripy cannot parse) is refused: write it as a message or as bytes.
 *
 * <p>Checks: when the group is written, the bytes it would write (counter, head, elements, nested
 * groups) are framed by the same group framer that {@link CesrFrameDecoder} reads attachments
 * with, which must read them as one whole group of that code, and the bytes of a group with an
 * element grammar must all be Base64url characters (as a reader that checks value characters,
 * {@link CesrOptions#checkValueCharacters()}, wants them: the framer sizes a value by its code
 * and does not read it); so the encoder writes exactly the groups the decoder accepts with every
 * character checked, and refuses, before writing a byte, what it would refuse.
 * Its refusal names the element and part where the framer stopped, and gives the framer's error.
 * Beside the framer's, only the shape of the parts is checked here: the name's code in the table,
 * one part per slot, a nested {@code OutgoingGroup} only in a signature-group slot, and a
 * quadlet-counted content of whole quadlets (its count is written from its size).
 *
 * <p>Ownership: the group takes over every {@code ByteBuf} given to it; the {@link
 * OutgoingMessage} it is attached to releases them (the encoder hands them on without copying).
 * A group that is never attached must be {@link #release()}d. Not thread-safe.
 */
public final class OutgoingGroup {
  private final String name;
  private List<Object> head = List.of();
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
    elements.add(parts(parts));
    return this;
  }

  /**
   * Sets the items written once after the counter, before the elements, where the group's grammar
   * has them (the legacy CESR 1.0 RootSadPathSigGroups {@code -K}: its root Pather); not counted.
   *
   * @param parts the head items, in slot order: {@code ByteBuf}s of qb64 text (taken over)
   * @return this
   * @throws IllegalArgumentException if a part is not a {@code ByteBuf} or an {@code
   *     OutgoingGroup}, or the head was set already (the parts given are released)
   */
  public OutgoingGroup head(Object... parts) {
    List<Object> h = parts(parts);
    if (!head.isEmpty()) {
      h.forEach(OutgoingGroup::release);
      throw new IllegalArgumentException(name + " has its head already");
    }
    head = h;
    return this;
  }

  private static List<Object> parts(Object... parts) {
    for (Object p : parts) {
      if (!(p instanceof ByteBuf) && !(p instanceof OutgoingGroup)) {
        for (Object q : parts) {
          release(q);
        }
        throw new IllegalArgumentException("a part is a ByteBuf or an OutgoingGroup, not " + p);
      }
    }
    return List.of(parts);
  }

  /** {@return the group's name} */
  public String name() {
    return name;
  }

  /** {@return the head items set ({@link #head}), empty if none} */
  public List<Object> head() {
    return head;
  }

  /** {@return the elements added so far, each as its parts} */
  public List<List<Object>> elements() {
    return Collections.unmodifiableList(elements);
  }

  /**
   * Releases every {@code ByteBuf} of the group (head and nested groups included) and empties it:
   * it then has no head and no elements, and takes parts again as a new group would.
   */
  public void release() {
    head.forEach(OutgoingGroup::release);
    head = List.of();
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
    requireAttachment(small);
    boolean tuples = small.layout().content() == Layout.Content.TUPLES;
    if (!head.isEmpty() || (tuples && !small.head().isEmpty())) {
      if (!tuples || head.size() != small.head().size()) {
        throw new IllegalArgumentException(name + " has a head of " + small.head() + ", not "
            + head.size() + " parts");
      }
    }
    long bytes = partsBytes(table, tuples ? small.head() : null, head, "head");
    for (List<Object> e : elements) {
      bytes += partsBytes(table, tuples ? small.slots() : null, e, "element");
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

  /** Refuses a group that {@link CesrFrameDecoder} would not read as an attachment. */
  private void requireAttachment(CounterCode code) {
    Layout l = code.layout();
    if (l.startsMessage() || l.selectsTable() || !l.parsedInRun()) {
      throw new IllegalArgumentException(
          name + " (" + code.code() + ") is not an attachment group: write it as a message or as"
              + " bytes");
    }
  }

  /**
   * The bytes of an element's (or the head's) parts, checked against {@code slots}, the grammar
   * of a tuple group; {@code null} for a group that takes any parts.
   */
  private long partsBytes(CounterTable table, List<Slot> slots, List<Object> parts, String what) {
    if (slots != null && parts.size() != slots.size()) {
      throw new IllegalArgumentException(
          name + " " + what + "s have " + slots.size() + " parts " + slots + ", not "
              + parts.size());
    }
    long bytes = 0;
    for (int i = 0; i < parts.size(); i++) {
      Object p = parts.get(i);
      Slot slot = slots != null ? slots.get(i) : null;
      if (p instanceof OutgoingGroup) {
        if (slots != null && slot != Slot.SIGS) {
          throw partError(what, i, slot, "must be a ByteBuf, not an OutgoingGroup");
        }
        bytes += ((OutgoingGroup) p).size(table).length();
      } else {
        if (slot == Slot.SIGS) {
          throw partError(what, i, slot, "must be an OutgoingGroup, not a ByteBuf");
        }
        bytes += ((ByteBuf) p).readableBytes();
      }
    }
    return bytes;
  }

  /**
   * The bytes this group writes in {@code table} at nesting depth {@code depth} (1 for a bare
   * attachment, 2 inside an AttachmentGroup): its counter (code and count of {@link #size}), then
   * its head and elements, nested groups written likewise; checked by framing them with the
   * decoder's group framer ({@link GroupFramer#group}), which must read them as one whole group.
   *
   * <p>Ownership: the caller owns the buffer returned and releases it. It is a composite of a new
   * counter buffer per group and retained slices of the parts, which stay the group's own.
   *
   * @throws IllegalArgumentException as {@link #size} does, or if the framer refuses the bytes
   *     (named by the element and part where it stopped, with its error), or reads a group that
   *     ends before them; nothing is left retained then
   */
  ByteBuf written(CounterTable table, int depth) {
    CompositeByteBuf bytes = Unpooled.compositeBuffer(Integer.MAX_VALUE);
    List<long[]> spans = new ArrayList<>();
    boolean ok = false;
    try {
      gather(table, bytes, spans, true);
      int end = bytes.writerIndex();
      GroupFramer framer = new GroupFramer(new Source(bytes, 0), CesrOptions.DEFAULT);
      int read;
      try {
        read = framer.group(0, end, table, depth);
      } catch (CesrException e) {
        throw refused(table, spans, e.offset(), e.getMessage());
      }
      if (read != end) {
        throw refused(table, spans, read, "the group read ends at byte " + read + " of the " + end
            + " written, " + (end - read) + " more follow");
      }
      if (table.codeFor(name, 0).layout().content() == Layout.Content.TUPLES) {
        // the framer sizes each value by its code and reads its characters only for a reader
        // that checks them (CesrOptions.checkValueCharacters, as cesrj inspect): a group of a
        // grammar is qb64 text throughout (counters, primitives, nested groups), so every byte is
        // a Base64url character or the group is not written. AttachmentGroup and
        // PathedMaterialCouples are not checked: they may hold a nested message's JSON, CBOR or
        // MessagePack body.
        try {
          Transcode.requireBase64(bytes, 0, null);
        } catch (CesrException e) {
          throw refused(table, spans, e.offset(), e.getMessage());
        }
      }
      ok = true;
      return bytes;
    } finally {
      if (!ok) {
        bytes.release();
      }
    }
  }

  /**
   * Adds the bytes this group writes to {@code out} (a view of each part, not a copy), and to
   * {@code spans} where each of its parts starts if it is the group written ({@code top}): {@code
   * {byte offset, element (-1 for the head), part}}; a nested group lies in the span of the part
   * that holds it.
   */
  private void gather(CounterTable table, CompositeByteBuf out, List<long[]> spans, boolean top) {
    Sized s = size(table);
    byte[] counter = s.code().qb64(s.count()).getBytes(StandardCharsets.US_ASCII);
    out.addComponent(true, Unpooled.wrappedBuffer(counter));
    gatherParts(table, out, spans, top, head, -1);
    for (int e = 0; e < elements.size(); e++) {
      gatherParts(table, out, spans, top, elements.get(e), e);
    }
  }

  private void gatherParts(
      CounterTable table, CompositeByteBuf out, List<long[]> spans, boolean top,
      List<Object> parts, int element) {
    for (int i = 0; i < parts.size(); i++) {
      if (top) {
        spans.add(new long[] {out.writerIndex(), element, i});
      }
      Object p = parts.get(i);
      if (p instanceof OutgoingGroup) {
        ((OutgoingGroup) p).gather(table, out, spans, false);
      } else {
        out.addComponent(true, ((ByteBuf) p).retainedSlice());
      }
    }
  }

  /**
   * The refusal of this group for the problem {@code detail} that the framer met at byte {@code
   * at} of what it would write: named by the element and part holding that byte, and the slot
   * the grammar has there (the counter, if no part holds it).
   */
  private IllegalArgumentException refused(
      CounterTable table, List<long[]> spans, long at, String detail) {
    long[] holder = null;
    for (long[] span : spans) {
      if (span[0] <= at) {
        holder = span;
      }
    }
    if (holder == null) {
      return new IllegalArgumentException(name + " is not read back as written: " + detail);
    }
    int element = (int) holder[1];
    int i = (int) holder[2];
    CounterCode small = table.codeFor(name, 0);
    List<Slot> slots =
        small.layout().content() != Layout.Content.TUPLES
            ? null
            : element < 0 ? small.head() : small.slots();
    String where = name + " " + (element < 0 ? "head" : "element " + element) + " part " + i;
    if (slots == null) {
      return new IllegalArgumentException(where + " is not read back as written: " + detail);
    }
    Slot slot = slots.get(i);
    return new IllegalArgumentException(
        where + " (" + slot + ") is not " + words(slot) + " as the decoder reads it: " + detail);
  }

  private static String words(Slot slot) {
    return slot.isGroup() ? "a group" : TextScan.slotWords(slot);
  }

  private IllegalArgumentException partError(String what, int i, Slot slot, String problem) {
    return new IllegalArgumentException(
        name + " " + what + " part " + i + " (" + slot + ") " + problem);
  }

  /** A group's code and count in a table, and its content's size in bytes. */
  record Sized(CounterCode code, long count, long contentBytes) {
    /** Counter plus content, in bytes. */
    long length() {
      return code.fs() + contentBytes;
    }
  }
}
