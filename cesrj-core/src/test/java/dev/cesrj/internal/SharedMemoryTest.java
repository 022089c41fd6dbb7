package dev.cesrj.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/**
 * Which chunks the push parser copies out before it makes room in its cumulation: views of the
 * cumulation and bytes in its memory, never a neighbour that merely shares a pooled array.
 */
class SharedMemoryTest {
    private static final PooledByteBufAllocator POOL = new PooledByteBufAllocator(false);

    @Test
    void neighboursInOnePooledArrayDoNotShare() {
        ByteBuf a = POOL.heapBuffer(1024).writeZero(1024);
        ByteBuf b = POOL.heapBuffer(1024).writeZero(1024);
        try {
            assertSame(a.array(), b.array(), "both from one pool chunk");
            assertFalse(SharedMemory.shares(b, a));
            assertFalse(SharedMemory.shares(a, b));
            assertFalse(SharedMemory.shares(b.array(), b.arrayOffset(), 1024, a));
            assertTrue(SharedMemory.shares(b.array(), a.arrayOffset() + 1023, 1, a));
        } finally {
            a.release();
            b.release();
        }
    }

    @Test
    void viewsOfTheBufferShare() {
        ByteBuf buf = POOL.heapBuffer(256).writeZero(256);
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        try {
            assertTrue(SharedMemory.shares(buf, buf));
            assertTrue(SharedMemory.shares(buf.slice(10, 20), buf));
            assertTrue(SharedMemory.shares(buf.duplicate(), buf));
            assertTrue(SharedMemory.shares(buf.slice(10, 20).asReadOnly(), buf));
            composite.addComponent(true, Unpooled.wrappedBuffer(new byte[4]));
            composite.addComponent(true, buf.retainedSlice(0, 8));
            assertTrue(SharedMemory.shares(composite, buf));
            assertTrue(SharedMemory.shares(
                Unpooled.wrappedBuffer(buf.array(), buf.arrayOffset() + 100, 10), buf));
            assertFalse(SharedMemory.shares(Unpooled.wrappedBuffer(new byte[256]), buf));
            assertFalse(SharedMemory.shares(new byte[256], 0, 256, buf));
        } finally {
            composite.release();
            buf.release();
        }
    }

    @Test
    void memoryThatCannotBePlacedSharesOnlyWithMemoryOfItsKind() {
        ByteBuf heap = POOL.heapBuffer(64).writeZero(64);
        try {
            // a read-only heap ByteBuffer: no array, no address, nothing to unwrap
            ByteBuf readOnlyHeap = Unpooled.wrappedBuffer(java.nio.ByteBuffer.allocate(8).asReadOnlyBuffer());
            assertFalse(readOnlyHeap.hasArray());
            assertFalse(readOnlyHeap.hasMemoryAddress());
            assertTrue(SharedMemory.shares(readOnlyHeap, heap), "may be heap's: copied to be safe");
            ByteBuf readOnlyDirect = Unpooled.wrappedBuffer(java.nio.ByteBuffer.allocateDirect(8).asReadOnlyBuffer());
            assertFalse(SharedMemory.shares(readOnlyDirect, heap), "direct memory is never a heap array");
        } finally {
            heap.release();
        }
    }

    @Test
    void directMemoryIsComparedByAddress() {
        PooledByteBufAllocator direct = new PooledByteBufAllocator(true);
        ByteBuf a = direct.directBuffer(512).writeZero(512);
        ByteBuf b = direct.directBuffer(512).writeZero(512);
        ByteBuf heap = POOL.heapBuffer(512);
        try {
            if (a.hasMemoryAddress()) {
                assertFalse(SharedMemory.shares(b, a));
                assertTrue(SharedMemory.shares(a.slice(1, 2), a));
            }
            assertTrue(SharedMemory.shares(a.duplicate(), a));
            assertFalse(SharedMemory.shares(a, heap));
            assertFalse(SharedMemory.shares(heap, a));
        } finally {
            a.release();
            b.release();
            heap.release();
        }
    }
}
