package dev.cesrj.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cesrj.CesrOptions;
import dev.cesrj.alloc.SignatureStreams;
import dev.cesrj.testing.Corpus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@link CesrCursor} fed a few bytes per call does not frame a cut frame again before the bytes
 * its last {@code NEED_MORE} asked for are in: the bytes it reads from the buffer, counted by the
 * buffer itself, grow with the frame's size times the number of elements it was cut in (body,
 * each attachment group), not with its size times the number of calls. Measured when this rule
 * came in (the figures are printed): a 6,486-byte message of 64 one-signature groups fed one byte
 * per call read 3,671,794 bytes before it (566 times the message) and 124,328 after (19 times);
 * four 64-signature groups (22,544 bytes) in groups mode 3,154,504 before and 23,876 after.
 */
class CesrCursorAppendWorkTest {
  private static final CesrOptions OPTIONS = CesrOptions.DEFAULT;

  /** A direct buffer without a memory address (read byte by byte) that counts what it hands out. */
  static final class CountingBuf extends UnpooledDirectByteBuf {
    long reads;

    CountingBuf(int initial) {
      super(UnpooledByteBufAllocator.DEFAULT, initial, Integer.MAX_VALUE);
    }

    @Override
    protected byte _getByte(int index) {
      reads++;
      return super._getByte(index);
    }

    @Override
    protected short _getShort(int index) {
      reads += 2;
      return super._getShort(index);
    }

    @Override
    protected int _getUnsignedMedium(int index) {
      reads += 3;
      return super._getUnsignedMedium(index);
    }

    @Override
    protected int _getInt(int index) {
      reads += 4;
      return super._getInt(index);
    }

    @Override
    protected long _getLong(int index) {
      reads += 8;
      return super._getLong(index);
    }

    @Override
    public ByteBuf getBytes(int index, byte[] dst, int dstIndex, int length) {
      reads += length;
      return super.getBytes(index, dst, dstIndex, length);
    }
  }

  /** The first message of a corpus KEL (body only), then {@code groups} one-signature groups. */
  private static byte[] messageWithGroups(int groups) {
    byte[] kel = Corpus.bytes("kel_single.v1.bare.txt.cesr");
    int bodySize;
    try (Messages m = Messages.copyOf(kel, OPTIONS)) {
      bodySize = m.next().body().readableBytes();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(kel, 0, bodySize);
    out.writeBytes(SignatureStreams.controllerIdxSigs(groups, 1));
    out.write(kel, 0, bodySize); // a second message ends the run of the first
    return out.toByteArray();
  }

  /** Bytes read by {@code cursor} over {@code stream} appended {@code chunk} bytes at a time. */
  private static long readsWhenAppended(CesrCursor cursor, byte[] stream, int chunk) {
    List<CountingBuf> made = new ArrayList<>();
    List<String> tokens =
        CursorTokens.ofCursorChunked(
            cursor,
            stream,
            chunk,
            n -> {
              CountingBuf b = new CountingBuf(n);
              made.add(b);
              return b;
            },
            null);
    assertEquals(
        CursorTokens.ofCursor(cursor, Unpooled.wrappedBuffer(stream)), tokens, "tokens");
    return made.get(0).reads;
  }

  @Test
  void aMessageFedOneBytePerCallIsFramedOncePerElementNotPerCall() {
    byte[] stream = messageWithGroups(64);
    CesrCursor cursor = CesrCursor.messages(OPTIONS);
    long whole = readsWhenAppended(cursor, stream, stream.length);
    long oneByte = readsWhenAppended(cursor, stream, 1);
    long sevenBytes = readsWhenAppended(cursor, stream, 7);
    System.out.println("CesrCursorAppendWorkTest messages, " + stream.length + " bytes: whole "
        + whole + ", 1-byte calls " + oneByte + ", 7-byte calls " + sevenBytes + " bytes read");
    // each of the 64 groups is cut about three times (counter, signature, end of the run), and
    // the part of the frame framed so far is read again each time
    long bound = 40L * stream.length;
    assertTrue(oneByte < bound, "1-byte calls read " + oneByte + " bytes, bound " + bound);
    assertTrue(sevenBytes < bound, "7-byte calls read " + sevenBytes + " bytes, bound " + bound);
    assertTrue(whole <= stream.length * 4L, "whole: " + whole);
  }

  @Test
  void aLargeGroupFedOneBytePerCallIsFramedOnceItsDeclaredSizeIsIn() {
    byte[] stream = SignatureStreams.controllerIdxSigs(4, 64);
    CesrCursor cursor = CesrCursor.groups(OPTIONS);
    long whole = readsWhenAppended(cursor, stream, stream.length);
    long oneByte = readsWhenAppended(cursor, stream, 1);
    System.out.println("CesrCursorAppendWorkTest groups, " + stream.length + " bytes: whole "
        + whole + ", 1-byte calls " + oneByte + " bytes read");
    assertTrue(oneByte < 2L * stream.length, "1-byte calls read " + oneByte);
  }
}
