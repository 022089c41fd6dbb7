package dev.cesrj.internal;

import dev.cesrj.code.Domain;
import io.netty.buffer.ByteBuf;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Fast read-only byte access to a {@link ByteBuf} for the framing hot path: reads go straight to
 * the backing array when the buffer has one, else through {@link ByteBuf#getByte(int)}.
 *
 * <p>Indexes are absolute buffer indexes. {@link #origin()} is the buffer index that error
 * offsets count from (the start of the caller's input). Not thread-safe; does not own or retain
 * the buffer.
 */
public final class Source {
  private ByteBuf buf;
  /**
   * {@link #buf} read big-endian: the buffer itself, or for one whose {@link ByteBuf#order()} is
   * little-endian (a swapped view) the buffer it swaps, so that {@link #quadlet} and {@link
   * #medium} give the bytes in stream order whatever the caller's byte order.
   */
  private ByteBuf bigEndian;
  private byte[] array;
  private int arrayOffset;
  private int origin;

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
    this.bigEndian = buf.order() == ByteOrder.BIG_ENDIAN ? buf : buf.order(ByteOrder.BIG_ENDIAN);
    this.origin = origin;
    if (buf.hasArray()) {
      this.array = buf.array();
      this.arrayOffset = buf.arrayOffset();
    } else {
      this.array = null;
      this.arrayOffset = 0;
    }
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
      return array == null;
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
    return (array != null ? array[arrayOffset + index] : buf.getByte(index)) & 0xFF;
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
    return bigEndian.getInt(index);
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
    return bigEndian.getUnsignedMedium(index);
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
