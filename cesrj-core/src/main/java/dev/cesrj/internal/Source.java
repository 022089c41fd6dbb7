package dev.cesrj.internal;

import dev.cesrj.code.Domain;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Fast read-only byte access to a {@link ByteBuf} for the framing hot path: reads go straight to
 * the backing array when the buffer has one; to the memory of a direct buffer (one NIO buffer at
 * a memory address) through a big-endian {@link ByteBuffer} over it; else through {@link
 * ByteBuf#getByte(int)}.
 *
 * <p>Why a {@code ByteBuffer} for direct memory: {@link ByteBuf#getByte(int)} checks the buffer's
 * reference count on every call, and for a direct buffer that check, not the read, kept framing
 * direct input about 1.3x slower than heap input (docs/performance.md, "Direct buffers without a
 * reference-count check per byte"). Instead the owner of a source (a {@code Groups}, a message
 * framer, a cursor) calls {@link #recheck()} before each frame or group: a released buffer is
 * refused there ({@link ByteBuf#memoryAddress()} checks the reference count, as it does when a
 * source is made) and one that grew into new memory is read from its new memory. The {@code
 * ByteBuffer} over a region is kept per thread (the last four regions, by address and capacity)
 * so that a source per stream allocates nothing; a kept region holds a reference to the memory's
 * NIO buffer until four other regions replace it.
 *
 * <p>Indexes are absolute buffer indexes. {@link #origin()} is the buffer index that error
 * offsets count from (the start of the caller's input). Not thread-safe; does not own or retain
 * the buffer.
 */
public final class Source {
  private ByteBuf buf;
  private byte[] array;
  private int arrayOffset;
  /** The direct buffer's memory read big-endian, index 0 at buffer index 0; null for others. */
  private ByteBuffer direct;
  /** The memory address {@link #direct} covers (its capacity is the buffer's when made). */
  private long directAddress;
  private int origin;

  /** A direct memory region a source on this thread read, by address and capacity. */
  private static final class Region {
    long address;
    int capacity = -1;
    ByteBuffer bytes;
  }

  private static final int REGIONS_KEPT = 4;

  /** The last {@value #REGIONS_KEPT} direct regions read on this thread, reused round-robin. */
  private static final class Regions {
    final Region[] kept = new Region[REGIONS_KEPT];
    int next;

    Regions() {
      for (int k = 0; k < REGIONS_KEPT; k++) {
        kept[k] = new Region();
      }
    }

    ByteBuffer over(long address, int capacity, ByteBuf buf) {
      for (Region r : kept) {
        if (r.address == address && r.capacity == capacity) {
          return r.bytes;
        }
      }
      Region r = kept[next];
      next = (next + 1) % REGIONS_KEPT;
      r.bytes = buf.nioBuffer(0, capacity).order(ByteOrder.BIG_ENDIAN);
      r.address = address;
      r.capacity = capacity;
      return r.bytes;
    }

  }

  private static final ThreadLocal<Regions> REGIONS = ThreadLocal.withInitial(Regions::new);

  /**
   * @param buf the buffer to read; its reference count is not touched
   * @param origin the buffer index that error offsets are relative to
   */
  public Source(ByteBuf buf, int origin) {
    reset(buf, origin);
  }

  /**
   * Reads {@code buf} from now on, error offsets counting from {@code origin}, as a new source
   * would (for a reader that parses many buffers with one source and allocates nothing per
   * buffer, or whose buffer moved to a new backing array as it grew).
   *
   * @param buf the buffer to read; its reference count is not touched
   * @param origin the buffer index that error offsets are relative to
   */
  public void reset(ByteBuf buf, int origin) {
    this.buf = buf;
    this.origin = origin;
    this.direct = null;
    if (buf.hasArray()) {
      this.array = buf.array();
      this.arrayOffset = buf.arrayOffset();
    } else {
      this.array = null;
      this.arrayOffset = 0;
      if (isRegion(buf)) {
        this.directAddress = buf.memoryAddress();
        this.direct = REGIONS.get().over(directAddress, buf.capacity(), buf);
      }
    }
  }

  /**
   * Checks, before a frame is read, that a direct buffer read through its memory is still live
   * and still at the memory the source's view covers; a buffer that grew into new memory is read
   * anew from there. Owners call it once per frame or group (not per byte), so that a buffer the
   * caller released or grew between two reads is never read through a stale view. Does nothing
   * for other buffers, whose reads check the buffer themselves.
   *
   * @throws io.netty.util.IllegalReferenceCountException if the buffer was released
   */
  public void recheck() {
    if (direct != null && !coversMemoryOf(buf)) {
      reset(buf, origin);
    }
  }

  /** True if {@link #direct} covers {@code buf}'s memory now (its address checks it is live). */
  private boolean coversMemoryOf(ByteBuf buf) {
    return buf.memoryAddress() == directAddress && buf.capacity() == direct.capacity();
  }

  /** True for a buffer read through a {@code ByteBuffer} over its memory. */
  private static boolean isRegion(ByteBuf buf) {
    return buf.hasMemoryAddress() && buf.nioBufferCount() == 1;
  }


  /**
   * True if this source reads {@code buf} as it is now with the same {@code origin}: the same
   * buffer, and the same backing array at the same offset if it has one (a buffer that grows
   * may move to a new array).
   */
  public boolean sameBytes(ByteBuf buf, int origin) {
    if (buf != this.buf || origin != this.origin) {
      return false;
    }
    if (!buf.hasArray()) {
      if (array != null) {
        return false;
      }
      if (direct == null) {
        return !isRegion(buf);
      }
      // a direct buffer that grew has new memory: the view over the old one is stale
      return isRegion(buf) && coversMemoryOf(buf);
    }
    return buf.array() == array && buf.arrayOffset() == arrayOffset;
  }

  /** The buffer read. */
  public ByteBuf buf() {
    return buf;
  }

  /** Buffer index of offset 0 in error messages. */
  public int origin() {
    return origin;
  }

  /** The backing array of the buffer, or {@code null} if it has none. */
  public byte[] array() {
    return array;
  }

  /** Index in {@link #array()} of buffer index 0. */
  public int arrayOffset() {
    return arrayOffset;
  }

  /** The offset, relative to {@link #origin()}, of buffer index {@code index}. */
  public long offset(int index) {
    return (long) index - origin;
  }

  /** The byte at {@code index}, 0..255. The caller has checked that the index is readable. */
  public int at(int index) {
    if (array != null) {
      return array[arrayOffset + index] & 0xFF;
    }
    return (direct != null ? direct.get(index) : buf.getByte(index)) & 0xFF;
  }

  /**
   * The four bytes at buffer indexes {@code index} to {@code index + 3} as one big-endian int
   * ({@code at(index) << 24 | ... | at(index + 3)}): for a buffer without a backing array, one
   * {@link ByteBuf#getInt(int)} instead of four {@code getByte}s. The caller has checked that the
   * four bytes are readable.
   */
  public int quadlet(int index) {
    if (array != null) {
      int i = arrayOffset + index;
      return (array[i] & 0xFF) << 24 | (array[i + 1] & 0xFF) << 16 | (array[i + 2] & 0xFF) << 8
          | (array[i + 3] & 0xFF);
    }
    if (direct != null) {
      return direct.getInt(index);
    }
    int v = buf.getInt(index); // in the buffer's byte order: a little-endian view swaps it
    return buf.order() == ByteOrder.BIG_ENDIAN ? v : Integer.reverseBytes(v);
  }

  /**
   * The three bytes at buffer indexes {@code index} to {@code index + 2} as one big-endian
   * unsigned int ({@code at(index) << 16 | at(index + 1) << 8 | at(index + 2)}): for a buffer
   * without a backing array, one {@link ByteBuf#getUnsignedMedium(int)} (one index and
   * reference-count check) instead of three {@code getByte}s. The caller has checked that the
   * three bytes are readable.
   */
  public int medium(int index) {
    if (array != null) {
      int i = arrayOffset + index;
      return (array[i] & 0xFF) << 16 | (array[i + 1] & 0xFF) << 8 | (array[i + 2] & 0xFF);
    }
    if (direct != null) {
      return (direct.getShort(index) & 0xFFFF) << 8 | (direct.get(index + 2) & 0xFF);
    }
    return at(index) << 16 | at(index + 1) << 8 | at(index + 2);
  }

  /**
   * Sextet {@code k} (0..63) of the qb2 item that starts at buffer index {@code pos}: bits
   * {@code [6k, 6k + 6)} counted from that byte. The caller has checked that byte
   * {@code pos + Domain.QB2.byteOf(k)} (and the next one if the sextet straddles it) is readable.
   */
  public int sextet(int pos, int k) {
    int i = pos + (k >>> 2) * 3;
    switch (k & 3) {
      case 0:
        return at(i) >>> 2;
      case 1:
        return (at(i) & 0x03) << 4 | at(i + 1) >>> 4;
      case 2:
        return (at(i + 1) & 0x0F) << 2 | at(i + 2) >>> 6;
      default:
        return at(i + 2) & 0x3F;
    }
  }

  /**
   * Character {@code k} of the item that starts at buffer index {@code pos} in domain {@code d},
   * as text: the byte at {@code pos + k} in qb64, the Base64url character of sextet {@code k} in
   * qb2. The caller has checked that it is readable.
   */
  public int ch(Domain d, int pos, int k) {
    return d == Domain.QB64 ? at(pos + k) : B64.charOf(sextet(pos, k));
  }

  /**
   * Characters {@code [from, from + n)} of the item at {@code pos} in domain {@code d} as text,
   * for error messages and codes (in qb64 the bytes as by {@link #text}).
   */
  public String text(Domain d, int pos, int from, int n) {
    if (d == Domain.QB64) {
      return text(pos + from, n);
    }
    StringBuilder sb = new StringBuilder(n);
    for (int k = from; k < from + n; k++) {
      sb.append((char) ch(d, pos, k));
    }
    return sb.toString();
  }

  /** The bytes {@code [index, index + length)} as Latin-1 text, for error messages and codes. */
  public String text(int index, int length) {
    if (array != null && printable(index, length)) {
      return new String(array, arrayOffset + index, length, StandardCharsets.ISO_8859_1);
    }
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      int b = at(index + i);
      sb.append(b >= 0x20 && b < 0x7F ? (char) b : '?');
    }
    return sb.toString();
  }

  private boolean printable(int index, int length) {
    for (int i = 0; i < length; i++) {
      int b = array[arrayOffset + index + i];
      if (b < 0x20 || b >= 0x7F) {
        return false;
      }
    }
    return true;
  }
}
