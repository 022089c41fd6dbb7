package dev.cesrj.stream;

import dev.cesrj.CesrException;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.internal.GroupViews;
import dev.cesrj.primitive.Matter;
import io.netty.buffer.ByteBuf;
import java.util.List;

/**
 * What the streaming parser keeps of a top-level message it is framing between calls ({@link
 * HeldRunFramer#resume}): its body, read once, and the groups of its bare attachment run framed
 * so far. When more bytes arrive, framing goes on from the next group boundary; nothing is
 * framed twice, and nothing has to be scanned to learn where the run ends.
 *
 * <p>Two ways in: {@link #start} for a bare body read by {@code resume} itself, and {@link #keep}
 * for a message {@link MessageFramer#frame} returned with a bare run that reaches the end of the
 * bytes (a genus-version code or a body group before it, a frame the lookahead sent to the
 * framer), so that it too is framed on, not again.
 *
 * <p>Positions are offsets from the parser's offset base (stream offsets less the base), which
 * stay the same when the parser moves its bytes to a new or compacted buffer; the groups of a
 * bare body's run are then made again over the new buffer from their offsets, sizes, codes and
 * counts (no byte is read again). A message whose parts cannot be made again that way (a
 * genus-version code, a body group, a message nested in an AttachmentGroup of its run) is not
 * moved: it is framed again from its start. Not thread-safe; one per parser.
 */
final class HeldRun {
  /** Offset of the held message, or -1 if nothing is held. */
  private long start = -1;
  /** Offset of the next group boundary of the run: where framing goes on. */
  long next;
  /** Offset where the run starts: just past the body or body group. */
  long runAt;
  VersionString version;
  int bodySize;
  /** The message's body bytes if they are not the {@link #bodySize} bytes at its start. */
  ByteBuf body;
  Group genusVersion;
  Group bodyGroup;
  Matter texter;
  /** The table the run's counters are read with. */
  CounterTable table;
  /** The table of the genus-version code in force after the message's own, or null. */
  CounterTable pinned;
  /**
   * True while the run, read with CESR 1.0 as the table is inferred, may still be read with the
   * legacy table if CESR 1.0 refuses it ({@link TableRule}, rule 4); {@link #table} is {@code
   * null} until the run's first counter tells the table.
   */
  boolean legacyMayFollow;
  /** CESR 1.0's error once it refused the run and the legacy table reads it, else null. */
  CesrException refused;
  /** The run so far (a top-level one): the same lists for the parser's life, emptied for each message. */
  final MessageFramer.Run run = new MessageFramer.Run(1);
  /** The views the groups of {@link #run} were made with. */
  private GroupViews views;
  /** Messages whose framing began here (each body read), for the parser's work count. */
  private long starts;

  /** {@return how many times a message's framing began here: its body read} */
  long starts() {
    return starts;
  }

  /** True if the message at offset {@code at} is the one held. */
  boolean holds(long at) {
    return start == at;
  }

  /** Starts holding the message whose bare body (read as {@code version}) is at offset {@code at}. */
  void start(
      long at, VersionString version, int bodySize, CounterTable table, CounterTable pinned,
      GroupViews views) {
    starts++;
    run.clear();
    set(at, at + bodySize, at + bodySize, version, bodySize, table, pinned, views);
    body = null;
    genusVersion = null;
    bodyGroup = null;
    texter = null;
  }

  /**
   * Holds {@code m}, framed at offset {@code at} with the views {@code views} and a bare run
   * that reaches the end of the bytes at hand, with {@code pinned} the table in force after it.
   */
  void keep(long at, Message m, CounterTable pinned, GroupViews views) {
    run.clear();
    run.attachments.addAll(m.attachments());
    run.groups.addAll(m.groups());
    run.nested.addAll(m.nested());
    genusVersion = m.genusVersion().orElse(null);
    bodyGroup = m.bodyGroup().orElse(null);
    texter = m.bodyTexter().orElse(null);
    int size = (int) m.version().size();
    long bodyEnd =
        bodyGroup != null
            ? bodyGroup.offset() + bodyGroup.length()
            : (genusVersion != null ? genusVersion.offset() + genusVersion.length() : at) + size;
    set(at, at + m.length(), bodyEnd, m.version(), size, m.table(), pinned, views);
    body = genusVersion != null || bodyGroup != null ? m.body() : null;
  }

  private void set(
      long at, long next, long runAt, VersionString version, int bodySize, CounterTable table,
      CounterTable pinned, GroupViews views) {
    this.start = at;
    this.next = next;
    this.runAt = runAt;
    this.version = version;
    this.bodySize = bodySize;
    this.table = table;
    this.pinned = pinned;
    this.views = views;
    this.legacyMayFollow = false;
    this.refused = null;
  }

  /** Forgets the held message. */
  void clear() {
    start = -1;
    refused = null;
    run.clear();
    version = null;
    views = null;
    body = null;
    genusVersion = null;
    bodyGroup = null;
    texter = null;
  }

  /**
   * True if the held message's parts are views of {@code to}, or can be made again over it: a
   * bare body whose run holds no nested message.
   */
  boolean canMoveTo(GroupViews to) {
    return views == to
        || (genusVersion == null && bodyGroup == null && run.nested.isEmpty());
  }

  /**
   * Makes the run's groups views of {@code to} if they view another buffer; false (nothing
   * changed) if they cannot be moved ({@link #canMoveTo}).
   */
  boolean moveTo(GroupViews to) {
    if (views == to) {
      return true;
    }
    if (!canMoveTo(to)) {
      return false;
    }
    // the attachments are the groups at the run's depth, in the same order: the same objects
    List<Group> groups = run.groups;
    List<Group> attachments = run.attachments;
    for (int i = 0, j = 0; i < groups.size(); i++) {
      Group g = groups.get(i);
      Group moved = g.movedTo(to);
      groups.set(i, moved);
      if (moved.depth() == run.depth) {
        attachments.set(j++, moved);
      }
    }
    views = to;
    return true;
  }
}
