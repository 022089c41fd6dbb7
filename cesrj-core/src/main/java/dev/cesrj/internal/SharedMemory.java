package dev.cesrj.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;

/**
 * Whether bytes a caller hands over may lie in a buffer's own memory, so that moving that
 * buffer's bytes (compacting it) would change them before they are read: the push parser checks
 * it before it copies a chunk into a cumulation that it may compact first.
 *
 * <p>Conservative where it cannot tell (memory with neither a backing array nor an address, such
 * as a read-only NIO heap buffer, of the same kind, heap or direct, as the buffer): an answer of
 * {@code true} only costs the caller an extra copy. Reads no bytes, allocates nothing.
 */
public final class SharedMemory {
  private SharedMemory() {}

  /**
   * True if the readable bytes of {@code chunk} may share memory with {@code buf}: {@code chunk} is
   * {@code buf}, a view derived from it (slice, duplicate, read-only or wrapped, found through
   * {@link ByteBuf#unwrap()}), a composite with such a component, or a buffer whose bytes lie in
   * {@code buf}'s backing array or native memory (compared by range: pooled buffers share arrays).
   */
  public static boolean shares(ByteBuf chunk, ByteBuf buf) {
    for (ByteBuf b = chunk; b != null; b = b.unwrap()) {
      if (b == buf) {
        return true;
      }
      if (b instanceof CompositeByteBuf) {
        CompositeByteBuf composite = (CompositeByteBuf) b;
        for (int i = 0; i < composite.numComponents(); i++) {
          if (shares(composite.internalComponent(i), buf)) {
            return true;
          }
        }
        return false;
      }
      // the chunk's own readable bytes; of a buffer it derives from, all that buffer's memory
      int from = b == chunk ? chunk.readerIndex() : 0;
      int length = b == chunk ? chunk.readableBytes() : b.capacity();
      if (b.hasArray()) {
        return buf.hasArray() && b.array() == buf.array()
            && overlap(b.arrayOffset() + (long) from, length, buf.arrayOffset(), buf.capacity());
      }
      if (b.hasMemoryAddress()) {
        return buf.hasMemoryAddress()
            && overlap(b.memoryAddress() + from, length, buf.memoryAddress(), buf.capacity());
      }
    }
    // memory cesrj cannot place (a read-only NIO heap buffer, direct memory without an address):
    // it may be buf's unless one is heap memory and the other direct
    return chunk.isDirect() == buf.isDirect();
  }

  /**
   * True if the bytes {@code [offset, offset + length)} of {@code array} lie in {@code buf}'s
   * memory (its backing array, in its range: pooled buffers share arrays).
   */
  public static boolean shares(byte[] array, int offset, int length, ByteBuf buf) {
    return buf.hasArray() && buf.array() == array
        && overlap(offset, length, buf.arrayOffset(), buf.capacity());
  }

  private static boolean overlap(long from, long length, long start, long capacity) {
    return from < start + capacity && start < from + length;
  }
}
