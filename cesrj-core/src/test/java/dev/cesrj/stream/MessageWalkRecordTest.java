package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.code.CounterCode;
import dev.cesrj.code.Layout;
import dev.cesrj.group.Group;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The messages cursor takes a run's parts from what {@link MessageFramer} made while framing
 * (issue 33, item 3: "tokens read from the engine's record as the engine makes it: no second
 * pass"), not from the bytes again: an AttachmentGroup's counter overwritten after its frame was
 * framed still gives the {@code GROUP_START} the framer read. (Writing into a buffer the cursor
 * reads is the caller's mistake; here it shows which of the two the token comes from.)
 */
class MessageWalkRecordTest {
  @Test
  void anAttachmentGroupsTokenIsTheFramersReading() {
    byte[] stream = Corpus.bytes("exchange.v1.grouped.txt.cesr");
    CounterCode code;
    long count;
    int at;
    int length;
    int fs;
    try (Messages messages = Messages.copyOf(stream)) {
      Group framed = messages.next().attachments().get(0);
      code = framed.code();
      count = framed.count();
      at = (int) framed.offset();
      length = framed.length();
      fs = framed.counterSize();
    }
    assertEquals(Layout.Content.GROUPS, code.layout().content());
    assertTrue(count > 0);
    int hs = code.code().length();
    ByteBuf buf = Unpooled.wrappedBuffer(stream.clone());
    CesrCursor cursor = CesrCursor.messages(CesrOptions.DEFAULT).reset(buf).endOfInput();
    assertEquals(CesrToken.MESSAGE_START, cursor.next()); // the frame is framed
    // its count, now "A..A" (0): read from the bytes, the group would end at its counter
    buf.setBytes(at + hs, "A".repeat(fs - hs).getBytes(StandardCharsets.US_ASCII));
    boolean seen = false;
    for (CesrToken t = cursor.next(); t != CesrToken.MESSAGE_END; t = cursor.next()) {
      if (t == CesrToken.GROUP_START && cursor.offset() == at) {
        assertEquals(code, cursor.counterCode());
        assertEquals(count, cursor.count());
        assertEquals(length, cursor.length());
        seen = true;
      }
    }
    assertTrue(seen);
  }
}
