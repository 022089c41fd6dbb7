package dev.cesrj.stream;

import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One framed message: its version string, body and attachment groups, as views of the bytes it
 * was read from (ownership as for the {@link Messages} that returned it).
 *
 * <p>Forms (those keripy's {@code Parser.msgParsator} reads): a bare JSON/CBOR/MGPK body followed
 * by attachment groups (bare, or wrapped in an AttachmentGroup {@code -V}/{@code -C}, which then
 * holds all of them); a NonNativeBodyGroup ({@code -W} in CESR 1.0, {@code -H} in 2.0) whose Bytes
 * primitive carries the body, or a CESR-native body ({@code -F} FixBodyGroup, {@code -G}
 * MapBodyGroup, CESR 2.0), followed by attachment groups in the same way; or a
 * BodyWithAttachmentGroup envelope ({@code -U} in CESR 1.0, {@code -B} in 2.0) holding a
 * NonNativeBodyGroup, then the attachments and nested messages. Inside an envelope or
 * AttachmentGroup, an envelope or a NonNativeBodyGroup starts a nested message. The framer never
 * decodes the body beyond its version string.
 *
 * <p>GenericGroup sub-streams ({@code -T}/{@code --T} in CESR 1.0, {@code -A}/{@code --A} in 2.0,
 * {@code -W}/{@code -0W} in the legacy profile) are not messages themselves:
 * as keripy's {@code Parser.groupParsator} processes each message of the sub-stream as it would
 * one at the top of the stream, {@link Messages} and {@link CesrStreamParser} return the messages
 * inside the group, in stream order, each with the groups that enclose it in
 * {@link #genericGroups()}.
 */
public final class Message {
  private final long offset;
  private final int length;
  private final int depth;
  private final Group genusVersion;
  private final Group envelope;
  private final Group bodyGroup;
  private final Matter bodyTexter;
  private final VersionString version;
  private final ByteBuf body;
  private final CounterTable table;
  private final List<Group> attachments;
  private final List<Group> groups;
  private final List<Message> nested;
  private final List<Group> genericGroups;

  /**
   * The message the framer read: {@code length} bytes at offset {@code offset}, at nesting depth
   * {@code depth}, led by the genus-version code {@code genusVersion} and enclosed in the
   * BodyWithAttachmentGroup {@code envelope} (each {@code null} if there is none), its body as
   * {@code body} says, its attachments read with {@code table} into {@code run} (whose lists are
   * copied).
   */
  Message(
      long offset,
      int length,
      int depth,
      Group genusVersion,
      Group envelope,
      MessageBody body,
      CounterTable table,
      MessageFramer.Run run) {
    this.offset = offset;
    this.length = length;
    this.depth = depth;
    this.genusVersion = genusVersion;
    this.envelope = envelope;
    this.bodyGroup = body.group();
    this.bodyTexter = body.texter();
    this.version = body.version();
    this.body = body.bytes();
    this.table = table;
    this.attachments = List.copyOf(run.attachments);
    this.groups = List.copyOf(run.groups);
    this.nested = List.copyOf(run.nested);
    this.genericGroups = List.of();
  }

  /** {@code m} as one of the sub-stream of the GenericGroups {@code chain}, outermost first. */
  private Message(Message m, List<Group> chain) {
    this.offset = m.offset;
    this.length = m.length;
    this.depth = m.depth;
    this.genusVersion = m.genusVersion;
    this.envelope = m.envelope;
    this.bodyGroup = m.bodyGroup;
    this.bodyTexter = m.bodyTexter;
    this.version = m.version;
    this.body = m.body;
    this.table = m.table;
    this.attachments = m.attachments;
    this.groups = m.groups;
    this.nested = m.nested;
    this.genericGroups = List.copyOf(chain);
  }

  /** This message as one of the sub-stream of the GenericGroups {@code chain}, outermost first. */
  Message inGenericGroups(List<Group> chain) {
    return new Message(this, chain);
  }

  /**
   * {@return byte offset of the message from the start of the input: where its genus-version code,
   * its envelope, its body group or its body starts}
   */
  public long offset() {
    return offset;
  }

  /** {@return bytes the message takes: genus-version code, body or envelope, and attachments} */
  public int length() {
    return length;
  }

  /**
   * {@return nesting depth of the message: 1 at the top of the input, 2 for a message nested in a
   * top-level envelope or in the sub-stream of a top-level GenericGroup, ..} Attachment groups
   * directly after the body have this depth; groups inside an AttachmentGroup or an envelope one
   * more.
   */
  public int depth() {
    return depth;
  }

  /**
   * {@return the GenericGroups whose sub-stream this message is part of, outermost first (the last
   * one holds it directly)}: empty for a message at the top of the stream, and for a message
   * nested in another message (see that one's). The message's {@link #depth()} is one more than
   * the innermost group's {@link Group#depth()}; a group's {@link Group#offset()} and
   * {@link Group#length()} give the whole sub-stream, counter included.
   */
  public List<Group> genericGroups() {
    return genericGroups;
  }

  /** {@return the genus-version code read just before this message, if any} */
  public Optional<Group> genusVersion() {
    return Optional.ofNullable(genusVersion);
  }

  /** {@return the BodyWithAttachmentGroup that encloses this message, if it came in that form} */
  public Optional<Group> envelope() {
    return Optional.ofNullable(envelope);
  }

  /**
   * {@return the body group, if the body came in one (enveloped or not): the NonNativeBodyGroup
   * that carries a JSON/CBOR/MGPK body, or the CESR-native FixBodyGroup or MapBodyGroup that is the
   * body (its {@link Group#elements()} are the body's fields)}
   */
  public Optional<Group> bodyGroup() {
    return Optional.ofNullable(bodyGroup);
  }

  /** {@return the {@code Bytes} primitive whose raw value is the body, if it came in that form} */
  public Optional<Matter> bodyTexter() {
    return Optional.ofNullable(bodyTexter);
  }

  /**
   * {@return the body's version string} For a CESR-native body, which has none, the version string
   * keripy would write for it: protocol and versions from its Verser, kind {@code CESR}, size the
   * body group's length in characters (e.g. {@code KERICAACAACESRAAFA.} for 320 characters).
   */
  public VersionString version() {
    return version;
  }

  /**
   * {@return the body bytes ({@code version().size()} bytes): a slice of the input for a bare body
   * and for a CESR-native body (the body group's text, counter included: what keripy signs), not
   * retained; a new unpooled heap buffer (decoded from the Bytes primitive) for a body carried
   * in a NonNativeBodyGroup}
   */
  public ByteBuf body() {
    return body.slice();
  }

  /** {@return the counter table the attachments were read with} */
  public CounterTable table() {
    return table;
  }

  /**
   * {@return the groups of the message's attachment run, in stream order, as they stand in it: an
   * AttachmentGroup wrapper is one group here (its content is in {@link #groups()})}
   */
  public List<Group> attachments() {
    return attachments;
  }

  /**
   * {@return every attachment-level group in stream order: wrappers, the groups inside them, and
   * for each nested message its envelope, or its NonNativeBodyGroup if it has no envelope (the
   * nested message's own groups are in {@link #nested()})}
   */
  public List<Group> groups() {
    return groups;
  }

  /** {@return messages nested in this one's envelope or AttachmentGroup, in stream order} */
  public List<Message> nested() {
    return nested;
  }

  /**
   * {@return every indexed signature in this message's groups (nested signature groups of tuples
   * included; nested messages' signatures excluded), in stream order}
   */
  public List<IndexedSignature> signatures() {
    List<IndexedSignature> out = new ArrayList<>();
    for (Group g : groups) {
      if (g.code().layout().content() == dev.cesrj.code.Layout.Content.TUPLES) {
        out.addAll(g.signatures());
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return "Message " + version + " at " + offset + " (" + length + " bytes, " + groups.size()
        + " groups)";
  }
}
