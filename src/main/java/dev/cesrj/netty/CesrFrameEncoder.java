package dev.cesrj.netty;

import dev.cesrj.code.CounterCode;
import dev.cesrj.code.CounterTable;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;
import java.util.List;
import java.util.Objects;

/**
 * Writes CESR messages (text domain): an {@link OutgoingMessage} as its body followed by its
 * attachment groups, or a received {@link CesrFrame} as the bytes it arrived as (to relay it).
 *
 * <pre>
 * body | -V## (or -C##, --V#####, ...) | group counter | element parts ... | group counter | ...
 *        AttachmentGroup wrapper,        -A## / -K## / --K#####, ...
 *        if wrapAttachments
 * </pre>
 *
 * <p>No part is copied: the body and every part are added, as they are, to one {@link
 * CompositeByteBuf} (only a message without attachments and without a wrapper is written as its
 * body alone); the counters are new small buffers from the channel's allocator. Counters are
 * written for the encoder's table: the code that table has for each group's name, the count in
 * that code's unit (elements, or quadlets of the content), and the big form ({@code --X}, 8
 * characters) when the count exceeds the small form's capacity of 4,095 (keripy's encoder does
 * the same); a group whose count fits no form of the table (more than 4,095 signatures in a
 * CESR 1.0 {@code -A}) fails the write with an {@code EncoderException} whose cause is an {@link
 * IllegalArgumentException}, as does content that is not a whole number of quadlets where the
 * count counts quadlets, an element that does not match its group's grammar, or a group that is
 * not an attachment ({@link OutgoingGroup} says what is checked: nothing is written that a {@link
 * CesrFrameDecoder} would refuse). A message cannot take more than 2 GiB − 1 bytes, the most one
 * Netty buffer holds, whatever its counters could count.
 *
 * <p>By default the attachments are wrapped in an AttachmentGroup ({@code -V} in CESR 1.0,
 * {@code -C} in 2.0), as keripy's {@code messagize} writes them: a streaming receiver (a {@link
 * CesrFrameDecoder}, keripy's parser) can then pass the message on as soon as its last byte is
 * in; a message without attachments gets an empty wrapper ({@code -VAA}) for the same reason
 * (keripy {@code parsing.py}). Without the wrapper, a receiver holds a message with bare
 * attachments until the next message starts.
 *
 * <p>Relaying writes each frame's readable {@link CesrFrame#content()}: the bytes of its message
 * (with a genus-version code right before it). Frames of the messages inside a GenericGroup
 * ({@code -T}/{@code --T}) hold only those messages, not the group's counter, so relaying them
 * writes the sub-stream's messages without the GenericGroup around them; a genus-version code
 * scoped to that group then applies to what follows it on the relayed stream. Relay such a
 * stream as bytes (or re-wrap the messages) where the grouping matters.
 *
 * <p>Ownership: the encoder releases every message written to it; the buffers of an {@code
 * OutgoingMessage} pass into the written composite. Stateless: {@code @Sharable}.
 */
@ChannelHandler.Sharable
public class CesrFrameEncoder extends MessageToMessageEncoder<Object> {
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

  /** True for {@link OutgoingMessage} and {@link CesrFrame}. */
  @Override
  public boolean acceptOutboundMessage(Object msg) {
    return msg instanceof OutgoingMessage || msg instanceof CesrFrame;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) {
    if (msg instanceof CesrFrame) {
      out.add(((CesrFrame) msg).content().retain());
      return;
    }
    OutgoingMessage m = (OutgoingMessage) msg;
    if (m.groups().isEmpty() && !wrapAttachments) {
      out.add(m.body().retain());
      return;
    }
    long attachments = 0;
    for (OutgoingGroup g : m.groups()) {
      attachments += g.size(table).length();
    }
    if (attachments % 4 != 0) {
      throw new IllegalArgumentException(
          "attachments of " + attachments + " bytes: not a whole number of quadlets");
    }
    CompositeByteBuf composite = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
    try {
      composite.addComponent(true, m.body().retain());
      if (wrapAttachments) {
        long quadlets = attachments / 4;
        addCounter(ctx, composite, table.codeFor("AttachmentGroup", quadlets), quadlets);
      }
      for (OutgoingGroup g : m.groups()) {
        write(ctx, composite, g);
      }
    } catch (RuntimeException | Error e) {
      composite.release();
      throw e;
    }
    out.add(composite);
  }

  private void write(ChannelHandlerContext ctx, CompositeByteBuf composite, OutgoingGroup g) {
    OutgoingGroup.Sized s = g.size(table);
    addCounter(ctx, composite, s.code(), s.count());
    writeParts(ctx, composite, g.head());
    for (List<Object> element : g.elements()) {
      writeParts(ctx, composite, element);
    }
  }

  private void writeParts(
      ChannelHandlerContext ctx, CompositeByteBuf composite, List<Object> parts) {
    for (Object part : parts) {
      if (part instanceof OutgoingGroup) {
        write(ctx, composite, (OutgoingGroup) part);
      } else {
        composite.addComponent(true, ((ByteBuf) part).retain());
      }
    }
  }

  private static void addCounter(
      ChannelHandlerContext ctx, CompositeByteBuf composite, CounterCode code, long count) {
    ByteBuf counter = ctx.alloc().buffer(code.fs());
    ByteBufUtil.writeAscii(counter, code.qb64(count));
    composite.addComponent(true, counter);
  }
}
