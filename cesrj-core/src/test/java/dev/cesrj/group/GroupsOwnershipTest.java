package dev.cesrj.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.TruncatedException;
import dev.cesrj.UnknownCodeException;
import dev.cesrj.alloc.CountingAllocator;
import dev.cesrj.primitive.Element;
import dev.cesrj.primitive.IndexedSignature;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.IllegalReferenceCountException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who owns which buffer: {@link Groups#copyOf} copies once into one pooled buffer that it owns
 * and releases on close; {@link Groups#over} borrows the caller's buffer (reference count never
 * touched) and moves its reader index; groups are O(1) slices of that one buffer. Runs with
 * Netty's paranoid leak detection (surefire), which fails a test that leaks.
 */
class GroupsOwnershipTest {
  /** Nine ControllerIdxSigs groups of four signatures each (3204 bytes). */
  private static final String STREAM = "atc_sigs_K9_S4.v1.txt.cesr";

  private CountingAllocator counting;
  private CesrOptions options;
  private byte[] bytes;

  @BeforeEach
  void setUp() {
    counting = CountingAllocator.tracking(PooledByteBufAllocator.DEFAULT);
    options = CesrOptions.builder().allocator(counting).build();
    bytes = Corpus.bytes(STREAM);
  }

  private static ByteBuf root(ByteBuf b) {
    ByteBuf r = b;
    while (r.unwrap() != null) {
      r = r.unwrap();
    }
    return r;
  }

  @Test
  void copyOfAllocatesOncePooledAndCloseReleasesIdempotently() {
    Groups groups = Groups.copyOf(bytes, options);
    assertEquals(1, counting.buffers(), "one allocation for the copy");
    ByteBuf copy = counting.allocated().get(0);
    assertTrue(root(copy).getClass().getSimpleName().startsWith("Pooled"), root(copy).toString());
    assertEquals(1, copy.refCnt());
    assertEquals(bytes.length, copy.readableBytes());
    int n = 0;
    int sigs = 0;
    for (Group g : groups) {
      n++;
      sigs += g.signatures().size();
      for (IndexedSignature s : g.signatures()) {
        assertEquals(64, s.raw().length);
      }
    }
    assertEquals(9, n);
    assertEquals(36, sigs);
    assertEquals(1, counting.buffers(), "views allocate no buffer");
    assertEquals(1, copy.refCnt(), "views never retain");
    groups.close();
    assertEquals(0, copy.refCnt());
    groups.close();
    assertEquals(0, copy.refCnt());
    assertFalse(groups.hasNext());
    assertEquals(1, counting.buffers());
  }

  @Test
  void viewsThrowAfterClose() {
    Group first;
    Element sig;
    ByteBuf copy;
    try (Groups groups = Groups.copyOf(bytes, options)) {
      copy = counting.allocated().get(0);
      first = groups.next();
      sig = first.elements().get(0);
      assertEquals("-AAE", first.counterText());
    }
    assertEquals(0, copy.refCnt());
    assertThrows(IllegalReferenceCountException.class, first::qb64);
    assertThrows(IllegalReferenceCountException.class, first::qb64Text);
    assertThrows(IllegalReferenceCountException.class, first::counterText);
    assertThrows(IllegalReferenceCountException.class, first::content);
    assertThrows(IllegalReferenceCountException.class, sig::qb64);
    assertThrows(IllegalReferenceCountException.class, ((IndexedSignature) sig)::raw);
  }

  @Test
  void aRetainedSliceTakenBeforeCloseStaysReadableUntilReleased() {
    Group first;
    ByteBuf kept;
    ByteBuf copy;
    try (Groups groups = Groups.copyOf(bytes, options)) {
      copy = counting.allocated().get(0);
      first = groups.next();
      kept = first.qb64().retainedSlice();
      assertEquals(2, copy.refCnt(), "the retained slice holds the copy");
    }
    assertEquals(1, copy.refCnt(), "close released the Groups' reference only");
    String expected = new String(bytes, 0, first.length(), StandardCharsets.US_ASCII);
    assertEquals(expected, kept.toString(StandardCharsets.US_ASCII));
    assertTrue(kept.release());
    assertEquals(0, copy.refCnt());
    assertThrows(IllegalReferenceCountException.class, first::qb64);
  }

  @Test
  void groupsAreO1SlicesOfTheOneCopy() {
    try (Groups groups = Groups.copyOf(bytes, options)) {
      ByteBuf copy = counting.allocated().get(0);
      ByteBuf root = root(copy);
      assumeTrue(copy.hasArray(), "heap copy");
      byte[] array = copy.array();
      for (Group g : groups) {
        List<ByteBuf> slices = new ArrayList<>();
        slices.add(g.qb64());
        slices.add(g.content());
        for (Element e : g.elements()) {
          slices.add(e.qb64());
        }
        long offset = g.offset();
        for (ByteBuf s : slices) {
          assertSame(root, root(s), "a slice of the copy");
          assertSame(array, s.array(), "same backing array: nothing copied");
        }
        // the group's bytes are at its offset in the copy's array
        assertEquals(copy.arrayOffset() + copy.readerIndex() + offset,
            g.qb64().arrayOffset() + g.qb64().readerIndex());
      }
      assertEquals(1, counting.buffers());
    }
  }

  @Test
  void overNeverTouchesTheReferenceCountAndMovesTheReaderIndex() {
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuf buf = direct
          ? PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length + 100)
          : PooledByteBufAllocator.DEFAULT.heapBuffer(bytes.length + 100);
      try {
        // 3 bytes not ours, then two whole groups, then a third cut short
        buf.writeBytes("xyz".getBytes(StandardCharsets.US_ASCII));
        buf.readerIndex(3);
        int two = 2 * 356;
        buf.writeBytes(bytes, 0, two + 100);
        try (Groups groups = Groups.over(buf, options)) {
          Group g1 = groups.next();
          assertEquals(0, g1.offset(), "offsets count from the reader index");
          assertEquals(3 + 356, buf.readerIndex());
          Group g2 = groups.next();
          assertEquals(356, g2.offset());
          assertEquals(3 + two, buf.readerIndex());
          assertEquals(1, buf.refCnt());
          TruncatedException e = assertThrows(TruncatedException.class, groups::next);
          // the third group's counter and first signature are there, its second is cut
          assertEquals(two + 4 + 88, e.offset(), e.getMessage());
          assertEquals(356 - 100, e.needed());
          assertEquals(3 + two, buf.readerIndex(), "the failed group stays readable");
          assertEquals(100, buf.readableBytes());
          assertEquals(1, buf.refCnt());
          if (buf.hasMemoryAddress()) {
            assertEquals(buf.memoryAddress() + 3 + 356, g2.qb64().memoryAddress(), "no copy");
          } else if (buf.hasArray()) {
            assertSame(buf.array(), g2.qb64().array(), "no copy");
          }
        }
        assertEquals(1, buf.refCnt(), "close leaves a borrowed buffer alone");
        assertEquals(0, counting.buffers(), "over allocates nothing");
      } finally {
        assertTrue(buf.release());
      }
    }
  }

  @Test
  void overStopsAtTheFailedGroupAfterAnUnknownCode() {
    ByteBuf buf = PooledByteBufAllocator.DEFAULT.heapBuffer();
    try {
      buf.writeBytes(bytes, 0, 356);
      buf.writeBytes("-zAB".getBytes(StandardCharsets.US_ASCII));
      try (Groups groups = Groups.over(buf, options)) {
        groups.next();
        UnknownCodeException e = assertThrows(UnknownCodeException.class, groups::next);
        assertEquals(356, e.offset());
        assertEquals(356, buf.readerIndex());
        assertEquals("-zAB", buf.toString(StandardCharsets.US_ASCII));
        assertFalse(groups.hasNext());
      }
      assertEquals(1, buf.refCnt());
    } finally {
      buf.release();
    }
  }

  @Test
  void copyOfByteBufferLeavesItsPositionAlone() {
    byte[] framed = new byte[bytes.length + 5];
    System.arraycopy(bytes, 0, framed, 5, bytes.length);
    for (ByteBuffer in : new ByteBuffer[] {
        ByteBuffer.wrap(framed), ByteBuffer.allocateDirect(framed.length).put(framed).flip()}) {
      in.position(5);
      CountingAllocator counted = CountingAllocator.tracking(PooledByteBufAllocator.DEFAULT);
      CesrOptions countedOptions = options.toBuilder().allocator(counted).build();
      List<Object> fromBuffer;
      try (Groups groups = Groups.copyOf(in, countedOptions)) {
        assertEquals(1, counted.buffers());
        fromBuffer = new ArrayList<>();
        for (Group g : groups) {
          fromBuffer.add(Snapshot.of(g));
        }
      }
      assertEquals(5, in.position());
      assertEquals(framed.length, in.limit());
      assertEquals(0, counted.allocated().get(0).refCnt());
      List<Object> fromArray = Snapshot.viaCopy(bytes, options);
      assertEquals(fromArray.subList(0, fromArray.size() - 1), fromBuffer);
    }
  }

  @Test
  void emptyInputHasNoGroups() {
    try (Groups groups = Groups.copyOf(new byte[0], options)) {
      assertFalse(groups.hasNext());
      assertEquals(0, groups.position());
    }
    assertTrue(counting.buffers() <= 1);
    for (ByteBuf b : counting.allocated()) {
      // an empty input may be given Netty's shared empty buffer, which is never freed
      assertTrue(b.capacity() == 0 || b.refCnt() == 0, b.toString());
    }
  }

  @Test
  void parseGroupCopiesTheRestOnEveryCallAndReleasesOnCloseOrError() {
    int offset = 0;
    int calls = 0;
    while (offset < bytes.length) {
      try (ParsedGroup pg = LegacyGroupParser.parseGroup(bytes, offset,
          options.defaultTable(), options)) {
        calls++;
        ByteBuf copy = counting.allocated().get(calls - 1);
        assertEquals(bytes.length - offset, copy.readableBytes(), "copies all remaining input");
        assertEquals(offset, pg.group().offset());
        assertEquals(1, copy.refCnt());
        offset += pg.consumed();
      }
      assertEquals(0, counting.allocated().get(calls - 1).refCnt());
    }
    assertEquals(9, calls);
    assertEquals(9, counting.buffers());
    byte[] cut = Arrays.copyOf(bytes, 300);
    assertThrows(TruncatedException.class,
        () -> LegacyGroupParser.parseGroup(cut, 0, options.defaultTable(), options));
    assertEquals(10, counting.buffers());
    assertEquals(0, counting.allocated().get(9).refCnt(), "released before throwing");
    assertThrows(IndexOutOfBoundsException.class,
        () -> LegacyGroupParser.parseGroup(bytes, bytes.length + 1, options.defaultTable(), options));
  }
}
