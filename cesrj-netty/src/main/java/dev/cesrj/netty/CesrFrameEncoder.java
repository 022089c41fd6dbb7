package dev.cesrj.netty;

import dev.cesrj.AmbiguousTableException;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import dev.cesrj.group.Group;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.TableInference;
import dev.cesrj.stream.VersionString;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes CESR messages (text domain): an {@link OutgoingMessage} as its body followed by its
 * attachment groups, or a received {@link CesrFrame} as the bytes it arrived as (to relay it).
 *
 * <pre>
 * [-_AAACAA]        | body | [-V## (-C##, --V#####, ...)] | group counter | element parts ... | ...
 * genus-version code        AttachmentGroup wrapper,       -A## / -K## / --K#####, ...
 * where needed              if wrapAttachments
 * </pre>
 *
 * <p>No part is copied: the body and every part are added, as they are, to one {@link
 * CompositeByteBuf} (only a message without attachments, wrapper or genus-version code is written
 * as its body alone); the counters are new small buffers from the channel's allocator. Counters
 * are written for the encoder's table: the code that table has for each group's name, the count
 * in that code's unit (elements, or quadlets of the content), and the big form ({@code --X}, 8
 * characters) when the count exceeds the small form's capacity of 4,095 (keripy's encoder does
 * the same). A message cannot take more than 2 GiB − 1 bytes, the most one Netty buffer holds,
 * whatever its counters could count.
 *
 * <h2>Counter table and genus-version code</h2>
 *
 * <p>A reader reads a message's attachments in the table a genus-version code in force selects;
 * a code at a message start stays in force for the rest of the stream (keripy's parser, {@code
 * parsing.py}). Without one, the reader uses a table of its own: keripy the one it is configured
 * with, {@link CesrFrameDecoder} the one its options choose or, by default, the one it infers
 * ({@link dev.cesrj.stream.TableInference}: CESR 2.0 for a version 2 body, {@code KERICAA…}; for
 * a version 1 body, {@code KERI10…}/{@code ACDC10…}, the CESR 1.0 tables unless the first counter
 * and its content read only in CESR 2.0). Only a code settles it. So the encoder keeps, for each channel, the table that the
 * genus-version codes it has written or relayed there put in force, and before each message
 * writes the genus-version code of its table ({@code -_AAABAA} for CESR 1.0, {@code -_AAACAA}
 * for CESR 2.0) exactly when a reader that takes the body's version for the table would
 * otherwise read the message's counters in another one:
 *
 * <ul>
 *   <li>no code is in force and the body's version implies the encoder's table: nothing is added,
 *       the message is written as it always was, unless a reader inferring the table would not
 *       read its counters so (an empty first group after a version 1 body is read two ways):
 *       then CESR 1.0's code goes in front;
 *   <li>a version-1 body with CESR 2.0 counters (what keripy 2.x writes): {@code -_AAACAA} goes
 *       in front of the first such message; later messages, version 1 or 2, follow without one
 *       while CESR 2.0 stays in force;
 *   <li>a message after a code for another table (one a relayed frame brought): the encoder's
 *       code goes in front of it;
 *   <li>a version-2 body with CESR 1.0 (or legacy) counters is refused: under {@code -_AAABAA}
 *       keripy ({@code Serdery.reap}) and {@link CesrFrameDecoder} refuse a body whose major
 *       version is above the table's, and without a code a reader takes its counters for CESR
 *       2.0 (a body written alone, without attachments or wrapper, has no counters: it is
 *       written as it is, unless a code in force makes a reader refuse it).
 * </ul>
 *
 * <p>"A reader" is a {@link CesrFrameDecoder} with {@link dev.cesrj.CesrOptions#DEFAULT} (or
 * keripy configured with the table the first body's version implies): it frames what the
 * encoder writes back into the messages written, each with the encoder's table as its {@link
 * Message#table()}. The legacy CESR 1.0 table ({@link
 * CounterTable#CESR_1_0_LEGACY}) has no code a default reader reads ({@code --AAABAA} is read only
 * where the legacy table is in force already, or chosen with {@link
 * dev.cesrj.CesrOptions#legacyCesr10()}); a default reader infers it where CESR 1.0 refuses a
 * version 1 message. So a legacy encoder writes version-1 messages without a code, as keripy 1.1
 * to 1.3 and signify-ts write them; it refuses a version-2 body, a message whose first group a
 * reader inferring the table would not read as legacy (an empty one), and every message once a
 * relayed code has put CESR 1.0 or 2.0 in force on the channel (no code switches a reader back
 * to the legacy table).
 *
 * <h2>What is refused</h2>
 *
 * <p>Nothing is written that a reader would refuse or read otherwise. The write fails with an
 * {@code EncoderException} whose cause is an {@link IllegalArgumentException}, before any byte of
 * the message is written and with the table in force unchanged, when: the body has no version
 * string at byte 0 to 8 (a CESR-native body, which has none, is written by relaying its frame),
 * or its version string's size is not the body's readable bytes; the body's version cannot take
 * the encoder's table (above); a group's count fits no form of the table (more than 4,095
 * signatures in a CESR 1.0 {@code -A}); content is not a whole number of quadlets where the count
 * counts quadlets; an element does not match its group's grammar, or holds a byte that is not
 * a Base64url character (a reader that checks value characters refuses it); or a group is not an
 * attachment ({@link OutgoingGroup} says what is checked). The body's serialization (JSON, CBOR,
 * MessagePack) itself is not checked.
 *
 * <p>By default the attachments are wrapped in an AttachmentGroup ({@code -V} in CESR 1.0,
 * {@code -C} in 2.0), as keripy's {@code messagize} writes them: a streaming receiver (a {@link
 * CesrFrameDecoder}, keripy's parser) can then pass the message on as soon as its last byte is
 * in; a message without attachments gets an empty wrapper ({@code -VAA}) for the same reason
 * (keripy {@code parsing.py}). Without the wrapper, a receiver holds a message with bare
 * attachments until the next message starts.
 *
 * <h2>Relaying</h2>
 *
 * <p>Relaying writes each frame's readable {@link CesrFrame#content()}: the bytes of its message
 * (with the genus-version code right before it, if it had one, which is in force on the channel
 * after it). A frame without one whose counters a reader would now read in another table than
 * the frame's were read in gets the code of its {@link Message#table()} in front: a frame read
 * under a code that is not in force on this channel, or a version-1 frame with CESR 1.0 counters
 * after a code for CESR 2.0. A frame that no code in front of it makes a reader read as it was
 * read is refused as above: one whose envelope or body group was read in another table than its
 * attachments, a legacy frame after a code for CESR 1.0 or 2.0. Frames of the messages inside a
 * GenericGroup ({@code -T}/{@code --T}) hold only those messages, not the group's counter, so
 * relaying them writes the sub-stream's messages without the GenericGroup around them (a
 * genus-version code scoped to that group is then in force for what follows it on the relayed
 * stream, and the encoder writes codes after it accordingly). Relay such a stream as bytes (or
 * re-wrap the messages) where the grouping matters.
 *
 * <p>The table in force is kept as an attribute of the channel and follows only what passes
 * through a {@code CesrFrameEncoder}: a genus-version code written as a raw {@code ByteBuf} (which
 * passes through untouched) is not seen, so write one only before the encoder's first message, or
 * not at all. It is updated as each message is encoded: a write that fails later in the pipeline
 * leaves it ahead of what the peer received, as it leaves that stream broken.
 *
 * <p>Ownership: the encoder releases every message written to it; the buffers of an {@code
 * OutgoingMessage} pass into the written composite. {@code @Sharable}: its state is the channel's.
 */
@ChannelHandler.Sharable
public class CesrFrameEncoder extends MessageToMessageEncoder<Object> {
  /** The table the genus-version codes written or relayed on a channel put in force there. */
  private static final AttributeKey<CounterTable> IN_FORCE =
      AttributeKey.valueOf(CesrFrameEncoder.class, "tableInForce");

  private final CounterTable table;
  private final boolean wrapAttachments;

  /** An encoder for CESR 1.0 that wraps attachments in an AttachmentGroup {@code -V}. */
  public CesrFrameEncoder() {
    this(CounterTable.CESR_1_0, true);
  }

  /**
   * An encoder that writes counters of {@code table}, and wraps each message's attachments in an
   * AttachmentGroup if {@code wrapAttachments}.
   *
   * @param table the counter table the group counters are written in
   * @param wrapAttachments true to wrap each message's groups in one AttachmentGroup
   */
  public CesrFrameEncoder(CounterTable table, boolean wrapAttachments) {
    super(Object.class);
    this.table = Objects.requireNonNull(table, "table");
    this.wrapAttachments = wrapAttachments;
  }

  /** {@return the counter table the encoder writes} */
  public CounterTable table() {
    return table;
  }

  /**
   * The table that the genus-version codes written or relayed by a {@code CesrFrameEncoder} on
   * {@code channel} put in force, or {@code null} if none was: for tests.
   */
  static CounterTable inForce(Channel channel) {
    return channel.attr(IN_FORCE).get();
  }

  /** True for {@link OutgoingMessage} and {@link CesrFrame}. */
  @Override
  public boolean acceptOutboundMessage(Object msg) {
    return msg instanceof OutgoingMessage || msg instanceof CesrFrame;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) {
    Attribute<CounterTable> inForce = ctx.channel().attr(IN_FORCE);
    if (msg instanceof CesrFrame) {
      relay(ctx, (CesrFrame) msg, inForce, out);
      return;
    }
    OutgoingMessage m = (OutgoingMessage) msg;
    boolean genusVersion =
        needsGenusVersion(m.body(), !m.groups().isEmpty() || wrapAttachments, inForce.get());
    if (m.groups().isEmpty() && !wrapAttachments && !genusVersion) {
      out.add(m.body().retain());
      return;
    }
    List<ByteBuf> groups = new ArrayList<>(m.groups().size());
    CompositeByteBuf composite = null;
    try {
      long attachments = 0;
      for (OutgoingGroup g : m.groups()) {
        ByteBuf written = g.written(table, wrapAttachments ? 2 : 1); // checked by the framer
        groups.add(written);
        attachments += written.readableBytes();
      }
      if (attachments % 4 != 0) {
        throw new IllegalArgumentException(
            "attachments of " + attachments + " bytes: not a whole number of quadlets");
      }
      composite = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
      if (genusVersion) {
        addGenusVersion(ctx, composite, table);
      }
      composite.addComponent(true, m.body().retain());
      if (wrapAttachments) {
        long quadlets = attachments / 4;
        addCounter(ctx, composite, table.codeFor("AttachmentGroup", quadlets), quadlets);
      }
      while (!groups.isEmpty()) {
        // its counters and parts, each a component as the body is; the composite owns it from here
        composite.addFlattenedComponents(true, groups.remove(0));
      }
      if (!genusVersion && inForce.get() == null && !inferredAsWritten(composite, m.body())) {
        if (table.isLegacy()) {
          throw new IllegalArgumentException(
              "legacy counters after a version 1 body that a reader inferring the table does not "
                  + "read as written (an empty first group, or one CESR 2.0 reads too), and no "
                  + "genus-version code selects the legacy table for it");
        }
        addGenusVersion(ctx, composite, table, 0);
        genusVersion = true;
      }
    } catch (RuntimeException | Error e) {
      groups.forEach(ByteBuf::release);
      if (composite != null) {
        composite.release();
      }
      throw e;
    }
    out.add(composite);
    if (genusVersion) {
      inForce.set(table);
    }
  }

  /**
   * True if a reader that infers the table reads the attachments of {@code m}, a bare body framed
   * in a CESR 1.0 table, in that family as {@code m} was read.
   */
  private static boolean inferredAsRead(CesrFrame frame, Message m) {
    if (m.table().major() != 1 || m.version().impliedTable().major() != 1) {
      return true;
    }
    ByteBuf content = frame.content();
    return readsCesr10After(content, content.readerIndex() + (int) m.version().size());
  }

  /**
   * True if a reader that infers the table ({@code CesrOptions.DEFAULT}) reads the counters written
   * after the version 1 {@code body} at the start of {@code composite} in this encoder's CESR 1.0
   * family, as they were written (an empty first group, for one, it cannot tell from CESR 2.0's).
   */
  private boolean inferredAsWritten(CompositeByteBuf composite, ByteBuf body) {
    if (table.major() != 1) {
      return true; // CESR 2.0 counters after a version 1 body always have their code in front
    }
    return readsCesr10After(composite, composite.readerIndex() + body.readableBytes());
  }

  /**
   * True unless a reader that infers the table reads the counters from index {@code at} of {@code
   * buf} (right after a version 1 body) otherwise than in the CESR 1.0 tables, or cannot tell
   * ({@link TableInference#afterVersion1Body}); {@code buf} is only read.
   */
  private static boolean readsCesr10After(ByteBuf buf, int at) {
    try {
      return TableInference.afterVersion1Body(buf, at, buf.writerIndex() - at)
          .map(t -> t == CounterTable.CESR_1_0)
          .orElse(true);
    } catch (AmbiguousTableException e) {
      return false;
    }
  }

  /**
   * Checks {@code body} and says whether the encoder's genus-version code must go in front of it
   * for a reader to read this encoder's counters after it ({@code counters}: any are written),
   * {@code inForce} being in force.
   *
   * @throws IllegalArgumentException if the body has no version string, its size is not the
   *     body's, or no genus-version code makes a reader read the body with this table's counters
   */
  private boolean needsGenusVersion(ByteBuf body, boolean counters, CounterTable inForce) {
    VersionString vs = versionString(body);
    if (vs.size() != body.readableBytes()) {
      throw new IllegalArgumentException(
          "a body of " + body.readableBytes() + " bytes whose version string " + vs.text()
              + " says " + vs.size());
    }
    int major = Math.max(vs.major(), vs.genusMajor());
    if (major > table.major()) {
      if (!counters && (inForce == null || major <= inForce.major())) {
        return false; // a body alone: a reader reads it whatever the encoder's table
      }
      throw new IllegalArgumentException(
          "a body of version " + vs.protocolVersion() + " (" + vs.text() + ") cannot take "
              + table + " counters: under that table's genus-version code keripy and "
              + "CesrFrameDecoder refuse a body whose major version is above the table's, and "
              + "without one they read its counters as " + vs.impliedTable());
    }
    if (inForce != null ? inForce == table : vs.impliedTable().major() == table.major()) {
      return false;
    }
    if (table.isLegacy()) {
      throw new IllegalArgumentException(
          inForce + " is in force on the channel (a relayed genus-version code): no "
              + "genus-version code switches a reader back to " + table);
    }
    return true;
  }

  /**
   * The version string at byte 0 to 8 of {@code body}, found as {@link CesrFrameDecoder} finds it
   * (keripy {@code smell}).
   */
  private static VersionString versionString(ByteBuf body) {
    int n = Math.min(body.readableBytes(), VersionString.MAX_OFFSET + VersionString.V2_LENGTH);
    String head = body.toString(body.readerIndex(), n, StandardCharsets.US_ASCII);
    for (int o = 0; o <= VersionString.MAX_OFFSET && o < n; o++) {
      char c = head.charAt(o);
      if (c >= 'A' && c <= 'Z') {
        VersionString vs = VersionString.match(head.substring(o), o);
        if (vs != null) {
          return vs;
        }
      }
    }
    throw new IllegalArgumentException(
        "no version string (e.g. KERI10JSON00012b_) at byte 0 to 8 of the body: a body is JSON, "
            + "CBOR or MessagePack with its version string; relay a CESR-native body as its frame");
  }

  /**
   * Relays {@code frame} as its bytes, with the genus-version code of its table in front when a
   * reader would otherwise read its counters in another table, and keeps the table in force
   * after it.
   */
  private void relay(
      ChannelHandlerContext ctx, CesrFrame frame, Attribute<CounterTable> inForce,
      List<Object> out) {
    Message m = frame.message();
    CounterTable now = inForce.get();
    CounterTable after;
    CounterTable prefix = null;
    Group own = leadingGenusVersion(m);
    if (own != null) {
      after = CounterTable.selectedBy(own.code(), CounterTable.genusMajor(own.count()),
          CounterTable.genusMinor(own.count()));
      if (own.code().code().equals(CounterTable.LEGACY_GENUS_VERSION_CODE)
          && now != null && !now.isLegacy()) {
        throw new IllegalArgumentException(
            "a frame that starts with the legacy genus-version code "
                + CounterTable.LEGACY_GENUS_VERSION_CODE + ", while " + now + " is in force on "
                + "the channel: no reader reads that code there");
      }
    } else {
      CounterTable want = m.table();
      CounterTable top =
          m.envelope().or(m::bodyGroup).map(g -> g.code().table()).orElse(null);
      boolean reads =
          now == null
              ? want.major() == m.version().impliedTable().major()
                  && (top == null || top.major() == 1)
              : want == now && (top == null || top == now);
      if (reads && now == null && top == null && !inferredAsRead(frame, m)) {
        if (want.isLegacy()) {
          throw new IllegalArgumentException(
              "a frame read in " + want + " that a reader inferring the table does not read so"
                  + " (an empty first group, or one CESR 2.0 reads too): no genus-version code"
                  + " selects the legacy table for it");
        }
        reads = false;
      }
      if (reads) {
        after = now;
      } else {
        if (top != null && top != want) {
          throw new IllegalArgumentException(
              "a frame whose " + (m.envelope().isPresent() ? "envelope" : "body group")
                  + " was read in " + top + " and its attachments in " + want
                  + ": no genus-version code in front of it makes a reader read both");
        }
        if (want.isLegacy() && !(now == null && table.isLegacy())) {
          throw new IllegalArgumentException(
              "a frame read in " + want + ", while " + now + " is in force on the channel: no "
                  + "genus-version code switches a reader back to the legacy table");
        }
        prefix = want;
        after = want;
      }
    }
    ByteBuf content = frame.content();
    if (prefix == null) {
      out.add(content.retain());
    } else {
      CompositeByteBuf composite = ctx.alloc().compositeBuffer(2);
      try {
        addGenusVersion(ctx, composite, prefix);
        composite.addComponent(true, content.retain());
      } catch (RuntimeException | Error e) {
        composite.release();
        throw e;
      }
      out.add(composite);
    }
    inForce.set(after);
  }

  /**
   * The genus-version code in front of {@code m} (the last of several), not one scoped to its
   * envelope; or {@code null}.
   */
  private static Group leadingGenusVersion(Message m) {
    Group g = m.genusVersion().orElse(null);
    if (g == null) {
      return null;
    }
    return m.envelope().isEmpty() || g.offset() < m.envelope().get().offset() ? g : null;
  }

  /** Adds the genus-version code that selects {@code t}: {@code -_AAABAA}, {@code -_AAACAA}. */
  private static void addGenusVersion(
      ChannelHandlerContext ctx, CompositeByteBuf composite, CounterTable t, int index) {
    ByteBuf code = ctx.alloc().buffer(8);
    code.writeBytes(t.genusVersion().qb64((long) t.major() << 12)
        .getBytes(StandardCharsets.US_ASCII));
    composite.addComponent(true, index, code);
  }

  private static void addGenusVersion(
      ChannelHandlerContext ctx, CompositeByteBuf composite, CounterTable t) {
    addCounter(ctx, composite, t.genusVersion(), (long) t.major() << 12);
  }

  private static void addCounter(
      ChannelHandlerContext ctx, CompositeByteBuf composite, CounterCode code, long count) {
    ByteBuf counter = ctx.alloc().buffer(code.fs());
    ByteBufUtil.writeAscii(counter, code.qb64(count));
    composite.addComponent(true, counter);
  }
}
