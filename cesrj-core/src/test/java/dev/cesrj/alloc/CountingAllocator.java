package dev.cesrj.alloc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * A {@link ByteBufAllocator} that delegates every allocation to a {@link PooledByteBufAllocator}
 * and counts it: each call that returns a new {@link ByteBuf} (heap, direct, io or composite,
 * whatever its capacity) adds one to {@link #buffers()} and its initial capacity to {@link
 * #requestedBytes()}.
 *
 * <p>Buffers keep the delegate as their {@link ByteBuf#alloc()}, so a buffer that grows does not
 * count again: this counts the allocations a caller asks for, which is what "one buffer per
 * stream" means. Counting is thread-safe ({@link LongAdder}); give each measured thread its own
 * instance to get per-thread figures.
 *
 * <p>A {@linkplain #tracking tracking} instance also keeps every buffer it returned, in order
 * ({@link #allocated()}), so that a test can check who owns and releases them (reference counts).
 * A counting-only instance keeps no buffer, so that long runs (ConcurrentParse) hold no memory.
 */
public final class CountingAllocator implements ByteBufAllocator {
  private final PooledByteBufAllocator delegate;
  private final LongAdder buffers = new LongAdder();
  private final LongAdder requestedBytes = new LongAdder();
  /** The buffers returned so far, in order; null unless tracking. */
  private final Queue<ByteBuf> allocated;

  /** Counts allocations made through {@link PooledByteBufAllocator#DEFAULT}. */
  public CountingAllocator() {
    this(PooledByteBufAllocator.DEFAULT);
  }

  /** Counts allocations made through {@code delegate}. */
  public CountingAllocator(PooledByteBufAllocator delegate) {
    this(delegate, false);
  }

  private CountingAllocator(PooledByteBufAllocator delegate, boolean track) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.allocated = track ? new ConcurrentLinkedQueue<>() : null;
  }

  /** Counts allocations made through {@code delegate} and keeps every buffer it returns. */
  public static CountingAllocator tracking(PooledByteBufAllocator delegate) {
    return new CountingAllocator(delegate, true);
  }

  /** Counts and keeps the allocations made through {@link PooledByteBufAllocator#DEFAULT}. */
  public static CountingAllocator tracking() {
    return tracking(PooledByteBufAllocator.DEFAULT);
  }

  /**
   * The buffers returned so far, in the order they were returned (a snapshot).
   *
   * @throws IllegalStateException if this instance does not {@linkplain #tracking track} buffers
   */
  public List<ByteBuf> allocated() {
    if (allocated == null) {
      throw new IllegalStateException("a counting-only allocator keeps no buffers: use tracking()");
    }
    return List.copyOf(allocated);
  }

  /** The allocator that does the work. */
  public PooledByteBufAllocator delegate() {
    return delegate;
  }

  /** Buffers allocated through this object so far. */
  public long buffers() {
    return buffers.sum();
  }

  /** Sum of the initial capacities, in bytes, of the buffers allocated so far. */
  public long requestedBytes() {
    return requestedBytes.sum();
  }

  private <B extends ByteBuf> B counted(B buf) {
    buffers.increment();
    requestedBytes.add(buf.capacity());
    if (allocated != null) {
      allocated.add(buf);
    }
    return buf;
  }

  @Override
  public ByteBuf buffer() {
    return counted(delegate.buffer());
  }

  @Override
  public ByteBuf buffer(int initialCapacity) {
    return counted(delegate.buffer(initialCapacity));
  }

  @Override
  public ByteBuf buffer(int initialCapacity, int maxCapacity) {
    return counted(delegate.buffer(initialCapacity, maxCapacity));
  }

  @Override
  public ByteBuf ioBuffer() {
    return counted(delegate.ioBuffer());
  }

  @Override
  public ByteBuf ioBuffer(int initialCapacity) {
    return counted(delegate.ioBuffer(initialCapacity));
  }

  @Override
  public ByteBuf ioBuffer(int initialCapacity, int maxCapacity) {
    return counted(delegate.ioBuffer(initialCapacity, maxCapacity));
  }

  @Override
  public ByteBuf heapBuffer() {
    return counted(delegate.heapBuffer());
  }

  @Override
  public ByteBuf heapBuffer(int initialCapacity) {
    return counted(delegate.heapBuffer(initialCapacity));
  }

  @Override
  public ByteBuf heapBuffer(int initialCapacity, int maxCapacity) {
    return counted(delegate.heapBuffer(initialCapacity, maxCapacity));
  }

  @Override
  public ByteBuf directBuffer() {
    return counted(delegate.directBuffer());
  }

  @Override
  public ByteBuf directBuffer(int initialCapacity) {
    return counted(delegate.directBuffer(initialCapacity));
  }

  @Override
  public ByteBuf directBuffer(int initialCapacity, int maxCapacity) {
    return counted(delegate.directBuffer(initialCapacity, maxCapacity));
  }

  @Override
  public CompositeByteBuf compositeBuffer() {
    return counted(delegate.compositeBuffer());
  }

  @Override
  public CompositeByteBuf compositeBuffer(int maxNumComponents) {
    return counted(delegate.compositeBuffer(maxNumComponents));
  }

  @Override
  public CompositeByteBuf compositeHeapBuffer() {
    return counted(delegate.compositeHeapBuffer());
  }

  @Override
  public CompositeByteBuf compositeHeapBuffer(int maxNumComponents) {
    return counted(delegate.compositeHeapBuffer(maxNumComponents));
  }

  @Override
  public CompositeByteBuf compositeDirectBuffer() {
    return counted(delegate.compositeDirectBuffer());
  }

  @Override
  public CompositeByteBuf compositeDirectBuffer(int maxNumComponents) {
    return counted(delegate.compositeDirectBuffer(maxNumComponents));
  }

  @Override
  public boolean isDirectBufferPooled() {
    return delegate.isDirectBufferPooled();
  }

  @Override
  public int calculateNewCapacity(int minNewCapacity, int maxCapacity) {
    return delegate.calculateNewCapacity(minNewCapacity, maxCapacity);
  }

  @Override
  public String toString() {
    return "CountingAllocator(" + buffers() + " buffers, " + requestedBytes() + " bytes)";
  }
}
