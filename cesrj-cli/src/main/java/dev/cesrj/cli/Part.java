package dev.cesrj.cli;

import dev.cesrj.group.Group;
import dev.cesrj.group.OpaqueMaterial;
import dev.cesrj.group.Tuple;
import dev.cesrj.primitive.Element;
import dev.cesrj.stream.Message;

/**
 * One line of the inspector's tree and annotation: a run of stream bytes (a body, a counter, a
 * primitive, opaque material, bytes nothing framed) or a heading that covers others (a message,
 * a tuple). {@link Parts} lists them in stream order; the bytes parts tile the stream.
 */
sealed interface Part {
  /** Stream offset of the first byte. */
  long offset();

  /** Bytes this line stands for: 0 for a heading, the counter alone for a group. */
  int bytes();

  /** Bytes the part spans with what it contains (a group: counter and content). */
  default long span() {
    return bytes();
  }

  /** A message heading; its body, groups and nested messages follow. */
  record Head(long offset, Message message, int ordinal, BodyFields fields) implements Part {
    @Override
    public int bytes() {
      return 0;
    }

    @Override
    public long span() {
      return message.length();
    }
  }

  /**
   * A message body as it stands in the stream: a bare JSON, CBOR or MGPK body, or the fields of a
   * CESR-native body after its body group's counter; {@code bytes} long.
   */
  record Body(long offset, int bytes, Message message) implements Part {}

  /** A group's counter; the group's elements follow. */
  record Counter(long offset, Group group) implements Part {
    @Override
    public int bytes() {
      return group.counterSize();
    }

    @Override
    public long span() {
      return group.length();
    }
  }

  /** A heading for one element of a group with several slots; its parts follow. */
  record TupleHead(long offset, Tuple tuple, int ordinal) implements Part {
    @Override
    public int bytes() {
      return 0;
    }

    @Override
    public long span() {
      return tuple.length();
    }
  }

  /**
   * A primitive (Matter or indexed signature) or opaque material, with the role it plays
   * (the slot name, e.g. {@code verfer}; {@code body} for a body's Bytes primitive).
   */
  record Primitive(long offset, Element element, String role) implements Part {
    @Override
    public int bytes() {
      return element.length();
    }

    /** True for the opaque material of pathed material couples. */
    boolean opaque() {
      return element instanceof OpaqueMaterial;
    }
  }

  /** Bytes that no framed element covers (the input after an error). */
  record Gap(long offset, int bytes, String why) implements Part {}
}
