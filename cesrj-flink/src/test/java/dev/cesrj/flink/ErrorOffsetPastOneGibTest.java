package dev.cesrj.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.ErrorKind;
import dev.cesrj.stream.CesrStreamParser;
import dev.cesrj.stream.Framed;
import dev.cesrj.testing.LeakDetectionExtension;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link CesrRecords#copy} gives a framing error the stream offset of the bad byte also past the
 * push parser's first GiB, where the parser re-bases its own offsets ({@link Framed#offsetBase()}),
 * as it gives the messages theirs: a file of more than 1 GiB read by {@link CesrStreamFormat}
 * names where it stops framing. (The error's offset was the parser's, less the base.)
 */
@ExtendWith(LeakDetectionExtension.class)
class ErrorOffsetPastOneGibTest {
  @Test
  void anErrorPastOneGibHasItsStreamOffset() {
    // AttachmentGroup-wrapped messages (cesrj-core's corpus A): each read ends at a message's end
    byte[] stream = dev.cesrj.testing.Corpus.bytes("kel_witnessed.v1.grouped.txt.cesr");
    int copies = (1 << 20) / stream.length;
    ByteBuf read = PooledByteBufAllocator.DEFAULT.heapBuffer(copies * stream.length);
    for (int i = 0; i < copies; i++) {
      read.writeBytes(stream);
    }
    long readBytes = read.readableBytes();
    long reads = (1L << 30) / readBytes + 2; // past 1 GiB
    List<CesrRecord> out = new ArrayList<>();
    try (CesrStreamParser parser = new CesrStreamParser()) {
      for (long r = 0; r < reads; r++) {
        try (Framed f = parser.feed(read.retainedDuplicate())) {
          assertTrue(!f.failed() && f.buffered() == 0, f.toString());
          if (r == reads - 1) {
            CesrRecords.copy("s", f, out);
          }
        }
      }
      long total = reads * readBytes;
      assertEquals(total - stream.length, out.get(out.size() - messages(stream)).offset,
          "the last copy's first message: its stream offset");
      out.clear();
      try (Framed f = parser.feed("####".getBytes(StandardCharsets.US_ASCII))) {
        CesrRecords.copy("s", f, out);
      }
      assertEquals(1, out.size());
      CesrRecord e = out.get(0);
      assertTrue(e.isError());
      assertEquals(ErrorKind.COLD_START.name(), e.errorKind);
      assertEquals(total, e.offset, "the bad byte's stream offset: " + e.errorMessage);
    } finally {
      read.release();
    }
  }

  private static int messages(byte[] stream) {
    return (int) CesrRecords.frame("c", stream).stream().filter(r -> !r.isError()).count();
  }
}
