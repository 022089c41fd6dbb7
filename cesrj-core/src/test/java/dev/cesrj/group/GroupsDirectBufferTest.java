package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.IllegalReferenceCountException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Groups#over} a direct buffer, which the framer reads through a view of its memory: a
 * buffer that grows into new memory between two groups is followed there, and one released
 * between two groups is refused with Netty's {@link IllegalReferenceCountException}, never read
 * through a stale view.
 */
class GroupsDirectBufferTest {
  private static final String STREAM = "sigs_v1_K16_S2.qb64";

  private static List<String> counters(Groups groups) {
    List<String> out = new ArrayList<>();
    for (Group g : groups) {
      out.add(g.counterText() + "@" + g.offset() + "+" + g.length());
    }
    return out;
  }

  @Test
  void aDirectBufferThatGrowsBetweenTwoGroupsIsReadFromItsNewMemory() {
    byte[] bytes = Corpus.bytes(STREAM);
    List<String> expected;
    try (Groups heap = Groups.copyOf(bytes)) {
      expected = counters(heap);
    }
    ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length, 1 << 20)
        .writeBytes(bytes);
    try (Groups groups = Groups.over(b)) {
      List<String> got = new ArrayList<>();
      Group first = groups.next();
      got.add(first.counterText() + "@" + first.offset() + "+" + first.length());
      long before = b.memoryAddress();
      b.writeBytes(new byte[64 * 1024]); // past its capacity: the bytes move to new memory
      assertEquals(true, b.memoryAddress() != before, "the buffer moved");
      b.setZero(0, first.length()); // what was read is no longer needed
      while (groups.hasNext()) {
        Group g = groups.next();
        got.add(g.counterText() + "@" + g.offset() + "+" + g.length());
        if (got.size() == expected.size()) {
          break; // the zeros appended after the stream are not CESR
        }
      }
      assertEquals(expected, got);
    } finally {
      b.release();
    }
  }

  @Test
  void aDirectBufferReleasedBetweenTwoGroupsIsRefused() {
    byte[] bytes = Corpus.bytes(STREAM);
    ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
    Groups groups = Groups.over(b);
    groups.next();
    b.release();
    assertThrows(IllegalReferenceCountException.class, groups::next);
    groups.close();
  }
}
